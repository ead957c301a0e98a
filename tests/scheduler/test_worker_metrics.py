"""`rendercrawl worker --metrics-port N` (real Chromium, SQLite, the demo site): after one crawl
its Prometheus exposition counts the crawl by outcome, its render, extract and save times, the
analytics requests it blocked by vendor, and the browser's launches."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from demosite.server import DemoSite
from render.settings import RenderSettings
from rendercrawl.worker_metrics import _reason_kind

RENDERCRAWL = [sys.executable, "-m", "rendercrawl.cli"]
ARTICLE = "/articles/harbour-bridge.html"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _metric(text: str, name: str) -> float:
    lines = [line for line in text.splitlines() if line.startswith(name + " ") or line.startswith(name + "{")]
    assert lines, f"{name} not exposed"
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines)


def test_reason_labels_stay_bounded() -> None:
    assert _reason_kind("refused target: 10.0.0.1, a private address (allow it with allow_targets)") == "refused target"
    assert _reason_kind("net::ERR_NAME_NOT_RESOLVED: x.test does not resolve") == "net::ERR_NAME_NOT_RESOLVED"
    assert _reason_kind("site-rule") == "site-rule"
    assert _reason_kind("anything a page could make up, with http://a.test/?q=1") == "other"


@pytest.mark.browser
@pytest.mark.timeout(120)
def test_a_worker_exposes_what_it_crawled(tmp_path: Path, demo_site: DemoSite, render_settings: RenderSettings) -> None:
    db = tmp_path / "rc.db"
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": f"sqlite:///{db}",
           "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules, "RENDERCRAWL_CHEAP_RECRAWLS": "false"}
    subprocess.run([*RENDERCRAWL, "db", "upgrade"], env=env, check=True, capture_output=True)
    subprocess.run([*RENDERCRAWL, "push", demo_site.url(ARTICLE)], env=env, check=True, capture_output=True)
    port = _free_port()
    worker = subprocess.Popen([*RENDERCRAWL, "worker", "--metrics-port", str(port)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        text = ""
        while time.monotonic() < deadline:
            assert worker.poll() is None, worker.communicate()[0]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
                    text = answer.read().decode()
            except OSError:
                text = ""
            if 'rendercrawl_worker_crawls_total{outcome="ok"} 1.0' in text:
                break
            time.sleep(0.3)
    finally:
        worker.send_signal(signal.SIGTERM)
        output = worker.communicate(timeout=30)[0]
    assert 'rendercrawl_worker_crawls_total{outcome="ok"} 1.0' in text, (text, output)
    for histogram in ("render", "extract", "save"):
        assert _metric(text, f"rendercrawl_worker_{histogram}_seconds_count") == 1
        assert _metric(text, f"rendercrawl_worker_{histogram}_seconds_sum") > 0
    assert _metric(text, "rendercrawl_worker_browser_launches") >= 1
    assert 'rendercrawl_worker_blocked_requests_total{reason="denylist",vendor="google-analytics.com"}' in text
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT outcome FROM crawls").fetchall() == [("ok",)]
    assert "http://" not in "".join(line for line in text.splitlines() if not line.startswith("#")), "no URL in a label"
