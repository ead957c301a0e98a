"""The leased queue, the same contract on SQLite and PostgreSQL, with a fake clock."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select

from scheduler.policy import HostRule
from storage import queue
from storage.models import CrawlHost, QueueEntry, Site
from storage.pages import ensure_page
from storage.queue import LeaseLost, write_transaction
from storage.records import Reason

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
S = timedelta(seconds=1)
LEASE = timedelta(seconds=60)
FREE = HostRule(max_concurrent=100, min_delay=timedelta(0))


def add(sessions, url, reason=Reason.NEW, due=T0, now=T0):
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, url, now)
        return page_id, queue.enqueue(session, page_id, reason, due, now)


def claim(sessions, owner="w1", now=T0, rule=FREE):
    with write_transaction(sessions) as session:
        return queue.claim(session, owner, now, LEASE, rule)


def row(sessions, page_id):
    with sessions() as session:
        return session.execute(select(QueueEntry.__table__).where(QueueEntry.page_id == page_id)).one()


def test_claim_leases_a_due_page_once(sessions):
    page_id, enqueued = add(sessions, "http://a.test/1")
    assert enqueued.state == "new"
    lease = claim(sessions)
    assert lease is not None and lease.page_id == page_id and lease.url == "http://a.test/1"
    assert lease.expires_at == T0 + LEASE and lease.attempts == 1
    assert claim(sessions, "w2") is None
    assert row(sessions, page_id).state == "leased"


def test_nothing_due_yet_means_none(sessions):
    add(sessions, "http://a.test/1", due=T0 + 10 * S)
    assert claim(sessions, now=T0) is None
    assert claim(sessions, now=T0 + 10 * S) is not None


def test_push_is_claimed_before_older_scheduled_pages(sessions):
    add(sessions, "http://a.test/old", Reason.SCHEDULED, due=T0 - timedelta(hours=5))
    add(sessions, "http://a.test/new", Reason.NEW, due=T0 - timedelta(hours=1))
    add(sessions, "http://a.test/pushed", Reason.PUSH, due=T0)
    urls = [claim(sessions).url for _ in range(3)]
    assert urls == ["http://a.test/pushed", "http://a.test/new", "http://a.test/old"]


def test_enqueue_twice_keeps_one_row_with_the_earlier_due_time_and_better_priority(sessions):
    page_id, _ = add(sessions, "http://a.test/1", Reason.SCHEDULED, due=T0 + 100 * S)
    _, again = add(sessions, "http://a.test/1", Reason.MODIFIED, due=T0 + 5 * S)
    assert again.state == "tightened"
    r = row(sessions, page_id)
    assert (r.due_at, r.reason, r.priority) == (T0 + 5 * S, "modified", Reason.MODIFIED.priority)
    _, later = add(sessions, "http://a.test/1", Reason.SCHEDULED, due=T0 + 200 * S)
    assert later.state == "unchanged"


def test_completed_page_is_done_and_rearmed_by_a_new_request(sessions):
    page_id, _ = add(sessions, "http://a.test/1")
    lease = claim(sessions)
    with write_transaction(sessions) as session:
        assert queue.complete(session, lease, T0 + S) == "done"
    assert claim(sessions, now=T0 + 2 * S) is None
    _, rearmed = add(sessions, "http://a.test/1", Reason.SCHEDULED, due=T0 + 3 * S, now=T0 + 2 * S)
    assert rearmed.state == "rearmed"
    assert claim(sessions, now=T0 + 3 * S).page_id == page_id


def test_request_during_the_crawl_queues_the_page_again_after_it(sessions):
    page_id, _ = add(sessions, "http://a.test/1")
    lease = claim(sessions)
    _, during = add(sessions, "http://a.test/1", Reason.PUSH, due=T0 + 2 * S, now=T0 + 2 * S)
    assert during.state == "requeued"
    assert claim(sessions, "w2", now=T0 + 2 * S) is None  # still leased: never two at once
    with write_transaction(sessions) as session:
        assert queue.complete(session, lease, T0 + 3 * S) == "queued"
    again = claim(sessions, "w2", now=T0 + 3 * S)
    assert again.page_id == page_id and again.reason == "push"


def test_renew_extends_the_lease(sessions):
    add(sessions, "http://a.test/1")
    lease = claim(sessions)
    with write_transaction(sessions) as session:
        renewed = queue.renew(session, lease, T0 + 50 * S, LEASE)
    assert renewed.expires_at == T0 + 110 * S
    with write_transaction(sessions) as session:
        assert queue.reap(session, T0 + 100 * S, park_after=5) == (0, 0)


def test_expired_lease_is_reaped_and_taken_by_another_worker(sessions):
    page_id, _ = add(sessions, "http://a.test/1")
    lease = claim(sessions, "dead")
    with write_transaction(sessions) as session:
        assert queue.reap(session, T0 + LEASE + S, park_after=5) == (1, 0)
    other = claim(sessions, "alive", now=T0 + LEASE + S)
    assert other.page_id == page_id and other.attempts == 2
    with pytest.raises(LeaseLost), write_transaction(sessions) as session:
        queue.complete(session, lease, T0 + LEASE + 2 * S)
    with pytest.raises(LeaseLost), write_transaction(sessions) as session:
        queue.renew(session, lease, T0 + LEASE + 2 * S, LEASE)


def test_page_that_kills_its_workers_is_parked_by_the_reaper(sessions):
    page_id, _ = add(sessions, "http://a.test/poison")
    now = T0
    for attempt in range(3):
        assert claim(sessions, f"w{attempt}", now=now) is not None
        now += LEASE + S
        with write_transaction(sessions) as session:
            requeued, parked = queue.reap(session, now, park_after=3)
    assert (requeued, parked) == (0, 1)
    assert row(sessions, page_id).state == "parked"
    assert claim(sessions, now=now) is None


def test_parked_page_ignores_views_and_schedules_but_not_a_push(sessions):
    page_id, _ = add(sessions, "http://a.test/1")
    lease = claim(sessions)
    with write_transaction(sessions) as session:
        queue.park(session, lease, "5 failures in a row", T0 + S)
    assert add(sessions, "http://a.test/1", Reason.MODIFIED, now=T0 + 2 * S)[1].state == "parked"
    assert add(sessions, "http://a.test/1", Reason.SCHEDULED, now=T0 + 2 * S)[1].state == "parked"
    assert add(sessions, "http://a.test/1", Reason.PUSH, due=T0 + 2 * S, now=T0 + 2 * S)[1].state == "rearmed"
    assert row(sessions, page_id).attempts == 0


def test_retry_later_requeues_at_the_backoff_time(sessions):
    page_id, _ = add(sessions, "http://a.test/1")
    lease = claim(sessions)
    with write_transaction(sessions) as session:
        queue.retry_later(session, lease, T0 + 120 * S, "timeout", T0 + S)
    r = row(sessions, page_id)
    assert (r.state, r.reason, r.last_error, r.due_at) == ("queued", "retry", "timeout", T0 + 120 * S)
    assert claim(sessions, now=T0 + 119 * S) is None
    assert claim(sessions, now=T0 + 120 * S).attempts == 2


def test_release_returns_the_page_at_once_without_counting_the_attempt(sessions):
    page_id, _ = add(sessions, "http://a.test/1")
    lease = claim(sessions)
    with write_transaction(sessions) as session:
        queue.release(session, lease, T0 + S)
    again = claim(sessions, "w2", now=T0 + S)
    assert again.page_id == page_id and again.attempts == 1


def test_host_concurrency_limit_leaves_room_for_other_hosts(sessions):
    for i in range(4):
        add(sessions, f"http://big.test/{i}", due=T0 - timedelta(hours=1))
    add(sessions, "http://small.test/1", due=T0)
    rule = HostRule(max_concurrent=2, min_delay=timedelta(0))
    hosts = [claim(sessions, f"w{i}", rule=rule) for i in range(4)]
    assert [lease.host if lease else None for lease in hosts] == ["big.test", "big.test", "small.test", None]
    with write_transaction(sessions) as session:
        queue.complete(session, hosts[0], T0 + S)
    assert claim(sessions, "w9", now=T0 + S, rule=rule).host == "big.test"


def test_host_minimum_delay_between_starts(sessions):
    for i in range(3):
        add(sessions, f"http://a.test/{i}")
    rule = HostRule(max_concurrent=10, min_delay=timedelta(seconds=2))
    assert claim(sessions, "w1", now=T0, rule=rule) is not None
    assert claim(sessions, "w2", now=T0 + S, rule=rule) is None
    assert claim(sessions, "w2", now=T0 + 2 * S, rule=rule) is not None


def test_site_row_overrides_the_default_politeness(sessions):
    with write_transaction(sessions) as session:
        session.execute(insert(Site).values(host="slow.test", max_concurrent_pages=1, min_delay_ms=0))
    for i in range(2):
        add(sessions, f"http://slow.test/{i}")
    assert claim(sessions, "w1", rule=FREE) is not None
    assert claim(sessions, "w2", rule=FREE) is None


def host_slots(sessions, host):
    with sessions() as session:
        return session.execute(select(CrawlHost.leased).where(CrawlHost.host == host)).scalar_one()


def test_every_end_of_a_lease_gives_the_host_slot_back(sessions):
    for i in range(6):
        add(sessions, f"http://a.test/{i}")
    leases = [claim(sessions, f"w{i}") for i in range(6)]
    assert host_slots(sessions, "a.test") == 6
    ends = [lambda s, x: queue.complete(s, x, T0 + S), lambda s, x: queue.retry_later(s, x, T0 + 9 * S, "t", T0 + S),
            lambda s, x: queue.give_up(s, x, "404", T0 + S), lambda s, x: queue.park(s, x, "5 failures", T0 + S),
            lambda s, x: queue.release(s, x, T0 + S)]
    for end, lease in zip(ends, leases, strict=False):  # the sixth lease stays held
        with write_transaction(sessions) as session:
            end(session, lease)
    assert host_slots(sessions, "a.test") == 1
    with write_transaction(sessions) as session:
        assert queue.reap(session, T0 + LEASE + S, park_after=5) == (1, 0)
    assert host_slots(sessions, "a.test") == 0
    with pytest.raises(LeaseLost), write_transaction(sessions) as session:
        queue.complete(session, leases[5], T0 + LEASE + 2 * S)
    assert host_slots(sessions, "a.test") == 0  # a lost lease gives nothing back twice


def test_a_host_being_claimed_is_passed_over_not_waited_for(sessions):
    if sessions.kw["bind"].dialect.name != "postgresql":
        pytest.skip("row locks and SKIP LOCKED are PostgreSQL's; SQLite has one writer at a time")
    add(sessions, "http://busy.test/1", due=T0 - S)
    add(sessions, "http://busy.test/2", due=T0 - S)
    add(sessions, "http://free.test/1", due=T0)
    last_slot = HostRule(max_concurrent=1, min_delay=timedelta(0))
    with write_transaction(sessions) as holding:  # claimer A has taken busy.test's row, not yet committed
        first = queue.claim(holding, "A", T0, LEASE, last_slot)
        assert first.host == "busy.test"
        second = claim(sessions, "B", rule=last_slot)
        assert second is not None and second.host == "free.test"
    assert claim(sessions, "C", rule=last_slot) is None  # busy.test's one slot is A's
