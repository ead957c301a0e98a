"""`rendercrawl demo --serve`: a day of page views of the demo site goes through the HTTP
service, and exactly the pages the policy queues on those views (3 within 6 hours) are
crawled — real Chromium, SQLite."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from render.settings import RenderSettings
from rendercrawl.cli import main
from rendercrawl.demo_serve import REPLAY_SEED, REPLAY_VIEWS, demo_pages, view_stream
from scheduler.policy import ViewRule, first_crawl_due
from storage.db import make_engine
from storage.models import Crawl, PageView
from storage.types import utc_now

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

BASE = "http://BASE"
"""Stands for the demo site's address, which the run picks."""


def _policy_queues() -> set[str]:
    """The pages (as paths) the view rule queues on the demo's stream: its times relative to
    each other decide, not the day it is replayed."""
    times: dict[str, list[datetime]] = {}
    for event in view_stream(demo_pages(BASE), REPLAY_VIEWS, REPLAY_SEED, utc_now()):
        times.setdefault(event["url"].removeprefix(BASE), []).append(datetime.fromisoformat(event["time"]))
    return {path for path, seen in times.items() if first_crawl_due(seen, ViewRule()) is not None}


def test_views_through_the_service_crawl_exactly_the_pages_the_policy_queues(
        tmp_path: Path, render_settings: RenderSettings) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    env = {"RENDERCRAWL_DATABASE_URL": url, "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules}
    result = CliRunner().invoke(main, ["demo", "--serve"], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert f"answers {{202: {REPLAY_VIEWS}}}" in result.output
    engine = make_engine(url)
    with engine.connect() as connection:
        stored = connection.execute(select(PageView.id)).all()
        crawled = connection.execute(select(Crawl.url, Crawl.outcome)).all()
    engine.dispose()
    want = _policy_queues()
    assert 0 < len(want) < len(demo_pages(BASE))  # the stream shows both answers
    assert len(stored) == REPLAY_VIEWS
    assert {urlsplit(row.url).path for row in crawled} == want
    assert {row.outcome for row in crawled} == {"ok"}
    assert f"{len(want)} pages crawled" in result.output
