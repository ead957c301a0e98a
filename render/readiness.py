"""Waiting for a page to settle after `load`, without `networkidle` and without idling.

`load` fires before a page's short timers run (JS-set data-layer values were caught on 0% of
pages with `load` alone), while `networkidle` costs >= 500 ms per page and never comes on pages
that poll. A fixed wait after `load` long enough for a 300 ms timer idles every page for it.

So the page tells us what it still has pending: `render/readiness.js`, an init script, holds the
page for each pending short timer (delay <= `settle_timer_max_ms`), animation frame, fetch and
XMLHttpRequest, each inserted external script until it has run, and each image whose load has
started until it loaded (chains of timers and frames only a few levels deep; intervals and long
timers never hold it). Settled when no such
hold is left AND the network has been quiet — no request in flight within the subresource
budget, no request seen — for `settle_quiet_ms` and no hold let go for `RELEASE_QUIET_MS` (a
request its callback started reaches us a moment later). With a data-layer condition
configured, settled as soon as it holds; a quiet page does not end that wait until the
condition's own cap passed. Never later than the cap, then flagged unsettled.

The quiet window used to be what caught script chains (a loaded script asks for the next only
after it executed), so it had to outlast a script's execution: 100 ms, and still a tag manager
that executed longer slipped through (tests/render/test_page.py has one). Holding the page
until an inserted script has run closes that without a window; what is left for the window is
the trip of a request's event to us and loads that start at the next frame or two (fonts, CSS
backgrounds), hence 30 ms (bench/RENDER.md: on pages that set nothing late it is most of
what a render costs over a bare `goto`).

Known limit: a promise does not carry the chain level, so a polling loop written as
`while (true) { await sleep(100); ... }` holds the page to the cap (flagged unsettled), as a
page that never stops requesting does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass
from importlib.resources import files

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from render.calls import bounded
from render.requests import RequestTracker
from render.settings import RenderSettings

POLL_INTERVAL_S = 0.02
"""How often the settle loop looks at the network while requests are in flight (a Python-side
check, no call into the page). With none in flight it looks again when the quiet window can be
complete, not up to a whole interval later (~5-10 ms a page), but never sooner than
`MIN_POLL_S`."""
MIN_POLL_S = 0.002
CONDITION_POLL_MS = 50
"""How often Chromium re-evaluates the data-layer condition (`wait_for_function` polling)."""

# What holds the page (render/readiness.js). Chosen with bench/render_throughput.py, 2026-11-29.
MAX_TIMER_CHAIN = 3
"""A timer set by a timer set by a timer still holds the page; deeper is a loop (polling,
animation) that would hold it to the cap."""
TIMER_LATE_GRACE_MS = 250
"""A timer that has not run this long after it was due (a busy main thread) stops holding."""
RELEASE_QUIET_MS = 30
"""After the last hold was let go: its callback has run, so any request it started is already
with Chromium; this covers the event's trip to us and loads that wait for the next frame (CSS
backgrounds, fonts). `settle_quiet_ms` applies to the network itself; the smaller of the two is
waited after a release."""
FRAME_GRACE_MS = 100
"""An animation frame not delivered within this (a page Chromium does not paint) stops holding."""
LAZY_STARTED_MARGIN_PX = 1250
"""A `loading=lazy` image holds the page once it came this close to the viewport (above or
below): Chromium starts fetching one at its own distance from the viewport, 1,250 px on a fast
connection and more on slower ones (measured in this build: every image within 3,000 px below
the first screen was fetched, none at 4,000), and never fetches one further away, which
would otherwise hold the page to the request budget. One between this margin and Chromium's
distance is started but not held; the tracker still waits for its request."""

NAVIGATED = "Execution context was destroyed"
"""Playwright's message when the page moved to another document during an evaluate."""

READINESS_JS = (files("render") / "readiness.js").read_text(encoding="utf-8")
IDLE_JS = ("([maxMs, quietMs]) => window.__rcSettle ? window.__rcSettle.idle(maxMs, quietMs)"
           " : {pending: 0, quietMs: 1e9, scrollAware: null}")


def settle_init_script(settings: RenderSettings) -> str:
    """The init script that tracks what the page still has pending, configured."""
    config = {
        "maxTimerMs": min(settings.settle_timer_max_ms, settings.settle_cap_ms), "maxChain": MAX_TIMER_CHAIN,
        "lateGraceMs": TIMER_LATE_GRACE_MS, "rafGraceMs": FRAME_GRACE_MS,
        "requestBudgetMs": settings.subresource_budget_ms, "lazyMarginPx": LAZY_STARTED_MARGIN_PX,
    }
    return f"({READINESS_JS.strip()})({json.dumps(config)});"


@dataclass(frozen=True, slots=True)
class Settle:
    """How the wait ended."""

    settled: bool
    """Nothing pending and a quiet network, or the condition met, before the cap."""
    scroll_aware: bool | None = None
    """Whether anything on the page could react to scrolling, as the page said when it was
    last found idle; None when it was not asked (the condition or the cap ended the wait)."""


async def wait_until_settled(page: Page, tracker: RequestTracker, settings: RenderSettings, cap_ms: int,
                             condition: str | None) -> Settle:
    """Wait until the page settled (nothing pending and a quiet network, or the condition met)
    or `cap_ms` passed."""
    waiter = _condition_task(page, condition, min(cap_ms, settings.datalayer_wait_cap_ms)) if condition else None
    deadline = time.monotonic() + cap_ms / 1000
    try:
        while True:
            if waiter is not None and waiter.done() and waiter.result():
                return Settle(settled=True)
            if _network_quiet(tracker, settings) and (waiter is None or waiter.done()):
                idle = await _page_idle(page, tracker, settings, deadline)
                # The page waited out its own quiet after a release; a request the released
                # callback started has reached the tracker by then.
                if idle is not None and _network_quiet(tracker, settings):
                    return Settle(settled=True, scroll_aware=idle)
            if time.monotonic() >= deadline:
                return Settle(settled=False)
            await asyncio.sleep(_next_look_s(tracker, settings))
    finally:
        if waiter is not None:
            waiter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await waiter


def _next_look_s(tracker: RequestTracker, settings: RenderSettings) -> float:
    remaining_s = (settings.settle_quiet_ms - tracker.quiet_ms()) / 1000
    if tracker.active(settings.subresource_budget_ms) or remaining_s <= 0:
        return POLL_INTERVAL_S  # busy, or quiet already and waiting on something else (the condition)
    return min(POLL_INTERVAL_S, max(MIN_POLL_S, remaining_s))


def _network_quiet(tracker: RequestTracker, settings: RenderSettings) -> bool:
    return tracker.active(settings.subresource_budget_ms) == 0 and tracker.quiet_ms() >= settings.settle_quiet_ms


async def _page_idle(page: Page, tracker: RequestTracker, settings: RenderSettings, deadline: float) -> bool | None:
    """Wait in the page until nothing holds it and nothing was let go for `RELEASE_QUIET_MS`
    either (or the deadline). None if it is not idle by then; else whether anything on it could
    react to scrolling."""
    remaining_ms = max(0.0, (deadline - time.monotonic()) * 1000)
    quiet_ms = min(settings.settle_quiet_ms, RELEASE_QUIET_MS)
    try:
        state = await bounded(page.evaluate(IDLE_JS, [remaining_ms, quiet_ms]),
                              round(remaining_ms) + settings.call_timeout_ms)
    except PlaywrightError as error:
        if NAVIGATED not in error.message:
            raise
        tracker.touch()  # the page went on to another document: wait for that one
        return None
    if state["pending"] or state["quietMs"] < quiet_ms:
        return None  # the deadline passed first; the caller sees the cap
    return state["scrollAware"] is not False  # unknown (no readiness script) counts as aware


def _condition_task(page: Page, condition: str, cap_ms: int) -> asyncio.Task[bool]:
    async def wait() -> bool:
        try:
            await page.wait_for_function(condition, timeout=cap_ms, polling=CONDITION_POLL_MS)
            return True
        except PlaywrightError:
            return False  # not met within the cap (or the page went): settle on the network alone
    return asyncio.create_task(wait())
