"""The ASGI app of `rendercrawl serve` (FastAPI): the routers, the one error shape, and the
operational endpoints (`/healthz`, `/readyz`, `/metrics`, `/v1/beacon.js`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.telemetry import TelemetryConfig
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from service import routes_read, routes_write
from service.context import ServiceContext
from service.errors import error_body, install_handlers
from storage.health import readiness

API_DESCRIPTION = """Every error answer has one shape: `{"error": {"code", "message", "field"?}}` (a batch adds
`rejected`: one `{index, code, message, field?}` per refused item). Writes need a per-site API key
(`Authorization: Bearer rck_…`, from `rendercrawl sites key create HOST --scope events|push|read`);
page views may instead come keyless from a registered site's page (its `Origin`), rate limited."""
BEACON_JS = files("service").joinpath("beacon.js").read_text(encoding="utf-8")
NO_TELEMETRY: TelemetryConfig = {"tracing": False, "metrics": False, "logs": False}
"""The service's metrics are Prometheus's (`/metrics`), not OpenTelemetry's: FastAPI then skips
asking the OpenTelemetry providers on every request whether anyone listens (6 µs a request, in-process)."""
BEACON_MAX_AGE_S = 3600
"""Browsers cache the beacon for an hour: a change reaches every page within that."""


def create_app(ctx: ServiceContext) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = ctx.service.database_threads
        yield
        ctx.engine.dispose()

    app = routes(lifespan)
    app.state.ctx = ctx
    return app


def routes(lifespan: Any = None) -> FastAPI:
    """Every route and error handler, without state: enough for the OpenAPI document."""
    app = FastAPI(title="rendercrawl", version="1", summary="Page views and force pushes in, profiles out.",
                  description=API_DESCRIPTION, docs_url=None, redoc_url=None, lifespan=lifespan,
                  telemetry=NO_TELEMETRY)
    install_handlers(app)
    # Page views, the one hot path, are served by a plain Starlette route tried first: the same
    # handler, without FastAPI's included-router matching and per-request dependency solving
    # (the handler takes only the request and answers a JSONResponse), which were 40% of the
    # app's CPU per event. The FastAPI route below it stays, and documents it in /openapi.json.
    app.router.routes.insert(0, Route("/v1/events/pageview", routes_write.pageview, methods=["POST"]))
    app.include_router(routes_write.router)
    app.include_router(routes_read.router)
    _operations(app)
    return app


def _operations(app: FastAPI) -> None:
    @app.get("/healthz", summary="The process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", summary="The database answers and its schema is at the newest migration",
             responses={503: {"description": "not ready"}})
    async def readyz(request: Request) -> JSONResponse:
        ctx: ServiceContext = request.app.state.ctx
        state = await run_in_threadpool(readiness, ctx.engine, ctx.head_revision)
        body: dict[str, Any] = {"database": state.database, "revision": state.revision, "head": state.head}
        if state.ready:
            return JSONResponse({"status": "ready", **body})
        why = state.error or f"schema at revision {state.revision}, the code expects {state.head}: run `rendercrawl db upgrade`"
        return JSONResponse({**error_body("not_ready", why), **body}, 503)

    @app.get("/metrics", summary="Prometheus exposition", response_class=Response)
    async def metrics(request: Request) -> Response:
        ctx: ServiceContext = request.app.state.ctx
        data = await run_in_threadpool(ctx.metrics.exposition)
        return Response(data, media_type="text/plain; version=0.0.4; charset=utf-8")

    @app.get("/v1/beacon.js", summary="The page-view beacon script", response_class=Response)
    async def beacon() -> Response:
        return Response(BEACON_JS, media_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": f"public, max-age={BEACON_MAX_AGE_S}"})
