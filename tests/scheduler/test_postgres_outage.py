"""An 8 s PostgreSQL outage under a running worker: a throwaway server of our own (never the
machine's shared one) is stopped and started again while the worker crawls. The worker rides
it out — it keeps running, backs off, leaves the leases it cannot settle to expire — and when
the server is back every page ends up crawled and settled, none lost."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from scheduler.settings import SchedulerSettings
from scheduler.worker import Worker
from scheduler_fakes import RecordingFakeCrawl, read_log
from storage import queue
from storage.db import make_engine, session_factory, upgrade
from storage.models import Page, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason

OUTAGE_S = 8.0
FAST = dict(lease_seconds=2, lease_renew_seconds=0.2, idle_poll_seconds=0.05, host_max_concurrent=50,
            host_min_delay_ms=0, worker_concurrency=3, reap_every_seconds=0.5)
PAGES = 30
STOP_AFTER_ENDS = 8
TIMEOUT_S = 120.0

pytestmark = pytest.mark.timeout(240)


class ThrowawayServer:
    """A PostgreSQL cluster in a temporary directory, on a free loopback port, run as the
    `postgres` user when we are root (the server refuses to run as root)."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.data = Path(tempfile.mkdtemp(prefix="rc-pg-"))
        self.port = _free_port()
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.data / "log"), "-o",
                  f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "fast", "stop")

    def remove(self) -> None:
        subprocess.run(self._as_postgres("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop"),
                       capture_output=True, check=False)
        shutil.rmtree(self.data, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(self._as_postgres(program, *args), check=True, capture_output=True, timeout=60)

    def _as_postgres(self, program: str, *args: str) -> list[str]:
        command = [str(self.bin_dir / program), *args]
        return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture()
def throwaway_server() -> Iterator[ThrowawayServer]:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("no PostgreSQL server binaries (initdb) under /usr/lib/postgresql to run a throwaway server")
    server = ThrowawayServer(Path(found[-1]).parent)
    server.start()
    try:
        yield server
    finally:
        server.remove()


def test_a_worker_rides_out_an_8_s_outage_and_loses_no_page(throwaway_server: ThrowawayServer, tmp_path: Path) -> None:
    upgrade(throwaway_server.url)
    engine = make_engine(throwaway_server.url)
    sessions = session_factory(engine)
    urls = [f"http://site{i % 3}.test/outage/{i}" for i in range(PAGES)]
    now = datetime.now(UTC)
    with write_transaction(sessions) as session:
        for url in urls:
            queue.enqueue(session, ensure_page(session, url, now), Reason.NEW, now, now)
    log = tmp_path / "log"
    worker = Worker(sessions, RecordingFakeCrawl(sessions, log, seconds=0.05), SchedulerSettings(**FAST), name="w")

    def states() -> dict[str, str]:
        with sessions() as session:
            return dict(session.execute(select(Page.url, QueueEntry.state).join(QueueEntry, QueueEntry.page_id == Page.id)).all())

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        running = asyncio.create_task(worker.run(stop))
        deadline = loop.time() + TIMEOUT_S
        while sum(1 for event, *_ in read_log(log) if event == "end") < STOP_AFTER_ENDS:
            assert loop.time() < deadline and not running.done(), "the worker did not get going"
            await asyncio.sleep(0.05)
        await asyncio.to_thread(throwaway_server.stop)
        outage_ends = loop.time() + OUTAGE_S
        while loop.time() < outage_ends:
            assert not running.done(), f"the worker died in the outage: {running.exception()}"
            await asyncio.sleep(0.2)
        await asyncio.to_thread(throwaway_server.start)
        while True:
            assert not running.done(), f"the worker died: {running.exception()}"
            assert loop.time() < deadline, "not every page was settled after the outage"
            try:
                found = await asyncio.to_thread(states)
            except Exception:  # the pool may still hand out a connection from before the restart
                found = {}
            if len(found) == PAGES and all(state == "done" for state in found.values()):
                break
            await asyncio.sleep(0.2)
        stop.set()
        await running

    try:
        asyncio.run(scenario())
    finally:
        engine.dispose()
    crawled = {url for event, url, *_ in read_log(log) if event == "end"}
    assert crawled == set(urls)
