"""The crawl budget through the real paths, on both databases: settling a crawl learns the
page's change rate (and hands a budgeted page to the budget), and the scheduler's budget job
buys the recrawls of highest expected gain, never inside a page's floor."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import insert, select, update

from scheduler import events, jobs
from scheduler.budget import crawls_this_run
from scheduler.policy import HostRule, RetryRule
from scheduler.settings import SchedulerSettings
from scheduler.settle import settle
from scheduler.sites import CrawlSite
from storage import queue
from storage.db import Sessions
from storage.models import Page, PageView, QueueEntry, Site
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome, Reason
from storage.repository import save_crawl
from storage.sites import upsert_site
from values.profile import ContentProfile

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
SETTINGS = SchedulerSettings()
URL = "https://paper.test/live"


def crawl(sessions: Sessions, at: datetime, title: str, site: CrawlSite) -> datetime | None:
    """One crawl the way the worker does it: queued, leased, saved, settled; the due time set."""
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, URL, at)
        queue.enqueue(session, page_id, Reason.MANUAL, at, at)
        lease = queue.claim(session, "w", at, timedelta(minutes=1), HostRule(max_concurrent=5, min_delay=timedelta(0)))
        assert lease is not None
        attempt = CrawlAttempt(url=URL, started_at=at, finished_at=at, outcome=Outcome.OK, http_status=200)
        save_crawl(session, attempt, ContentProfile(url=URL, title=title, body="Words of the story. " * 40))
        return settle(session, lease, attempt, site, at, SETTINGS.recrawl_rule(), RetryRule(), lambda: 0.5).next_crawl_at


def rate(sessions: Sessions) -> float:
    with sessions() as session:
        found = session.execute(select(Page.change_rate_per_day)).scalar_one()
    assert found is not None
    return found


def test_settling_learns_how_often_a_page_changes(sessions: Sessions) -> None:
    site = CrawlSite("paper.test")
    for i in range(8):
        crawl(sessions, T0 + i * HOUR, f"edition {i}", site)  # a new title every hour
    busy = rate(sessions)
    for i in range(8, 16):
        crawl(sessions, T0 + i * HOUR, "edition 7", site)  # then nothing new
    assert busy > 10
    assert rate(sessions) < busy / 3


def test_a_budgeted_page_waits_for_its_ceiling_unless_the_budget_buys_it(sessions: Sessions) -> None:
    budgeted = CrawlSite("paper.test", crawl_budget_per_hour=10)
    due = crawl(sessions, T0, "first", budgeted)
    assert due == T0 + SETTINGS.recrawl_rule().max_interval
    ladder = crawl(sessions, T0 + HOUR, "second", CrawlSite("paper.test"))
    assert ladder is not None and ladder < T0 + HOUR + timedelta(days=2)


def budget_page(sessions: Sessions, url: str, rate_per_day: float, last_crawled: datetime) -> int:
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, url, T0 - timedelta(days=30))
        session.execute(update(Page).where(Page.id == page_id).values(
            crawl_state="crawled", last_crawled_at=last_crawled, next_crawl_at=last_crawled + timedelta(days=30),
            change_rate_per_day=rate_per_day, change_anchor_at=T0 - timedelta(days=30)))
        queue.enqueue(session, page_id, Reason.NEW, T0, T0)
        session.execute(update(QueueEntry).where(QueueEntry.page_id == page_id).values(state="done"))
        session.execute(insert(PageView).values(page_id=page_id, viewed_at=last_crawled + timedelta(minutes=1)))
        return page_id


def queued(sessions: Sessions) -> set[int]:
    with sessions() as session:
        return set(session.execute(select(QueueEntry.page_id).where(QueueEntry.state == "queued")).scalars())


def test_the_budget_job_buys_the_highest_gains_and_never_inside_the_floor(db_url: str, sessions: Sessions) -> None:
    now = T0 + timedelta(days=3)
    with write_transaction(sessions) as session:
        upsert_site(session, "paper.test", {"crawl_budget_per_hour": 24})  # 2 per 5-minute run
        upsert_site(session, "other.test", {})
    moderate = budget_page(sessions, "https://paper.test/a", 3.0, now - timedelta(hours=12))
    budget_page(sessions, "https://paper.test/static", 0.001, now - timedelta(days=2))
    just_crawled = budget_page(sessions, "https://paper.test/live", 50.0, now - timedelta(minutes=10))
    slow = budget_page(sessions, "https://paper.test/b", 0.3, now - timedelta(days=1))
    unbudgeted = budget_page(sessions, "https://other.test/a", 50.0, now - timedelta(days=1))
    assert jobs.spend_crawl_budgets(db_url, SETTINGS, now=now, random=lambda: 0.99) == 2
    assert queued(sessions) == {moderate, slow}
    assert just_crawled not in queued(sessions) and unbudgeted not in queued(sessions)
    with sessions() as session:
        threshold = session.execute(select(Site.budget_threshold).where(Site.host == "paper.test")).scalar_one()
    assert threshold is not None and threshold > 0


def test_a_run_spends_its_share_of_the_budget() -> None:
    period = timedelta(minutes=5)
    assert crawls_this_run(24, period, lambda: 0.99) == 2
    assert crawls_this_run(6, period, lambda: 0.2) == 1  # half a crawl: taken when the draw is under 0.5
    assert crawls_this_run(6, period, lambda: 0.7) == 0


def reasons(sessions: Sessions) -> dict[int, tuple[str, str]]:
    with sessions() as session:
        return {page_id: (state, reason) for page_id, state, reason in session.execute(
            select(QueueEntry.page_id, QueueEntry.state, QueueEntry.reason))}


def test_pushes_and_modified_time_keep_their_own_budgets_under_a_spent_crawl_budget(db_url: str, sessions: Sessions) -> None:
    """The budget buys scheduled recrawls only: with none left this run, a push and a view whose
    modified_time moved still queue their crawls, and the budget job leaves them be."""
    now = T0 + timedelta(days=3)
    with write_transaction(sessions) as session:
        upsert_site(session, "paper.test", {"crawl_budget_per_hour": 0.1})  # a crawl every 10 h
    pushed = budget_page(sessions, "https://paper.test/pushed", 3.0, now - timedelta(hours=12))
    modified = budget_page(sessions, "https://paper.test/modified", 3.0, now - timedelta(hours=12))
    with write_transaction(sessions) as session:
        assert events.push(session, "https://paper.test/pushed", now).decision.allowed
        effect = events.record_view(session, "https://paper.test/modified", now, now - timedelta(hours=1), now)
        assert effect.queued is Reason.MODIFIED
    assert jobs.spend_crawl_budgets(db_url, SETTINGS, now=now, random=lambda: 0.99) == 0
    assert reasons(sessions) == {pushed: ("queued", "push"), modified: ("queued", "modified")}
