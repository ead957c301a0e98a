"""`POST /v1/events/pageview` and `POST /v1/profile/content/push`."""

from __future__ import annotations

import asyncio
import json
import math
from dataclasses import replace
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect

from rendercrawl.service import auth
from rendercrawl.service.answers import PushAnswer, PushDeclined, ViewsAnswer, page_links
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.errors import RETRY_AFTER, ApiError, error_responses
from rendercrawl.service.ingest import PageViewIn, PushIn, Rejection, check_push, check_view, decode_items
from rendercrawl.service.writes import ViewsRequest, ViewsResult, push_urls, record_view_requests
from storage.types import utc_now

router = APIRouter()

COMMIT_WAITS = 3
"""A request waits for its group at most this many database waits: its own turn, the group before it, slack."""
STATUS_OF = {"forbidden_site": 403, "unregistered_site": 422}
"""The status of a request all of whose items were refused for one reason (default 422)."""


def _body_schema(model: type[PageViewIn] | type[PushIn], what: str) -> dict[str, Any]:
    """Whatever the request's `Content-Type`, the body is read alike: one JSON object, a JSON
    array, or NDJSON; a browser's `sendBeacon` sends the JSON as `text/plain` (no preflight)."""
    item = model.model_json_schema()
    lines = {"type": "string", "description": f"NDJSON: one {what} (a JSON object as above) per line."}
    return {"required": True, "description": f"One {what}, a JSON array of them, or NDJSON (one per line).",
            "content": {"application/json": {"schema": {"anyOf": [item, {"type": "array", "items": item, "minItems": 1}]}},
                        "application/x-ndjson": {"schema": lines},
                        "text/plain": {"schema": {"type": "string", "contentMediaType": "application/json",
                                                  "description": f"The JSON (one {what} or an array), as a browser's "
                                                                 "sendBeacon sends it."}}}}


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused with 413 as soon as it passes `limit` bytes (declared or streamed).
    Read from the ASGI messages as `Request.stream` does, without its async generator: a
    single event's body comes in one message, and the generator was most of the 7 µs this took."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ApiError(413, "too_large", f"body of {declared} bytes; at most {limit}", "body")
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        chunk: bytes = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise ApiError(413, "too_large", f"body over {limit} bytes", "body")
        if not message.get("more_body", False):
            return b"".join([*chunks, chunk]) if chunks else chunk
        chunks.append(chunk)


def _refused(rejected: list[Rejection], batch: bool) -> ApiError:
    """The error of a request none of whose items was taken."""
    codes = {r.code for r in rejected}
    status = STATUS_OF.get(codes.pop(), 422) if len(codes) == 1 else 422
    first = min(rejected, key=lambda r: r.index)
    message = first.message if not batch else f"every item was rejected; the first: {first.message}"
    extra = {"rejected": [r.to_json() for r in rejected]} if batch else {}
    return ApiError(status, first.code, message, first.field, extra=extra)


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post("/v1/events/pageview", status_code=202, summary="Record page views",
             openapi_extra={"requestBody": _body_schema(PageViewIn, "page view"), **auth.security("events", keyless=True)},
             responses={202: {"model": ViewsAnswer, "description": "Stored (those not in `rejected`)."},
                        **error_responses(400, 401, 403, 413, 422, 429, 503)})
async def pageview(request: Request) -> Response:
    """Store page views (one, a JSON array or NDJSON); 202 once they are committed. An event
    refused on its own (a time far off, another site's URL…) is listed in `rejected` with its
    index and reason; the others are stored."""
    ctx: ServiceContext = request.app.state.ctx
    key, origin = auth.presented_key(request), auth.origin_host(request)

    def authorize() -> auth.Principal:
        return auth.for_events(ctx, key, origin)

    # The caller first (401 whatever the body); a remembered key or origin is checked here: no
    # thread, no connection, no query.
    principal = await run_in_threadpool(authorize) if auth.needs_database(ctx, key, origin) else authorize()
    cors = _cors(request, principal)
    try:
        return await _record(request, ctx, principal, cors)
    except ApiError as error:  # the registered site's browser may read why, as it reads a 202
        error.headers.update(cors)
        raise


async def _record(request: Request, ctx: ServiceContext, principal: auth.Principal, cors: dict[str, str]) -> Response:
    items, batch = decode_items(await read_body(request, ctx.service.max_body_bytes), ctx.service.max_batch_events)
    auth.take_keyless(ctx, principal, _client(request), len(items))
    now, max_age, max_future = utc_now(), ctx.service.event_max_age, ctx.service.event_max_future
    checked = [check_view(i, item, now, max_age, max_future) for i, item in enumerate(items)]
    request_views = ViewsRequest(principal, checked, now)
    result: ViewsResult = await _after_commit(
        ctx, ctx.committer.await_batch("pageviews", partial(record_view_requests, ctx), request_views, len(items)))
    for rejection in result.rejected:
        ctx.metrics.events_rejected.labels(reason=rejection.code).inc()
    ctx.metrics.events_accepted.inc(result.accepted)
    ctx.metrics.events_duplicate.inc(result.duplicates)
    if result.accepted == 0 and result.duplicates == 0:
        raise _refused(result.rejected, batch)
    return _accepted(result, cors)


_SINGLE_ANSWERS: dict[tuple[int, int, tuple[tuple[str, int], ...]], bytes] = {}
"""The 202 bodies of a one-event request with nothing rejected (a handful: accepted or a
duplicate, queued or not), rendered once up to its `pages` list: building and encoding the
answer per request was a few µs of the event loop's CPU per single event."""
PAGES_END = b"]}"


def _accepted(result: ViewsResult, headers: dict[str, str]) -> Response:
    """The 202 answer of `result`: the same bytes as `JSONResponse(result.to_json())`."""
    if result.rejected or result.accepted + result.duplicates > 1:
        return JSONResponse(result.to_json(), 202, headers=headers)
    shape = (result.accepted, result.duplicates, tuple(result.queued.items()))
    head = _SINGLE_ANSWERS.get(shape)
    if head is None:
        head = _SINGLE_ANSWERS[shape] = bytes(JSONResponse(replace(result, pages=[]).to_json()).body)[:-len(PAGES_END)]
    pages = b"".join(_compact({"index": index, **page_links(page_id)}) for index, page_id in result.pages)
    return Response(head + pages + PAGES_END, 202, headers=headers, media_type="application/json")


def _compact(value: dict[str, Any]) -> bytes:
    """`value` encoded as JSONResponse encodes it."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


async def _after_commit(ctx: ServiceContext, stored: asyncio.Future[Any]) -> Any:
    """`stored`'s result once its group committed; 503 when that takes longer than the bound (a
    request still waiting for its group is then dropped, one already running may still commit:
    events sent again with their event_id are stored once). A timer of the loop ends the future
    (`asyncio.wait_for` cost a task-like wrapper per request)."""
    timer = stored.get_loop().call_later(ctx.service.database_wait_seconds * COMMIT_WAITS, _give_up, stored)
    try:
        return await stored
    finally:
        timer.cancel()


def _give_up(stored: asyncio.Future[Any]) -> None:
    if not stored.done():
        stored.set_exception(ApiError(503, "database_unavailable", "the database did not answer in time",
                                      headers={"Retry-After": "5"}))


def _cors(request: Request, principal: auth.Principal) -> dict[str, str]:
    """A keyless browser request got this far only from a registered site's origin: allow it to
    read the answer, an error as well as a 202 (the beacon's fetch fallback learns why)."""
    if principal.key_prefix is not None:
        return {}
    return {"Access-Control-Allow-Origin": request.headers["origin"], "Vary": "Origin"}


@router.post("/v1/profile/content/push", status_code=202, summary="Force recrawls",
             openapi_extra={"requestBody": _body_schema(PushIn, "URL to recrawl"), **auth.security("push")},
             responses={202: {"model": PushAnswer, "description": "Every push honoured (those not in `rejected`)."},
                        **error_responses(400, 401, 403, 413, 422, 503),
                        429: {"model": PushDeclined, "headers": RETRY_AFTER,
                              "description": "Some pushes declined by the per-URL limit (see each result's `honoured` and "
                                             "`next_allowed_at`); the others are queued all the same."}})
async def push(request: Request) -> JSONResponse:
    """Recrawl URLs now: at most 4 honoured pushes per URL per rolling hour (the limit of
    `rendercrawl push`); a push while the URL's crawl is still queued merges into it (`merged`)
    and spends none of the 4. 202 when every push was honoured; 429 with `Retry-After` when any
    was declined (the others are queued all the same: see each result's `honoured`)."""
    ctx: ServiceContext = request.app.state.ctx
    key = auth.presented_key(request)

    def authorize() -> auth.Principal:
        return auth.with_key(ctx, key, "push")

    principal = await run_in_threadpool(authorize) if auth.needs_database(ctx, key, None) else authorize()
    items, batch = decode_items(await read_body(request, ctx.service.max_body_bytes), ctx.service.max_push_urls)
    checked = [check_push(i, item) for i, item in enumerate(items)]
    now = utc_now()
    results, rejected = await _after_commit(
        ctx, ctx.committer.await_work(lambda session: push_urls(ctx, session, principal, checked, now), len(items)))
    if not results:
        raise _refused(rejected, batch)
    declined = [r for r in results if not r.honoured]
    for r in results:
        ctx.metrics.pushes.labels(result="honoured" if r.honoured else "declined").inc()
    body: dict[str, Any] = {"results": [r.to_json() for r in results], "rejected": [r.to_json() for r in rejected]}
    if not declined:
        return JSONResponse(body, 202)
    wait = min((r.next_allowed_at - now).total_seconds() for r in declined if r.next_allowed_at)
    body.update({"error": {"code": "push_limit", "message": f"{len(declined)} of {len(results)} pushes declined by the "
                           f"per-URL limit ({ctx.scheduler.push_limit_per_url} per rolling window)"}})
    return JSONResponse(body, 429, headers={"Retry-After": str(max(1, math.ceil(wait)))})


@router.options("/v1/events/pageview", include_in_schema=False)
async def pageview_preflight(request: Request) -> Response:
    """CORS preflight: allowed for a registered site's origin only."""
    ctx: ServiceContext = request.app.state.ctx
    origin = auth.origin_host(request)

    def registered() -> bool:
        return origin is not None and auth.registered_origin(ctx, origin) is not None

    if not (await run_in_threadpool(registered) if auth.needs_database(ctx, None, origin) else registered()):
        raise ApiError(403, "origin_not_allowed", "this origin is no registered site")
    return Response(status_code=204, headers={
        "Access-Control-Allow-Origin": request.headers["origin"], "Vary": "Origin", "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "content-type", "Access-Control-Max-Age": "600"})
