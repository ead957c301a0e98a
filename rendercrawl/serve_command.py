"""`rendercrawl serve`: the HTTP service (`rendercrawl/service/`) under uvicorn, on the settings and the
database every other command uses. uvicorn's defaults (`http="auto"`, `loop="auto"`) pick
httptools and uvloop, which `uvicorn[standard]` installs: they halve the HTTP stack's CPU per
request against the pure-Python h11 parser and asyncio's loop."""

from __future__ import annotations

import logging

import click
from fastapi import FastAPI

from render.settings import RenderSettings
from rendercrawl.console import fail
from rendercrawl.service.app import create_app
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.settings import DEFAULT_PORT, ServiceSettings
from scheduler.settings import SchedulerSettings
from storage.db import has_schema
from storage.health import bounded_engine, head_revision
from storage.settings import StorageSettings

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
WORKER_HEALTHCHECK_TIMEOUT_S = 60
"""How long uvicorn's supervisor waits for a `--workers` child to answer its health ping. Its
default, 5 s, is shorter than a child's start on a loaded 2-core machine (importing the app took
3.7-4.4 s each at load 10, two children at once): the supervisor killed and restarted children
that were still importing, and the service was not ready within 60 s."""
GRACEFUL_SHUTDOWN_S = 5
"""After SIGTERM, requests in flight get this long to finish before their connections are
closed. Without a bound uvicorn waits for every one, so a client that never finishes its body
kept the process alive as long as it liked. An event is committed within milliseconds; one
still waiting then is dropped unanswered, and its client's retry (same event_id) is stored once."""


def build_app(storage: StorageSettings, service: ServiceSettings) -> FastAPI:
    """The app over the configured database (the schema must exist: `rendercrawl db upgrade`)."""

    engine = bounded_engine(storage.database_url, service.database_wait_seconds)
    if not has_schema(engine):
        fail("the database has no schema yet: run `rendercrawl db upgrade`")
    ctx = ServiceContext.build(engine, service, SchedulerSettings(), RenderSettings().targets,
                               head_revision(storage.database_url))
    return create_app(ctx)


def worker_app() -> FastAPI:
    """The app of one `serve --workers N` process (uvicorn imports and calls this in each)."""
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    return build_app(StorageSettings(), ServiceSettings())


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes on the one port, each with its own group commit (PostgreSQL: more "
                   "commits in flight; SQLite: they take turns at the one write lock). With more than one, "
                   "the /metrics counters are those of the process that answers the scrape; the database "
                   "gauges are whole.")
def serve(host: str, port: int, workers: int) -> None:
    """Serve page views, pushes, profile reads, metrics and the beacon over HTTP."""
    import uvicorn

    options: dict[str, object] = {"host": host, "port": port, "log_level": "info", "access_log": False,
                                  "server_header": False, "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_S}
    if workers == 1:
        app = build_app(StorageSettings(), ServiceSettings())
        logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
        uvicorn.run(app, **options)  # type: ignore[arg-type]
        return
    storage = StorageSettings()
    engine = bounded_engine(storage.database_url, ServiceSettings().database_wait_seconds)
    try:
        if not has_schema(engine):  # said once here, not by every worker
            fail("the database has no schema yet: run `rendercrawl db upgrade`")
    finally:
        engine.dispose()
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    uvicorn.run("rendercrawl.serve_command:worker_app", factory=True, workers=workers,
                timeout_worker_healthcheck=WORKER_HEALTHCHECK_TIMEOUT_S, **options)  # type: ignore[arg-type]
