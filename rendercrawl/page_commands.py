"""Commands about single pages: `crawl`, `profile`, `page`, `extract`, `doctor` and `demo`.

Settings are read once per command, here, and passed down; nothing below reads the
environment on its own.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import click

from render.chromium import ChromiumNotFound
from render.settings import RenderSettings
from rendercrawl.console import fail, open_database, print_profile
from scheduler.settings import SchedulerSettings
from scheduler.sites import site_of_url
from scheduler.worker import Crawled, PageBusy
from storage.db import session_factory
from storage.pages import page_anchor
from storage.queue import LeaseLost
from storage.records import Outcome
from storage.settings import StorageSettings
from values.urls import InvalidUrl


@click.command()
@click.argument("url")
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON.")
def crawl(url: str, as_json: bool) -> None:
    """Render URL, extract its profile, store it, and print it — the worker's crawl of one page
    (site settings, robots.txt, canonical merge), done now."""
    from rendercrawl.crawl import CrawlResult, open_crawler

    storage = StorageSettings()
    engine = open_database(storage.database_url)

    async def run() -> Crawled:
        async with open_crawler(session_factory(engine), SchedulerSettings(), RenderSettings(), storage.keep_snapshots,
                                name="crawl") as worker:
            return await worker.crawl_now(url)

    try:
        crawled = _run_browser(run())
    except (InvalidUrl, PageBusy, LeaseLost) as error:
        fail(str(error))
    attempt = crawled.attempt
    profile = crawled.result.profile if isinstance(crawled.result, CrawlResult) else None
    if profile is None:
        fail(f"{url}: {attempt.outcome}: {attempt.error or attempt.http_status or ''}".rstrip(": "))
    print_profile(profile, as_json)
    if attempt.outcome is not Outcome.OK:
        fail(f"{url}: {attempt.outcome}")


@click.command()
@click.argument("url")
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON.")
@click.option("--explain", is_flag=True,
              help="Per field: the chosen source, the candidates that lost and why, the rejections.")
def profile(url: str, as_json: bool, explain: bool) -> None:
    """Print the stored profile of URL."""
    from extraction.fieldexplain import explain_profile
    from storage.pages import find_page_id
    from storage.repository import load_profile, load_snapshot

    engine = open_database(StorageSettings().database_url)
    with session_factory(engine)() as session:
        try:
            resolved = site_of_url(session, url, RenderSettings())[0]
        except InvalidUrl as error:
            fail(str(error))
        found = load_profile(session, resolved)
        page_id = find_page_id(session, resolved) if explain and found is not None else None
        snapshot = load_snapshot(session, page_id) if page_id is not None else None
    if found is None:
        fail(f"no stored profile for {url}")
    print_profile(found, as_json)
    if explain:
        click.echo("\n".join(["", *explain_profile(found, snapshot)]))


@click.command("page")
@click.argument("url")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def page(url: str, as_json: bool) -> None:
    """The schedule of URL: how often it changes, when it is next due, and its latest crawls."""
    from rendercrawl.tables import format_table
    from scheduler.budget import expected_due
    from storage.page_history import page_crawls
    from storage.page_lists import page_state
    from storage.pages import find_page_id
    from storage.sites import load_site

    with session_factory(open_database(StorageSettings().database_url))() as session:
        try:
            resolved, site = site_of_url(session, url, RenderSettings())
        except InvalidUrl as error:
            fail(str(error))
        page_id = find_page_id(session, resolved)
        state = page_state(session, page_id) if page_id is not None else None
        if page_id is None or state is None:
            fail(f"no page {resolved}")
        crawls = page_crawls(session, page_id, PAGE_CRAWLS_SHOWN)
        row = load_site(session, site.host)
        anchor = page_anchor(session, page_id)
    expected = None
    if (row is not None and row.crawl_budget_per_hour is not None and row.budget_threshold is not None
            and state.change_rate_per_day is not None and anchor is not None and state.last_crawled_at is not None):
        rule = site.recrawl_rule(SchedulerSettings().recrawl_rule())
        expected = expected_due(state.change_rate_per_day, anchor, state.last_crawled_at, row.budget_threshold, rule)
    data = {"url": state.url, "crawl_state": state.crawl_state.value, "last_crawled_at": state.last_crawled_at,
            "change_rate_per_day": state.change_rate_per_day, "next_crawl_at": state.next_crawl_at,
            "budget_per_hour": row.crawl_budget_per_hour if row else None, "expected_by_budget_at": expected,
            "crawls": [{"started_at": c.started_at, "outcome": c.outcome.value, "content_changed": c.content_changed}
                       for c in crawls]}
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))
        return
    rate = state.change_rate_per_day
    rows = [["url", state.url], ["state", state.crawl_state.value], ["last crawled", _when(state.last_crawled_at)],
            ["change rate", "-" if rate is None else f"{rate:.3g} changes/day"],
            ["next due", _when(state.next_crawl_at) + (" (at the latest; the budget buys it sooner)" if expected else "")]]
    if expected is not None:
        rows.append(["expected", f"{_when(expected)} (when its gain reaches the budget's last bought one)"])
    rows += [[f"  {_when(c.started_at)}", f"{c.outcome}" + {True: ", changed", False: ", unchanged", None: ""}[c.content_changed]]
             for c in crawls]
    click.echo(format_table(["", ""], rows))


PAGE_CRAWLS_SHOWN = 10
"""Latest crawls `rendercrawl page` lists with whether each found new content."""


def _when(at: Any) -> str:
    return "-" if at is None else f"{at:%Y-%m-%d %H:%M:%S}Z"


@click.command()
@click.option("--install", is_flag=True, help="Install Chromium if none is found.")
def doctor(install: bool) -> None:
    """Say which Chromium will be used (and install one with --install)."""
    from render.chromium import ensure_chromium, find_chromium

    try:
        path = ensure_chromium(RenderSettings().chromium) if install else find_chromium(RenderSettings().chromium)
    except ChromiumNotFound as error:
        fail(str(error))
    click.echo(f"chromium: {path}")


@click.command()
@click.option("--port", default=0, show_default="a free port", help="Port of the demo site on 127.0.0.1.")
@click.option("--serve", is_flag=True, help="Replay a day of page views of the site through the HTTP service, "
                                            "then crawl what they queued.")
def demo(port: int, serve: bool) -> None:
    """Serve the bundled demo site on loopback, crawl it, store and summarise the profiles."""
    from rendercrawl.demo import run_demo

    run_demo(StorageSettings(), RenderSettings(), port, serve)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--url", "original_url", help="The page's original URL (links, the title/domain rule).")
@click.option("--static", is_flag=True, help="Parse the HTML without a browser (no layout, no scripts).")
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write DIR/<name>.json per input instead of printing.")
@click.option("--explain", is_flag=True, help="Show how the main text was chosen.")
def extract(paths: tuple[str, ...], original_url: str | None, static: bool, as_json: bool,
            out_dir: Path | None, explain: bool) -> None:
    """Extract profiles from saved HTML files (.html, .html.gz, directories) or one URL."""
    from rendercrawl.extract_command import run_extract

    run_extract(paths, original_url, static, as_json, out_dir, explain, RenderSettings())


def _run_browser(coro: Any) -> Any:
    try:
        return asyncio.run(coro)
    except ChromiumNotFound as error:
        fail(str(error))
