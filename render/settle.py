"""Waiting for a page to settle after `load`, without `networkidle`.

`load` fires before a page's short timers run (JS-set data-layer values were caught on 0% of
pages with `load` alone), while `networkidle` costs >= 500 ms per page and never comes on pages
that poll. So: settled when the network has been quiet for `settle_quiet_ms` (requests past the
subresource budget no longer count) and at least `min_wait_ms` passed; with a data-layer
condition configured, as soon as it holds — a quiet network does not end that wait until the
condition's own cap passed (the value may come from a timer, not a request). Never later than
the cap, then flagged unsettled.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from render.requests import RequestTracker
from render.settings import RenderSettings

POLL_INTERVAL_S = 0.05
"""How often the settle loop looks at the network; finer costs CPU for no better snapshot."""
CONDITION_POLL_MS = 50
"""How often Chromium re-evaluates the data-layer condition (`wait_for_function` polling)."""


async def settle(page: Page, tracker: RequestTracker, settings: RenderSettings, cap_ms: int,
                 min_wait_ms: int, condition: str | None) -> bool:
    """True if the page settled (quiet network or condition met) before `cap_ms`."""
    waiter = _condition_task(page, condition, min(cap_ms, settings.datalayer_wait_cap_ms)) if condition else None
    start = time.monotonic()
    try:
        while True:
            elapsed = (time.monotonic() - start) * 1000
            if waiter is not None and waiter.done() and waiter.result():
                return True
            quiet = tracker.active(settings.subresource_budget_ms) == 0 and tracker.quiet_ms() >= settings.settle_quiet_ms
            if quiet and elapsed >= min_wait_ms and (waiter is None or waiter.done()):
                return True
            if elapsed >= cap_ms:
                return False
            await asyncio.sleep(POLL_INTERVAL_S)
    finally:
        if waiter is not None:
            waiter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await waiter


def _condition_task(page: Page, condition: str, cap_ms: int) -> asyncio.Task[bool]:
    async def wait() -> bool:
        try:
            await page.wait_for_function(condition, timeout=cap_ms, polling=CONDITION_POLL_MS)
            return True
        except PlaywrightError:
            return False  # not met within the cap (or the page went): settle on the network alone
    return asyncio.create_task(wait())
