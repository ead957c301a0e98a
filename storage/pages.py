"""Page identity: finding or creating the one `pages` row for a normalized URL.

Both the worker (saving a crawl) and the scheduler (recording a view or a push) need this,
and two processes may do it for the same URL at the same moment, so creation is an
`INSERT … ON CONFLICT DO NOTHING` followed by a locking read — never check-then-insert.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, TypeAlias

from sqlalchemy import Table, Update, bindparam, select, update
from sqlalchemy.dialects import sqlite
from sqlalchemy.orm import Session

from storage.models import Base, Page, PageAlias, Profile
from storage.records import CrawlState
from storage.types import UTCDateTime
from values.urls import host_of, length_refusal

PAGES = Page.__table__
"""The worker's per-page reads and writes name the table, not the mapped class (a statement on
the class goes through the ORM's compilation, and an `update` through its bulk path, at every
execution, for the same SQL), and are built once with the page as a parameter: building a
statement and its cache key (~0.1-0.2 ms for an update with a CASE) costs more than running it
on SQLite, where the compiled form is then found in SQLAlchemy's cache."""

if TYPE_CHECKING:  # PostgreSQL's dialect is imported only by a process that talks to PostgreSQL
    from sqlalchemy.dialects import postgresql

DialectInsert: TypeAlias = "postgresql.Insert | sqlite.Insert"
"""An `INSERT` with `on_conflict_do_nothing`/`on_conflict_do_update` and `excluded`."""


def dialect_insert(session: Session, table: Table | type[Base]) -> DialectInsert:
    """`INSERT` with the dialect's `on_conflict_*` methods (SQLite and PostgreSQL share them)."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql

        return postgresql.insert(table)
    return sqlite.insert(table)


def ensure_page(session: Session, url: str, seen_at: datetime, *, lock: bool = False) -> int:
    """The id of the page whose normalized URL is `url`, creating it (first seen `seen_at`).

    `lock=True` also takes the page's row lock (PostgreSQL `FOR UPDATE`) until the caller's
    transaction ends, so concurrent saves of one page apply one after the other. On SQLite
    the INSERT, always issued first, already holds the database's single write lock.
    """
    too_long = length_refusal(url)
    if too_long is not None:
        raise ValueError(too_long)
    insert = dialect_insert(session, Page).values(
        url=url, host=host_of(url), first_seen_at=seen_at,
    ).on_conflict_do_nothing(index_elements=["url"])
    session.execute(insert)
    query = select(Page.id).where(Page.url == url)
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one()


def find_or_create_page(session: Session, url: str, seen_at: datetime) -> int:
    """The page `url` names, directly or through an alias, created if unknown."""
    page_id = find_page_id(session, url)
    return page_id if page_id is not None else ensure_page(session, url, seen_at)


def find_page_id(session: Session, url: str) -> int | None:
    """The page `url` names, directly or through an alias; None if unknown."""
    page_id = session.execute(select(Page.id).where(Page.url == url)).scalar_one_or_none()
    if page_id is None:
        page_id = session.execute(select(PageAlias.page_id).where(PageAlias.url == url)).scalar_one_or_none()
    return page_id


@dataclass(frozen=True, slots=True)
class PageUrls:
    url: str
    canonical_url: str | None
    """As the last good crawl found it, not normalized."""


PAGE_URLS = select(PAGES.c.url, PAGES.c.canonical_url).where(PAGES.c.id == bindparam("page_id"))


def page_urls(session: Session, page_id: int) -> PageUrls:
    row = session.execute(PAGE_URLS, {"page_id": page_id}).one()
    return PageUrls(row.url, row.canonical_url)


@dataclass(frozen=True, slots=True)
class PageSchedule:
    """Where a page stands for the scheduler's rules."""

    crawl_state: CrawlState
    last_crawled_at: datetime | None
    next_crawl_at: datetime | None
    error_count: int
    """Failed attempts in a row."""


def page_schedule(session: Session, page_id: int) -> PageSchedule:
    row = session.execute(select(Page.crawl_state, Page.last_crawled_at, Page.next_crawl_at, Page.error_count)
                          .where(Page.id == page_id)).one()
    return PageSchedule(CrawlState(row.crawl_state), row.last_crawled_at, row.next_crawl_at, row.error_count)


@dataclass(frozen=True, slots=True)
class ChangeEstimate:
    """What the scheduler learned of a page's changes at its last successful crawl."""

    rate_per_day: float
    anchor_at: datetime
    """Where the page's ladder clock starts (publication, or first crawl)."""


def set_next_crawl(session: Session, page_id: int, next_crawl_at: datetime | None, *, park: bool = False,
                   changes: ChangeEstimate | None = None) -> None:
    """Record the scheduler's decision about the page: when it is next due, or that it is
    parked; and, after a successful crawl, its change estimate."""
    values: dict[str, object] = {"page_id": page_id, "b_next": next_crawl_at}
    if changes is not None:
        values |= {"b_rate": changes.rate_per_day, "b_anchor": changes.anchor_at}
    session.execute(_set_next_crawl(park, changes is not None), values)


@functools.cache
def _set_next_crawl(park: bool, changes: bool) -> Update:
    """`set_next_crawl`'s update, built once for each of its shapes (every settling runs one)."""
    values: dict[str, object] = {"next_crawl_at": bindparam("b_next", type_=UTCDateTime())}
    if park:
        values["crawl_state"] = CrawlState.PARKED.value
    if changes:
        values["change_rate_per_day"] = bindparam("b_rate", type_=PAGES.c.change_rate_per_day.type)
        values["change_anchor_at"] = bindparam("b_anchor", type_=UTCDateTime())
    return update(PAGES).where(PAGES.c.id == bindparam("page_id")).values(**values)


def page_anchor(session: Session, page_id: int) -> datetime | None:
    """Where the page's ladder clock starts (`pages.change_anchor_at`); None before its first crawl."""
    return session.execute(select(Page.change_anchor_at).where(Page.id == page_id)).scalar_one_or_none()


def page_ids_matching(session: Session, host: str | None = None, url_like: str | None = None,
                      crawled_before: datetime | None = None) -> list[int]:
    """Pages of `host`, whose URL matches the SQL LIKE pattern `url_like`, last crawled before
    `crawled_before` (or never); the filters given combine with AND. In id order."""
    query = select(Page.id).order_by(Page.id)
    if host is not None:
        query = query.where(Page.host == host)
    if url_like is not None:
        query = query.where(Page.url.like(url_like))
    if crawled_before is not None:
        query = query.where((Page.last_crawled_at < crawled_before) | Page.last_crawled_at.is_(None))
    return list(session.execute(query).scalars())


def mark_profile_gone(session: Session, page_id: int, at: datetime) -> bool:
    """The page is gone: its current profile keeps its content but is not recommendable, from
    `at`. False if it has no profile or was marked already."""
    done = session.execute(update(Profile).where(Profile.page_id == page_id, Profile.gone_at.is_(None))
                           .values(gone_at=at, recommendable=False))
    return bool(getattr(done, "rowcount", 0))
