"""Request policy in a real Chromium: filter lists, per-site rules, fonts, schemes — each
enforced by each blocking mode (the egress proxy with Fetch patterns for paths, CDP patterns in
Chromium, the route handler), with the same record."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from demosite.server import ConnectionLogger, DemoSite
from render.egress import Egress
from render.outcome import FailureKind, RenderFailure
from render.settings import RenderSettings, SiteSettings
from tests.loopback import proxy_exchange
from tests.render.conftest import LoopRenderer, fixture_url
from values.hostrules import HostRules
from values.rendered import RenderedPage
from values.targets import TargetPolicy

pytestmark = pytest.mark.browser

FILTER_LIST = """[Adblock Plus 2.0]
! Title: rendercrawl test list
||tracker.thirdparty.test^$third-party
||allowed.thirdparty.test^
@@||allowed.thirdparty.test^
||127.0.0.1^$third-party
/ads/track.js
example.com##.advert
||scripts-only.example^$script
"""
"""Four host rules the parser understands, three it must count as ignored."""


@pytest.fixture(scope="module")
def ws_logger() -> Iterator[ConnectionLogger]:
    with ConnectionLogger() as logger:
        yield logger


@pytest.fixture(scope="module", params=["proxy", "chromium", "route"])
def blocked_page(request: pytest.FixtureRequest, third_party_settings: RenderSettings, demo_site: DemoSite,
                 ws_logger: ConnectionLogger, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[tuple[RenderedPage, set[str], set[str]]]:
    """The third-parties page rendered once per blocking mode, with the hosts and paths the
    demo site saw while rendering it."""
    path = tmp_path_factory.mktemp("lists") / "test-list.txt"
    path.write_text(FILTER_LIST, encoding="utf-8")
    settings = third_party_settings.model_copy(update={
        "filter_lists": [path], "blocking_mode": request.param, "block_fonts": True,
        "sites": {"127.0.0.1": SiteSettings(block_hosts=["cdn-blocked.thirdparty.test"])}})
    renderer = LoopRenderer(settings)
    try:
        demo_site.clear_requests()
        page = renderer.page(fixture_url(demo_site, "third-parties.html", f"ws={ws_logger.port}"))
        seen = demo_site.requests
        yield page, {h.get("Host", "").split(":")[0] for _, _, h in seen}, {p.split("?")[0] for _, p, _ in seen}
    finally:
        renderer.close()


def reasons(page: RenderedPage) -> dict[str, str]:
    return {b.host: b.reason for b in page.blocked}


def test_third_party_filter_rule_blocks_and_the_host_never_sees_the_request(blocked_page) -> None:
    page, hosts, _ = blocked_page
    assert reasons(page).get("tracker.thirdparty.test") == "filterlist"
    assert "tracker.thirdparty.test" not in hosts


def test_filter_exception_lets_the_host_load(blocked_page) -> None:
    page, hosts, _ = blocked_page
    assert "allowed.thirdparty.test" in hosts and "plain.thirdparty.test" in hosts
    assert "allowed.thirdparty.test" not in reasons(page)


def test_third_party_rule_does_not_block_the_site_itself(blocked_page) -> None:
    page, hosts, _ = blocked_page
    assert page.status == 200 and "127.0.0.1" in hosts


def test_per_site_addition_blocks_a_host(blocked_page) -> None:
    page, hosts, _ = blocked_page
    assert reasons(page).get("cdn-blocked.thirdparty.test") == "site-rule"
    assert "cdn-blocked.thirdparty.test" not in hosts


def test_fonts_are_blocked_by_setting(blocked_page) -> None:
    page, _, paths = blocked_page
    fonts = [b for b in page.blocked if b.url.endswith(".woff2")]
    assert fonts and all(b.reason == "font" for b in fonts)
    assert "/static/gazette-serif.woff2" not in paths


def test_websockets_never_leave_the_browser(blocked_page, ws_logger: ConnectionLogger) -> None:
    assert ws_logger.connections == []


def test_per_site_allow_beats_the_default_denylist(loop_renderer, render_settings: RenderSettings,
                                                   demo_site: DemoSite) -> None:
    with ConnectionLogger() as logger:
        rules = f"MAP www.google-analytics.com 127.0.0.1:{logger.port}, {render_settings.resolver_rules}"
        settings = render_settings.model_copy(update={
            "resolver_rules": rules, "handle_signals": False,
            "sites": {"127.0.0.1": SiteSettings(allow_hosts=["www.google-analytics.com"])}})
        page = loop_renderer(settings).page(demo_site.url("/articles/harbour-bridge.html"))
        assert "www.google-analytics.com" not in {b.host for b in page.blocked if b.reason == "denylist"}
        assert logger.wait(1, timeout=5), "the allowed analytics host was never contacted"


def test_filter_list_counts_are_reported(tmp_path: Path) -> None:
    from render.filterlist import load_filter_lists
    path = tmp_path / "list.txt"
    path.write_text(FILTER_LIST, encoding="utf-8")
    rules = load_filter_lists([path])
    assert (rules.loaded, rules.ignored) == (4, 3)


def test_a_context_scope_refuses_its_pages_hosts_before_connecting() -> None:
    """`proxy` mode's host rules in the egress proxy itself: a context's listener refuses the
    hosts its verdict names, as a tunnel (`CONNECT`, what HTTPS analytics come as) and as plain
    HTTP, without ever connecting; the proxy's own listener connects the same host."""
    with ConnectionLogger() as logger:
        egress = Egress(TargetPolicy.of(["127.0.0.1/32"]),
                        HostRules.parse(f"MAP www.google-analytics.com 127.0.0.1:{logger.port}"))
        egress.start()
        loop = asyncio.new_event_loop()
        try:
            refuse = lambda host: "denylist" if host.endswith("google-analytics.com") else None  # noqa: E731
            scope = loop.run_until_complete(egress.scope(refuse))
            tunnel = b"CONNECT www.google-analytics.com:443 HTTP/1.1\r\nHost: www.google-analytics.com:443\r\n\r\n"
            assert proxy_exchange(scope.server, tunnel).startswith(b"HTTP/1.1 403")
            assert proxy_exchange(scope.server, b"GET http://WWW.Google-Analytics.com/collect HTTP/1.1\r\n"
                                           b"Host: www.google-analytics.com\r\n\r\n") == b""
            time.sleep(0.3)
            assert logger.connections == []
            assert proxy_exchange(egress.server, tunnel).startswith(b"HTTP/1.1 200")
            assert logger.wait(1, timeout=5), "the proxy's own listener did not connect the host"
            loop.run_until_complete(scope.close())
        finally:
            loop.close()
            egress.stop()


def test_a_page_whose_proxy_listener_cannot_open_fails_typed(third_party_settings: RenderSettings,
                                                           demo_site: DemoSite, loop_renderer) -> None:
    """Out of sockets for the context's listener: that page fails as an error, the next renders."""
    renderer = loop_renderer(third_party_settings)
    egress = renderer.renderer.host.egress
    opened = egress.scope

    async def exhausted(refuse):  # type: ignore[no-untyped-def]
        raise OSError(24, "Too many open files")
    egress.scope = exhausted
    try:
        failed = renderer.render(demo_site.url("/index.html"))
    finally:
        egress.scope = opened
    assert isinstance(failed, RenderFailure) and failed.kind is FailureKind.ERROR, failed
    assert "Too many open files" in failed.message
    assert renderer.page(demo_site.url("/index.html")).status == 200
