"""The hostile-page corpus: pages that attack or break the crawler, served from loopback, each
crawled through the worker's one crawl path (`Worker.crawl_now`) into a real SQLite file.

Every test asserts the outcome, a wall-time bound, the `crawls` row, no leftover browser
process, and that the next crawl in the same process succeeds."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from hostile_corpus import PAGES, RAW, TRICKLED, HostileRun
from render.settings import RenderSettings
from rendercrawl.crawl import open_crawler
from scheduler.settings import SchedulerSettings
from scheduler.worker import Crawled
from storage.db import make_engine, session_factory, upgrade
from tests.loopback import QuietHandler, serving


class _Handler(QuietHandler):
    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        path = self.path.split("?")[0]
        if path in TRICKLED:
            self._trickle(PAGES[path].encode(), TRICKLED[path])
            return
        if path in RAW:
            status, headers, body = RAW[path]
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if path.startswith("/tiny/"):  # a subresource answered at once: an empty 204
            self.send_response(204)
            self.end_headers()
            return
        page = PAGES.get(path)
        self.send_html(page or "not found", 200 if page else 404)

    def _trickle(self, body: bytes, gap_s: float) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for i in range(len(body)):
                self.wfile.write(body[i:i + 1])
                self.wfile.flush()
                time.sleep(gap_s)
        except OSError:  # the crawler gave up on us: as it should
            pass


@pytest.fixture(scope="session")
def hostile_site() -> Iterator[str]:
    with serving(_Handler) as base:
        yield base


@pytest.fixture()
def crawl_hostile(tmp_path: Path, hostile_site: str, render_settings: RenderSettings):
    """Crawl a hostile path, then a plain page, in one worker; report what happened."""

    def crawl(path: str) -> HostileRun:
        url = f"sqlite:///{tmp_path / 'hostile.db'}"
        upgrade(url)
        engine = make_engine(url)
        sessions = session_factory(engine)
        settings = render_settings.model_copy(update={"handle_signals": False})

        async def scenario() -> tuple[Crawled, float, Crawled]:
            loop = asyncio.get_running_loop()
            async with open_crawler(sessions, SchedulerSettings(cheap_recrawls=False), settings) as worker:
                started = loop.time()
                crawled = await worker.crawl_now(hostile_site + path)
                seconds = loop.time() - started
                return crawled, seconds, await worker.crawl_now(hostile_site + "/plain.html")

        before = set(_browser_pids())
        crawled, seconds, next_page = asyncio.run(scenario())
        from sqlalchemy import text

        with engine.connect() as connection:
            rows = [(r[0], r[1]) for r in connection.execute(text("SELECT url, outcome FROM crawls ORDER BY id"))]
        engine.dispose()
        leftovers = [pid for pid in _browser_pids() if pid not in before]
        return HostileRun(crawled, seconds, next_page, rows, leftovers)

    return crawl


def _browser_pids() -> list[int]:
    """Chromium processes that are children of this test process."""
    me = psutil.Process()
    return [p.pid for p in me.children(recursive=True) if "chrom" in (p.name() or "").lower()]
