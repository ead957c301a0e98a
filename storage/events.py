"""Page views and force pushes: the rows the outside world's requests for crawls leave."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from storage.models import PageView, Push, ViewEventId
from storage.pages import dialect_insert


def add_view(session: Session, page_id: int, viewed_at: datetime, modified_time: datetime | None) -> None:
    session.execute(insert(PageView).values(page_id=page_id, viewed_at=viewed_at, modified_time=modified_time))


def view_times(session: Session, page_id: int, start: datetime, end: datetime) -> list[datetime]:
    """When the page was viewed between `start` and `end` (both included)."""
    return list(session.execute(select(PageView.viewed_at).where(
        PageView.page_id == page_id, PageView.viewed_at >= start, PageView.viewed_at <= end)).scalars())


def honoured_push_times(session: Session, page_id: int, after: datetime) -> list[datetime]:
    """When pushes of the page that were honoured arrived, after `after`."""
    return list(session.execute(select(Push.requested_at).where(
        Push.page_id == page_id, Push.honoured.is_(True), Push.requested_at > after)).scalars())


def add_push(session: Session, page_id: int, requested_at: datetime, honoured: bool, note: str | None) -> None:
    session.execute(insert(Push).values(page_id=page_id, requested_at=requested_at, honoured=honoured, note=note))


def claim_event_id(session: Session, event_id: str, received_at: datetime) -> bool:
    """Record a client's `event_id`; False when it was recorded before (the event is a retry
    and must not be stored again). Concurrent claims of one id: one wins, on both databases."""
    claimed = session.execute(dialect_insert(session, ViewEventId).values(event_id=event_id, received_at=received_at)
                              .on_conflict_do_nothing(index_elements=["event_id"]).returning(ViewEventId.event_id))
    return claimed.first() is not None
