"""Page identity: finding or creating the one `pages` row for a normalized URL.

Both the worker (saving a crawl) and the scheduler (recording a view or a push) need this,
and two processes may do it for the same URL at the same moment, so creation is an
`INSERT … ON CONFLICT DO NOTHING` followed by a locking read — never check-then-insert.
"""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlsplit

from sqlalchemy import Table, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from storage.models import URL_MAX_CHARS, Base, Page, PageAlias

DialectInsert = postgresql.Insert | sqlite.Insert
"""An `INSERT` with `on_conflict_do_nothing`/`on_conflict_do_update` and `excluded`."""


def dialect_insert(session: Session, table: Table | type[Base]) -> DialectInsert:
    """`INSERT` with the dialect's `on_conflict_*` methods (SQLite and PostgreSQL share them)."""
    if session.get_bind().dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def ensure_page(session: Session, url: str, seen_at: datetime, *, lock: bool = False) -> int:
    """The id of the page whose normalized URL is `url`, creating it (first seen `seen_at`).

    `lock=True` also takes the page's row lock (PostgreSQL `FOR UPDATE`) until the caller's
    transaction ends, so concurrent saves of one page apply one after the other. On SQLite
    the INSERT, always issued first, already holds the database's single write lock.
    """
    if len(url) > URL_MAX_CHARS:
        raise ValueError(f"URL of {len(url)} characters refused (limit {URL_MAX_CHARS}): {url[:100]}…")
    insert = dialect_insert(session, Page).values(
        url=url, host=(urlsplit(url).hostname or ""), first_seen_at=seen_at,
    ).on_conflict_do_nothing(index_elements=["url"])
    session.execute(insert)
    query = select(Page.id).where(Page.url == url)
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one()


def find_page_id(session: Session, url: str) -> int | None:
    """The page `url` names, directly or through an alias; None if unknown."""
    page_id = session.execute(select(Page.id).where(Page.url == url)).scalar_one_or_none()
    if page_id is None:
        page_id = session.execute(select(PageAlias.page_id).where(PageAlias.url == url)).scalar_one_or_none()
    return page_id
