"""Four worker processes on one database: every page crawled exactly once per due time, and
a worker killed with SIGKILL mid-crawl loses nothing — its pages come back when their leases
expire and the others crawl them. The crawl is `RecordingFakeCrawl` (no browser); the queue,
the leases, the worker and the processes are the real ones."""

import os
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from scheduler_fakes import read_log
from storage import queue
from storage.models import Crawl, Page, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason
from storage.types import utc_now

PAGES = 300
HOSTS = 10
HOST_MAX_CONCURRENT = 3
LEASE_S = 4
RENEW_S = 1
WORKER_SCRIPT = Path(__file__).with_name("fake_worker_process.py")
ENV = {
    "RENDERCRAWL_LEASE_SECONDS": str(LEASE_S), "RENDERCRAWL_LEASE_RENEW_SECONDS": str(RENEW_S),
    "RENDERCRAWL_IDLE_POLL_SECONDS": "0.05", "RENDERCRAWL_REAP_EVERY_SECONDS": "0.5",
    "RENDERCRAWL_WORKER_CONCURRENCY": "4", "RENDERCRAWL_HOST_MAX_CONCURRENT": str(HOST_MAX_CONCURRENT),
    "RENDERCRAWL_HOST_MIN_DELAY_MS": "0",
}
URLS = [f"http://site{i % HOSTS}.test/story/{i}" for i in range(PAGES)]

pytestmark = pytest.mark.timeout(180)


def seed(sessions, reason, due):
    with write_transaction(sessions) as session:
        for url in URLS:
            queue.enqueue(session, ensure_page(session, url, utc_now()), reason, due, utc_now())


def start_worker(db_url, log_path, *extra):
    return subprocess.Popen([sys.executable, str(WORKER_SCRIPT), db_url, str(log_path), *extra],
                            env={**os.environ, **ENV})


def wait_until(condition, timeout=90.0, what="condition", processes=()):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        assert all(p.poll() is None for p in processes), f"a worker exited while waiting for {what}"
        time.sleep(0.1)


def states(sessions):
    with sessions() as session:
        return dict(session.execute(select(QueueEntry.state, func.count()).group_by(QueueEntry.state)).all())


def all_done(sessions):
    return lambda: states(sessions) == {"done": PAGES}


def stop_all(processes):
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    return [process.wait(timeout=30) for process in processes]


def max_overlap_per_host(rows):
    """The most crawls of one host in flight at once, from the start/end log."""
    events = defaultdict(list)
    for event, url, _pid, at in rows:
        events[url.split("/")[2]].append((at, 1 if event == "start" else -1))
    worst = 0
    for host_events in events.values():
        level = 0
        for _at, step in sorted(host_events, key=lambda e: (e[0], e[1])):
            level += step
            worst = max(worst, level)
    return worst


def crawl_counts(sessions):
    with sessions() as session:
        return dict(session.execute(select(Page.url, func.count(Crawl.id)).join(Crawl, Crawl.page_id == Page.id)
                                    .group_by(Page.url)).all())


def test_four_workers_crawl_every_page_exactly_once_per_due_time(db_url, sessions, tmp_path):
    log = tmp_path / "crawls.log"
    seed(sessions, Reason.NEW, utc_now() + timedelta(seconds=3))  # due once every worker is up
    workers = [start_worker(db_url, log, "--seconds", "0.05") for _ in range(4)]
    try:
        wait_until(all_done(sessions), what="first round", processes=workers)
        seed(sessions, Reason.SCHEDULED, utc_now())  # the next due time of every page
        wait_until(lambda: states(sessions).get("done") == PAGES and len(read_log(log)) == 4 * PAGES,
                   what="second round", processes=workers)
    finally:
        codes = stop_all(workers)
    assert codes == [0, 0, 0, 0]
    rows = read_log(log)
    ends = Counter(url for event, url, *_ in rows if event == "end")
    assert set(ends) == set(URLS) and set(ends.values()) == {2}
    assert set(crawl_counts(sessions).values()) == {2}
    assert len({pid for *_, pid, _at in rows}) == 4, "every worker took part"
    assert max_overlap_per_host(rows) <= HOST_MAX_CONCURRENT


def test_killed_worker_loses_nothing_and_duplicates_nothing(db_url, sessions, tmp_path):
    log = tmp_path / "crawls.log"
    seed(sessions, Reason.NEW, utc_now() + timedelta(seconds=3))
    victim = start_worker(db_url, log, "--hang")  # claims pages, never finishes them
    others = [start_worker(db_url, log, "--seconds", "0.1") for _ in range(3)]
    try:
        def victim_leases():
            with sessions() as session:
                return session.execute(select(Page.url).join(QueueEntry, QueueEntry.page_id == Page.id).where(
                    QueueEntry.state == "leased", QueueEntry.lease_owner.like(f"%:{victim.pid}/%"))).scalars().all()
        def victim_started_all() -> bool:  # leased, and its crawl began (logged): on a loaded machine the two are apart
            leased = victim_leases()
            started = {u for event, u, pid, _ in read_log(log) if event == "start" and pid == victim.pid}
            return len(leased) == 4 and set(leased) <= started
        wait_until(victim_started_all, what="the victim's leases", processes=[victim, *others])
        with sessions() as session:
            expiries = dict(session.execute(select(Page.url, QueueEntry.lease_expires_at).join(
                QueueEntry, QueueEntry.page_id == Page.id).where(QueueEntry.lease_owner.like(f"%:{victim.pid}/%"))).all())
        victim.send_signal(signal.SIGKILL)
        wall_to_monotonic = time.monotonic() - time.time()
        assert victim.wait(timeout=10) == -signal.SIGKILL
        wait_until(all_done(sessions), what="recovery", processes=others)
    finally:
        codes = stop_all(others)
    assert codes == [0, 0, 0]
    rows = read_log(log)
    ends = Counter(url for event, url, *_ in rows if event == "end")
    assert set(ends) == set(URLS) and set(ends.values()) == {1}, "nothing lost, nothing crawled twice"
    assert set(crawl_counts(sessions).values()) == {1}
    assert len(expiries) == 4
    for url, expires_at in expiries.items():
        victim_started = [at for event, u, pid, at in rows if u == url and pid == victim.pid and event == "start"]
        taken_over = [(pid, at) for event, u, pid, at in rows if u == url and event == "start" and pid != victim.pid]
        assert victim_started and len(taken_over) == 1, (url, rows)
        # The lease could only have been renewed after it was read, so it expired no earlier.
        expired = expires_at.timestamp() + wall_to_monotonic
        assert taken_over[0][1] >= expired - 0.05, "taken over only after the lease expired"
