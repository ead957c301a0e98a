"""Watching a page's requests: how many are in flight (for settling) and which were blocked
or failed (recorded on the `RenderedPage`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.async_api import Page, Request

from render.model import BlockedRequest



class RequestTracker:
    """Counts in-flight requests and remembers failures; attached before navigation."""

    def __init__(self, page: Page, is_denied: Callable[[str], bool]) -> None:
        self._is_denied = is_denied
        self.inflight: set[Request] = set()
        self.last_activity = time.monotonic()
        self.failures: list[BlockedRequest] = []
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._failed)

    def quiet_ms(self) -> float:
        return (time.monotonic() - self.last_activity) * 1000

    def still_loading(self) -> list[str]:
        return sorted(r.url for r in self.inflight)

    def _started(self, request: Request) -> None:
        self.inflight.add(request)
        self.last_activity = time.monotonic()

    def _ended(self, request: Request) -> None:
        self.inflight.discard(request)
        self.last_activity = time.monotonic()

    def _failed(self, request: Request) -> None:
        self._ended(request)
        # Chromium reports its own blocking as a generic client-side failure ("inspector");
        # the denylist itself says whether this URL was one of ours.
        reason = "denylist" if self._is_denied(request.url) else (request.failure or "failed")
        self.failures.append(BlockedRequest(
            url=request.url, host=urlsplit(request.url).hostname or "", reason=reason,
            resource_type=request.resource_type))
