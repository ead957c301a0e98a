"""End to end: `rendercrawl run` (scheduler + worker, real Chromium, SQLite) on the demo site,
fed with `rendercrawl view` events — three views crawl an article, a view whose modified_time
moved past the last crawl recrawls it, an older modified_time does not, SIGTERM exits cleanly."""

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from storage.db import make_engine
from storage.models import Crawl

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]
RENDERCRAWL = [sys.executable, "-m", "rendercrawl.cli"]


def crawls(db_url):
    engine = make_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(select(Crawl.url, Crawl.outcome, Crawl.finished_at).order_by(Crawl.id)).all()
    engine.dispose()
    return rows


def wait_for(condition, process, timeout=90.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert process.poll() is None, "rendercrawl run exited"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_run_crawls_viewed_pages_and_recrawls_when_modified_time_moves(demo_site, render_settings, tmp_path: Path):
    db_url = f"sqlite:///{tmp_path / 'rc.db'}"
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": db_url, "RENDERCRAWL_IDLE_POLL_SECONDS": "0.2",
           "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules, "RENDERCRAWL_SETTLE_CAP_MS": "3000",
           "RENDERCRAWL_HOST_MIN_DELAY_MS": "0"}

    def rc(*args):
        return subprocess.run([*RENDERCRAWL, *args], env=env, capture_output=True, text=True, timeout=60)

    assert rc("db", "upgrade").returncode == 0
    article = demo_site.url("/articles/harbour-bridge.html")
    run = subprocess.Popen([*RENDERCRAWL, "run"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        now = datetime.now(UTC)
        for minutes in (3, 2, 1):
            assert rc("view", article, "--time", (now - timedelta(minutes=minutes)).isoformat()).returncode == 0
        wait_for(lambda: len(crawls(db_url)) == 1, run)
        first = crawls(db_url)[0]
        assert first.outcome == "ok"

        older = (first.finished_at - timedelta(hours=1)).isoformat()
        assert json.loads(rc("view", article, "--modified-time", older, "--json").stdout)["queued"] is None
        moved = datetime.now(UTC).isoformat()
        assert json.loads(rc("view", article, "--modified-time", moved, "--json").stdout)["queued"] == "modified"
        wait_for(lambda: json.loads(rc("status", "--json").stdout)["queue_by_state"] == {"done": 1}, run)
        assert [c.outcome for c in crawls(db_url)] == ["ok", "ok"], "the older modified_time queued nothing"
    finally:
        run.send_signal(signal.SIGTERM)
        output = run.communicate(timeout=60)[0]
    assert run.returncode == 0, output
    assert "worker stopped" in output
    assert "crashed or killed" not in output, "a shutdown we asked for is no crash"
