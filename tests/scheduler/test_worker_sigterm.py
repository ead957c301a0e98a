"""SIGTERM to a `rendercrawl worker` with a page in flight (real Chromium, SQLite): a render that
ends within the grace period is recorded as what it was, one that does not is given back to the
queue with nothing recorded — never a `browser_crash` for a shutdown we asked for — and no
browser process outlives the worker."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from render.settings import RenderSettings
from scheduler.worker import SHUTDOWN_GRACE_S
from tests.loopback import QuietHandler, serving

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]
RENDERCRAWL = [sys.executable, "-m", "rendercrawl.cli"]
ARTICLE = "<h1>Slow news</h1>" + "<p>The slow server answered in its own time, as slow servers do.</p>" * 10


def _slow_handler(delay_s: float, asked: threading.Event) -> type[QuietHandler]:
    class Slow(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            if self.path == "/robots.txt":
                self.send_response(404)
                self.end_headers()
                return
            asked.set()
            time.sleep(delay_s)
            try:
                self.send_html(f"<!doctype html><title>Slow</title><article>{ARTICLE}</article>")
            except OSError:
                pass  # the crawler gave up on us
    return Slow


@pytest.mark.parametrize(("delay_s", "group", "recorded"), [
    (2.0, False, ["ok"]), (SHUTDOWN_GRACE_S + 30, False, []), (SHUTDOWN_GRACE_S + 30, True, [])],
    ids=["finishes-within-the-grace", "outlasts-the-grace", "whole-process-group"])
def test_sigterm_finishes_or_gives_back_the_page_in_flight(tmp_path: Path, render_settings: RenderSettings,
                                                            delay_s: float, group: bool, recorded: list[str]) -> None:
    """`group`: the signal goes to the worker's whole process group, as a service manager sends
    it, so the driver and Chromium get it too and go at once; the page in flight is given back."""
    db = tmp_path / "rc.db"
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": f"sqlite:///{db}",
           "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules, "RENDERCRAWL_CHEAP_RECRAWLS": "false"}
    asked = threading.Event()
    with serving(_slow_handler(delay_s, asked)) as base:
        url = f"{base}/story"
        subprocess.run([*RENDERCRAWL, "db", "upgrade"], env=env, check=True, capture_output=True)
        subprocess.run([*RENDERCRAWL, "push", url], env=env, check=True, capture_output=True)
        worker = subprocess.Popen([*RENDERCRAWL, "worker"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, start_new_session=group)
        try:
            assert asked.wait(60), "the worker never asked for the page"
            family = [p.pid for p in psutil.Process(worker.pid).children(recursive=True)]
            assert family, "the worker runs a browser"
            signalled = time.monotonic()
            if group:
                os.killpg(worker.pid, signal.SIGTERM)
            else:
                worker.send_signal(signal.SIGTERM)
            output = worker.communicate(timeout=SHUTDOWN_GRACE_S + 30)[0]
        finally:
            if worker.poll() is None:
                worker.kill()
        took = time.monotonic() - signalled
    assert worker.returncode == 0, output
    assert took < SHUTDOWN_GRACE_S + 10, f"stopping took {took:.1f} s"
    assert "crashed or killed" not in output
    with sqlite3.connect(db) as connection:
        outcomes = [row[0] for row in connection.execute("SELECT outcome FROM crawls ORDER BY id")]
        errors = [row[0] for row in connection.execute("SELECT error FROM crawls ORDER BY id")]
        states = [row[0] for row in connection.execute("SELECT state FROM crawl_queue")]
    assert outcomes == recorded, (output, errors)
    assert states == (["done"] if recorded else ["queued"]), "a page cut short is back in the queue"
    assert not [pid for pid in family if psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE]
    status = subprocess.run([*RENDERCRAWL, "status", "--json"], env=env, capture_output=True, text=True, check=True)
    assert json.loads(status.stdout)["queue_by_state"] == ({"done": 1} if recorded else {"queued": 1})
