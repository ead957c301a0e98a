"""The target policy inside the browser: every connection Chromium opens goes through the egress
proxy (`render/egress.py`), which checks the address it connects to. Loopback only: 127.0.0.1
is the allowed "public" side, 127.0.0.2 stands for an internal server that must never be
reached."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer

import pytest

from render import egress as egress_module
from render.browser import Renderer
from render.egress import Egress
from render.outcome import FailureKind
from render.settings import RenderSettings
from tests.loopback import QuietHandler, proxy_exchange, serving
from values.hostrules import BadHostRules, HostRules, Target
from values.rendered import RenderedPage
from values.targets import TargetPolicy

ALLOWED = TargetPolicy.of(["127.0.0.1/32"])
SECRET = "internal-secret-7f3a"


class _Internal(QuietHandler):
    seen: list[str]

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self.seen.append(self.path)
        self.send_html(f"<html><body><p>{SECRET}</p></body></html>")


@pytest.fixture()
def internal() -> Iterator[tuple[str, list[str]]]:
    seen: list[str] = []
    with serving(type("Internal", (_Internal,), {"seen": seen}), "127.0.0.2") as base:
        yield base, seen


# --- host rules: Chromium's syntax and meaning ------------------------------------------------

def test_host_rules_map_exclude_and_not_found_as_chromium_does() -> None:
    rules = HostRules.parse("MAP *.thirdparty.test 127.0.0.1:8080, EXCLUDE 127.0.0.1, MAP * ~NOTFOUND")
    assert rules.target("img.thirdparty.test", 80) == Target("127.0.0.1", 8080)
    assert rules.target("127.0.0.1", 9000) == Target("127.0.0.1", 9000), "excluded: never mapped"
    assert rules.target("example.com", 443).not_found
    assert HostRules.parse("MAP a.test:81 b.test").target("a.test", 81) == Target("b.test", 81), "pattern with a port"
    assert HostRules.parse("MAP a.test [::1]:9").target("a.test", 80) == Target("::1", 9)
    assert HostRules.parse("").target("a.test", 80) == Target("a.test", 80)


def test_a_malformed_host_rule_is_refused_when_settings_load() -> None:
    with pytest.raises(BadHostRules):
        HostRules.parse("MAP onlyonehost")
    with pytest.raises(ValueError, match="resolver_rules"):
        RenderSettings(resolver_rules="REWRITE a b")


# --- the proxy on its own, spoken to over a socket ---------------------------------------------

@pytest.fixture()
def proxy() -> Iterator[Egress]:
    egress = Egress(ALLOWED, HostRules.parse("MAP gone.test ~NOTFOUND"))
    egress.start()
    yield egress
    egress.stop()


def test_a_tunnel_to_a_refused_address_is_refused_and_explained(proxy: Egress, internal) -> None:
    base, seen = internal
    authority = base.removeprefix("http://")
    answer = proxy_exchange(proxy.server, f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 403")
    verdict = proxy.verdict(f"https://{authority}/")
    assert verdict is not None and verdict.kind is FailureKind.BLOCKED
    assert "127.0.0.2, a loopback address" in verdict.reason
    assert seen == []


def test_plain_http_is_forwarded_without_the_proxy_credentials(proxy: Egress) -> None:
    received: list[dict[str, str]] = []

    class Echo(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802
            received.append(dict(self.headers))
            self.send_html("<p>forwarded</p>")

    with serving(Echo) as base:
        answer = proxy_exchange(proxy.server, (f"GET {base}/a?b=1 HTTP/1.1\r\nHost: {base[7:]}\r\n"
                                          "Proxy-Authorization: Basic c2VjcmV0\r\nProxy-Connection: keep-alive\r\n"
                                          "X-Kept: yes\r\n\r\n").encode())
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 200") and body == b"<p>forwarded</p>"
    assert b"Connection: close" in head
    assert received[0].get("X-Kept") == "yes" and "Proxy-Authorization" not in received[0]
    assert received[0].get("Connection") == "close"


def test_a_plain_request_body_sent_with_its_head_and_a_large_answer_pass_whole(proxy: Egress) -> None:
    """The body bytes that arrive in the same read as the head (buffered past it when the
    connection is spliced) go first, and an answer far larger than a socket's buffers (the
    proxy stops reading the server while the client is behind) arrives whole and in order."""
    answer_body = bytes(range(256)) * (6 * 1024 * 1024 // 256)
    posted: list[bytes] = []

    class Upload(QuietHandler):
        def do_POST(self) -> None:  # noqa: N802
            posted.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(200)
            self.send_header("Content-Length", str(len(answer_body)))
            self.end_headers()
            self.wfile.write(answer_body)

    body = b"field=" + b"x" * 70_000
    with serving(Upload) as base:
        answer = proxy_exchange(proxy.server, (f"POST {base}/up HTTP/1.1\r\nHost: {base[7:]}\r\n"
                                               f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
    head, _, received = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 200") and posted == [body]
    assert received == answer_body


def test_a_tunnel_carries_more_than_its_buffers_hold_both_ways() -> None:
    """A tunnel's two directions are spliced: what one side sends faster than the other reads
    waits (reading pauses), nothing is lost or reordered, and the server closing ends it."""
    payload = bytes(range(256)) * (8 * 1024 * 1024 // 256)
    echo = socket.create_server(("127.0.0.1", 0))

    def serve_echo() -> None:
        connection, _ = echo.accept()
        with connection:
            got = 0
            while got < len(payload):
                chunk = connection.recv(65536)
                if not chunk:
                    break
                got += len(chunk)
                connection.sendall(chunk)

    threading.Thread(target=serve_echo, daemon=True).start()
    allow = Egress(TargetPolicy.of(["127.0.0.1/32"]), HostRules())
    host, port = allow.start().removeprefix("http://").split(":")
    try:
        with socket.create_connection((host, int(port)), timeout=10) as tunnel:
            tunnel.sendall(f"CONNECT 127.0.0.1:{echo.getsockname()[1]} HTTP/1.1\r\n\r\n".encode())
            assert tunnel.recv(100).startswith(b"HTTP/1.1 200")
            sender = threading.Thread(target=tunnel.sendall, args=(payload,), daemon=True)
            sender.start()
            chunks = []
            while chunk := tunnel.recv(65536):
                chunks.append(chunk)
            sender.join(10)
        assert b"".join(chunks) == payload
    finally:
        allow.stop()
        echo.close()


def test_a_name_that_does_not_resolve_is_a_dns_verdict(proxy: Egress) -> None:
    assert proxy_exchange(proxy.server, b"GET http://gone.test/ HTTP/1.1\r\nHost: gone.test\r\n\r\n") == b""
    verdict = proxy.verdict("http://gone.test/")
    assert verdict is not None and verdict.kind is FailureKind.DNS and "ERR_NAME_NOT_RESOLVED" in verdict.reason


def test_the_proxy_connects_to_the_address_it_checked(proxy: Egress, internal, monkeypatch) -> None:
    """DNS rebinding: the name answers 127.0.0.1 to the first lookup and the internal address to
    any later one (on the same port). The proxy looks up once per connection and connects to the
    address it checked, so the internal server is never reached."""
    _, internal_seen = internal
    internal_port = int(internal[0].rsplit(":", 1)[1])
    public_seen: list[str] = []
    public = ThreadingHTTPServer(("127.0.0.1", internal_port), type("Public", (_Internal,), {"seen": public_seen}))
    threading.Thread(target=public.serve_forever, daemon=True).start()
    answers = iter(["127.0.0.1", "127.0.0.2", "127.0.0.2"])
    real = socket.getaddrinfo

    def rebinding(host, *args, **kwargs):
        if host != "rebind.test":
            return real(host, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), internal_port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    try:
        answer = proxy_exchange(proxy.server, f"GET http://rebind.test:{internal_port}/x HTTP/1.1\r\n"
                                         f"Host: rebind.test:{internal_port}\r\n\r\n".encode())
    finally:
        public.shutdown()
        public.server_close()
    assert b" 200 " in answer.split(b"\r\n", 1)[0]
    assert public_seen == ["/x"] and internal_seen == []
    assert next(answers) == "127.0.0.2", "one lookup for the check and the connection"


def test_stop_ends_open_tunnels(internal) -> None:
    """Closing the renderer closes the proxy with whatever connections are still open."""
    allow_all = Egress(TargetPolicy.of(["127.0.0.0/8"]), HostRules())
    host, port = allow_all.start().removeprefix("http://").split(":")
    authority = internal[0].removeprefix("http://")
    with socket.create_connection((host, int(port)), timeout=5) as tunnel:
        tunnel.sendall(f"CONNECT {authority} HTTP/1.1\r\n\r\n".encode())
        assert tunnel.recv(100).startswith(b"HTTP/1.1 200")
        allow_all.stop()
        assert tunnel.recv(100) == b"", "the tunnel was closed"
    assert allow_all.server == ""


# --- in Chromium: subresources, redirects, scripts ---------------------------------------------

@pytest.mark.browser
def test_no_request_of_a_page_reaches_a_refused_target(render_settings: RenderSettings, internal) -> None:
    """Images, scripts, iframes, fetch(), a WebSocket, and an allowed subresource that
    redirects inside: none reaches the internal server, and each refusal is recorded."""
    inner, seen = internal

    class Page(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802
            if self.path == "/bounce.png":
                self.send_response(302)
                self.send_header("Location", f"{inner}/bounced.png")
                self.end_headers()
                return
            ws = inner.replace("http://", "ws://")
            self.send_html(f"""<html><head><title>Public page</title>
                <script src="{inner}/script.js"></script></head><body><h1>Public</h1>
                <p>{"A paragraph of public text. " * 30}</p>
                <img src="{inner}/direct.png"><img src="/bounce.png"><iframe src="{inner}/frame"></iframe>
                <script>fetch("{inner}/fetched").catch(() => 0); try {{ new WebSocket("{ws}/socket"); }} catch (e) {{}}</script>
                </body></html>""")

    rules = render_settings.resolver_rules.replace("EXCLUDE 127.0.0.1", "EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2")
    settings = render_settings.model_copy(update={"resolver_rules": rules, "allow_targets": ["127.0.0.1/32"],
                                                  "handle_signals": False})

    async def go(url: str) -> RenderedPage:
        async with Renderer(settings) as renderer:
            page = await renderer.render(url)
        assert isinstance(page, RenderedPage), page
        return page

    with serving(Page) as base:
        page = asyncio.run(go(f"{base}/"))
    assert seen == [], f"the internal server was reached: {seen}"
    assert SECRET not in page.html
    refused = {b.url.rsplit("/", 1)[1]: b.reason for b in page.blocked if "refused target" in b.reason}
    assert {"script.js", "direct.png", "bounced.png", "frame", "fetched"} <= set(refused), page.blocked
    assert all("127.0.0.2, a loopback address" in reason for reason in refused.values())


@pytest.mark.browser
def test_a_redirect_to_a_refused_target_fails_the_render_as_blocked(render_settings: RenderSettings, internal) -> None:
    inner, seen = internal

    class Hop(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(302)
            self.send_header("Location", f"{inner}/secret")
            self.end_headers()

    rules = render_settings.resolver_rules.replace("EXCLUDE 127.0.0.1", "EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2")
    settings = render_settings.model_copy(update={"resolver_rules": rules, "allow_targets": ["127.0.0.1/32"],
                                                  "handle_signals": False})

    async def go(url: str):
        async with Renderer(settings) as renderer:
            return await renderer.render(url)

    with serving(Hop) as base:
        failure = asyncio.run(go(f"{base}/hop"))
    assert getattr(failure, "kind", None) is FailureKind.BLOCKED, failure
    assert "refused target" in failure.message and "redirected to" in failure.message
    assert failure.redirect_chain == (f"{base}/hop",)
    assert seen == []


def test_verdicts_are_bounded(proxy: Egress) -> None:
    for i in range(egress_module.MAX_VERDICTS + 50):
        proxy_exchange(proxy.server, f"GET http://gone.test:{1000 + i}/ HTTP/1.1\r\n\r\n".encode())
    assert proxy.verdict("http://gone.test:1000/") is None, "the oldest verdict was dropped"
    assert proxy.verdict(f"http://gone.test:{1000 + egress_module.MAX_VERDICTS + 49}/") is not None
