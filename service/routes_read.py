"""The reads: a page's current profile (the shape of `rendercrawl profile --json`), its
versions and what changed between them, its crawl log, and the queue. Each needs a key of scope
`read`, and a key reads the pages of its own site only."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from starlette.concurrency import run_in_threadpool

from scheduler.sites import site_of_url
from service import auth
from service.context import ServiceContext
from service.errors import ApiError, error_responses
from storage.db import Session
from storage.page_history import page_crawls, page_host, page_versions
from storage.repository import load_profile
from storage.status import read_status
from storage.types import utc_now
from values.urls import URL_MAX_CHARS, InvalidUrl, host_of

router = APIRouter()
ERRORS = error_responses(401, 403, 404, 422, 503)
PageId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A page's id (`pages.id`).")]
"""Bounded as the column is: a larger number is a 422, not a database error."""


def _own_page(session: Session, page_id: int, host: str) -> None:
    found = page_host(session, page_id)
    if found is None:
        raise ApiError(404, "not_found", f"no page {page_id}", "page_id")
    if found != host:
        raise ApiError(403, "forbidden_site", f"this key reads pages of {host} only", "page_id")


async def _read(request: Request, work: Any) -> Any:
    ctx: ServiceContext = request.app.state.ctx
    key = auth.presented_key(request)

    def run() -> Any:
        with ctx.sessions() as session:
            return work(ctx, session, auth.with_key(ctx, key, "read", session))

    return await run_in_threadpool(run)


@router.get("/v1/profiles", responses=ERRORS, summary="The current profile of a URL")
async def profile(request: Request, url: str = Query(min_length=1, max_length=URL_MAX_CHARS)) -> dict[str, Any]:
    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        try:
            normalized, site = site_of_url(session, url, targets=ctx.targets)
        except InvalidUrl as error:
            raise ApiError(422, "invalid_url", str(error)[:300], "url") from None
        if site.host != principal.host:
            raise ApiError(403, "forbidden_site", f"this key reads pages of {principal.host} only", "url")
        found = load_profile(session, normalized)
        if found is None:
            raise ApiError(404, "not_found", "no stored profile for this URL", "url")
        return found.to_json_dict()

    result: dict[str, Any] = await _read(request, work)
    return result


@router.get("/v1/profiles/{page_id}/versions", responses=ERRORS, summary="A page's profile versions, newest first")
async def versions(request: Request, page_id: PageId) -> dict[str, Any]:
    """Each version with the fields that changed from the version before it (`changed`)."""
    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        _own_page(session, page_id, principal.host)
        rows = page_versions(session, page_id, ctx.service.read_limit + 1)
        out = []
        for i, v in enumerate(rows[:ctx.service.read_limit]):
            before = rows[i + 1].profile if i + 1 < len(rows) else None
            out.append({"id": v.id, "created_at": v.created_at.isoformat(), "crawl_id": v.crawl_id,
                        "content_hash": v.content_hash, "title": v.title, "word_count": v.word_count,
                        "changed": changed_fields(before, v.profile), "profile": v.profile})
        return {"page_id": page_id, "versions": out}

    result: dict[str, Any] = await _read(request, work)
    return result


def changed_fields(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The top-level fields whose values differ (all of them for the first version)."""
    if before is None:
        return sorted(after)
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


@router.get("/v1/pages/{page_id}/crawls", responses=ERRORS, summary="A page's crawl log, newest first")
async def crawls(request: Request, page_id: PageId) -> dict[str, Any]:
    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        _own_page(session, page_id, principal.host)
        rows = page_crawls(session, page_id, ctx.service.read_limit)
        return {"page_id": page_id, "crawls": [
            {"id": c.id, "url": c.url, "started_at": c.started_at.isoformat(), "finished_at": c.finished_at.isoformat(),
             "outcome": str(c.outcome), "http_status": c.http_status, "final_url": c.final_url,
             "blocked_requests": c.blocked_requests, "render_ms": c.render_ms, "extract_ms": c.extract_ms,
             "content_hash": c.content_hash, "error": c.error} for c in rows]}

    result: dict[str, Any] = await _read(request, work)
    return result


@router.get("/v1/queue", responses=ERRORS, summary="Queue depth by state, due now, the oldest due")
async def queue(request: Request) -> dict[str, Any]:
    """The whole queue's counts (any read key: they name no page); the oldest due URL only when it is the key's site's."""
    def work(_ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        status = read_status(session, utc_now())
        own = status.oldest_due_url is not None and site_host(status.oldest_due_url) == principal.host
        return {"by_state": status.queue_by_state, "due_now": status.due_now,
                "oldest_due_at": status.oldest_due_at.isoformat() if status.oldest_due_at else None,
                "oldest_due_url": status.oldest_due_url if own else None}

    result: dict[str, Any] = await _read(request, work)
    return result


def site_host(url: str) -> str | None:
    try:
        return host_of(url)
    except InvalidUrl:
        return None
