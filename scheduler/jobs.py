"""APScheduler 3.x wiring: the periodic jobs of `rendercrawl scheduler` (and of `run`).

Jobs live in the profiles database (APScheduler's SQLAlchemy job store, table created by
migration 0005), so a restarted scheduler resumes its timetable. Job functions are
module-level, take plain picklable arguments (the database URL and the settings), and are
idempotent, so a job that runs late, twice, or beside a second scheduler does no harm. Every
job function also takes `now`, so tests call them with a fake clock.
"""

from __future__ import annotations

import logging
import random as random_source
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.schedulers.base import BaseScheduler
from apscheduler.schedulers.blocking import BlockingScheduler

from scheduler.budget import spend_site_budget
from scheduler.settings import SchedulerSettings
from storage import queue
from storage.budgets import budgeted_sites
from storage.db import Engine, Sessions, make_engine, session_factory
from storage.maintenance import Pruned, due_recrawls, prune
from storage.queue import write_transaction
from storage.records import Reason

log = logging.getLogger(__name__)

ENQUEUE_BATCH = 5_000
"""Due pages queued per run; the rest wait for the next run, so one run stays a short
transaction even after a long outage."""
JOB_MISFIRE_GRACE_S = 300
"""A job that missed its time by less than this (scheduler busy or restarting) still runs."""


def enqueue_due_recrawls(database_url: str, settings: SchedulerSettings, now: datetime | None = None) -> int:
    """Queue the scheduled recrawls that are due and still wanted (viewed since last crawl)."""
    now = now or datetime.now(UTC)
    with _JobDatabase(database_url) as sessions, write_transaction(sessions) as session:
        due = due_recrawls(session, now, ENQUEUE_BATCH)
        for page_id, next_crawl_at in due:
            queue.enqueue(session, page_id, Reason.SCHEDULED, next_crawl_at, now)
    if due:
        log.info("queued %d scheduled recrawls", len(due))
    return len(due)


def spend_crawl_budgets(database_url: str, settings: SchedulerSettings, now: datetime | None = None,
                        random: Callable[[], float] = random_source.random) -> int:
    """Buy each budgeted site's recrawls for one run's share of its budget (`scheduler.budget`)."""
    now = now or datetime.now(UTC)
    period = timedelta(seconds=settings.budget_every_seconds)
    bought = 0
    with _JobDatabase(database_url) as sessions, write_transaction(sessions) as session:
        for site in budgeted_sites(session):
            bought += len(spend_site_budget(session, site, now, settings.recrawl_rule(), period, random))
    if bought:
        log.info("crawl budgets bought %d recrawls", bought)
    return bought


def reap_expired_leases(database_url: str, settings: SchedulerSettings, now: datetime | None = None) -> tuple[int, int]:
    """Return the pages of dead workers to the queue (see `queue.reap`)."""
    now = now or datetime.now(UTC)
    with _JobDatabase(database_url) as sessions, write_transaction(sessions) as session:
        requeued, parked = queue.reap(session, now, settings.park_after_failures)
    if requeued or parked:
        log.warning("expired leases: %d back in the queue, %d parked", requeued, parked)
    return requeued, parked


def prune_old_rows(database_url: str, settings: SchedulerSettings, now: datetime | None = None) -> Pruned:
    """Delete crawl-log rows, page views and pushes older than the retention.

    Each page keeps its latest crawl row whatever its age, so its history is never empty, and
    views inside the view window are never touched (the new-page rule needs them).
    """
    now = now or datetime.now(UTC)
    cutoff = now - timedelta(days=settings.prune_crawls_older_than_days)
    view_cutoff = min(cutoff, now - settings.view_rule().window)
    with _JobDatabase(database_url) as sessions, write_transaction(sessions) as session:
        return prune(session, crawls_before=cutoff, views_before=view_cutoff, pushes_before=cutoff)


class _JobDatabase:
    """A throwaway engine per job run: jobs run minutes apart, so pooling buys nothing and a
    job never holds connections between runs."""

    def __init__(self, database_url: str) -> None:
        self.engine = make_engine(database_url, pooled=False)

    def __enter__(self) -> Sessions:
        return session_factory(self.engine)

    def __exit__(self, *exc: object) -> None:
        self.engine.dispose()


def build_scheduler(engine: Engine, database_url: str, settings: SchedulerSettings, *, blocking: bool) -> BaseScheduler:
    """The scheduler with its jobs, stored in the database at `engine`.

    `blocking=True` for `rendercrawl scheduler` (the process is the scheduler); False for
    `rendercrawl run`, where a worker shares the process.
    """
    kind = BlockingScheduler if blocking else BackgroundScheduler
    scheduler = kind(
        jobstores={"default": SQLAlchemyJobStore(engine=engine)},
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": JOB_MISFIRE_GRACE_S},
        timezone=UTC,
    )
    jobs = (
        (enqueue_due_recrawls, settings.enqueue_every_seconds),
        (spend_crawl_budgets, settings.budget_every_seconds),
        (reap_expired_leases, settings.reap_every_seconds),
        (prune_old_rows, settings.prune_every_hours * 3600),
    )
    for function, every_s in jobs:
        # replace_existing: the settings of this start-up win over those pickled by the last.
        scheduler.add_job(function, "interval", seconds=every_s, id=function.__name__,
                          args=[database_url, settings], replace_existing=True)
    return scheduler

