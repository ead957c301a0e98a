"""The worker's database steps for a page (claim with the site, the cheap check, save, settle) reuse
compiled statements: after the first page, every statement they send is found in SQLAlchemy's
compiled cache. A statement it cannot cache (a dialect `INSERT ... ON CONFLICT`) is compiled
anew for every page, which costs more of the worker's thread than executing it."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from sqlalchemy import event

from render.settings import RenderSettings
from scheduler.freshness import CheapRecrawls
from scheduler.settings import SchedulerSettings
from scheduler.worker import Worker
from storage import queue
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome, Reason
from storage.repository import save_crawl
from storage.saving import current_profiles
from tests.storage.storage_samples import full_profile

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def crawl_one(worker: Worker, cheap: CheapRecrawls) -> None:
    """One page through the worker's database steps, as `rendercrawl worker` runs them."""
    claimed = worker._claim("w/0")  # the site settings are read in the claim's transaction
    assert claimed is not None
    lease, site = claimed
    assert worker._before_render(lease, site, T0) is None
    attempt = CrawlAttempt(url=lease.url, started_at=T0, finished_at=T0 + timedelta(seconds=1), outcome=Outcome.OK,
                           http_status=200, final_url=lease.url, blocked_requests=1, render_ms=400, extract_ms=50,
                           page_id=lease.page_id)
    with write_transaction(worker.sessions) as session:
        current = current_profiles(session, [lease.page_id])  # the gutted check's read, the save's too
        save_crawl(session, attempt, full_profile(lease.url), current=current)
    page = SimpleNamespace(etag='"v1"', last_modified=None, raw_sha256="ab" * 32)
    worker._settle(lease, attempt, site, SimpleNamespace(page=page))


def test_every_statement_of_a_pages_steps_is_served_from_the_compiled_cache(engine, sessions):
    urls = [f"https://news.example/a/{i}" for i in range(3)]
    with write_transaction(sessions) as session:
        for url in urls:
            queue.enqueue(session, ensure_page(session, url, T0), Reason.NEW, T0, T0)
    settings = SchedulerSettings(worker_concurrency=1).model_copy(update={"host_min_delay_ms": 0})
    cheap = CheapRecrawls(sessions, "ua", lambda: T0, RenderSettings().targets)
    worker = Worker(sessions, None, settings, name="w", cheap=cheap, environment=RenderSettings(),  # type: ignore[arg-type]
                    clock=lambda: T0)
    crawl_one(worker, cheap)  # the first page compiles what it needs
    compiled: list[tuple[str, Any]] = []

    def seen(conn: Any, cursor: Any, statement: str, params: Any, context: Any, executemany: bool) -> None:
        if context is not None and context.compiled is not None:
            compiled.append((statement.split("\n")[0][:80], context.cache_hit))

    event.listen(engine, "before_cursor_execute", seen)
    crawl_one(worker, cheap)
    event.remove(engine, "before_cursor_execute", seen)
    hit = type(engine.dialect).CACHE_HIT
    assert compiled and [s for s, how in compiled if how != hit] == []


def test_the_gutted_check_and_the_save_read_the_pages_profile_once(engine, sessions):
    """A recrawl's store reads the current profile once (the gutted check compares with it, the
    save with its hash), and a recrawl that looks gutted still keeps the last good profile."""
    from rendercrawl.crawl import CrawlResult, _store

    url = "https://news.example/a/once"
    with write_transaction(sessions) as session:
        page_id = ensure_page(session, url, T0)
    good = replace(full_profile(url), body="The harbour reopened after a long winter of repairs. " * 40)

    def attempt(at: datetime) -> CrawlAttempt:
        return CrawlAttempt(url=url, started_at=at, finished_at=at + timedelta(seconds=1), outcome=Outcome.OK,
                            http_status=200, final_url=url, blocked_requests=0, render_ms=400, extract_ms=50,
                            page_id=page_id)

    _store(sessions, CrawlResult(attempt(T0), None, good, None), keep_snapshot=False)
    reads: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, params: Any, context: Any, executemany: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "FROM profiles" in statement:
            reads.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    again = _store(sessions, CrawlResult(attempt(T0 + timedelta(days=1)), None, good, None), keep_snapshot=False)
    gutted = replace(good, title=None, body="Loading")  # the title gone, and nearly all the text
    suspect = _store(sessions, CrawlResult(attempt(T0 + timedelta(days=2)), None, gutted, None), keep_snapshot=False)
    event.remove(engine, "before_cursor_execute", seen)
    assert again.attempt.outcome is Outcome.OK and suspect.attempt.outcome is Outcome.SUSPECT
    assert len(reads) == 2  # one a store
    with sessions() as session:
        kept = current_profiles(session, [page_id])[page_id]
    assert kept.shape.title == good.title and kept.content_hash == good.content_hash
