"""The queue worker: claim → crawl → settle, in N concurrent slots of one process.

The crawl itself is an injected coroutine function `url -> result with .attempt`
(production: `scheduler.pipeline.crawl_url` bound to a renderer and sessions, which renders,
extracts and saves); this module only owns leases. While a crawl runs, its lease is renewed;
if the lease is lost anyway (the process stalled past expiry and another worker took the page),
the crawl is cancelled and nothing is settled. On stop (SIGTERM), slots claim nothing more,
in-flight crawls get a grace period to finish, and the rest are cancelled and released so
other workers take them at once instead of after the lease expires.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random as random_module
import signal
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from scheduler import queue
from scheduler.freshness import CheapRecrawls
from scheduler.queue import Lease, LeaseLost, write_transaction
from scheduler.robots import RobotsCache
from scheduler.settings import SchedulerSettings
from scheduler.settle import Settled, settle
from storage.models import Site
from storage.records import CrawlAttempt, Outcome
from storage.repository import save_crawl

log = logging.getLogger(__name__)

DB_RETRY_S = 5.0
"""A worker that cannot reach the database waits this long before asking again."""
SHUTDOWN_GRACE_S = 10.0
"""How long in-flight crawls may finish after SIGTERM before they are released; a render
normally takes a few seconds, and service managers send SIGKILL after 30 s or so."""


class CrawlResultLike(Protocol):
    @property
    def attempt(self) -> CrawlAttempt: ...


CrawlFunction = Callable[[str], Awaitable[CrawlResultLike]]


def utc_now() -> datetime:
    return datetime.now(UTC)


def worker_name() -> str:
    """Unique among live workers: host and process id (the slot number is appended)."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass
class WorkerStats:
    settled: dict[str, int] = field(default_factory=dict)
    """Count per action: scheduled, retry, give_up, park, requeued."""
    released: int = 0
    lost: int = 0

    def count(self, action: str) -> None:
        self.settled[action] = self.settled.get(action, 0) + 1


class Worker:
    def __init__(self, sessions: sessionmaker[Session], crawl: CrawlFunction, settings: SchedulerSettings, *,
                 name: str | None = None, robots: RobotsCache | None = None, cheap: CheapRecrawls | None = None,
                 clock: Callable[[], datetime] = utc_now, random: Callable[[], float] = random_module.random,
                 shutdown_grace_s: float = SHUTDOWN_GRACE_S) -> None:
        self.sessions = sessions
        self.crawl = crawl
        self.settings = settings
        self.name = name or worker_name()
        self.robots = robots
        self.cheap = cheap
        self.clock = clock
        self.random = random
        self.shutdown_grace_s = shutdown_grace_s
        self.stats = WorkerStats()

    async def run(self, stop: asyncio.Event) -> WorkerStats:
        """Crawl until `stop` is set, then finish or release in-flight pages and return."""
        slots = [asyncio.create_task(self._slot(f"{self.name}/{i}", stop)) for i in range(self.settings.worker_concurrency)]
        upkeep = asyncio.create_task(self._reap_periodically(stop))
        await asyncio.gather(*slots)
        upkeep.cancel()
        await asyncio.gather(upkeep, return_exceptions=True)
        return self.stats

    async def _slot(self, owner: str, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                lease = await asyncio.to_thread(self._claim, owner)
            except SQLAlchemyError:
                log.exception("claim failed (database unavailable?); retrying in %s s", DB_RETRY_S)
                await _sleep_unless(stop, DB_RETRY_S)
                continue
            if lease is None:
                await _sleep_unless(stop, self.settings.idle_poll_seconds)
                continue
            await self._crawl_under_lease(lease, stop)

    async def _crawl_under_lease(self, lease: Lease, stop: asyncio.Event) -> None:
        task = asyncio.create_task(self._crawl_and_settle(lease))
        stopping = asyncio.create_task(stop.wait())
        loop = asyncio.get_running_loop()
        deadline: float | None = None
        try:
            while not task.done():
                timeout = self.settings.lease_renew_seconds
                if stop.is_set():
                    deadline = deadline or loop.time() + self.shutdown_grace_s
                    timeout = min(timeout, deadline - loop.time())
                    if timeout <= 0:
                        await _cancel(task)
                        await asyncio.to_thread(self._release, lease)
                        return
                await asyncio.wait({task} if stop.is_set() else {task, stopping}, timeout=timeout,
                                   return_when=asyncio.FIRST_COMPLETED)
                if not task.done():
                    lease = await self._renew_unless_settled(lease, task)
        except LeaseLost as lost:
            log.warning("%s; dropping the crawl", lost)
            self.stats.lost += 1
            await _cancel(task)
        finally:
            stopping.cancel()
        if task.done() and not task.cancelled():
            task.result()  # a bug in settling must surface, not vanish

    async def _renew_unless_settled(self, lease: Lease, task: asyncio.Task[None]) -> Lease:
        """Renew; a renewal that loses the race with the crawl's own settling is no loss, and a
        database hiccup is survivable as long as the lease has time left."""
        try:
            return await asyncio.to_thread(self._renew, lease)
        except LeaseLost:
            if task.done():
                return lease
            raise
        except SQLAlchemyError:
            log.exception("renewing the lease of %s failed; trying again at the next renewal", lease.url)
            return lease

    async def _crawl_and_settle(self, lease: Lease) -> None:
        attempt = await self._attempt(lease)
        try:
            settled = await asyncio.to_thread(self._settle, lease, attempt)
        except LeaseLost as lost:
            log.warning("%s; its crawl was saved but another worker owns the page now", lost)
            self.stats.lost += 1
            return
        except SQLAlchemyError:
            # Recorded here; the lease is left to expire, so the page is crawled again later.
            log.exception("settling %s failed; its lease will expire and return it to the queue", lease.url)
            self.stats.count("settle_failed")
            return
        self.stats.count(settled.action)
        log.info("%s %s -> %s (%s)", lease.url, attempt.outcome, settled.action, settled.detail)

    async def _attempt(self, lease: Lease) -> CrawlAttempt:
        """Crawl the page and return the saved attempt — unless robots.txt forbids it, or a
        cheap check finds a routine recrawl unchanged (then no render)."""
        started = self.clock()
        if self.robots is not None and await asyncio.to_thread(self._obeys_robots, lease.host):
            verdict = await asyncio.to_thread(self.robots.verdict, lease.url, started)
            if not verdict.allowed:
                return await asyncio.to_thread(self._save_failure, lease, started, Outcome.BLOCKED, verdict.reason)
        validators = None
        if self.cheap is not None:
            unchanged, validators = await asyncio.to_thread(self.cheap.before_render, lease.page_id, lease.url, lease.host,
                                                            lease.reason)
            if unchanged is not None:
                return unchanged
        try:
            attempt = (await self.crawl(lease.url)).attempt
        except asyncio.CancelledError:
            raise
        except Exception as error:  # recorded as an `error` crawl and retried with backoff
            log.exception("crawl of %s raised", lease.url)
            return await asyncio.to_thread(self._save_failure, lease, started, Outcome.ERROR, f"{type(error).__name__}: {error}")
        if self.cheap is not None:
            await asyncio.to_thread(self.cheap.after_render, lease.page_id, attempt, validators)
        return attempt

    # -- database steps, each its own short transaction, run in a thread

    def _claim(self, owner: str) -> Lease | None:
        with write_transaction(self.sessions) as session:
            return queue.claim(session, owner, self.clock(), self.settings.lease, self.settings.host_rule())

    def _renew(self, lease: Lease) -> Lease:
        with write_transaction(self.sessions) as session:
            return queue.renew(session, lease, self.clock(), self.settings.lease)

    def _release(self, lease: Lease) -> None:
        try:
            with write_transaction(self.sessions) as session:
                queue.release(session, lease, self.clock())
            self.stats.released += 1
        except LeaseLost:
            self.stats.lost += 1

    def _settle(self, lease: Lease, attempt: CrawlAttempt) -> Settled:
        with write_transaction(self.sessions) as session:
            return settle(session, lease, attempt.outcome, attempt.http_status, attempt.error, self.clock(),
                          self.settings.recrawl_rule(), self.settings.retry_rule(), self.random)

    def _save_failure(self, lease: Lease, started: datetime, outcome: Outcome, error: str) -> CrawlAttempt:
        attempt = CrawlAttempt(url=lease.url, started_at=started, finished_at=self.clock(), outcome=outcome.value, error=error)
        with write_transaction(self.sessions) as session:
            save_crawl(session, attempt, None)
        return attempt

    def _obeys_robots(self, host: str) -> bool:
        with self.sessions() as session:
            obey = session.execute(select(Site.obey_robots).where(Site.host == host)).scalar()
        return True if obey is None else bool(obey)

    async def _reap_periodically(self, stop: asyncio.Event) -> None:
        """Workers reap too, so expired leases come back even with no scheduler running."""
        while not stop.is_set():
            await asyncio.to_thread(self._reap)
            await _sleep_unless(stop, self.settings.reap_every_seconds)

    def _reap(self) -> None:
        with write_transaction(self.sessions) as session:
            requeued, parked = queue.reap(session, self.clock(), self.settings.park_after_failures)
        if requeued or parked:
            log.warning("reaped expired leases: %d back in the queue, %d parked", requeued, parked)


def install_stop_signals(stop: asyncio.Event) -> None:
    """SIGTERM and SIGINT set `stop`: finish or release in-flight pages, then exit."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)


async def _sleep_unless(stop: asyncio.Event, seconds: float) -> None:
    try:
        await asyncio.wait_for(stop.wait(), timeout=seconds)
    except TimeoutError:
        pass


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
