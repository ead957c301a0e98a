"""A page that answers gone (404, 410, a soft 404) several crawls in a row keeps its last good
content, but its profile is marked `gone_at` and stops being recommendable; a good crawl of it
brings it back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from scheduler.policy import GONE_CONFIRMATIONS, HostRule, RetryRule, gone_confirmed
from scheduler.settings import SchedulerSettings
from scheduler.settle import settle
from scheduler.sites import CrawlSite
from storage import queue
from storage.db import Sessions
from storage.models import Profile
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome, Reason
from storage.repository import save_crawl
from values.profile import ContentProfile

URL = "http://paper.test/news/gone"
T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
PROFILE = ContentProfile(url=URL, title="A story", body="Words of the story. " * 40)


def test_only_a_run_of_gone_results_confirms() -> None:
    gone = [(Outcome.HTTP_ERROR, 404), (Outcome.HTTP_ERROR, 410), (Outcome.SOFT_404, 200)]
    assert gone_confirmed(gone[:GONE_CONFIRMATIONS])
    assert not gone_confirmed(gone[:GONE_CONFIRMATIONS - 1])
    assert not gone_confirmed([(Outcome.HTTP_ERROR, 503), *gone][:GONE_CONFIRMATIONS])  # a 5xx is no answer
    assert not gone_confirmed([(Outcome.HTTP_ERROR, 404), (Outcome.OK, 200), (Outcome.HTTP_ERROR, 404)])


def crawl(sessions: Sessions, at: datetime, outcome: Outcome, status: int, profile: ContentProfile | None = None) -> None:
    """One crawl the way the worker does it: queued, leased, saved, settled."""
    settings = SchedulerSettings()
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, URL, at)
        queue.enqueue(session, page_id, Reason.MANUAL, at, at)
        lease = queue.claim(session, "w", at, timedelta(minutes=1), HostRule(max_concurrent=5, min_delay=timedelta(0)))
        assert lease is not None
        attempt = CrawlAttempt(url=URL, started_at=at, finished_at=at, outcome=outcome, http_status=status)
        save_crawl(session, attempt, profile)
        settle(session, lease, attempt, CrawlSite("paper.test"), at, settings.recrawl_rule(), RetryRule(), lambda: 0.5)


def profile_row(sessions: Sessions):
    with sessions() as session:
        return session.execute(select(Profile.title, Profile.recommendable, Profile.gone_at)).one()


def test_a_page_gone_several_times_in_a_row_is_marked_and_comes_back(sessions: Sessions) -> None:
    crawl(sessions, T0, Outcome.OK, 200, PROFILE)
    for i in range(1, GONE_CONFIRMATIONS):
        crawl(sessions, T0 + timedelta(days=i), Outcome.HTTP_ERROR, 404)
        assert profile_row(sessions) == ("A story", True, None)
    gone_at = T0 + timedelta(days=GONE_CONFIRMATIONS)
    crawl(sessions, gone_at, Outcome.HTTP_ERROR, 410)
    assert profile_row(sessions) == ("A story", False, gone_at)
    crawl(sessions, gone_at + timedelta(days=1), Outcome.OK, 200, PROFILE)
    assert profile_row(sessions) == ("A story", True, None)
