"""The one plain HTTP client outside the browser (the cheap-recrawl probe, robots.txt).

Two properties `urllib.request` does not give:
- **a whole-response deadline.** A socket timeout bounds each read, so a server trickling one
  byte every few seconds holds a worker's slot for as long as it likes. Here a timer shuts the
  connection's socket down when `deadline_s` has passed, whatever the fetch is doing then
  (connecting, reading headers or the body), and the fetch raises `TimeoutError`.
- **credentials never cross origins.** Redirects are followed only when the caller asks, only
  within http(s), and never for a request that carries `Authorization`; the caller's other
  headers go to the redirect target only if it has the same origin.

Failures are `OSError`s (callers treat them as "unreachable"), never `http.client` exceptions.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from render.targets import TargetPolicy

MAX_REDIRECTS = 5
"""RFC 9309 asks robots.txt fetchers to follow at least five redirects."""
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


@dataclass(frozen=True, slots=True)
class Response:
    status: int
    headers: Mapping[str, str]
    """Names in lower case."""
    body: bytes


def fetch(url: str, headers: Mapping[str, str], *, max_bytes: int, deadline_s: float,
          follow_redirects: bool = False, targets: TargetPolicy | None = None) -> Response:
    """GET `url` (body cut at `max_bytes`); raises OSError — TimeoutError past the deadline, or
    a refused target (`targets`, checked for the URL and every redirect) — when no answer came."""
    follow = follow_redirects and not any(name.lower() == "authorization" for name in headers)
    sent = dict(headers)
    for _ in range(MAX_REDIRECTS + 1):
        why = targets.refusal(url) if targets is not None else None
        if why is not None:
            raise OSError(f"refused target {url[:100]}: {why}")
        response = _get(url, sent, max_bytes, deadline_s)
        location = response.headers.get("location")
        if not (follow and response.status in REDIRECT_STATUSES and location):
            return response
        target = urljoin(url, location)
        if urlsplit(target).scheme not in ("http", "https"):
            return response
        if _origin(target) != _origin(url):
            sent = {k: v for k, v in sent.items() if k.lower() == "user-agent"}
        url = target
    raise OSError(f"more than {MAX_REDIRECTS} redirects")


def _get(url: str, headers: Mapping[str, str], max_bytes: int, deadline_s: float) -> Response:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise OSError(f"not an http(s) URL: {url[:100]}")
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname, parts.port, timeout=deadline_s)
    expired = threading.Event()
    timer = threading.Timer(deadline_s, _abort, (None, expired))
    timer.daemon = True
    timer.start()
    try:
        connection.connect()  # bounded by the socket timeout; from here on the timer can end it
        timer.args = (connection.sock, expired)  # the socket itself: http.client may drop its reference
        if expired.is_set():  # the deadline passed while connecting
            raise TimeoutError(f"no whole response within {deadline_s:g} s")
        connection.request("GET", (parts.path or "/") + (f"?{parts.query}" if parts.query else ""), headers=dict(headers))
        response = connection.getresponse()
        body = response.read(max_bytes)
    except (OSError, http.client.HTTPException) as error:
        if expired.is_set():
            raise TimeoutError(f"no whole response within {deadline_s:g} s") from None
        raise error if isinstance(error, OSError) else OSError(f"{type(error).__name__}: {error}") from None
    finally:
        timer.cancel()
        connection.close()
    if expired.is_set():  # the shutdown may read as a normal end (of the headers, of a body without length)
        raise TimeoutError(f"no whole response within {deadline_s:g} s")
    return Response(response.status, {k.lower(): v for k, v in response.getheaders()}, body)


def _abort(sock: socket.socket | None, expired: threading.Event) -> None:
    expired.set()
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def _origin(url: str) -> tuple[str, str | None, int | None]:
    parts = urlsplit(url)
    return parts.scheme, parts.hostname, parts.port
