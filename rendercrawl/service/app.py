"""The ASGI app of `rendercrawl serve` (FastAPI): the routers, the one error shape, and the
operational endpoints (`/healthz`, `/readyz`, `/metrics`, `/v1/beacon.js`)."""

from __future__ import annotations

import gc
import inspect
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.telemetry import TelemetryConfig
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from rendercrawl.service import routes_read, routes_seen, routes_write
from rendercrawl.service.answers import Health, Ready
from rendercrawl.service.api_docs import add_security_schemes, install_docs
from rendercrawl.service.console_pages import install_console
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.errors import ERROR_SCHEMA, error_body, install_handlers
from rendercrawl.service.observe import RequestObserver
from storage.health import readiness

API_DESCRIPTION = """Every error answer has one shape: `{"error": {"code", "message", "field"?}}` (a batch adds
`rejected`: one `{index, code, message, field?}` per refused item). Each operation needs a per-site API key
of the scope it names (`Authorization: Bearer rck_…` or `X-API-Key`, from
`rendercrawl sites key create HOST --scope events|push|read`); page views may instead come keyless
from a registered site's page (its `Origin`), rate limited. Every answer about a page gives its
`page_id` and the paths of its state, versions and crawl log; lists continue with `next_cursor`."""
BEACON_JS = files(__package__).joinpath("beacon.js").read_text(encoding="utf-8")
NO_TELEMETRY: TelemetryConfig = {"tracing": False, "metrics": False, "logs": False}
"""The service's metrics are Prometheus's (`/metrics`), not OpenTelemetry's: FastAPI then skips
asking the OpenTelemetry providers on every request whether anyone listens (6 µs a request, in-process)."""
PAGEVIEW_PATH = "/v1/events/pageview"
BEACON_MAX_AGE_S = 3600
"""Browsers cache the beacon for an hour: a change reaches every page within that."""
GC_YOUNG_THRESHOLD = 50_000
"""Container objects allocated (net) between two collections of the youngest generation
(CPython's default is 700). A batch of 500 page views allocates tens of thousands that die by
reference counting anyway; at 700 the collector ran dozens of times per batch, walking what
was alive at that moment, and the older generations, which count young collections, ran as
often more. Cyclic garbage lives a little longer: a few megabytes at most."""


def create_app(ctx: ServiceContext) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = ctx.service.database_threads
        settle_collector()
        ctx.committer.start()
        yield
        ctx.committer.close()  # its thread keeps two connections checked out, which dispose() cannot close
        ctx.engine.dispose()

    app = routes(lifespan)
    app.state.ctx = ctx
    return app


def settle_collector() -> None:
    """Everything built so far (modules, the app, its settings) lives as long as the process:
    moved out of the cyclic collector's sight, it is not walked again by every full
    collection, which cost batches of page views 15-20 µs of CPU per event
    (`bench/service_app_cpu.py --gc on|freeze`). The young generation is collected every
    `GC_YOUNG_THRESHOLD` allocations instead of every 700 (`--gc service`)."""
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


def routes(lifespan: Any = None) -> FastAPI:
    """Every route and error handler, without state: enough for the OpenAPI document."""
    app = _App(title="rendercrawl", version="1", summary="Page views and force pushes in, profiles out.",
               description=API_DESCRIPTION, docs_url=None, redoc_url=None, lifespan=lifespan,
               telemetry=NO_TELEMETRY)
    install_handlers(app)
    app.include_router(routes_write.router)
    app.include_router(routes_read.router)
    app.include_router(routes_seen.router)
    _operations(app)
    install_docs(app)
    install_console(app)
    return app


class _App(FastAPI):
    """The app, with page views (`_PageviewsFirst`) in front of its middleware, every request
    counted and timed around both (`RequestObserver`), and the API keys' security schemes in its
    OpenAPI document."""

    def build_middleware_stack(self) -> ASGIApp:
        return RequestObserver(_PageviewsFirst(super().build_middleware_stack(), self), self,
                               {("POST", PAGEVIEW_PATH): PAGEVIEW_PATH})

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            self.openapi_schema = add_security_schemes(super().openapi())
        return self.openapi_schema


class _PageviewsFirst:
    """Page views, the one hot path, go straight to their handler: without the middleware
    stack (server errors, telemetry, body limit, exceptions, exit stack), the router's matching
    and FastAPI's per-request dependency solving, which were 40% of the app's CPU per event. The
    handler takes only the request and answers a JSONResponse; what it raises is answered by
    the app's own exception handlers, as behind the middleware (an exception none handles
    reaches the server, which answers 500). The FastAPI route stays: it documents the endpoint
    in /openapi.json and serves what does not come this way (a `root_path`)."""

    def __init__(self, stack: ASGIApp, app: FastAPI) -> None:
        self.stack, self.app = stack, app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != PAGEVIEW_PATH or scope["method"] != "POST":
            await self.stack(scope, receive, send)
            return
        request = Request(scope, receive, send)
        response: Response
        try:
            response = await routes_write.pageview(request)
        except Exception as error:
            handler = next((self.app.exception_handlers[kind] for kind in type(error).__mro__
                            if kind in self.app.exception_handlers), None)
            if handler is None:
                raise
            answer = handler(request, error)
            response = await answer if inspect.isawaitable(answer) else answer
        await response(scope, receive, send)


def _operations(app: FastAPI) -> None:
    @app.get("/healthz", summary="The process answers", response_model=Health)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.head("/healthz", include_in_schema=False)
    async def healthz_head() -> Response:
        """Load balancers and uptime checkers often probe with HEAD."""
        return Response(status_code=200)

    @app.get("/readyz", summary="The database answers and its schema is at the newest migration", response_model=Ready,
             responses={503: {"description": "Not ready: the database does not answer, or its schema is behind.",
                              "content": {"application/json": {"schema": ERROR_SCHEMA}}}})
    async def readyz(request: Request) -> JSONResponse:
        ctx: ServiceContext = request.app.state.ctx
        state = await run_in_threadpool(readiness, ctx.engine, ctx.head_revision)
        body: dict[str, Any] = {"database": state.database, "revision": state.revision, "head": state.head}
        if state.ready:
            return JSONResponse({"status": "ready", **body})
        why = state.error or f"schema at revision {state.revision}, the code expects {state.head}: run `rendercrawl db upgrade`"
        return JSONResponse({**error_body("not_ready", why), **body}, 503)

    @app.get("/metrics", summary="Prometheus exposition", response_class=Response,
             responses={200: {"description": "The text exposition format, version 0.0.4.",
                              "content": {"text/plain": {"schema": {"type": "string"}}}}})
    async def metrics(request: Request) -> Response:
        ctx: ServiceContext = request.app.state.ctx
        data = await run_in_threadpool(ctx.metrics.exposition)
        return Response(data, media_type="text/plain; version=0.0.4; charset=utf-8")

    @app.get("/v1/beacon.js", summary="The page-view beacon script", response_class=Response,
             responses={200: {"description": "Include it in a page: it sends that page's view, keyless.",
                              "content": {"text/javascript": {"schema": {"type": "string"}}}}})
    async def beacon() -> Response:
        return Response(BEACON_JS, media_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": f"public, max-age={BEACON_MAX_AGE_S}"})
