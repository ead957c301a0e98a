"""A PostgreSQL restart under a running worker: every connection the worker holds is cut, as a
server restart cuts them (`pg_terminate_backend` on the worker's connections only, so other
tests' connections live on). The worker must keep going — no crashed slot, no lost page — and
every page ends up crawled and settled."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session, sessionmaker

from scheduler.settings import SchedulerSettings
from scheduler.worker import Worker
from scheduler_fakes import RecordingFakeCrawl, read_log
from storage import queue
from storage.db import make_engine, session_factory
from storage.models import Page, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason

APPLICATION = "rc-restart-test"
"""The worker's connections carry this name, so the test cuts exactly those."""
FAST = dict(lease_seconds=10, lease_renew_seconds=0.2, idle_poll_seconds=0.05, host_max_concurrent=50,
            host_min_delay_ms=0, worker_concurrency=3)
"""Leases renew every 0.2 s; 10 s of lease rides out the event-loop stalls of a loaded 2-core
machine (at 3 s a lease expired mid-crawl there and the page was settled by its next claim)."""
CUT_AFTER_ENDS = (5, 15)
"""Crawls finished before the first and the second cut."""
TIMEOUT_S = 90.0


def _cut_worker_connections(admin: Engine) -> int:
    with admin.begin() as connection:
        return int(connection.execute(
            text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :app"),
            {"app": APPLICATION}).scalar_one())


def _states(observer: sessionmaker[Session]) -> dict[str, str]:
    with observer() as session:
        return dict(session.execute(select(Page.url, QueueEntry.state).join(QueueEntry, QueueEntry.page_id == Page.id)).all())


def test_worker_keeps_crawling_when_its_database_connections_are_cut(pg_url: str, tmp_path: Path) -> None:
    worker_engine = make_engine(pg_url, connect_args={"application_name": APPLICATION})
    admin = make_engine(pg_url)
    sessions, observer = session_factory(worker_engine), session_factory(admin)
    urls = [f"http://site{i % 3}.test/restart/{i}" for i in range(30)]
    now = datetime.now(UTC)
    with write_transaction(observer) as session:
        for url in urls:
            queue.enqueue(session, ensure_page(session, url, now), Reason.NEW, now, now)
    log = tmp_path / "log"
    worker = Worker(sessions, RecordingFakeCrawl(sessions, log, seconds=0.05), SchedulerSettings(**FAST),
                    name="w", random=lambda: 0.5)

    async def scenario() -> list[int]:
        stop = asyncio.Event()
        running = asyncio.create_task(worker.run(stop))
        cut: list[int] = []
        deadline = asyncio.get_running_loop().time() + TIMEOUT_S
        while True:
            states = await asyncio.to_thread(_states, observer)
            if all(state == "done" for state in states.values()):
                break
            assert not running.done(), f"the worker stopped: {running.exception() if not running.cancelled() else 'cancelled'}"
            assert asyncio.get_running_loop().time() < deadline, f"not all pages settled: {states}"
            ends = sum(1 for event, *_ in read_log(log) if event == "end")
            if len(cut) < len(CUT_AFTER_ENDS) and ends >= CUT_AFTER_ENDS[len(cut)]:
                cut.append(await asyncio.to_thread(_cut_worker_connections, admin))
            await asyncio.sleep(0.05)
        stop.set()
        await running
        return cut

    try:
        cut = asyncio.run(scenario())
    finally:
        worker_engine.dispose()
        admin.dispose()
    assert len(cut) == 2 and all(n >= 1 for n in cut), f"connections cut per restart: {cut}"
    crawled = {url for event, url, *_ in read_log(log) if event == "end"}
    assert crawled == set(urls)
    # Only a crawl caught mid-transaction by a cut can fail (and is retried, not lost).
    assert sum(worker.stats.settled.values()) >= len(urls)
    assert worker.stats.settled.get("retry", 0) <= len(cut) * FAST["worker_concurrency"]



def test_a_session_after_a_restart_gets_a_live_connection_on_its_first_try(pg_url: str) -> None:
    engine = make_engine(pg_url, connect_args={"application_name": APPLICATION})
    admin = make_engine(pg_url)
    try:
        with engine.connect() as connection:  # leaves one connection idle in the pool
            connection.execute(text("SELECT 1"))
        assert _cut_worker_connections(admin) >= 1
        with session_factory(engine)() as session:  # without the pool's ping: "server closed the connection"
            assert session.execute(text("SELECT 1")).scalar_one() == 1
    finally:
        engine.dispose()
        admin.dispose()
