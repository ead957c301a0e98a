"""The browser layer against real Chromium and the loopback demo site."""

from __future__ import annotations

import asyncio

import pytest

from demosite.server import ConnectionLogger, DemoSite
from render.browser import Renderer
from render.outcome import FailureKind, RenderFailure
from render.settings import RenderSettings
from values.rendered import RenderedPage

ARTICLE = "/articles/harbour-bridge.html"


def render(settings: RenderSettings, url: str) -> RenderedPage | RenderFailure:
    async def go() -> RenderedPage | RenderFailure:
        async with Renderer(settings) as renderer:
            return await renderer.render(url)
    return asyncio.run(go())


@pytest.fixture(scope="module")
def article(render_settings: RenderSettings, demo_site: DemoSite) -> RenderedPage:
    page = render(render_settings, demo_site.url(ARTICLE))
    assert isinstance(page, RenderedPage), page
    return page


def test_timer_pushed_composer_commands_are_captured(article: RenderedPage) -> None:
    names = [name for name, _ in article.datalayer.composer_commands]
    assert "setContentAuthor" in names and "setTags" in names


def test_script_written_meta_is_in_the_snapshot(article: RenderedPage) -> None:
    assert 'property="content:section"' in article.html


def test_image_without_size_attributes_gets_its_natural_size(article: RenderedPage) -> None:
    big = [img for img in article.images if img.natural_width >= 600]
    assert big, article.images
    assert all(img.natural_height > 0 and img.visible for img in big)


def test_analytics_is_blocked_and_never_reaches_its_server(
        article: RenderedPage, analytics_logger: ConnectionLogger) -> None:
    blocked_hosts = {b.host for b in article.blocked if b.reason == "denylist"}
    assert "www.google-analytics.com" in blocked_hosts
    assert "www.googletagmanager.com" in blocked_hosts
    assert analytics_logger.connections == []


def test_bot_token_is_in_the_user_agent(render_settings: RenderSettings, demo_site: DemoSite) -> None:
    demo_site.clear_requests()
    render(render_settings, demo_site.url("/index.html"))
    agents = {headers.get("User-Agent", "") for _, path, headers in demo_site.requests if path == "/index.html"}
    assert agents and all(render_settings.bot_token in agent for agent in agents)


def test_hidden_element_is_marked_invisible(render_settings: RenderSettings) -> None:
    html = '<html><body><p id="shown">shown text</p><p style="display:none">hidden text</p></body></html>'

    async def go() -> RenderedPage | RenderFailure:
        async with Renderer(render_settings) as renderer:
            return await renderer.render_html(html, "http://example.test/page.html")
    page = asyncio.run(go())
    assert isinstance(page, RenderedPage)
    visibility = {b.visible for b in page.boxes.values() if b.display in ("block", "none")}
    assert visibility == {True, False}


@pytest.mark.parametrize(("path", "kind"), [
    ("/status/404", FailureKind.HTTP_ERROR),
    ("/feed.json", FailureKind.NON_HTML),
    ("/loop", FailureKind.REDIRECT_LOOP),
])
def test_failures_are_typed(render_settings: RenderSettings, demo_site: DemoSite, path: str, kind: FailureKind) -> None:
    result = render(render_settings, demo_site.url(path))
    assert isinstance(result, RenderFailure)
    assert result.kind is kind, result


def test_unresolvable_host_is_a_dns_failure(render_settings: RenderSettings) -> None:
    result = render(render_settings, "http://no-such-host.invalid/")
    assert isinstance(result, RenderFailure) and result.kind is FailureKind.DNS


def test_redirect_chain_is_kept(render_settings: RenderSettings, demo_site: DemoSite) -> None:
    page = render(render_settings, demo_site.url("/redirect/2"))
    assert isinstance(page, RenderedPage)
    assert len(page.redirect_chain) == 2 and page.final_url.endswith("/index.html")


def test_snapshot_round_trips_through_json(article: RenderedPage) -> None:
    assert RenderedPage.from_json(article.to_json()) == article


def test_a_page_closes_with_its_context_in_one_call(render_settings: RenderSettings, demo_site: DemoSite,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Closing the page right before its context was a call, its reply and its events for nothing:
    # the context's close disposes of its page too.
    from playwright.async_api import BrowserContext, Page
    closed: list[str] = []
    for kind in (Page, BrowserContext):
        original = kind.close

        async def close(self: object, *args: object, _original: object = original, _kind: str = kind.__name__,
                        **kwargs: object) -> None:
            closed.append(_kind)
            await _original(self, *args, **kwargs)  # type: ignore[operator]
        monkeypatch.setattr(kind, "close", close)
    page = render(render_settings, demo_site.url("/index.html"))
    assert isinstance(page, RenderedPage), page
    assert closed == ["BrowserContext"]
