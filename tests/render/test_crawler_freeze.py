"""A crawler takes what it keeps for its whole life out of the collector's passes once its
browser is up (`rendercrawl.crawl.freeze_long_lived`), and nothing of a page: the full pass
it runs every few pages then walks the pages' objects, not the process's
(bench/render_budget.py measures the passes)."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest

from demosite.server import DemoSite
from render.settings import RenderSettings
from rendercrawl.crawl import open_crawler
from scheduler.settings import SchedulerSettings
from storage.db import make_engine, session_factory, upgrade


def _walked(thing: object) -> bool:
    """Whether the collector's passes visit `thing` (frozen objects are in none of its generations)."""
    return any(o is thing for o in gc.get_objects())


class _LongLived:
    """Something made before the crawler opens and kept after: a setting, a cache."""


@pytest.mark.browser
def test_what_lives_before_the_first_page_is_frozen_and_a_page_is_not(
        tmp_path: Path, demo_site: DemoSite, render_settings: RenderSettings) -> None:
    url = f"sqlite:///{tmp_path / 'rendercrawl.db'}"
    upgrade(url)
    engine = make_engine(url)
    sessions = session_factory(engine)
    kept = _LongLived()
    assert _walked(kept)
    settings = SchedulerSettings(cheap_recrawls=False, host_min_delay_ms=0)

    async def crawl() -> tuple[bool, bool]:
        async with open_crawler(sessions, settings, render_settings.model_copy(update={"handle_signals": False})) as worker:
            frozen = not _walked(kept)
            crawled = await worker.crawl_now(demo_site.url("/articles/harbour-bridge.html"))
            assert crawled.ok and crawled.result is not None
            return frozen, _walked(crawled.result.page)

    try:
        frozen, page_walked = asyncio.run(crawl())
    finally:
        engine.dispose()
    assert frozen, "what lived before the crawler's first page is out of the collector's passes"
    assert page_walked, "a crawled page is not frozen: its garbage is collected"
