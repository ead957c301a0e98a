"""Every request counted and timed by its route template and status (`/metrics`), and, when
`ServiceSettings.access_log` is on, one access-log line per request.

Labels are route templates (`/v1/pages/{page_id}`), methods and status codes only: a path
that matches no route is `unmatched`, so no URL, page id, host or key ever becomes a label.
The access log writes the path without its query string (where a page's URL travels) and no
header (where keys travel): client address, method, path, status, milliseconds. A key pasted
into a path by mistake is cut to its prefix there too."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from storage.apikeys import KEY_PREFIX

access = logging.getLogger("rendercrawl.access")

UNMATCHED = "unmatched"
"""The route label of a request no route matched (404): never its path."""
KEY_LIKE = re.compile(re.escape(KEY_PREFIX) + r"[\w-]*")
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Method labels; any other method a client makes up is counted as `other`."""


def route_template(scope: Scope) -> str:
    """The template of the route that answered (`scope["route"]`, set by the router), else `unmatched`."""
    route = scope.get("route")
    path = getattr(route, "path", None) if route is not None else None
    return path if isinstance(path, str) else UNMATCHED


class RequestObserver:
    """The outermost ASGI layer: counts, times and (optionally) logs each HTTP request. `fast`
    names the template of a request the layer below answers without routing (the page views)."""

    def __init__(self, inner: ASGIApp, app: FastAPI, fast: dict[tuple[str, str], str]) -> None:
        self.inner, self.app, self.fast = inner, app, fast

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        ctx = getattr(self.app.state, "ctx", None)
        if scope["type"] != "http" or ctx is None:
            await self.inner(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.inner(scope, receive, sending)
        finally:
            seconds = time.perf_counter() - started
            method = scope["method"] if scope["method"] in METHODS else "other"
            template = self.fast.get((method, scope["path"])) or route_template(scope)
            ctx.metrics.answered(template, method, status, seconds)
            if ctx.service.access_log:
                _log(scope, method, status, seconds)


def _log(scope: Scope, method: str, status: int, seconds: float) -> None:
    client: Any = scope.get("client")
    address = client[0] if client else "-"
    path = KEY_LIKE.sub(KEY_PREFIX + "…", scope.get("root_path", "") + scope["path"])
    access.info("%s %s %s %d %.1fms", address, method, path, status, seconds * 1000)
