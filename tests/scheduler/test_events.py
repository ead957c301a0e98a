"""Views and pushes recorded in the database, with the policy applied (fake clock)."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import insert, select, update

from scheduler import events
from scheduler.policy import HostRule, PushRule
from storage import queue
from storage.models import Page, Push, QueueEntry, Site
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome
from storage.repository import save_crawl
from values.profile import ContentProfile

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
H = timedelta(hours=1)
MIN = timedelta(minutes=1)
URL = "http://news.test/a/1"


def view(sessions, url=URL, at=T0, modified=None, now=None):
    with write_transaction(sessions) as session:
        return events.record_view(session, url, at, modified, now or at)


def push(sessions, url=URL, now=T0):
    with write_transaction(sessions) as session:
        return events.push(session, url, now, PushRule())


def queue_row(sessions, url=URL):
    with sessions() as session:
        return session.execute(select(QueueEntry.state, QueueEntry.reason, QueueEntry.due_at)
                               .join(Page, Page.id == QueueEntry.page_id).where(Page.url == url)).one_or_none()


def mark_crawled(sessions, url=URL, at=T0, next_at=None):
    with write_transaction(sessions) as session:
        session.execute(update(Page).where(Page.url == url)
                        .values(crawl_state="crawled", last_crawled_at=at, next_crawl_at=next_at))
        session.execute(update(QueueEntry).values(state="done"))


def test_third_view_within_six_hours_queues_a_new_page(sessions):
    assert view(sessions, at=T0).queued is None
    assert view(sessions, at=T0 + 2 * H).queued is None
    assert queue_row(sessions) is None
    effect = view(sessions, at=T0 + 5 * H)
    assert effect.queued == "new"
    assert queue_row(sessions) == ("queued", "new", T0 + 5 * H)


def test_views_spread_over_more_than_six_hours_do_not(sessions):
    for hours in (0, 4, 8, 12):
        assert view(sessions, at=T0 + hours * H).queued is None


def test_aliases_count_as_views_of_one_page(sessions):
    view(sessions, "http://news.test/a/1?utm_source=x", at=T0)
    view(sessions, "HTTP://NEWS.TEST:80/a/1#top", at=T0 + MIN)
    assert view(sessions, "http://news.test/a/1?fbclid=1", at=T0 + 2 * MIN).queued == "new"


def test_site_ignorable_parameters_join_aliases(sessions):
    with write_transaction(sessions) as session:
        session.execute(insert(Site).values(host="news.test", ignored_query_params="ref\nsid"))
    for i, suffix in enumerate(["?ref=home", "?sid=9", ""]):
        effect = view(sessions, URL + suffix, at=T0 + i * MIN)
    assert effect.url == URL and effect.queued == "new"


def test_bulk_ingest_of_old_events_decides_like_live_ones(sessions):
    now = T0 + timedelta(days=2)
    for minutes in (0, 1, 2):
        effect = view(sessions, at=T0 + minutes * MIN, now=now)
    assert effect.queued == "new"
    assert queue_row(sessions).due_at == T0 + 2 * MIN  # overdue: claimed at once


def test_view_with_modified_time_after_last_crawl_queues_a_recrawl(sessions):
    view(sessions)
    mark_crawled(sessions, at=T0, next_at=T0 + H)
    assert view(sessions, at=T0 + 10 * MIN, modified=T0 - H).queued is None
    effect = view(sessions, at=T0 + 20 * MIN, modified=T0 + 15 * MIN)
    assert effect.queued == "modified"
    assert queue_row(sessions) == ("queued", "modified", T0 + 20 * MIN)


def test_a_modified_time_ahead_of_the_clock_is_not_believed(sessions):
    """2099 from anyone's beacon used to queue a recrawl on every view."""
    view(sessions)
    mark_crawled(sessions, at=T0, next_at=T0 + H)
    assert view(sessions, at=T0 + 10 * MIN, modified=datetime(2099, 1, 1, tzinfo=UTC)).queued is None
    assert view(sessions, at=T0 + 10 * MIN, modified=T0 + 21 * MIN).queued is None  # beyond the 10 min of skew
    assert view(sessions, at=T0 + 10 * MIN, modified=T0 + 19 * MIN).queued == "modified"


def test_a_modified_time_the_last_crawl_read_on_the_page_is_no_change(sessions):
    """The page's own meta said 08:30 when it was crawled at 08:00 (its publisher's clock runs
    ahead): a view repeating 08:30 is no news, a later one is."""
    at = T0
    with write_transaction(sessions) as session:
        save_crawl(session, CrawlAttempt(URL, at, at + MIN, Outcome.OK, http_status=200),
                   ContentProfile(url=URL, title="t", body="b", modified_time=T0 + 30 * MIN))
    mark_crawled(sessions, at=T0, next_at=T0 + 10 * H)
    assert view(sessions, at=T0 + 31 * MIN, modified=T0 + 30 * MIN).queued is None
    assert view(sessions, at=T0 + 32 * MIN, modified=T0 + 31 * MIN).queued == "modified"


def test_modified_times_share_a_per_url_budget(sessions):
    view(sessions)
    start = T0 + MIN
    for i in range(4):
        at = start + i * 10 * MIN
        mark_crawled(sessions, at=at - MIN, next_at=at + 10 * H)
        assert view(sessions, at=at, modified=at - MIN // 2).queued == "modified"
        assert view(sessions, at=at + MIN // 2, modified=at).queued is None  # merged: the crawl is queued already
    at = start + 40 * MIN
    mark_crawled(sessions, at=at - MIN, next_at=at + 10 * H)
    assert view(sessions, at=at, modified=at - MIN // 2).queued is None  # four in the hour
    at = start + H
    mark_crawled(sessions, at=at - MIN, next_at=at + 10 * H)
    assert view(sessions, at=at, modified=at - MIN // 2).queued == "modified"  # the first left the window


def test_view_after_the_recrawl_is_due_queues_it(sessions):
    view(sessions)
    mark_crawled(sessions, at=T0, next_at=T0 + H)
    assert view(sessions, at=T0 + 30 * MIN).queued is None
    assert view(sessions, at=T0 + 61 * MIN).queued == "scheduled"


def test_parked_page_is_not_queued_by_views(sessions):
    view(sessions)
    with write_transaction(sessions) as session:
        session.execute(update(Page).values(crawl_state="parked", last_crawled_at=T0))
        session.execute(update(QueueEntry).values(state="parked"))
    assert view(sessions, at=T0 + H, modified=T0 + 30 * MIN).queued is None


def test_failed_page_is_retried_on_a_later_view_not_sooner_than_the_backoff(sessions):
    for i in range(3):
        view(sessions, at=T0 - (3 - i) * MIN)
    with write_transaction(sessions) as session:
        session.execute(update(Page).values(crawl_state="failed", last_crawled_at=T0, error_count=1))
        session.execute(update(QueueEntry).values(state="done"))
    assert view(sessions, at=T0 + 10 * timedelta(seconds=1)).queued is None  # within the first retry delay (1 min)
    assert view(sessions, at=T0 + 2 * MIN).queued == "retry"


def crawled(sessions):
    """The crawl a push queued is done: the next push asks for another."""
    with write_transaction(sessions) as session:
        session.execute(update(QueueEntry).values(state="done"))


def test_fifth_push_in_an_hour_is_declined_and_recorded(sessions):
    for i in range(4):
        assert push(sessions, now=T0 + i * MIN).decision.allowed
        crawled(sessions)
    declined = push(sessions, now=T0 + 5 * MIN)
    assert not declined.decision.allowed
    assert declined.decision.next_allowed_at == T0 + H
    with sessions() as session:
        rows = session.execute(select(Push.honoured, Push.note).order_by(Push.id)).all()
    assert [r.honoured for r in rows] == [True] * 4 + [False]
    assert "next allowed at" in rows[-1].note
    assert push(sessions, now=T0 + H).decision.allowed


def test_pushes_of_other_urls_are_not_limited(sessions):
    for i in range(4):
        push(sessions, now=T0 + i * MIN)
        crawled(sessions)
    assert not push(sessions, now=T0 + 5 * MIN).decision.allowed
    assert push(sessions, "http://news.test/a/2", now=T0 + 5 * MIN).decision.allowed


def test_pushes_merged_into_a_queued_crawl_spend_no_slot(sessions):
    """The limit counts crawls: pushes while the pushed crawl still waits ride along with it."""
    first = push(sessions, now=T0)
    assert first.decision.allowed and not first.decision.merged
    for i in range(1, 4):
        again = push(sessions, now=T0 + i * MIN)
        assert again.decision.allowed and again.decision.merged
    crawled(sessions)
    for i in range(3):  # three more crawls: four in all
        assert not push(sessions, now=T0 + (10 + i) * MIN).decision.merged
        crawled(sessions)
    assert not push(sessions, now=T0 + 20 * MIN).decision.allowed
    with sessions() as session:
        rows = session.execute(select(Push.honoured, Push.merged).order_by(Push.id)).tuples().all()
    assert rows == [(True, False)] + [(True, True)] * 3 + [(True, False)] * 3 + [(False, False)]


def test_a_push_merges_into_any_crawl_due_now_even_past_the_limit(sessions):
    for i in range(4):
        push(sessions, now=T0 + i * MIN)
        crawled(sessions)
    for i in range(3):
        view(sessions, at=T0 + (10 + i) * MIN)
    mark_crawled(sessions, at=T0 - H, next_at=T0)  # a scheduled recrawl is due and viewed
    assert view(sessions, at=T0 + 15 * MIN).queued == "scheduled"
    merged = push(sessions, now=T0 + 16 * MIN)
    assert merged.decision.allowed and merged.decision.merged
    assert queue_row(sessions) == ("queued", "push", T0)


def test_push_queues_at_top_priority_and_revives_a_parked_page(sessions):
    view(sessions)
    with write_transaction(sessions) as session:
        session.execute(update(QueueEntry).values(state="parked"))
    push(sessions, now=T0 + MIN)
    assert queue_row(sessions) == ("queued", "push", T0 + MIN)
    with write_transaction(sessions) as session:
        assert queue.claim(session, "w", T0 + MIN, timedelta(minutes=1), HostRule()).reason == "push"
