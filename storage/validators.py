"""Page validators (`page_validators`): what a page was last fetched with — ETag, Last-Modified
and the hash of its raw HTML — so a routine recrawl can ask the server "changed?" first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.models import PageValidator
from storage.pages import dialect_insert


@dataclass(frozen=True, slots=True)
class Validators:
    etag: str | None
    last_modified: str | None
    raw_sha256: str | None
    unchanged_streak: int = 0
    """Cheap "unchanged" answers in a row since the last render."""


def load_validators(session: Session, page_id: int) -> Validators | None:
    row = session.execute(select(PageValidator).where(PageValidator.page_id == page_id)).scalar_one_or_none()
    if row is None:
        return None
    return Validators(row.etag, row.last_modified, row.raw_sha256, row.unchanged_streak)


def save_validators(session: Session, page_id: int, validators: Validators, checked_at: datetime) -> None:
    """Remember what the page was fetched with (after a render of it, or a cheap hit)."""
    values = {"etag": validators.etag, "last_modified": validators.last_modified, "raw_sha256": validators.raw_sha256,
              "checked_at": checked_at, "unchanged_streak": validators.unchanged_streak}
    insert = dialect_insert(session, PageValidator).values(page_id=page_id, **values)
    session.execute(insert.on_conflict_do_update(index_elements=["page_id"], set_=values))
