"""The long-running processes: `rendercrawl worker`, `rendercrawl scheduler`, `rendercrawl run`.

- `worker [--concurrency N]`: claims and crawls; run any number, on any machines, against one
  PostgreSQL. SIGTERM finishes or releases in-flight pages, then exits.
- `scheduler`: APScheduler jobs only (enqueue due recrawls, reap leases, prune old rows).
- `run`: both in one process, the one-machine (SQLite) set-up.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from datetime import timedelta
from functools import partial

import click

from render.chromium import ChromiumNotFound
from render.settings import RenderSettings
from scheduler.console import fail
from scheduler.freshness import CheapRecrawls
from scheduler.jobs import build_scheduler
from scheduler.robots import RobotsCache
from scheduler.settings import SchedulerSettings
from scheduler.sites import follow_site_rows, merged_render_sites
from scheduler.worker import Worker, WorkerStats, install_stop_signals, utc_now
from storage.db import make_engine, session_factory
from storage.settings import StorageSettings

log = logging.getLogger(__name__)
CONCURRENCY_OPTION = click.option("--concurrency", type=click.IntRange(1, 64), default=None,
                                  help="Pages crawled at once in this process (default: $RENDERCRAWL_WORKER_CONCURRENCY or 1).")


def _settings(concurrency: int | None) -> SchedulerSettings:
    settings = SchedulerSettings()
    return settings.model_copy(update={"worker_concurrency": concurrency}) if concurrency else settings


async def _work(settings: SchedulerSettings, storage: StorageSettings, render: RenderSettings) -> WorkerStats:
    from render.browser import Renderer
    from scheduler.pipeline import crawl_url

    engine = make_engine(storage.database_url)
    sessions = session_factory(engine)
    from_environment = render.sites
    render = render.model_copy(update={"sites": merged_render_sites(sessions, from_environment)})
    stop = asyncio.Event()
    install_stop_signals(stop)
    robots = RobotsCache(render.bot_token, timedelta(minutes=settings.robots_cache_minutes))
    cheap = CheapRecrawls(sessions, f"Mozilla/5.0 (compatible; {render.bot_token})", utc_now) if settings.cheap_recrawls else None
    async with Renderer(render) as renderer:
        sites = asyncio.create_task(follow_site_rows(renderer, sessions, from_environment, render.sites,
                                                     settings.site_reload_seconds, stop))
        try:
            crawl = partial(crawl_url, renderer, sessions, keep_snapshot=storage.keep_snapshots)
            stats = await Worker(sessions, crawl, settings, robots=robots, cheap=cheap).run(stop)
        finally:
            stop.set()
            await sites
    engine.dispose()
    return stats


def _run_worker(settings: SchedulerSettings) -> None:
    try:
        stats = asyncio.run(_work(settings, StorageSettings(), RenderSettings()))
    except ChromiumNotFound as error:
        fail(str(error))
    click.echo(f"worker stopped: {stats.settled or 'nothing crawled'}; released {stats.released}, lost {stats.lost}")


@click.command()
@CONCURRENCY_OPTION
def worker(concurrency: int | None) -> None:
    """Claim due pages from the queue and crawl them until SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    _run_worker(_settings(concurrency))


@click.command("scheduler")
def scheduler_command() -> None:
    """Run the periodic jobs (enqueue due recrawls, reap expired leases, prune) until SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    storage, settings = StorageSettings(), SchedulerSettings()
    engine = make_engine(storage.database_url)
    scheduler = build_scheduler(engine, storage.database_url, settings, blocking=True)
    signal.signal(signal.SIGTERM, lambda *_: scheduler.shutdown(wait=False))
    try:
        scheduler.start()
    except KeyboardInterrupt:
        pass


@click.command()
@CONCURRENCY_OPTION
def run(concurrency: int | None) -> None:
    """Scheduler and one worker in one process (the SQLite set-up) until SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    storage, settings = StorageSettings(), _settings(concurrency)
    engine = make_engine(storage.database_url)
    scheduler = build_scheduler(engine, storage.database_url, settings, blocking=False)
    scheduler.start()
    try:
        _run_worker(settings)
    finally:
        scheduler.shutdown(wait=False)
        engine.dispose()


PROCESS_COMMANDS: list[click.Command] = [run, scheduler_command, worker]
