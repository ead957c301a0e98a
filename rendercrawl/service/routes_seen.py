"""What the console shows of one page beyond the JSON reads: its profile explained (as
`rendercrawl profile --explain`) and what the crawler saw (`extraction.seen`), both from the
stored profile and snapshot, nothing rendered again. A key of scope `read`, of the page's site."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from extraction.fieldexplain import explain_profile
from extraction.seen import what_was_seen
from rendercrawl.service import auth
from rendercrawl.service.answers import ExplainOut, SeenOut, page_links
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.errors import ApiError
from rendercrawl.service.routes_read import ERRORS, READ, PageId, own_page, read
from storage.db import Session
from storage.pages import page_urls
from storage.repository import load_profile, load_snapshot

router = APIRouter()


def _snapshot(session: Session, page_id: int) -> Any:
    try:
        return load_snapshot(session, page_id)
    except ValueError:  # a snapshot of an older format: as if none was kept
        return None


@router.get("/v1/pages/{page_id}/explain", responses=ERRORS, openapi_extra=READ, response_model=ExplainOut,
            summary="A page's profile explained: each field's source and the candidates that lost")
async def explain(request: Request, page_id: PageId) -> dict[str, Any]:
    def work(_ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        own_page(session, page_id, principal.host)
        profile = load_profile(session, page_urls(session, page_id).url)
        if profile is None:
            raise ApiError(404, "not_found", f"page {page_id} has no stored profile", "page_id")
        snapshot = _snapshot(session, page_id)
        return {"lines": explain_profile(profile, snapshot), "snapshot": snapshot is not None, **page_links(page_id)}

    result: dict[str, Any] = await read(request, work)
    return result


@router.get("/v1/pages/{page_id}/seen", responses=ERRORS, openapi_extra=READ, response_model=SeenOut,
            summary="What the crawler saw: the layout, the main text's regions, blocks kept and dropped, requests blocked")
async def seen(request: Request, page_id: PageId) -> dict[str, Any]:
    """From the snapshot of the page's last crawl, kept when `RENDERCRAWL_KEEP_SNAPSHOTS` is on
    (404 `no_snapshot` otherwise); boxes are in the page's CSS pixels."""
    def work(_ctx: ServiceContext, session: Session, principal: auth.Principal) -> dict[str, Any]:
        own_page(session, page_id, principal.host)
        snapshot = _snapshot(session, page_id)
        if snapshot is None:
            raise ApiError(404, "no_snapshot", f"no snapshot kept of page {page_id} (RENDERCRAWL_KEEP_SNAPSHOTS)", "page_id")
        picture = what_was_seen(snapshot)
        return {"url": picture.url, "viewport": picture.viewport, "document_size": picture.document_size,
                "source": picture.source, "layout_kind": picture.layout_kind,
                "drawn": [{"kind": d.kind, "x": d.x, "y": d.y, "width": d.width, "height": d.height, "label": d.label,
                           "text": d.text} for d in picture.drawn],
                "blocked": [{"url": url, "host": host, "reason": reason} for url, host, reason in picture.blocked],
                **page_links(page_id)}

    result: dict[str, Any] = await read(request, work)
    return result
