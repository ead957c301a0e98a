"""Request policy in a real Chromium: filter lists, per-site rules, fonts, schemes — each
enforced both inside Chromium (CDP patterns) and by the route handler, with the same record."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from demosite.server import ConnectionLogger, DemoSite
from render.settings import RenderSettings, SiteSettings
from tests.render.conftest import LoopRenderer, fixture_url
from values.rendered import RenderedPage

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


@pytest.fixture(scope="module", params=["chromium", "route"])
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
