"""The one plain HTTP client outside the browser (the cheap-recrawl probe, robots.txt).

Two properties `urllib.request` does not give:
- **a whole-response deadline.** A socket timeout bounds each read, so a server trickling one
  byte every few seconds holds a worker's slot for as long as it likes. Here a timer shuts the
  connection's socket down when `deadline_s` has passed, whatever the fetch is doing then
  (connecting, reading headers or the body), and the fetch raises `TimeoutError`.
- **the address checked is the address connected to.** The host is resolved once, every
  address is checked against the target policy, and the connection goes to one of those
  addresses (TLS still verifies the name): a DNS answer that changes between the check and the
  connection (rebinding) cannot reach an internal address.
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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from values.targets import Address, TargetPolicy, address_of, resolve_host

MAX_REDIRECTS = 5
"""RFC 9309 asks robots.txt fetchers to follow at least five redirects."""
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


@dataclass(frozen=True, slots=True)
class Response:
    status: int
    headers: Mapping[str, str]
    """Names in lower case."""
    body: bytes


def fetch(url: str, headers: Mapping[str, str], *, max_bytes: int, deadline_s: float, targets: TargetPolicy,
          follow_redirects: bool = False) -> Response:
    """GET `url` (body cut at `max_bytes`); raises OSError — TimeoutError past the deadline, or
    a refused target (`targets`, checked for the URL and every redirect) — when no answer came."""
    follow = follow_redirects and not any(name.lower() == "authorization" for name in headers)
    sent = dict(headers)
    for _ in range(MAX_REDIRECTS + 1):
        response = _get(url, sent, max_bytes, deadline_s, *_checked_addresses(url, targets))
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


def _checked_addresses(url: str, targets: TargetPolicy) -> tuple[list[Address], int]:
    """The addresses `url`'s host resolves to (through the host map, as the browser's), once, if
    the policy allows every one of them; and the port to connect to."""
    host = (urlsplit(url).hostname or "").rstrip(".")
    target = targets.route(url)
    literal = address_of(target.host)
    addresses = [] if target.not_found else [literal] if literal is not None else resolve_host(target.host)
    why = targets.refusal(url, resolve=lambda _: addresses)
    if why is not None:
        raise OSError(f"refused target {url[:100]}: {why}")
    if not addresses:
        raise OSError(f"{host[:100]} does not resolve")
    return addresses, target.port


def _get(url: str, headers: Mapping[str, str], max_bytes: int, deadline_s: float, addresses: list[Address],
         port: int) -> Response:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise OSError(f"not an http(s) URL: {url[:100]}")
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname, parts.port, timeout=deadline_s)
    connection._create_connection = _pinned(addresses, port)  # type: ignore[attr-defined]  # http.client's own hook
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


def _pinned(addresses: list[Address], port: int) -> Callable[..., socket.socket]:
    """http.client's `_create_connection`, connecting to the checked addresses (and the mapped
    port) instead of resolving the name again (the TLS layer still gets the name, for SNI and
    verification)."""
    def connect(address: tuple[str, int], timeout: float | None = None, source: tuple[str, int] | None = None) -> socket.socket:
        error: OSError | None = None
        for pinned in addresses:
            try:
                return socket.create_connection((str(pinned), port), timeout, source)
            except OSError as failed:
                error = failed
        raise error or OSError("no address to connect to")
    return connect


def _abort(sock: socket.socket | None, expired: threading.Event) -> None:
    expired.set()
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def _origin(url: str) -> tuple[str, str | None, int | None]:
    parts = urlsplit(url)
    return parts.scheme, parts.hostname, parts.port
