"""`rendercrawl serve`: the HTTP service (`service/`) under uvicorn, on the settings and the
database every other command uses."""

from __future__ import annotations

import logging

import click
from fastapi import FastAPI

from app.console import fail
from render.settings import RenderSettings
from scheduler.settings import SchedulerSettings
from service.app import create_app
from service.context import ServiceContext
from service.settings import DEFAULT_PORT, ServiceSettings
from storage.db import has_schema
from storage.health import bounded_engine, head_revision
from storage.settings import StorageSettings


def build_app(storage: StorageSettings, service: ServiceSettings) -> FastAPI:
    """The app over the configured database (the schema must exist: `rendercrawl db upgrade`)."""

    engine = bounded_engine(storage.database_url, service.database_wait_seconds)
    if not has_schema(engine):
        fail("the database has no schema yet: run `rendercrawl db upgrade`")
    ctx = ServiceContext.build(engine, service, SchedulerSettings(), RenderSettings().targets,
                               head_revision(storage.database_url))
    return create_app(ctx)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
def serve(host: str, port: int) -> None:
    """Serve page views, pushes, profile reads, metrics and the beacon over HTTP."""
    import uvicorn

    app = build_app(StorageSettings(), ServiceSettings())
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(app, host=host, port=port, log_level="info", access_log=False, server_header=False)
