"""What the HTTP service reads about one page: its host, its profile versions and its crawl log,
newest first, a page of answers at a time (keyset: each page starts below the last row of the one before)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, or_, select, true
from sqlalchemy.orm import InstrumentedAttribute, Session

from storage.models import Crawl, Page, ProfileVersion
from storage.records import Outcome


@dataclass(frozen=True, slots=True)
class VersionRow:
    id: int
    created_at: datetime
    crawl_id: int | None
    content_hash: str
    title: str | None
    word_count: int
    profile: dict[str, Any]
    """The version's profile JSON (without the body, which `profile_versions` keeps apart)."""


@dataclass(frozen=True, slots=True)
class CrawlRow:
    id: int
    url: str
    started_at: datetime
    finished_at: datetime
    outcome: Outcome
    http_status: int | None
    final_url: str | None
    blocked_requests: int
    render_ms: int | None
    extract_ms: int | None
    content_hash: str | None
    content_changed: bool | None
    """The change history: new content since the crawl before (None: a failure or a first profile)."""
    error: str | None


def page_host(session: Session, page_id: int) -> str | None:
    """The host of page `page_id`, or None when there is no such page."""
    return session.execute(select(Page.host).where(Page.id == page_id)).scalar_one_or_none()


Position = tuple[datetime, int]
"""Where a newest-first list stopped: the last row's time and id (the next page starts below it)."""


def _before(at: InstrumentedAttribute[datetime], id_: InstrumentedAttribute[int],
            position: Position | None) -> ColumnElement[bool]:
    if position is None:
        return true()
    return or_(at < position[0], and_(at == position[0], id_ < position[1]))


def page_versions(session: Session, page_id: int, limit: int, before: Position | None = None) -> list[VersionRow]:
    """Up to `limit` versions, newest first, older than `before`."""
    rows = session.execute(select(ProfileVersion)
                           .where(ProfileVersion.page_id == page_id,
                                  _before(ProfileVersion.created_at, ProfileVersion.id, before))
                           .order_by(ProfileVersion.created_at.desc(), ProfileVersion.id.desc()).limit(limit)).scalars()
    return [VersionRow(v.id, v.created_at, v.crawl_id, v.content_hash, v.title, v.word_count, json.loads(v.profile_json))
            for v in rows]


def page_crawls(session: Session, page_id: int, limit: int, before: Position | None = None) -> list[CrawlRow]:
    """Up to `limit` crawl attempts, newest first, older than `before`."""
    rows = session.execute(select(Crawl).where(Crawl.page_id == page_id, _before(Crawl.started_at, Crawl.id, before))
                           .order_by(Crawl.started_at.desc(), Crawl.id.desc()).limit(limit)).scalars()
    return [CrawlRow(c.id, c.url, c.started_at, c.finished_at, c.outcome, c.http_status, c.final_url, c.blocked_requests,
                     c.render_ms, c.extract_ms, c.content_hash, None if c.content_changed is None else bool(c.content_changed),
                     c.error) for c in rows]
