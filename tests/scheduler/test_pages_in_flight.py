"""`worker_concurrency` is a worker's pages in flight: the pages it has open in Chromium at once,
whatever the renderer's own setting says, with more already claimed behind them (those the
renderer opens ahead, and one a page in flight being extracted and saved), so the browser never
waits while a finished page is extracted and saved."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

import render.browser
import rendercrawl.crawl
from demosite.server import DemoSite
from render.settings import RenderSettings
from rendercrawl.crawl import open_crawler
from scheduler.settings import SchedulerSettings
from storage import queue
from storage.db import Sessions
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason
from storage.types import utc_now

PAGES = 8
SLOW_MS = 400
"""Each page answers this late, so pages that may overlap do."""


@dataclass
class Peak:
    now: int = 0
    most: int = 0
    done: int = 0

    def counted(self, call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.now += 1
            self.most = max(self.most, self.now)
            try:
                return await call(*args, **kwargs)
            finally:
                self.now -= 1
                self.done += 1
        return wrapper


@pytest.mark.browser
def test_worker_concurrency_is_the_pages_open_in_chromium_with_as_many_claimed_behind(
        sessions: Sessions, demo_site: DemoSite, render_settings: RenderSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    rendering, crawling = Peak(), Peak()
    monkeypatch.setattr(render.browser, "render_page", rendering.counted(render.browser.render_page))
    monkeypatch.setattr(rendercrawl.crawl, "crawl_url", crawling.counted(rendercrawl.crawl.crawl_url))
    with write_transaction(sessions) as session:
        for i in range(PAGES):
            url = demo_site.url(f"/slow/{SLOW_MS}?page={i}")
            queue.enqueue(session, ensure_page(session, url, utc_now()), Reason.NEW, utc_now(), utc_now())
    settings = SchedulerSettings(worker_concurrency=2, host_max_concurrent=50, host_min_delay_ms=0,
                                 idle_poll_seconds=0.05, cheap_recrawls=False)
    browser_settings = render_settings.model_copy(update={"handle_signals": False, "concurrency": 1})  # the worker's setting wins

    async def scenario() -> None:
        async with open_crawler(sessions, settings, browser_settings) as worker:
            stop = asyncio.Event()
            running = asyncio.create_task(worker.run(stop))
            deadline = asyncio.get_running_loop().time() + 60
            while crawling.done < PAGES:
                assert asyncio.get_running_loop().time() < deadline, f"{crawling.done} of {PAGES} pages crawled"
                await asyncio.sleep(0.05)
            stop.set()
            await running

    asyncio.run(scenario())
    assert rendering.done == PAGES
    assert rendering.most == 2, "two pages open in Chromium at once, as worker_concurrency says"
    assert crawling.most == 6, "four more pages claimed behind the two in the browser: two opened ahead, two saved"


@pytest.mark.browser
def test_a_crawler_collects_the_young_generation_less_often_and_gives_the_setting_back(
        sessions: Sessions, render_settings: RenderSettings) -> None:
    before = gc.get_threshold()
    settings = SchedulerSettings(cheap_recrawls=False)

    async def inside() -> tuple[int, int, int]:
        async with open_crawler(sessions, settings, render_settings.model_copy(update={"handle_signals": False})):
            return gc.get_threshold()

    during = asyncio.run(inside())
    assert during == (rendercrawl.crawl.GC_YOUNG_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before
