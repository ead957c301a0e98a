"""The one orchestrator: render → extract → save, one value handed to each stage.

Stages never call each other; this is the only place that knows all three. The worker calls
`crawl_url` for every page it leases — and the `crawl` command and the demo crawl through the
worker too (`Worker.crawl_now`), so every crawl takes the same path.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from extraction import extract
from render.browser import Renderer
from render.outcome import FailureKind, RenderFailure
from render.settings import RenderSettings
from rendercrawl.memory import CycleCollector, release_free_memory
from scheduler.freshness import CheapRecrawls
from scheduler.policy import confirms_suspect, suspect_change
from scheduler.robots import RobotsCache, fetch_robots
from scheduler.settings import SchedulerSettings
from scheduler.worker import CrawlInterrupted, CrawlTarget, Worker
from storage.db import Session, Sessions
from storage.history import outcome_streak
from storage.queue import write_transaction
from storage.records import PROFILE_OUTCOMES, CrawlAttempt, Outcome, ProfileShape
from storage.repository import save_crawl
from storage.saving import CurrentProfile, current_profiles
from storage.types import utc_now
from values.domains import warm_up as parse_public_suffixes
from values.profile import ContentProfile
from values.rendered import RenderedPage

if TYPE_CHECKING:  # only the long-running worker counts; `crawl URL` need not import prometheus_client
    from rendercrawl.worker_metrics import WorkerMetrics

log = logging.getLogger(__name__)


OUTCOME_OF_FAILURE: Mapping[FailureKind, Outcome] = {
    FailureKind.DNS: Outcome.DNS_ERROR,
    FailureKind.CONNECTION: Outcome.CONNECTION_ERROR,
    FailureKind.TLS: Outcome.TLS_ERROR,
    FailureKind.TIMEOUT: Outcome.TIMEOUT,
    FailureKind.HTTP_ERROR: Outcome.HTTP_ERROR,
    FailureKind.REDIRECT_LOOP: Outcome.REDIRECT_LOOP,
    FailureKind.NON_HTML: Outcome.NON_HTML,
    FailureKind.BROWSER_CRASH: Outcome.BROWSER_CRASH,
    FailureKind.BLOCKED: Outcome.BLOCKED,
    FailureKind.ERROR: Outcome.ERROR,
}
"""How each render failure is recorded: the one place a `FailureKind` becomes an `Outcome`."""
GC_YOUNG_THRESHOLD = 50_000
"""Container objects allocated (net) between two collections of the youngest generation in a
crawling process (CPython's default is 700). A page's reading (a box object per element, 15,000
on a big page), its tree and the Playwright messages of its requests allocate tens of thousands
that die by reference counting anyway; at 700 the collector ran dozens of times a page, walking
whatever was alive then, and the older generations, which count young collections, as often
more. The oldest generation then runs only after millions of allocations, so the crawler runs
its full pass itself every few pages (`rendercrawl.memory.FULL_COLLECTION_EVERY`). (A command's
own imports are frozen out of the collector's sight already: rendercrawl/cli.py.)"""
SHUTDOWN_FAILURES = frozenset({FailureKind.BROWSER_CRASH, FailureKind.ERROR})
"""How a render fails when its browser closes under it (a closed target, or `net::ERR_ABORTED`
for a navigation in flight): during a shutdown that is the shutdown's doing, not the page's, and
the page goes back to the queue unrecorded (`scheduler.worker.CrawlInterrupted`)."""


@dataclass(frozen=True, slots=True)
class CrawlResult:
    attempt: CrawlAttempt
    page: RenderedPage | None
    profile: ContentProfile | None
    failure: RenderFailure | None
    save_ms: float | None = None
    """How long storing the attempt (and profile) took: the worker's metrics."""

    @property
    def ok(self) -> bool:
        return self.attempt.outcome is Outcome.OK


async def crawl_url(renderer: Renderer, sessions: Sessions, target: CrawlTarget, keep_snapshot: bool = False) -> CrawlResult:
    """Crawl one page with its site's settings and store the attempt (and the profile when there
    is one) in one transaction, on the page the target names by id. A failure, or a recrawl that
    looks gutted (`suspect`), is stored as a crawl row only: the last good profile stays."""
    url = target.url
    started_at = datetime.now(UTC)
    t0 = time.perf_counter()
    rendered = await renderer.render(url, site=target.site.render)
    render_ms = (time.perf_counter() - t0) * 1000
    if isinstance(rendered, RenderFailure) and rendered.kind in SHUTDOWN_FAILURES and renderer.shutting_down:
        raise CrawlInterrupted(f"the browser closed for shutdown mid-render ({rendered.message})")
    if isinstance(rendered, RenderFailure):
        attempt = CrawlAttempt(
            url=url, started_at=started_at, finished_at=datetime.now(UTC),
            outcome=OUTCOME_OF_FAILURE[rendered.kind], http_status=rendered.status, final_url=rendered.final_url,
            blocked_requests=0, render_ms=round(render_ms), extract_ms=None, error=rendered.message,
            page_id=target.page_id)
        result = CrawlResult(attempt, None, None, rendered)
    else:
        t1 = time.perf_counter()
        # Extraction is CPU work; off the event loop so other pages keep rendering meanwhile.
        profile = await asyncio.to_thread(_extract, rendered, started_at)
        extract_ms = (time.perf_counter() - t1) * 1000
        attempt = CrawlAttempt(
            url=url, started_at=started_at, finished_at=datetime.now(UTC),
            outcome=Outcome.SOFT_404 if profile.soft_404 else Outcome.OK, http_status=rendered.status,
            final_url=rendered.final_url, blocked_requests=len(rendered.blocked),
            render_ms=round(render_ms), extract_ms=round(extract_ms), error=None, page_id=target.page_id)
        result = CrawlResult(attempt, rendered, profile, None)
    # Off the event loop (the pages in flight keep being served meanwhile), in one transaction.
    return await asyncio.to_thread(_store, sessions, result, keep_snapshot)


def _store(sessions: Sessions, result: CrawlResult, keep_snapshot: bool) -> CrawlResult:
    """Store the attempt, and the profile unless the render failed or a good-looking profile
    looks gutted against the page's last one (then the attempt is `suspect`, the last good
    profile stays)."""
    started = time.perf_counter()
    page_id = result.attempt.page_id
    with write_transaction(sessions) as session:
        # The page's current profile, read once for the gutted check and the save.
        current = current_profiles(session, [page_id]) if page_id is not None and result.profile is not None else None
        if result.attempt.outcome is Outcome.OK and result.profile is not None and page_id is not None and current is not None:
            why = _gutted(session, page_id, result.profile, current)
            if why is not None:
                result = replace(result, attempt=replace(result.attempt, outcome=Outcome.SUSPECT, error=why))
        stored = result.profile if result.attempt.outcome in PROFILE_OUTCOMES else None  # a suspect one stays out
        save_crawl(session, result.attempt, stored, snapshot=result.page if keep_snapshot else None, current=current)
    return replace(result, save_ms=(time.perf_counter() - started) * 1000)


def _extract(rendered: RenderedPage, now: datetime) -> ContentProfile:
    """The profile; then the memory its tree and tables held goes back to the system
    (`rendercrawl.memory`), or the worker's RSS grows to every pool thread's high-water mark."""
    profile = extract(rendered, now=now)
    release_free_memory()
    return profile


def _gutted(session: Session, page_id: int, profile: ContentProfile, current: Mapping[int, CurrentProfile]) -> str | None:
    """Why this good-looking profile should not replace the page's last good one yet
    (`scheduler.policy.suspect_change`), unless it is the result that confirms a streak.
    `current` is `current_profiles` of the page."""
    last = current.get(page_id)
    why = suspect_change(last.shape if last is not None else None, ProfileShape(profile.title, profile.word_count))
    if why is None or confirms_suspect(outcome_streak(session, page_id, Outcome.SUSPECT)):
        return None
    log.info("page %d looks gutted (%s); keeping its last good profile", page_id, why)
    return why


def freeze_long_lived() -> None:
    """Take what the crawler keeps for its whole life out of the collector's passes
    (`gc.freeze`), once its browser is up and before its first page: the driver's connection,
    the browser's objects, the engine, the settings, and the public-suffix list, parsed here
    first (`values.domains`: a set of ~7,400 names, else built by the first page).

    The command line freezes its modules once they are imported (rendercrawl/cli.py), but what
    the crawler builds after that stayed in the oldest generation, and every full pass
    (`CycleCollector`, every `FULL_COLLECTION_EVERY` pages, on the event loop) walked it again:
    15 ms a pass, 3.4 ms a page on the budget's pages (bench/render_budget.py, session 22); a
    process that never froze its imports walked them too (77 ms a pass, 9.6 ms a page).
    Nothing of a page exists yet, so nothing a page leaves behind is frozen."""
    parse_public_suffixes()
    gc.collect()
    gc.freeze()


@contextlib.asynccontextmanager
async def open_crawler(sessions: Sessions, settings: SchedulerSettings, render: RenderSettings,
                       keep_snapshots: bool = False, name: str | None = None,
                       metrics: WorkerMetrics | None = None) -> AsyncIterator[Worker]:
    """A worker with its browser, robots.txt cache and cheap probe: what `worker`, `run`,
    `crawl` and the demo all crawl with; `metrics` counts what it does. `worker_concurrency`
    is the one setting of pages in flight: the browser's page slots (`render.concurrency` is
    replaced by it). The worker holds leases on every page the renderer can hold (in flight and
    opened ahead, `Renderer.pages_held`) plus one a page in flight being extracted and saved, off
    the browser's slot: so the browser never idles while a page is extracted, and the next page
    is opened while one renders (bench/render_budget.py, bench/RENDER.md)."""
    robots = RobotsCache(render.bot_token, timedelta(minutes=settings.robots_cache_minutes),
                         partial(fetch_robots, targets=render.targets))
    user_agent = f"Mozilla/5.0 (compatible; {render.bot_token})"
    cheap = CheapRecrawls(sessions, user_agent, utc_now, render.targets) if settings.cheap_recrawls else None
    render = render.model_copy(update={"concurrency": settings.worker_concurrency})
    async with Renderer(render) as renderer:
        thresholds = gc.get_threshold()  # the process's own again once the crawler closes
        gc.set_threshold(GC_YOUNG_THRESHOLD, *thresholds[1:])
        freeze_long_lived()
        collector = CycleCollector()

        async def crawl(target: CrawlTarget) -> CrawlResult:
            try:
                return await crawl_url(renderer, sessions, target, keep_snapshot=keep_snapshots)
            finally:
                collector.page_done()

        if metrics is not None:
            metrics.watch(renderer)
        worker = Worker(sessions, crawl, settings, name=name, robots=robots, cheap=cheap, environment=render,
                        on_stop=renderer.expect_shutdown, on_crawled=metrics.observe if metrics is not None else None,
                        slots=renderer.pages_held + settings.worker_concurrency)
        try:
            yield worker
        finally:
            gc.set_threshold(*thresholds)
