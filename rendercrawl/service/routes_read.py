"""The reads: a page's current profile (the shape of `rendercrawl profile --json`), its state,
its versions and what changed between them, its crawl log, a site's pages and profiles, and
the queue. Each needs a key of scope `read`, and a key reads the pages of its own site only.
Lists answer a page of rows at a time with an opaque `next_cursor` (`rendercrawl/service/cursor.py`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Path, Query, Request
from pydantic import AwareDatetime
from starlette.concurrency import run_in_threadpool

from rendercrawl.service import auth
from rendercrawl.service.answers import (
    CrawlList,
    PageList,
    PageOut,
    ProfileList,
    ProfileOut,
    QueueOut,
    VersionList,
    page_links,
)
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.cursor import CURSOR_MAX_CHARS, Position, after_id, after_time_id, encode_cursor
from rendercrawl.service.errors import ApiError, error_responses
from scheduler.sites import site_of_url
from storage.db import Session
from storage.page_history import page_crawls, page_host, page_versions
from storage.page_lists import PageFilter, PageState, list_pages, list_profiles_changed, page_state
from storage.pages import find_page_id
from storage.records import Outcome
from storage.repository import load_profile
from storage.sites import load_site
from storage.status import read_status
from storage.types import utc_now
from values.urls import URL_MAX_CHARS, InvalidUrl, host_of, normalize_url

router = APIRouter()
T = TypeVar("T")
READ = auth.security("read")
ERRORS = error_responses(401, 403, 404, 422, 503)
LIST_ERRORS = error_responses(400, 401, 403, 404, 422, 503)
PageId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A page's id (`pages.id`).")]
"""Bounded as the column is: a larger number is a 422, not a database error."""
Cursor = Annotated[str | None, Query(max_length=CURSOR_MAX_CHARS, description="`next_cursor` of the answer before.")]
Limit = Annotated[int | None, Query(ge=1, le=10_000, description="Rows at most (the service caps it at its `read_limit`).")]
Site = Annotated[str, Path(min_length=1, max_length=255, description="The site's registered host.")]


def own_page(session: Session, page_id: int, site: str) -> None:
    """Page `page_id` exists (404) and is on a host of the site `site` (403)."""
    found = page_host(session, page_id)
    if found is None:
        raise ApiError(404, "not_found", f"no page {page_id}", "page_id")
    if _site_of_host(session, found) != site:
        raise ApiError(403, "forbidden_site", f"this key reads pages of {site} only", "page_id")


def _site_of_host(session: Session, host: str) -> str:
    """The registered site a page of `host` belongs to (its own host), else the host itself."""
    row = load_site(session, host)
    return row.host if row is not None else host


async def read(request: Request, work: Any) -> Any:
    ctx: ServiceContext = request.app.state.ctx
    key = auth.presented_key(request)

    def run() -> Any:
        with ctx.sessions() as session:
            return work(ctx, session, auth.with_key(ctx, key, "read", session))

    return await run_in_threadpool(run)


def _limit(ctx: ServiceContext, asked: int | None) -> int:
    return min(asked or ctx.service.read_limit, ctx.service.read_limit)


def _window(rows: Sequence[T], count: int, kind: str, position: Callable[[T], Position]) -> tuple[Sequence[T], str | None]:
    """The first `count` of `rows` (read one more than that), and the cursor after the last of
    them when the extra row says there are more."""
    shown = rows[:count]
    return shown, encode_cursor(kind, position(shown[-1])) if len(rows) > count else None


@router.get("/v1/profiles", responses=ERRORS, summary="The current profile of a URL", openapi_extra=READ,
            response_model=ProfileOut)
async def profile(request: Request, url: str = Query(min_length=1, max_length=URL_MAX_CHARS)) -> dict[str, Any]:
    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        try:
            # The key's site first: a host of another site is never resolved for this caller.
            if _site_of_host(session, host_of(normalize_url(url))) != principal.host:
                raise ApiError(403, "forbidden_site", f"this key reads pages of {principal.host} only", "url")
            normalized, _site = site_of_url(session, url, targets=ctx.targets)
        except InvalidUrl as error:
            raise ApiError(422, "invalid_url", str(error)[:300], "url") from None
        page_id = find_page_id(session, normalized)
        found = load_profile(session, normalized) if page_id is not None else None
        if page_id is None or found is None:
            raise ApiError(404, "not_found", "no stored profile for this URL", "url")
        return {**found.to_json_dict(), **page_links(page_id)}

    result: dict[str, Any] = await read(request, work)
    return result


@router.get("/v1/pages/{page_id}", responses=ERRORS, summary="A page's state: due, last crawl, outcome, parked",
            openapi_extra=READ, response_model=PageOut)
async def page(request: Request, page_id: PageId) -> dict[str, Any]:
    def work(_ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        own_page(session, page_id, principal.host)
        state = page_state(session, page_id)
        assert state is not None  # `_own_page` found it in this transaction
        return page_out(state)

    result: dict[str, Any] = await read(request, work)
    return result


def page_out(state: PageState) -> dict[str, Any]:
    return {"url": state.url, "host": state.host, "crawl_state": state.crawl_state, "parked": state.parked,
            "error_count": state.error_count, "first_seen_at": state.first_seen_at, "last_crawled_at": state.last_crawled_at,
            "last_outcome": state.last_outcome, "next_crawl_at": state.next_crawl_at, "queue_state": state.queue_state,
            "due_at": state.due_at, "queue_reason": state.queue_reason, "title": state.title,
            "page_class": state.page_class, "changed_at": state.changed_at,
            "change_rate_per_day": state.change_rate_per_day, **page_links(state.id)}


def _site_filter(session: Session, site: str, principal: auth.Principal, page_class: str | None,
                 changed_since: datetime | None, outcome: Outcome | None) -> PageFilter:
    """The pages of every host of `site` (named by any of its hosts), which must be the key's."""
    row = load_site(session, site)
    if row is None or row.host != principal.host:
        raise ApiError(403, "forbidden_site", f"this key reads pages of {principal.host} only", "site")
    return PageFilter(row.all_hosts, page_class, changed_since, outcome)


PageClass = Annotated[str | None, Query(max_length=32, description="Only pages whose profile is of this class.")]
ChangedSince = Annotated[AwareDatetime | None, Query(description="Only pages whose content changed at or after this time.")]
LastOutcome = Annotated[Outcome | None, Query(description="Only pages whose last crawl ended so.")]


@router.get("/v1/sites/{site}/pages", responses=LIST_ERRORS, summary="A site's pages with their state, in the order first seen",
            openapi_extra=READ, response_model=PageList)
async def pages(request: Request, site: Site, page_class: PageClass = None, changed_since: ChangedSince = None,
                outcome: LastOutcome = None, cursor: Cursor = None, limit: Limit = None) -> dict[str, Any]:
    after = after_id("pages", cursor)

    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        where = _site_filter(session, site, principal, page_class, changed_since, outcome)
        count = _limit(ctx, limit)
        rows, next_cursor = _window(list_pages(session, where, after, count + 1), count, "pages", lambda r: (r.id,))
        return {"pages": [page_out(r) for r in rows], "next_cursor": next_cursor}

    result: dict[str, Any] = await read(request, work)
    return result


@router.get("/v1/sites/{site}/profiles", responses=LIST_ERRORS,
            summary="A site's current profiles, in the order their content last changed", openapi_extra=READ,
            response_model=ProfileList)
async def profiles(request: Request, site: Site, page_class: PageClass = None, changed_since: ChangedSince = None,
                   outcome: LastOutcome = None, cursor: Cursor = None, limit: Limit = None) -> dict[str, Any]:
    """Oldest change first: keep the last `next_cursor` (or the last `changed_at`) to follow
    the changes; a page that changes again moves to the end."""
    after = after_time_id("profiles", cursor)

    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        where = _site_filter(session, site, principal, page_class, changed_since, outcome)
        count = _limit(ctx, limit)
        rows, next_cursor = _window(list_profiles_changed(session, where, after, count + 1), count, "profiles",
                                    lambda r: (r.changed_at, r.page_id))
        return {"profiles": [{**asdict(r), **page_links(r.page_id)} for r in rows], "next_cursor": next_cursor}

    result: dict[str, Any] = await read(request, work)
    return result


@router.get("/v1/profiles/{page_id}/versions", responses=LIST_ERRORS, summary="A page's profile versions, newest first",
            openapi_extra=READ, response_model=VersionList)
async def versions(request: Request, page_id: PageId, cursor: Cursor = None, limit: Limit = None) -> dict[str, Any]:
    """Each version with the fields that changed from the version before it (`changed`)."""
    before = after_time_id("versions", cursor)

    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        own_page(session, page_id, principal.host)
        count = _limit(ctx, limit)
        # one more than shown: the version before the last one shown says what that one changed
        rows = page_versions(session, page_id, count + 1, before)
        out = []
        for i, v in enumerate(rows[:count]):
            prior = rows[i + 1].profile if i + 1 < len(rows) else None
            out.append({"id": v.id, "created_at": v.created_at, "crawl_id": v.crawl_id, "content_hash": v.content_hash,
                        "title": v.title, "word_count": v.word_count, "changed": changed_fields(prior, v.profile),
                        "profile": v.profile})
        last = rows[count - 1] if len(rows) > count else None
        return {"versions": out, **page_links(page_id),
                "next_cursor": encode_cursor("versions", (last.created_at, last.id)) if last else None}

    result: dict[str, Any] = await read(request, work)
    return result


def changed_fields(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The top-level fields whose values differ (all of them for the first version)."""
    if before is None:
        return sorted(after)
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


@router.get("/v1/pages/{page_id}/crawls", responses=LIST_ERRORS, summary="A page's crawl log, newest first",
            openapi_extra=READ, response_model=CrawlList)
async def crawls(request: Request, page_id: PageId, cursor: Cursor = None, limit: Limit = None) -> dict[str, Any]:
    before = after_time_id("crawls", cursor)

    def work(ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        own_page(session, page_id, principal.host)
        count = _limit(ctx, limit)
        rows, next_cursor = _window(page_crawls(session, page_id, count + 1, before), count, "crawls",
                                    lambda c: (c.started_at, c.id))
        return {"crawls": rows, **page_links(page_id), "next_cursor": next_cursor}

    result: dict[str, Any] = await read(request, work)
    return result


@router.get("/v1/queue", responses=ERRORS, summary="Queue depth by state, due now, the oldest due", openapi_extra=READ,
            response_model=QueueOut)
async def queue(request: Request) -> dict[str, Any]:
    """The whole queue's counts (any read key: they name no page); the oldest due URL only when it is the key's site's."""
    def work(_ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        status = read_status(session, utc_now())
        host = site_host(status.oldest_due_url) if status.oldest_due_url is not None else None
        own = host is not None and _site_of_host(session, host) == principal.host
        page_id = find_page_id(session, status.oldest_due_url) if own and status.oldest_due_url else None
        return {"by_state": status.queue_by_state, "due_now": status.due_now, "oldest_due_at": status.oldest_due_at,
                "oldest_due_url": status.oldest_due_url if own else None,
                "oldest_due_page": page_links(page_id) if page_id is not None else None}

    result: dict[str, Any] = await read(request, work)
    return result


def site_host(url: str) -> str | None:
    try:
        return host_of(url)
    except InvalidUrl:
        return None
