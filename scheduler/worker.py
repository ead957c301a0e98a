"""The queue worker: claim → crawl → settle, in N concurrent slots of one process.

The crawl itself is an injected coroutine function `CrawlTarget -> result with .attempt`
(production: `rendercrawl.crawl.crawl_url` bound to a renderer and sessions, which renders,
extracts and saves); this module owns leases and the steps around the crawl: the page's site
settings are read once per crawl and passed to robots.txt, the cheap probe, the crawl and
settling. `crawl_now` runs one page through the same steps at once (the `crawl` command, the
demo): there is one crawl path. While a crawl runs, its lease is renewed;
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
from datetime import datetime
from typing import Protocol

from render.settings import RenderSettings
from scheduler.freshness import CheapRecrawls
from scheduler.robots import RobotsCache
from scheduler.settings import SchedulerSettings
from scheduler.settle import Settled, settle
from scheduler.sites import CrawlSite, crawl_site, site_of_url
from storage import queue
from storage.db import DatabaseError, Sessions
from storage.pages import find_or_create_page
from storage.queue import Lease, LeaseLost, write_transaction
from storage.records import CrawlAttempt, Outcome, Reason
from storage.repository import save_crawl
from storage.sites import load_site
from storage.types import utc_now
from values.rendered import RenderedPage
from values.targets import TargetPolicy

log = logging.getLogger(__name__)

DB_RETRY_S = 5.0
"""A worker that cannot reach the database waits this long before asking again."""
SHUTDOWN_GRACE_S = 10.0
"""How long in-flight crawls may finish after SIGTERM before they are released; a render
normally takes a few seconds, and service managers send SIGKILL after 30 s or so."""


class PageBusy(Exception):
    """`crawl_now` of a page another worker is crawling right now."""


class CrawlInterrupted(Exception):
    """The crawl was cut short by this process stopping (its browser ended under it): not the
    page's doing, so nothing is recorded and the page goes back to the queue at once."""


@dataclass(frozen=True, slots=True)
class CrawlTarget:
    """One page to crawl, as the crawl function gets it."""

    page_id: int
    url: str
    """The page's identity (normalized)."""
    site: CrawlSite


class CrawlResultLike(Protocol):
    @property
    def attempt(self) -> CrawlAttempt: ...

    @property
    def page(self) -> RenderedPage | None: ...


CrawlFunction = Callable[[CrawlTarget], Awaitable[CrawlResultLike]]


@dataclass(frozen=True, slots=True)
class Crawled:
    """What one lease's crawl did: the saved attempt, the crawl's own result when it ran (not
    when robots.txt or the cheap probe answered), and how the lease ended (None if it was lost)."""

    attempt: CrawlAttempt
    result: CrawlResultLike | None
    settled: Settled | None

    @property
    def ok(self) -> bool:
        return self.attempt.outcome is Outcome.OK


def worker_name() -> str:
    """Unique among live workers: host and process id (the slot number is appended)."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass
class WorkerStats:
    settled: dict[str, int] = field(default_factory=dict)
    """Count per action (`SettleAction`; `save_failed` and `settle_failed` when the database was not there)."""
    released: int = 0
    lost: int = 0

    def count(self, action: str) -> None:
        self.settled[action] = self.settled.get(action, 0) + 1


class Worker:
    def __init__(self, sessions: Sessions, crawl: CrawlFunction, settings: SchedulerSettings, *,
                 name: str | None = None, robots: RobotsCache | None = None, cheap: CheapRecrawls | None = None,
                 environment: RenderSettings | None = None, on_stop: Callable[[], None] | None = None,
                 on_crawled: Callable[[Crawled], None] | None = None, clock: Callable[[], datetime] = utc_now,
                 random: Callable[[], float] = random_module.random,
                 shutdown_grace_s: float = SHUTDOWN_GRACE_S, slots: int | None = None) -> None:
        """`environment` holds the per-site render settings from the environment, merged with
        each page's site row (`scheduler.sites.crawl_site`). `on_stop` is called as soon as a
        stop is asked for (the renderer's `expect_shutdown`: a browser closing now is no crash);
        `on_crawled` sees every crawl that was recorded (the worker's metrics). `slots` is how
        many pages it holds leases on at once (default `worker_concurrency`)."""
        self.sessions = sessions
        self.environment = environment
        self.targets = environment.targets if environment is not None else TargetPolicy()
        self.on_stop = on_stop
        self.on_crawled = on_crawled
        self.crawl = crawl
        self.settings = settings
        self.name = name or worker_name()
        self.robots = robots
        self.cheap = cheap
        self.clock = clock
        self.random = random
        self.shutdown_grace_s = shutdown_grace_s
        self.slots = slots or settings.worker_concurrency
        self.stats = WorkerStats()

    async def run(self, stop: asyncio.Event) -> WorkerStats:
        """Crawl until `stop` is set, then finish or release in-flight pages and return."""
        slots = [asyncio.create_task(self._slot(f"{self.name}/{i}", stop)) for i in range(self.slots)]
        upkeep = asyncio.create_task(self._reap_periodically(stop))
        watch = asyncio.create_task(self._tell_stop(stop))
        await asyncio.gather(*slots)
        for task in (upkeep, watch):
            task.cancel()
        await asyncio.gather(upkeep, watch, return_exceptions=True)
        return self.stats

    async def _tell_stop(self, stop: asyncio.Event) -> None:
        await stop.wait()
        if self.on_stop is not None:
            self.on_stop()

    async def _slot(self, owner: str, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                claimed = await asyncio.to_thread(self._claim, owner)
            except DatabaseError:
                log.exception("claim failed (database unavailable?); retrying in %s s", DB_RETRY_S)
                await _sleep_unless(stop, DB_RETRY_S)
                continue
            if claimed is None:
                await _sleep_unless(stop, self.settings.idle_poll_seconds)
                continue
            await self._crawl_under_lease(claimed[0], stop, claimed[1])

    async def crawl_now(self, raw_url: str) -> Crawled:
        """Crawl one page at once, through the same steps as a claimed page: normalized, queued
        as a push and leased to this worker (whatever its due time or host's politeness), then
        crawled and settled. Raises `InvalidUrl` for rejected input, `PageBusy` if another worker
        holds the page."""
        lease, site = await asyncio.to_thread(self._claim_now, raw_url)
        crawled = await self._crawl_under_lease(lease, asyncio.Event(), site)
        if crawled is None:
            raise LeaseLost(f"{lease.url}: the crawl ended before it was settled (interrupted by a shutdown, "
                            "or the database was unavailable); the page is back in the queue or will be")
        return crawled

    def _claim_now(self, raw_url: str) -> tuple[Lease, CrawlSite]:
        now = self.clock()
        with write_transaction(self.sessions) as session:
            url, site = site_of_url(session, raw_url, self.environment)
            page_id = find_or_create_page(session, url, now)
            queue.enqueue(session, page_id, Reason.PUSH, now, now)
            lease = queue.claim_page(session, page_id, f"{self.name}/now", now, self.settings.lease)
        if lease is None:
            raise PageBusy(f"{url} is being crawled by another worker right now; try again in a moment")
        return lease, site

    async def _crawl_under_lease(self, lease: Lease, stop: asyncio.Event, site: CrawlSite) -> Crawled | None:
        task = asyncio.create_task(self._crawl_and_settle(lease, site))
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
                        return None
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
            crawled = task.result()  # a bug in settling must surface, not vanish
            if crawled is not None and self.on_crawled is not None:
                self.on_crawled(crawled)
            return crawled
        return None

    async def _renew_unless_settled(self, lease: Lease, task: asyncio.Task[Crawled | None]) -> Lease:
        """Renew; a renewal that loses the race with the crawl's own settling is no loss, and a
        database hiccup is survivable as long as the lease has time left."""
        try:
            return await asyncio.to_thread(self._renew, lease)
        except LeaseLost:
            if task.done():
                return lease
            raise
        except DatabaseError:
            log.exception("renewing the lease of %s failed; trying again at the next renewal", lease.url)
            return lease

    async def _crawl_and_settle(self, lease: Lease, site: CrawlSite) -> Crawled | None:
        """`site`: the page's site settings, read with its claim (`_claim`, `_claim_now`)."""
        try:
            attempt, result = await self._attempt(lease, site)
        except CrawlInterrupted as interrupted:
            log.info("%s: %s; giving the page back", lease.url, interrupted)
            await asyncio.to_thread(self._release_quietly, lease)
            return None
        except DatabaseError:
            # The crawl (or its record) could not be saved: nothing is settled, and the lease is
            # left to expire, so the page is crawled again once the database is back.
            log.exception("saving the crawl of %s failed; its lease will expire and return it to the queue", lease.url)
            self.stats.count("save_failed")
            return None
        try:
            settled = await asyncio.to_thread(self._settle, lease, attempt, site, result)
        except LeaseLost as lost:
            log.warning("%s; its crawl was saved but another worker owns the page now", lost)
            self.stats.lost += 1
            return Crawled(attempt, result, None)
        except DatabaseError:
            # Recorded here; the lease is left to expire, so the page is crawled again later.
            log.exception("settling %s failed; its lease will expire and return it to the queue", lease.url)
            self.stats.count("settle_failed")
            return Crawled(attempt, result, None)
        self.stats.count(settled.action)
        log.info("%s %s -> %s (%s)", lease.url, attempt.outcome, settled.action, settled.detail)
        return Crawled(attempt, result, settled)

    async def _attempt(self, lease: Lease, site: CrawlSite) -> tuple[CrawlAttempt, CrawlResultLike | None]:
        """Crawl the page and return the saved attempt (and the crawl's result) — unless
        robots.txt forbids it, or a cheap check finds a routine recrawl unchanged (then no render)."""
        started = self.clock()
        answered = await asyncio.to_thread(self._before_render, lease, site, started)
        if answered is not None:
            return answered, None
        try:
            result = await self.crawl(CrawlTarget(lease.page_id, lease.url, site))
        except (asyncio.CancelledError, CrawlInterrupted):
            raise
        except DatabaseError:
            raise  # not the page's fault: the caller leaves the lease to expire
        except Exception as error:  # recorded as an `error` crawl and retried with backoff
            log.exception("crawl of %s raised", lease.url)
            message = f"{type(error).__name__}: {error}"
            failed = await asyncio.to_thread(self._save_failure, lease, started, Outcome.ERROR, message)
            return failed, None
        return result.attempt, result

    def _before_render(self, lease: Lease, site: CrawlSite, started: datetime) -> CrawlAttempt | None:
        """The saved attempt when the page is not to be rendered: a refused target (checked again
        at crawl time: names resolve anew), robots.txt, or a cheap check that found a routine
        recrawl unchanged. One thread hop for the three."""
        refused = self.targets.refusal(lease.url)
        if refused is not None:
            return self._save_failure(lease, started, Outcome.BLOCKED, f"refused target: {refused}")
        if self.robots is not None and site.obey_robots:
            verdict = self.robots.verdict(lease.url, started)
            if not verdict.allowed:
                return self._save_failure(lease, started, Outcome.BLOCKED, verdict.reason)
        if self.cheap is not None:
            return self.cheap.before_render(lease.page_id, lease.url, lease.reason, site.auth)
        return None

    # -- database steps, each its own short transaction, run in a thread

    def _claim(self, owner: str) -> tuple[Lease, CrawlSite] | None:
        """A claim and its page's site settings, read in the claim's transaction: one
        transaction (one pooled connection, pinged once on PostgreSQL) where the site read took
        a second of its own (bench/worker_db_steps.py). The site is still read anew for every
        page (so `sites add` reaches running workers at their next page of the host). A read
        that fails fails the claim: nothing is leased."""
        with write_transaction(self.sessions) as session:
            lease = queue.claim(session, owner, self.clock(), self.settings.lease, self.settings.host_rule())
            if lease is None:
                return None
            return lease, crawl_site(lease.host, load_site(session, lease.host), self.environment)

    def _renew(self, lease: Lease) -> Lease:
        with write_transaction(self.sessions) as session:
            return queue.renew(session, lease, self.clock(), self.settings.lease)

    def _release_quietly(self, lease: Lease) -> None:
        try:
            self._release(lease)
        except DatabaseError:
            log.warning("releasing %s failed too; its lease will expire", lease.url)

    def _release(self, lease: Lease) -> None:
        try:
            with write_transaction(self.sessions) as session:
                queue.release(session, lease, self.clock())
            self.stats.released += 1
        except LeaseLost:
            self.stats.lost += 1

    def _settle(self, lease: Lease, attempt: CrawlAttempt, site: CrawlSite, result: CrawlResultLike | None) -> Settled:
        """End the lease; after a render, in the same transaction, keep its validators for the
        cheap check of the next recrawl."""
        with write_transaction(self.sessions) as session:
            if self.cheap is not None and result is not None:
                self.cheap.after_render(session, lease.page_id, attempt, result.page)
            return settle(session, lease, attempt, site, self.clock(), self.settings.recrawl_rule(),
                          self.settings.retry_rule(), self.random)

    def _save_failure(self, lease: Lease, started: datetime, outcome: Outcome, error: str) -> CrawlAttempt:
        attempt = CrawlAttempt(url=lease.url, started_at=started, finished_at=self.clock(), outcome=outcome, error=error)
        with write_transaction(self.sessions) as session:
            save_crawl(session, attempt, None)
        return attempt

    async def _reap_periodically(self, stop: asyncio.Event) -> None:
        """Workers reap too, so expired leases come back even with no scheduler running."""
        while not stop.is_set():
            try:
                await asyncio.to_thread(self._reap)
            except DatabaseError as error:
                log.warning("reaping expired leases failed (%s); trying again in %s s", error, self.settings.reap_every_seconds)
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


async def _cancel(task: asyncio.Task[Crawled | None]) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
