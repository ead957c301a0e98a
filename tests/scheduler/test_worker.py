"""The worker in one process: claim → (fake) crawl → settle, SIGTERM, lost leases, robots."""

import asyncio
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from render.settings import RenderSettings
from scheduler.robots import RobotsCache
from scheduler.settings import SchedulerSettings
from scheduler.settle import settle
from scheduler.sites import CrawlSite
from scheduler.worker import Worker
from scheduler_fakes import RecordingFakeCrawl, read_log
from storage import queue
from storage.models import Crawl, Page, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Reason

FAST = dict(lease_seconds=5, lease_renew_seconds=0.2, idle_poll_seconds=0.05, reap_every_seconds=1,
            host_max_concurrent=50, host_min_delay_ms=0, worker_concurrency=3)


def now():
    return datetime.now(UTC)


def seed(sessions, urls, reason=Reason.NEW):
    with write_transaction(sessions) as session:
        for url in urls:
            queue.enqueue(session, ensure_page(session, url, now()), reason, now(), now())


def queue_rows(sessions):
    with sessions() as session:
        return {r.url: r for r in session.execute(
            select(Page.url, QueueEntry.state, QueueEntry.reason, QueueEntry.due_at, QueueEntry.attempts,
                   QueueEntry.last_error, Page.next_crawl_at, Page.crawl_state)
            .join(QueueEntry, QueueEntry.page_id == Page.id)).all()}


async def until(condition, timeout=20.0, what="condition"):
    """Wait for `condition` (checked in a thread: it may query the database), failing after `timeout`."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await asyncio.to_thread(condition):
        assert asyncio.get_running_loop().time() < deadline, f"{what} not reached in {timeout} s"
        await asyncio.sleep(0.02)


async def run_until(worker, condition, timeout=20.0):
    stop = asyncio.Event()
    running = asyncio.create_task(worker.run(stop))
    deadline = asyncio.get_running_loop().time() + timeout
    while not await asyncio.to_thread(condition):
        assert asyncio.get_running_loop().time() < deadline, "condition not reached"
        await asyncio.sleep(0.05)
    stop.set()
    return await running


def all_settled(sessions):
    return lambda: all(r.state not in ("queued", "leased") for r in queue_rows(sessions).values())


def test_worker_crawls_every_due_page_exactly_once(sessions, tmp_path):
    urls = [f"http://site{i % 3}.test/a/{i}" for i in range(24)]
    seed(sessions, urls)
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log")
    worker = Worker(sessions, crawl, SchedulerSettings(**FAST), name="w", random=lambda: 0.5)
    stats = asyncio.run(run_until(worker, all_settled(sessions)))
    ends = [url for event, url, *_ in read_log(tmp_path / "log") if event == "end"]
    assert sorted(ends) == sorted(urls)
    assert stats.settled == {"scheduled": 24}
    rows = queue_rows(sessions)
    assert {r.state for r in rows.values()} == {"done"}
    for r in rows.values():  # first crawl, no publication time: the ladder's 1 h step from it
        assert timedelta(minutes=59) < r.next_crawl_at - now() <= timedelta(hours=1)


def test_transient_failure_goes_back_to_the_queue_with_backoff(sessions, tmp_path):
    seed(sessions, ["http://a.test/1"])
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log", outcome="timeout", http_status=None)
    worker = Worker(sessions, crawl, SchedulerSettings(**FAST, retry_base_delay_seconds=600), random=lambda: 0.5)
    asyncio.run(run_until(worker, lambda: queue_rows(sessions)["http://a.test/1"].reason == "retry"))
    row = queue_rows(sessions)["http://a.test/1"]
    assert row.state == "queued" and row.last_error.startswith("timeout")
    assert timedelta(seconds=590) < row.due_at - now() <= timedelta(seconds=600)
    assert row.crawl_state == "failed"


def test_permanent_failure_is_recorded_and_not_retried(sessions, tmp_path):
    seed(sessions, ["http://a.test/gone"])
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log", outcome="http_error", http_status=404)
    worker = Worker(sessions, crawl, SchedulerSettings(**FAST))
    stats = asyncio.run(run_until(worker, all_settled(sessions)))
    row = queue_rows(sessions)["http://a.test/gone"]
    assert (row.state, row.next_crawl_at) == ("done", None)
    assert stats.settled == {"give_up": 1}


def test_page_failing_n_times_in_a_row_is_parked(sessions):
    settings = SchedulerSettings(**FAST, park_after_failures=3)
    seed(sessions, ["http://a.test/flaky"])
    clock = now()
    actions = []
    for _ in range(3):
        with write_transaction(sessions) as session:
            lease = queue.claim(session, "w", clock, settings.lease, settings.host_rule())
            from storage.repository import save_crawl
            attempt = CrawlAttempt(url=lease.url, started_at=clock, finished_at=clock, outcome="timeout", error="slow")
            save_crawl(session, attempt, None)
            actions.append(settle(session, lease, attempt, CrawlSite(lease.host), clock, settings.recrawl_rule(),
                                  settings.retry_rule(), lambda: 0.5).action)
        clock += timedelta(days=1)
    assert actions == ["retry", "retry", "park"]
    row = queue_rows(sessions)["http://a.test/flaky"]
    assert (row.state, row.crawl_state) == ("parked", "parked")


def test_stop_releases_in_flight_pages_for_other_workers(sessions, tmp_path):
    seed(sessions, [f"http://a.test/{i}" for i in range(5)])
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log", hang=True)
    worker = Worker(sessions, crawl, SchedulerSettings(**FAST), shutdown_grace_s=0.3)
    leased = lambda: sum(r.state == "leased" for r in queue_rows(sessions).values()) == 3  # noqa: E731
    stats = asyncio.run(run_until(worker, leased))
    assert stats.released == 3
    rows = queue_rows(sessions).values()
    assert {r.state for r in rows} == {"queued"} and {r.attempts for r in rows} == {0}


def test_lost_lease_cancels_the_crawl_and_settles_nothing(sessions, tmp_path):
    seed(sessions, ["http://a.test/1"])
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log", hang=True)
    worker = Worker(sessions, crawl, SchedulerSettings(**{**FAST, "worker_concurrency": 1, "reap_every_seconds": 600}),
                    shutdown_grace_s=0.2)

    async def scenario():
        stop = asyncio.Event()
        running = asyncio.create_task(worker.run(stop))
        await until(lambda: queue_rows(sessions)["http://a.test/1"].state == "leased", what="the lease")
        with write_transaction(sessions) as session:  # as if the lease expired and was reaped
            queue.reap(session, now() + timedelta(hours=1), park_after=10)
        await until(lambda: worker.stats.lost > 0, what="the lost lease")
        stop.set()
        return await running

    stats = asyncio.run(scenario())
    assert stats.lost == 1 and stats.settled == {}


def test_robots_disallowed_page_is_recorded_blocked_without_crawling(sessions, tmp_path):
    seed(sessions, ["http://a.test/private/1", "http://a.test/public/1"])
    robots = RobotsCache("rendercrawlbot", timedelta(hours=1), fetch=lambda url: (200, "User-agent: *\nDisallow: /private\n"))
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log")
    worker = Worker(sessions, crawl, SchedulerSettings(**FAST), robots=robots)
    asyncio.run(run_until(worker, all_settled(sessions)))
    assert [url for event, url, *_ in read_log(tmp_path / "log") if event == "end"] == ["http://a.test/public/1"]
    with sessions() as session:
        outcomes = dict(session.execute(select(Crawl.url, Crawl.outcome)).all())
    assert outcomes == {"http://a.test/private/1": "blocked", "http://a.test/public/1": "ok"}


def test_a_queued_internal_target_is_refused_at_crawl_time_without_a_request(sessions, tmp_path):
    """Queued before the policy (or its name resolved elsewhere then): checked again when crawled."""
    seed(sessions, ["http://169.254.169.254/latest/meta-data/", "http://a.test/public/1"])
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log")
    worker = Worker(sessions, crawl, SchedulerSettings(**FAST), environment=RenderSettings(allow_targets=[]))
    asyncio.run(run_until(worker, all_settled(sessions)))
    assert [url for event, url, *_ in read_log(tmp_path / "log") if event == "end"] == ["http://a.test/public/1"]
    with sessions() as session:
        rows = dict(session.execute(select(Crawl.url, Crawl.error)).all())
    assert "refused target" in rows["http://169.254.169.254/latest/meta-data/"]
