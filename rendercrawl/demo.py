"""`rendercrawl demo`: the whole pipeline on the bundled demo site, on loopback.

The analytics hosts the demo pages load are mapped to a connection logger on loopback, so the
demo shows both that they were blocked and that nothing reached their stand-in server.
"""

from __future__ import annotations

import asyncio
import errno
import time
from dataclasses import replace
from datetime import UTC, datetime

import click

from demosite.server import ConnectionLogger, DemoSite
from extraction.links import same_site_links
from render.settings import RenderSettings
from rendercrawl.crawl import open_crawler
from rendercrawl.tables import format_table
from scheduler.settings import SchedulerSettings
from scheduler.worker import Crawled
from storage.db import Sessions, make_engine, session_factory
from storage.migrate import upgrade
from storage.queries import BY_NAME
from storage.repository import list_profiles
from storage.settings import StorageSettings

DEMO_PORT = 8710
"""A fixed port, so a second `make demo` crawls the same URLs and updates the same rows."""

DEMO_CONCURRENCY = 2
"""Pages rendered at once: Chromium is CPU-bound at two pages on two cores."""

ANALYTICS_HOSTS = ("www.google-analytics.com", "www.googletagmanager.com")
"""Third-party hosts the demo pages load; mapped to the logger so a leak would be seen."""

DEMO_ALLOWED_TARGETS = ("127.0.0.1/32",)
"""The demo site is served on loopback, which crawls refuse by default: the demo allows it."""

DEMO_QUERY = "not_recommendable_or_expired"
"""The README query the demo runs: it has answers on the demo site (its front page and an
article marked `recs:recommendable=false`)."""


def run_demo(storage: StorageSettings, render: RenderSettings, port: int, serve: bool = False) -> None:
    """Crawl the demo site from its front page; with `serve`, replay page views of it through
    the service instead and crawl what they queued (`rendercrawl.demo_serve`)."""
    started = time.perf_counter()
    upgrade(storage.database_url)
    engine = make_engine(storage.database_url)
    sessions = session_factory(engine)
    with _serve(port) as site, ConnectionLogger() as logger:
        rules = ", ".join(f"MAP {host} 127.0.0.1:{logger.port}" for host in ANALYTICS_HOSTS)
        settings = render.model_copy(update={"resolver_rules": ", ".join(filter(None, [render.resolver_rules, rules])),
                                             "allow_targets": [*render.allow_targets, *DEMO_ALLOWED_TARGETS]})
        click.echo(f"demo site at {site.base_url}; crawling into {storage.database_url}")
        if serve:
            from rendercrawl.demo_serve import run_served_demo

            results = run_served_demo(engine, sessions, storage.database_url, settings, site.base_url)
        else:
            results = asyncio.run(crawl_site(settings, sessions, site.url("/")))
        leaked = len(logger.connections)
    failed = [r for r in results if not r.ok]
    with sessions() as session:
        crawled = {r.attempt.url for r in results}
        rows = [r for r in list_profiles(session) if r.url in crawled]
        query = replace(BY_NAME[DEMO_QUERY], example={"now": datetime.now(UTC)})
        result = session.execute(query.statement(), query.example)
        query_columns, query_rows = list(result.keys()), [list(r) for r in result]
    click.echo()
    click.echo(format_table(
        ["url", "class", "title", "authors", "published", "words", "image", "blocked"],
        [[r.url.removeprefix(site.base_url), r.page_class, r.title, ", ".join(r.authors),
          r.published_at.strftime("%Y-%m-%d %H:%M") if r.published_at else "",
          r.word_count, _image(r), r.blocked_requests] for r in rows], max_cell=34))
    for r in failed:
        click.echo(f"failed: {r.attempt.url}: {r.attempt.outcome} {r.attempt.error or ''}")
    click.echo(f"\nanalytics connections that reached the loopback stand-in: {leaked}")
    click.echo(f"\n{query.question} (README, \"Querying profiles\"):\n\n{query.with_literals()}\n")
    click.echo(format_table(query_columns, query_rows, max_cell=60))
    click.echo(f"\n{len(results)} pages crawled in {time.perf_counter() - started:.1f} s")


async def crawl_site(settings: RenderSettings, sessions: Sessions, front_page: str,
                     scheduler: SchedulerSettings | None = None) -> list[Crawled]:
    """Crawl a front page and every same-site page it links to, two at a time, through the
    worker's one crawl path (`Worker.crawl_now`)."""
    async with open_crawler(sessions, scheduler or SchedulerSettings(), settings, name="demo") as worker:
        front = await worker.crawl_now(front_page)
        page = front.result.page if front.result is not None else None
        links = same_site_links(page) if page is not None else ()
        gate = asyncio.Semaphore(DEMO_CONCURRENCY)

        async def one(url: str) -> Crawled:
            async with gate:
                return await worker.crawl_now(url)

        return [front, *await asyncio.gather(*(one(u) for u in links))]


def _serve(port: int) -> DemoSite:
    """The demo site on `port` (default: the fixed demo port, or any free one if it is taken)."""
    try:
        return DemoSite(port or DEMO_PORT)
    except OSError as error:
        if port or error.errno != errno.EADDRINUSE:
            raise
        return DemoSite(0)


def _image(row) -> str:
    if not row.image_url:
        return ""
    size = f" {row.image_width}x{row.image_height}" if row.image_width else ""
    return row.image_url.rsplit("/", 1)[-1] + size
