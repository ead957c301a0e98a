"""The plain HTTP client (probe, robots.txt): a whole-response deadline, the target policy on
the address it connects to, and credentials that never cross origins. Served from loopback."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import ThreadingHTTPServer

import pytest

from scheduler import http
from scheduler.freshness import fetch_url
from tests.loopback import QuietHandler, serving
from values import targets
from values.hostrules import HostRules
from values.targets import PUBLIC_ONLY, TargetPolicy

TRICKLE_GAP_S = 0.4
DEADLINE_S = 1.0
LOOPBACK = TargetPolicy.of(["127.0.0.1/32"])


class _Handler(QuietHandler):
    seen: list[tuple[str, dict[str, str]]]
    other_origin: str

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self.seen.append((self.path, dict(self.headers)))
        if self.path == "/trickle-body":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            for _ in range(1000):
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(TRICKLE_GAP_S)
        elif self.path == "/trickle-headers":
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            for i in range(1000):
                self.wfile.write(f"X-Slow-{i}: 1\r\n".encode())
                self.wfile.flush()
                time.sleep(TRICKLE_GAP_S)
        elif self.path.startswith("/away"):
            self.send_response(302)
            self.send_header("Location", f"{self.other_origin}/landed")
            self.end_headers()
        elif self.path == "/near":
            self.send_response(302)
            self.send_header("Location", "/landed")
            self.end_headers()
        else:
            self.send_html(b"landed")


def _handler(seen: list, other_origin: str = "") -> type[_Handler]:
    return type("Handler", (_Handler,), {"seen": seen, "other_origin": other_origin})


@pytest.fixture()
def origins() -> Iterator[tuple[str, list, str, list]]:
    """(first origin, its requests, second origin, its requests); the first redirects to the second."""
    seen_a: list = []
    seen_b: list = []
    with serving(_handler(seen_b)) as origin_b, serving(_handler(seen_a, origin_b)) as origin_a:
        yield origin_a, seen_a, origin_b, seen_b


@pytest.mark.parametrize("path", ["/trickle-body", "/trickle-headers"])
def test_a_trickling_server_fails_the_fetch_at_the_deadline(origins, path: str) -> None:
    origin, *_ = origins
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        http.fetch(origin + path, {}, max_bytes=10_000, deadline_s=DEADLINE_S, targets=LOOPBACK)
    assert time.monotonic() - started < DEADLINE_S + 2 * TRICKLE_GAP_S


def test_credentials_never_follow_a_redirect(origins) -> None:
    origin, _, _, seen_elsewhere = origins
    response = http.fetch(origin + "/away", {"Authorization": "Basic c2VjcmV0", "User-Agent": "bot"},
                          max_bytes=1000, deadline_s=5, targets=LOOPBACK, follow_redirects=True)
    assert response.status == 302 and seen_elsewhere == []


def test_custom_headers_stay_with_their_origin(origins) -> None:
    origin, seen_here, _, seen_elsewhere = origins
    headers = {"User-Agent": "bot", "X-Edition": "north"}
    near = http.fetch(origin + "/near", headers, max_bytes=1000, deadline_s=5, targets=LOOPBACK, follow_redirects=True)
    assert near.body == b"landed"
    assert seen_here[-1][1].get("X-Edition") == "north"
    away = http.fetch(origin + "/away", headers, max_bytes=1000, deadline_s=5, targets=LOOPBACK, follow_redirects=True)
    assert away.body == b"landed"
    assert seen_elsewhere[-1][1].get("User-Agent") == "bot" and "X-Edition" not in seen_elsewhere[-1][1]


def test_the_probe_follows_no_redirect(origins) -> None:
    origin, _, _, seen_elsewhere = origins
    status, _, _ = fetch_url(origin + "/away", {"User-Agent": "bot", "Authorization": "Basic c2VjcmV0"}, LOOPBACK)
    assert status == 302 and seen_elsewhere == []


def test_the_default_policy_refuses_loopback_before_any_request(origins) -> None:
    origin, seen, _, _ = origins
    with pytest.raises(OSError, match="refused target"):
        http.fetch(origin + "/near", {}, max_bytes=1000, deadline_s=5, targets=PUBLIC_ONLY)
    assert seen == []


def test_the_name_is_resolved_once_and_the_checked_address_is_the_one_connected(origins, monkeypatch) -> None:
    """DNS rebinding: a name that answers an allowed address to the check and an internal one
    to the next lookup (127.0.0.2, on the same port, stands for the internal server). The client
    looks up once and connects to the address it checked, so the second answer never comes."""
    origin, seen, _, _ = origins
    port = int(origin.rsplit(":", 1)[1])
    internal_seen: list = []
    internal = ThreadingHTTPServer(("127.0.0.2", port), _handler(internal_seen))
    threading.Thread(target=internal.serve_forever, daemon=True).start()
    answers = iter(["127.0.0.1", "127.0.0.2", "127.0.0.2"])
    real = socket.getaddrinfo

    def rebinding(host, *args, **kwargs):
        if host != "rebind.test":
            return real(host, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    monkeypatch.setattr(targets, "_resolved", {})
    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    try:
        body = http.fetch(f"http://rebind.test:{port}/landed", {}, max_bytes=1000, deadline_s=5, targets=LOOPBACK).body
    finally:
        internal.shutdown()
        internal.server_close()
    assert body == b"landed" and [path for path, _ in seen] == ["/landed"]
    assert internal_seen == [], "the connection went to an address that was never checked"
    assert next(answers) == "127.0.0.2", "one lookup for the check and the connection"


def test_the_probe_goes_where_the_host_map_sends_the_browser(origins) -> None:
    """The cheap probe of a staging host mapped to loopback (`RENDERCRAWL_RESOLVER_RULES`)
    reaches the mapped server, as the browser does; a name mapped nowhere does not resolve."""
    origin, seen, _, _ = origins
    port = origin.rsplit(":", 1)[1]
    mapped = TargetPolicy.of(["127.0.0.1/32"], HostRules.parse(f"MAP paper.staging.test 127.0.0.1:{port}, MAP * ~NOTFOUND"))
    status, _headers, body = fetch_url("http://paper.staging.test/story.html", {}, mapped)
    assert (status, body) == (200, b"landed") and [path for path, _ in seen] == ["/story.html"]
    with pytest.raises(OSError, match="does not resolve"):
        fetch_url("http://elsewhere.test/", {}, mapped)
