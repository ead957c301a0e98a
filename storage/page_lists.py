"""What the HTTP service lists about a site's pages: each page's state (due, last crawl and its
outcome, parked) and its current profile's headline, filtered and read in keyset order, one
page of answers at a time: a next page starts after the last row of this one (an id, or a
time and an id), so rows written meanwhile neither shift nor repeat the ones to come."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Row, Select, and_, or_, select
from sqlalchemy.orm import Session

from storage.models import Crawl, Page, Profile, QueueEntry
from storage.records import CrawlState, Outcome, QueueState


@dataclass(frozen=True, slots=True)
class PageFilter:
    """Which pages: those of `hosts`, and of the other filters those given (they combine with AND)."""

    hosts: Sequence[str]
    page_class: str | None = None
    changed_since: datetime | None = None
    """The current profile's content changed at or after this time."""
    outcome: Outcome | None = None
    """The outcome of the page's last crawl attempt."""


@dataclass(frozen=True, slots=True)
class PageState:
    id: int
    url: str
    host: str
    crawl_state: CrawlState
    error_count: int
    first_seen_at: datetime
    last_crawled_at: datetime | None
    next_crawl_at: datetime | None
    last_outcome: Outcome | None
    queue_state: QueueState | None
    due_at: datetime | None
    """When its queue row is due (queued or leased), else None."""
    queue_reason: str | None
    title: str | None
    page_class: str | None
    changed_at: datetime | None
    """When the current profile's content last changed; None without a profile."""
    change_rate_per_day: float | None
    """The scheduler's estimate of how often its content changes; None before its first crawl."""

    @property
    def parked(self) -> bool:
        return self.crawl_state is CrawlState.PARKED or self.queue_state is QueueState.PARKED


def _last_outcome() -> ColumnElement[Outcome]:
    """The outcome of the page's newest crawl (`ix_crawls_page_id_started_at` finds it)."""
    return (select(Crawl.outcome).where(Crawl.page_id == Page.id)
            .order_by(Crawl.started_at.desc(), Crawl.id.desc()).limit(1).scalar_subquery())


def _pages_query() -> Select[Any]:
    return (select(Page.id, Page.url, Page.host, Page.crawl_state, Page.error_count, Page.first_seen_at,
                   Page.last_crawled_at, Page.next_crawl_at, _last_outcome().label("last_outcome"), QueueEntry.state,
                   QueueEntry.due_at, QueueEntry.reason, Profile.title, Profile.page_class, Profile.changed_at,
                   Page.change_rate_per_day)
            .outerjoin(Profile, Profile.page_id == Page.id).outerjoin(QueueEntry, QueueEntry.page_id == Page.id))


def _state(row: Row[Any]) -> PageState:
    queue_state = QueueState(row.state) if row.state is not None else None
    active = queue_state in (QueueState.QUEUED, QueueState.LEASED)
    return PageState(row.id, row.url, row.host, CrawlState(row.crawl_state), row.error_count, row.first_seen_at,
                     row.last_crawled_at, row.next_crawl_at, row.last_outcome, queue_state,
                     row.due_at if active else None, row.reason if active else None, row.title, row.page_class,
                     row.changed_at, row.change_rate_per_day)


def _filtered(query: Select[Any], where: PageFilter) -> Select[Any]:
    query = query.where(Page.host.in_(list(where.hosts)))
    if where.page_class is not None:
        query = query.where(Profile.page_class == where.page_class)
    if where.changed_since is not None:
        query = query.where(Profile.changed_at >= where.changed_since)
    if where.outcome is not None:
        query = query.where(_last_outcome() == where.outcome)
    return query


def list_pages(session: Session, where: PageFilter, after_id: int | None, limit: int) -> list[PageState]:
    """Up to `limit` pages in id order (the order they were first seen), after page `after_id`."""
    query = _filtered(_pages_query(), where)
    if after_id is not None:
        query = query.where(Page.id > after_id)
    return [_state(row) for row in session.execute(query.order_by(Page.id).limit(limit))]


def page_state(session: Session, page_id: int) -> PageState | None:
    row = session.execute(_pages_query().where(Page.id == page_id)).one_or_none()
    return None if row is None else _state(row)


@dataclass(frozen=True, slots=True)
class ProfileHeadline:
    """A current profile's row in a list: enough to choose one, not the whole profile."""

    page_id: int
    url: str
    canonical_url: str | None
    title: str | None
    page_class: str | None
    published_at: datetime | None
    word_count: int
    comment_count: int | None
    content_hash: str
    crawled_at: datetime
    changed_at: datetime


def list_profiles_changed(session: Session, where: PageFilter, after: tuple[datetime, int] | None,
                          limit: int) -> list[ProfileHeadline]:
    """Up to `limit` current profiles in the order their content last changed (then page id),
    after the position `after`: a client that keeps the last position follows the changes."""
    query = _filtered(
        select(Profile.page_id, Page.url, Profile.canonical_url, Profile.title, Profile.page_class, Profile.published_at,
               Profile.word_count, Profile.comment_count, Profile.content_hash, Profile.crawled_at, Profile.changed_at)
        .join(Page, Page.id == Profile.page_id), where)
    if after is not None:
        at, page_id = after
        query = query.where(or_(Profile.changed_at > at, and_(Profile.changed_at == at, Profile.page_id > page_id)))
    rows = session.execute(query.order_by(Profile.changed_at, Profile.page_id).limit(limit))
    return [ProfileHeadline(*row) for row in rows]
