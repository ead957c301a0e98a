"""Watching a page's requests: how many are in flight (for settling), which outlived their
budget, which were blocked or failed (recorded on the `RenderedPage`), and the main-frame
redirect chain (reported when navigation fails, e.g. on a redirect loop)."""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.async_api import Page, Request

from values.rendered import BlockedRequest

MAX_RECORDED_STILL_LOADING = 25
"""A page that polls can have hundreds of requests in flight; a sample says enough."""
MAX_FOLLOWED_REQUESTS = 1_000
"""Past this many requests the tracker stops following a page's requests, and past this many
failures it stops recording them. Each one costs events through the driver into the worker
(created, finished or failed: a `Request` object each), read in order with every other message,
so 10,000 images at once held two concurrent renders' navigation answers back past their
deadline (`timeout`), and a page whose thousands of requests all fail (refused) handed the
worker thousands of objects. A page that starts this many is not going to settle: it is
snapshotted at the settle cap, flagged unsettled. Publishers' heavy pages start a few hundred."""


class RequestTracker:
    """Attached before navigation. `classify(request)` names the policy that refused a
    request (or None when it failed for another reason)."""

    def __init__(self, page: Page, classify: Callable[[Request], str | None]) -> None:
        self._page = page
        self._classify = classify
        self.inflight: dict[Request, float] = {}
        self.last_activity = time.monotonic()
        self.failures: list[BlockedRequest] = []
        self.started = 0
        """Requests seen so far: tells whether scrolling started any (lazy images)."""
        self.navigation: Request | None = None
        self.flooded = False
        """More than `MAX_FOLLOWED_REQUESTS` started: no longer followed, never quiet."""
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._failed)

    def touch(self) -> None:
        """Count something the page did now as network activity (it moved to another
        document: the quiet window starts again)."""
        self.last_activity = time.monotonic()

    def quiet_ms(self) -> float:
        return (time.monotonic() - self.last_activity) * 1000

    def active(self, budget_ms: float) -> int:
        """Requests in flight that are still within their budget (older ones no longer hold
        the page up: they are timed out)."""
        if self.flooded:
            return max(1, len(self.inflight))
        now = time.monotonic()
        return sum(1 for started in self.inflight.values() if (now - started) * 1000 < budget_ms)

    def overdue(self, budget_ms: float) -> list[Request]:
        """Requests past their budget; none once the page flooded (what is still in flight is
        no longer known, and a host must not be marked slow for requests that finished)."""
        if self.flooded:
            return []
        now = time.monotonic()
        return [r for r, started in self.inflight.items() if (now - started) * 1000 >= budget_ms]

    def still_loading(self) -> tuple[str, ...]:
        """A sample of the requests in flight (once flooded: in flight when following stopped)."""
        return tuple(sorted(r.url for r in self.inflight)[:MAX_RECORDED_STILL_LOADING])

    def navigation_chain(self) -> tuple[str, ...]:
        """Every URL the main-frame navigation went through, the last one included."""
        if self.navigation is None:
            return ()
        chain = [self.navigation.url]
        previous = self.navigation.redirected_from
        while previous is not None:
            chain.append(previous.url)
            previous = previous.redirected_from
        return tuple(reversed(chain))

    def record_timeouts(self, requests: list[Request]) -> None:
        for request in requests:
            self._record(request, "timeout")

    def _started(self, request: Request) -> None:
        self.inflight[request] = time.monotonic()
        self.started += 1
        self.last_activity = time.monotonic()
        if request.is_navigation_request() and request.frame == self._page.main_frame:
            self.navigation = request
        if self.started >= MAX_FOLLOWED_REQUESTS and not self.flooded:
            self._stop_following()

    def _stop_following(self) -> None:
        """Without listeners Playwright unsubscribes, and the driver stops sending these events.
        Failures are still recorded (up to their own bound, `_record`): the requests a page
        started at once fail after this, and they are what a hostile page's record is about."""
        self.flooded = True
        self._page.remove_listener("request", self._started)
        self._page.remove_listener("requestfinished", self._ended)

    def _ended(self, request: Request) -> None:
        self.inflight.pop(request, None)
        self.last_activity = time.monotonic()

    def _failed(self, request: Request) -> None:
        self._ended(request)
        # Chromium reports its own blocking as a generic client-side failure ("inspector",
        # ERR_BLOCKED_BY_CLIENT); the policy itself says which rule refused the URL.
        self._record(request, self._classify(request) or request.failure or "failed")

    def _record(self, request: Request, reason: str) -> None:
        if len(self.failures) >= MAX_FOLLOWED_REQUESTS:
            return
        self.failures.append(BlockedRequest(
            url=request.url, host=urlsplit(request.url).hostname or "", reason=reason,
            resource_type=request.resource_type))
        if len(self.failures) == MAX_FOLLOWED_REQUESTS:
            self._page.remove_listener("requestfailed", self._failed)
