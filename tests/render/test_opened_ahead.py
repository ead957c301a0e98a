"""A `Renderer` opens the next page (its context, page and blocking: nothing requested yet)
while the pages in flight render, and never has more than `concurrency` pages between
navigation and their last read (render/browser.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import render.browser
from demosite.server import DemoSite
from render.browser import Renderer
from render.settings import RenderSettings
from values.rendered import RenderedPage

SLOW_MS = 600
"""Each page answers this late: long enough that the next page is opened meanwhile."""


@dataclass
class Intervals:
    """When each call of one step started and ended (loop time), in call order."""

    spans: list[list[float]] = field(default_factory=list)

    def timed(self, call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            span = [asyncio.get_running_loop().time(), float("inf")]
            self.spans.append(span)
            try:
                return await call(*args, **kwargs)
            finally:
                span[1] = asyncio.get_running_loop().time()
        return wrapper

    def most_at_once(self) -> int:
        return max(sum(1 for s, e in self.spans if s <= start < e) for start, _ in self.spans)


@pytest.mark.browser
def test_the_next_page_is_opened_while_one_renders_but_navigates_only_after_it(
        render_settings: RenderSettings, demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch) -> None:
    opening, rendering = Intervals(), Intervals()
    monkeypatch.setattr(render.browser, "open_page", opening.timed(render.browser.open_page))
    monkeypatch.setattr(render.browser, "render_page", rendering.timed(render.browser.render_page))
    settings = render_settings.model_copy(update={"concurrency": 1, "handle_signals": False})

    async def go() -> list[Any]:
        async with Renderer(settings) as renderer:
            return list(await asyncio.gather(*(renderer.render(demo_site.url(f"/slow?ms={SLOW_MS}&page={i}"))
                                               for i in range(3))))

    results = asyncio.run(go())
    assert all(isinstance(r, RenderedPage) for r in results), results
    assert rendering.most_at_once() == 1, "concurrency 1: one page navigates and is read at a time"
    first_render, second_open = sorted(rendering.spans)[0], sorted(opening.spans)[1]
    assert second_open[1] < first_render[1], "the second page was opened while the first rendered"
    assert len(opening.spans) == len(rendering.spans) == 3
