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

import click

from render.chromium import ChromiumNotFound
from render.settings import RenderSettings
from rendercrawl.console import fail
from rendercrawl.crawl import open_crawler
from rendercrawl.memory import tune_allocator
from rendercrawl.worker_metrics import WorkerMetrics
from scheduler.jobs import build_scheduler
from scheduler.settings import SchedulerSettings
from scheduler.worker import WorkerStats, install_stop_signals
from storage.db import make_engine, session_factory
from storage.settings import StorageSettings

log = logging.getLogger(__name__)
CONCURRENCY_OPTION = click.option("--concurrency", type=click.IntRange(1, 32), default=None,
                                  help="Pages in flight: open in Chromium at once in this process "
                                       "(default: $RENDERCRAWL_WORKER_CONCURRENCY or 1).")


def _settings(concurrency: int | None) -> SchedulerSettings:
    settings = SchedulerSettings()
    return settings.model_copy(update={"worker_concurrency": concurrency}) if concurrency else settings


async def _work(settings: SchedulerSettings, storage: StorageSettings, render: RenderSettings,
                metrics: WorkerMetrics | None = None) -> WorkerStats:
    engine = make_engine(storage.database_url)
    stop = asyncio.Event()
    install_stop_signals(stop)
    # The worker stops gracefully by itself: on SIGTERM its pages in flight get the grace period,
    # then the renderer closes Chromium. The renderer's own handler would end Chromium at once.
    render = render.model_copy(update={"handle_signals": False})
    async with open_crawler(session_factory(engine), settings, render, storage.keep_snapshots, metrics=metrics) as worker:
        stats = await worker.run(stop)
    engine.dispose()
    return stats


def _run_worker(settings: SchedulerSettings, metrics_port: int | None = None) -> None:
    tune_allocator()  # before the first thread
    metrics = None
    if metrics_port is not None:
        metrics = WorkerMetrics()
        try:
            metrics.serve(metrics_port)
        except OSError as error:
            fail(f"cannot serve metrics on 127.0.0.1:{metrics_port}: {error.strerror or error}")
    try:
        stats = asyncio.run(_work(settings, StorageSettings(), RenderSettings(), metrics))
    except ChromiumNotFound as error:
        fail(str(error))
    click.echo(f"worker stopped: {stats.settled or 'nothing crawled'}; released {stats.released}, lost {stats.lost}")


@click.command()
@CONCURRENCY_OPTION
@click.option("--metrics-port", type=click.IntRange(1, 65535), default=None,
              help="Serve this worker's Prometheus metrics on 127.0.0.1:PORT (rendercrawl/worker_metrics.py).")
def worker(concurrency: int | None, metrics_port: int | None) -> None:
    """Claim due pages from the queue and crawl them until SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    _run_worker(_settings(concurrency), metrics_port)


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
