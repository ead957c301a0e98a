"""The beacon in real Chromium: a page that includes `/v1/beacon.js` sends one page view per
load, with its canonical URL and article:modified_time, from its own origin without a key;
three loads queue the new page. A page on an origin nobody registered stores nothing."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.async_api import async_playwright
from sqlalchemy import text

from live_server import live_server
from render.chromium import find_chromium, launch_args
from render.settings import RenderSettings
from rendercrawl.service.app import create_app
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.settings import ServiceSettings
from scheduler.settings import SchedulerSettings
from service_harness import Service
from storage.db import upgrade
from storage.events import view_times
from storage.health import bounded_engine, head_revision
from storage.pages import find_page_id
from storage.queue import queue_state
from storage.records import QueueState
from storage.types import utc_now
from tests.loopback import QuietHandler, serving

pytestmark = pytest.mark.browser
MODIFIED = "2026-11-30T10:00:00+00:00"
WAIT_S = 15


def _page(service_url: str) -> type[QuietHandler]:
    class Article(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 - the http.server name
            host = self.headers["Host"]
            self.send_html(f"""<!doctype html><html><head><title>Story</title>
<link rel="canonical" href="http://{host}/story">
<meta property="article:modified_time" content="{MODIFIED}">
<script async src="{service_url}/v1/beacon.js"></script></head><body><p>Words.</p></body></html>""")

    return Article


def _views(service: Service, url: str) -> list:
    with service.sessions() as session:
        page_id = find_page_id(session, url)
        return [] if page_id is None else view_times(session, page_id, utc_now() - timedelta(hours=1), utc_now())


def _wait_for(service: Service, url: str, count: int) -> None:
    deadline = time.monotonic() + WAIT_S
    while len(_views(service, url)) < count and time.monotonic() < deadline:
        time.sleep(0.1)


async def _load(urls: list[str], without_send_beacon: int | None = None) -> None:
    """Load each URL in a fresh page; the one numbered `without_send_beacon` has no
    `navigator.sendBeacon`, so the beacon falls back to `fetch` with `keepalive`."""
    chromium = find_chromium(RenderSettings().chromium)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(chromium), args=launch_args(chromium))
        try:
            for n, url in enumerate(urls):
                page = await browser.new_page()
                if n == without_send_beacon:
                    await page.add_init_script("delete Navigator.prototype.sendBeacon")
                await page.goto(url)
                await page.wait_for_function("document.readyState === 'complete'")
                await asyncio.sleep(0.3)  # the beacon is queued by the browser; let it leave before the page closes
                await page.close()
        finally:
            await browser.close()


def test_three_page_loads_send_three_views_and_queue_the_page(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'beacon.db'}"
    upgrade(db)
    ctx = ServiceContext.build(bounded_engine(db, 5), ServiceSettings(), SchedulerSettings(), RenderSettings().targets,
                               head_revision(db))
    app = create_app(ctx)
    with TestClient(app) as client, live_server(app) as service_url, serving(_page(service_url)) as site:
        service = Service(client, ctx, db)
        canonical = f"{site}/story"
        asyncio.run(_load([f"{site}/story?utm_source=nobody"]))
        deadline = time.monotonic() + WAIT_S
        while 'code="key_required"' not in client.get("/metrics").text and time.monotonic() < deadline:
            time.sleep(0.1)
        assert 'rendercrawl_requests_refused_total{code="key_required"} 1.0' in client.get("/metrics").text
        assert _views(service, canonical) == [], "an origin nobody registered must store nothing"

        service.add_site("127.0.0.1")
        asyncio.run(_load([f"{site}/story?utm_source=newsletter&n={n}" for n in range(3)], without_send_beacon=2))
        _wait_for(service, canonical, 3)
        assert len(_views(service, canonical)) == 3
        with service.sessions() as session:
            page_id = find_page_id(session, canonical)
            assert page_id is not None and queue_state(session, page_id) is QueueState.QUEUED
        with service.sessions() as session:
            modified = session.execute(text("SELECT DISTINCT modified_time FROM page_views")).scalars().all()
        assert [datetime.fromisoformat(str(m)).replace(tzinfo=UTC) for m in modified] == [datetime.fromisoformat(MODIFIED)]
        metrics = client.get("/metrics").text
        assert "rendercrawl_events_accepted_total 3.0" in metrics
