"""Render-test helpers: one Renderer per module on its own event loop (a Chromium launch costs
~0.2-0.5 s; tests share it), and settings that map the fixture pages' third-party hosts
(`*.thirdparty.test`) to the demo site so their requests are visible in its log."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from demosite.server import DemoSite
from render.browser import Renderer
from render.outcome import RenderFailure
from render.settings import RenderSettings
from tests.loopback import StoredPages, serving
from values.rendered import RenderedPage

FIXTURES = "/render-fixtures"


class LoopRenderer:
    """A started `Renderer` plus the loop it lives on, driven synchronously from tests."""

    def __init__(self, settings: RenderSettings) -> None:
        self.loop = asyncio.new_event_loop()
        self.renderer = Renderer(settings)
        self.run(self.renderer.start())

    def run(self, awaitable):  # type: ignore[no-untyped-def]
        return self.loop.run_until_complete(awaitable)

    def render(self, url: str) -> RenderedPage | RenderFailure:
        return self.run(self.renderer.render(url))

    def page(self, url: str) -> RenderedPage:
        result = self.render(url)
        assert isinstance(result, RenderedPage), result
        return result

    def render_html(self, html: str, url: str) -> RenderedPage | RenderFailure:
        return self.run(self.renderer.render_html(html, url))

    def close(self) -> None:
        self.run(self.renderer.close())
        self.loop.close()


@pytest.fixture(scope="session")
def third_party_settings(render_settings: RenderSettings, demo_site: DemoSite) -> RenderSettings:
    """`render_settings` plus `*.thirdparty.test` resolving to the demo site."""
    rules = f"MAP *.thirdparty.test 127.0.0.1:{demo_site.port}, {render_settings.resolver_rules}"
    return render_settings.model_copy(update={"resolver_rules": rules, "handle_signals": False})


@pytest.fixture
def loop_renderer() -> Iterator[type[LoopRenderer]]:
    """Factory for tests that need their own settings; every renderer made is closed."""
    made: list[LoopRenderer] = []

    def make(settings: RenderSettings) -> LoopRenderer:
        made.append(LoopRenderer(settings))
        return made[-1]
    yield make  # type: ignore[misc]
    for renderer in made:
        renderer.close()


@pytest.fixture(scope="module")
def stored_origin() -> Iterator[str]:
    """The base URL of a loopback server of `StoredPages`: pages a test builds for itself."""
    with serving(StoredPages) as base:
        yield base


def fixture_url(site: DemoSite, name: str, query: str = "") -> str:
    return site.url(f"{FIXTURES}/{name}") + (f"?{query}" if query else "")
