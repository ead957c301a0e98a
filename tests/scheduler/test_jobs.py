"""The scheduler's periodic jobs (fake clock) and their APScheduler wiring on both databases."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import insert, select, text, update

from scheduler import jobs
from scheduler.policy import HostRule
from scheduler.settings import SchedulerSettings
from storage import queue
from storage.models import Crawl, Page, PageView, Push, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
H = timedelta(hours=1)
SETTINGS = SchedulerSettings()


def crawled_page(sessions, url, last_crawled, next_at, viewed_at=None):
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, url, T0)
        session.execute(update(Page).where(Page.id == page_id).values(
            crawl_state="crawled", last_crawled_at=last_crawled, next_crawl_at=next_at))
        queue.enqueue(session, page_id, Reason.NEW, T0, T0)
        session.execute(update(QueueEntry).where(QueueEntry.page_id == page_id).values(state="done"))
        if viewed_at:
            session.execute(insert(PageView).values(page_id=page_id, viewed_at=viewed_at))
        return page_id


def queue_state(sessions, page_id):
    with sessions() as session:
        return session.execute(select(QueueEntry.state, QueueEntry.reason).where(QueueEntry.page_id == page_id)).one()


def test_due_recrawls_of_viewed_pages_are_queued(db_url, sessions):
    due_viewed = crawled_page(sessions, "http://a.test/1", T0, T0 + H, viewed_at=T0 + 30 * 60 * timedelta(seconds=1))
    due_unviewed = crawled_page(sessions, "http://a.test/2", T0, T0 + H)
    not_due = crawled_page(sessions, "http://a.test/3", T0, T0 + 10 * H, viewed_at=T0 + H)
    assert jobs.enqueue_due_recrawls(db_url, SETTINGS, now=T0 + 2 * H) == 1
    assert queue_state(sessions, due_viewed) == ("queued", "scheduled")
    assert queue_state(sessions, due_unviewed) == ("done", "new")
    assert queue_state(sessions, not_due) == ("done", "new")
    assert jobs.enqueue_due_recrawls(db_url, SETTINGS, now=T0 + 2 * H) == 0, "idempotent"


def test_reap_job_returns_expired_leases(db_url, sessions):
    with write_transaction(sessions) as session:
        queue.enqueue(session, ensure_page(session, "http://a.test/1", T0), Reason.NEW, T0, T0)
        queue.claim(session, "dead-worker", T0, timedelta(seconds=30), HostRule())
    assert jobs.reap_expired_leases(db_url, SETTINGS, now=T0 + H) == (1, 0)


def test_prune_keeps_each_pages_latest_crawl_and_recent_rows(db_url, sessions):
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, "http://a.test/1", T0)
        for days in (200, 150, 100):
            at = T0 - timedelta(days=days)
            session.execute(insert(Crawl).values(page_id=page_id, url="http://a.test/1", started_at=at, finished_at=at,
                                                 outcome="ok"))
        session.execute(insert(PageView).values(page_id=page_id, viewed_at=T0 - timedelta(days=100)))
        session.execute(insert(PageView).values(page_id=page_id, viewed_at=T0 - H))
        session.execute(insert(Push).values(page_id=page_id, requested_at=T0 - timedelta(days=100), honoured=True))
    pruned = jobs.prune_old_rows(db_url, SETTINGS, now=T0)
    assert pruned == jobs.Pruned(crawls=2, views=1, pushes=1)
    with sessions() as session:
        assert session.execute(select(Crawl.started_at)).scalars().all() == [T0 - timedelta(days=100)]


def test_scheduler_keeps_its_jobs_in_the_database(db_url, engine):
    scheduler = jobs.build_scheduler(engine, db_url, SETTINGS, blocking=False)
    scheduler.start(paused=True)
    try:
        assert {job.id for job in scheduler.get_jobs()} == {"enqueue_due_recrawls", "spend_crawl_budgets", "reap_expired_leases",
                                                          "prune_old_rows"}
    finally:
        scheduler.shutdown(wait=False)
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT id FROM apscheduler_jobs")).scalars().all()
    assert sorted(stored) == ["enqueue_due_recrawls", "prune_old_rows", "reap_expired_leases", "spend_crawl_budgets"]
    again = jobs.build_scheduler(engine, db_url, SETTINGS, blocking=False)
    again.start(paused=True)  # a restart replaces the stored jobs instead of failing on duplicates
    try:
        assert len(again.get_jobs()) == 4
    finally:
        again.shutdown(wait=False)
