"""Page validators (`page_validators`): what a page was last fetched with — ETag, Last-Modified
and the hash of its raw HTML — so a routine recrawl can ask the server "changed?" first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, select, text
from sqlalchemy.orm import Session

from storage.models import PageValidator
from storage.types import UTCDateTime

VALIDATORS = PageValidator.__table__

SAVE_VALIDATORS = text("""INSERT INTO page_validators (page_id, etag, last_modified, raw_sha256, checked_at, unchanged_streak)
VALUES (:page_id, :etag, :last_modified, :raw_sha256, :checked_at, :unchanged_streak)
ON CONFLICT (page_id) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
  raw_sha256 = excluded.raw_sha256, checked_at = excluded.checked_at, unchanged_streak = excluded.unchanged_streak
""").bindparams(bindparam("checked_at", type_=UTCDateTime()))
"""The upsert in the syntax SQLite and PostgreSQL share, as text: SQLAlchemy never caches the
compiled form of a dialect `insert(...).on_conflict_do_update(...)` (its dialects' `Insert`
opts out of the statement cache), so that one was compiled anew at every page's settling."""


@dataclass(frozen=True, slots=True)
class Validators:
    etag: str | None
    last_modified: str | None
    raw_sha256: str | None
    unchanged_streak: int = 0
    """Cheap "unchanged" answers in a row since the last render."""


LOAD_VALIDATORS = select(VALIDATORS.c.etag, VALIDATORS.c.last_modified, VALIDATORS.c.raw_sha256,
                         VALIDATORS.c.unchanged_streak).where(VALIDATORS.c.page_id == bindparam("page_id"))


def load_validators(session: Session, page_id: int) -> Validators | None:
    row = session.execute(LOAD_VALIDATORS, {"page_id": page_id}).one_or_none()
    if row is None:
        return None
    return Validators(row.etag, row.last_modified, row.raw_sha256, row.unchanged_streak)


def save_validators(session: Session, page_id: int, validators: Validators, checked_at: datetime) -> None:
    """Remember what the page was fetched with (after a render of it, or a cheap hit)."""
    session.execute(SAVE_VALIDATORS, {"page_id": page_id, "etag": validators.etag, "last_modified": validators.last_modified,
                                      "raw_sha256": validators.raw_sha256, "checked_at": checked_at,
                                      "unchanged_streak": validators.unchanged_streak})
