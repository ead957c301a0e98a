"""The worker's database steps for a page (claim, site, the cheap check, save, settle) reuse
compiled statements: after the first page, every statement they send is found in SQLAlchemy's
compiled cache. A statement it cannot cache (a dialect `INSERT ... ON CONFLICT`) is compiled
anew for every page, which costs more of the worker's thread than executing it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from sqlalchemy import event

from render.settings import RenderSettings
from scheduler.freshness import CheapRecrawls
from scheduler.settings import SchedulerSettings
from scheduler.worker import Worker
from storage import queue
from storage.pages import ensure_page, profile_shape
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome, Reason
from storage.repository import save_crawl
from tests.storage.storage_samples import full_profile

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def crawl_one(worker: Worker, cheap: CheapRecrawls) -> None:
    """One page through the worker's database steps, as `rendercrawl worker` runs them."""
    lease = worker._claim("w/0")
    assert lease is not None
    site = worker._site(lease.host)
    assert worker._before_render(lease, site, T0) is None
    attempt = CrawlAttempt(url=lease.url, started_at=T0, finished_at=T0 + timedelta(seconds=1), outcome=Outcome.OK,
                           http_status=200, final_url=lease.url, blocked_requests=1, render_ms=400, extract_ms=50,
                           page_id=lease.page_id)
    with write_transaction(worker.sessions) as session:
        profile_shape(session, lease.page_id)  # the gutted check's read
        save_crawl(session, attempt, full_profile(lease.url))
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
