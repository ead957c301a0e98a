"""End to end on real parts: Chromium renders the demo site, extraction profiles it, SQLite
(schema from the Alembic migrations) stores it; assertions read the stored rows."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from demosite.server import ConnectionLogger, DemoSite
from render.settings import RenderSettings
from rendercrawl.crawl import CrawlResult
from rendercrawl.demo import crawl_site
from storage.db import make_engine, session_factory
from storage.migrate import upgrade
from storage.repository import load_profile

ARTICLE = "/articles/harbour-bridge.html"
TIMER_AUTHOR = "Ingrid Timerson"
"""Set only by a `tp.push` in a 300 ms timer: absent from the static HTML's metadata."""


@pytest.fixture(scope="module")
def crawled(tmp_path_factory: pytest.TempPathFactory, render_settings: RenderSettings,
            demo_site: DemoSite) -> tuple[Engine, list[CrawlResult]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'e2e.db'}"
    upgrade(url)
    engine = make_engine(url)
    results = asyncio.run(crawl_site(render_settings, session_factory(engine), demo_site.url("/")))
    return engine, results


def test_front_page_and_every_linked_article_are_stored(crawled, demo_site: DemoSite) -> None:
    engine, results = crawled
    with engine.connect() as conn:
        urls = set(conn.execute(text("SELECT url FROM pages")).scalars())
        articles = conn.execute(text("SELECT count(*) FROM profiles WHERE page_class = 'article'")).scalar()
    assert demo_site.url("/") in urls and demo_site.url(ARTICLE) in urls
    assert articles >= 6
    assert all(r.ok for r in results), [(r.attempt.url, r.attempt.outcome) for r in results if not r.ok]


def test_author_set_by_a_timer_is_stored(crawled, demo_site: DemoSite) -> None:
    engine, _ = crawled
    with engine.connect() as conn:
        authors = conn.execute(text(
            "SELECT a.name FROM profile_authors a JOIN pages p ON p.id = a.page_id WHERE p.url = :u"),
            {"u": demo_site.url(ARTICLE)}).scalars().all()
    assert TIMER_AUTHOR in authors


def test_image_without_size_attributes_is_stored_with_its_real_size(crawled, demo_site: DemoSite) -> None:
    engine, _ = crawled
    with engine.connect() as conn:
        row = conn.execute(text(
            "SELECT pr.image_url, pr.image_width, pr.image_height FROM profiles pr "
            "JOIN pages p ON p.id = pr.page_id WHERE p.url = :u"), {"u": demo_site.url(ARTICLE)}).one()
    assert row.image_url.endswith("/images/harbour-bridge.svg")
    assert (row.image_width, row.image_height) == (1200, 675)


def test_analytics_requests_were_blocked_and_never_reached_a_server(
        crawled, analytics_logger: ConnectionLogger) -> None:
    engine, _ = crawled
    with engine.connect() as conn:
        blocked = conn.execute(text(
            "SELECT min(blocked_requests) FROM crawls WHERE url LIKE '%/articles/%'")).scalar()
    assert blocked >= 2  # google-analytics.com and googletagmanager.com on every article
    assert analytics_logger.connections == []


@pytest.mark.parametrize("chrome", ["Most read", "We use cookies", "All rights reserved", "Related articles"])
def test_page_chrome_is_not_in_the_body(crawled, demo_site: DemoSite, chrome: str) -> None:
    engine, _ = crawled
    with session_factory(engine)() as session:
        profile = load_profile(session, demo_site.url(ARTICLE))
    assert profile is not None and profile.word_count > 200
    assert chrome not in profile.body
