"""End to end, in real time: `rendercrawl run` (scheduler + worker, real Chromium, SQLite) on
the demo site with a crawl budget far larger than the site — the budget would recrawl every
page on every run of its job — and the site's floor is what holds each page back."""

import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from scheduler.events import record_view
from storage.db import make_engine, session_factory
from storage.models import Crawl
from storage.queue import write_transaction

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]
RENDERCRAWL = [sys.executable, "-m", "rendercrawl.cli"]
FLOOR = timedelta(seconds=6)
RUN_FOR_S = 40


def crawls(db_url: str) -> list:
    engine = make_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(select(Crawl.url, Crawl.started_at, Crawl.finished_at, Crawl.outcome)
                                  .order_by(Crawl.started_at)).all()
    engine.dispose()
    return rows


def test_a_budgeted_site_is_never_recrawled_more_often_than_its_floor(demo_site, render_settings, tmp_path: Path):
    db_url = f"sqlite:///{tmp_path / 'rc.db'}"
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": db_url, "RENDERCRAWL_IDLE_POLL_SECONDS": "0.2",
           "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules, "RENDERCRAWL_SETTLE_CAP_MS": "2000",
           "RENDERCRAWL_HOST_MIN_DELAY_MS": "0", "RENDERCRAWL_BUDGET_EVERY_SECONDS": "1"}

    def rc(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*RENDERCRAWL, *args], env=env, capture_output=True, text=True, timeout=60)

    assert rc("db", "upgrade").returncode == 0
    host = demo_site.url("/").split("/")[2].split(":")[0]
    added = rc("sites", "add", host, "--budget", "36000", "--min-recrawl", f"{FLOOR.total_seconds():g}s")
    assert added.returncode == 0, added.stderr
    pages = [demo_site.url("/articles/harbour-bridge.html"), demo_site.url("/")]
    run = subprocess.Popen([*RENDERCRAWL, "run"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        now = datetime.now(UTC)
        for page in pages:
            for minutes in (3, 2, 1):
                assert rc("view", page, "--time", (now - timedelta(minutes=minutes)).isoformat()).returncode == 0
        sessions = session_factory(make_engine(db_url))
        deadline = time.monotonic() + RUN_FOR_S
        while time.monotonic() < deadline:  # readers keep coming: every page stays wanted
            assert run.poll() is None, "rendercrawl run exited"
            with write_transaction(sessions) as session:
                for page in pages:
                    record_view(session, page, datetime.now(UTC), None, datetime.now(UTC), targets=render_settings.targets)
            time.sleep(0.5)
    finally:
        run.send_signal(signal.SIGTERM)
        output = run.communicate(timeout=60)[0]
    assert run.returncode == 0, output
    by_page = defaultdict(list)
    for row in crawls(db_url):
        by_page[row.url].append(row)
    assert set(by_page) == set(pages), output
    for url, rows in by_page.items():
        assert len(rows) >= 3, f"{url}: the budget bought only {len(rows) - 1} recrawls in {RUN_FOR_S} s"
        for before, after in zip(rows, rows[1:], strict=False):
            assert after.started_at - before.finished_at >= FLOOR, f"{url} recrawled within its floor"
