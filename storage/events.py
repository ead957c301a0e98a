"""Page views and force pushes: the rows the outside world's requests for crawls leave."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, insert, select
from sqlalchemy.orm import Session

from storage.bulk import bulk_insert, is_postgres
from storage.bulk_views import array_literal, chunks, insert_missing
from storage.models import ModifiedRecrawl, PageView, Profile, Push, ViewEventId
from storage.pages import dialect_insert
from storage.types import UTCDateTime
from storage.writer import defer_write


def add_view(session: Session, page_id: int, viewed_at: datetime, modified_time: datetime | None) -> None:
    session.execute(insert(PageView).values(page_id=page_id, viewed_at=viewed_at, modified_time=modified_time))


def view_times(session: Session, page_id: int, start: datetime, end: datetime) -> list[datetime]:
    """When the page was viewed between `start` and `end` (both included)."""
    return list(session.execute(select(PageView.viewed_at).where(
        PageView.page_id == page_id, PageView.viewed_at >= start, PageView.viewed_at <= end)).scalars())


def honoured_push_times(session: Session, page_id: int, after: datetime) -> list[datetime]:
    """When pushes of the page that were honoured and spent a slot (not merged) arrived, after `after`."""
    return list(session.execute(select(Push.requested_at).where(
        Push.page_id == page_id, Push.honoured.is_(True), Push.merged.is_(False), Push.requested_at > after)).scalars())


def add_push(session: Session, page_id: int, requested_at: datetime, honoured: bool, note: str | None,
             merged: bool = False) -> None:
    session.execute(insert(Push).values(page_id=page_id, requested_at=requested_at, honoured=honoured, merged=merged,
                                        note=note))


@dataclass(frozen=True, slots=True)
class ModifiedStanding:
    """What deciding on a view's `modified_time` needs of its page (`scheduler.policy.modified_recrawl`)."""

    seen_modified_at: datetime | None
    """The page's own modified time, as its last good crawl read it."""
    recent: list[datetime]
    """When crawls of it were queued by a view's `modified_time`, within the window."""


def modified_standing(session: Session, page_ids: Collection[int], after: datetime) -> dict[int, ModifiedStanding]:
    """The `ModifiedStanding` of each page, its modified recrawls since `after`: two statements
    for the lot, asked only for the pages whose views carry a modified time past their last crawl."""
    seen: dict[int, datetime | None] = dict.fromkeys(page_ids)
    recent: dict[int, list[datetime]] = {page_id: [] for page_id in page_ids}
    for part in chunks(list(page_ids)):
        seen.update(session.execute(select(Profile.page_id, Profile.modified_at).where(Profile.page_id.in_(part))).tuples().all())
        for page_id, queued_at in session.execute(select(ModifiedRecrawl.page_id, ModifiedRecrawl.queued_at).where(
                ModifiedRecrawl.page_id.in_(part), ModifiedRecrawl.queued_at > after)).tuples():
            recent[page_id].append(queued_at)
    return {page_id: ModifiedStanding(seen[page_id], recent[page_id]) for page_id in page_ids}


def add_modified_recrawls(session: Session, page_ids: Collection[int], queued_at: datetime) -> None:
    """Record a modified recrawl of each page at `queued_at`, once: a request (or a batch)
    that asked again for a page it asked for already adds nothing."""
    if not page_ids:
        return
    known = set(session.execute(select(ModifiedRecrawl.page_id).where(
        ModifiedRecrawl.page_id.in_(list(page_ids)), ModifiedRecrawl.queued_at == queued_at)).scalars())
    fresh = [p for p in page_ids if p not in known]
    if fresh:
        session.execute(insert(ModifiedRecrawl), [{"page_id": p, "queued_at": queued_at} for p in fresh])


def claim_event_id(session: Session, event_id: str, received_at: datetime) -> bool:
    """Record a client's `event_id`; False when it was recorded before (the event is a retry
    and must not be stored again). Concurrent claims of one id: one wins, on both databases."""
    claimed = session.execute(dialect_insert(session, ViewEventId).values(event_id=event_id, received_at=received_at)
                              .on_conflict_do_nothing(index_elements=["event_id"]).returning(ViewEventId.event_id))
    return claimed.first() is not None


# ---------------------------------------------------------------- many at once (a group commit's views)

V = PageView.__table__
_ADD_VIEWS = insert(V)
_VIEW_TIMES = select(V.c.page_id, V.c.viewed_at).where(
    V.c.page_id.in_(bindparam("page_ids", expanding=True)), V.c.viewed_at >= bindparam("start", type_=UTCDateTime()),
    V.c.viewed_at <= bindparam("end", type_=UTCDateTime()))
"""Core statements built once: they run in every group commit, where building one costs about what running it does."""
_ADD_VIEWS_POSTGRESQL = (
    "INSERT INTO page_views (page_id, viewed_at, modified_time) SELECT * FROM unnest("
    "%(page_ids)s::integer[], %(viewed_at)s::timestamptz[], %(modified_time)s::timestamptz[])")
"""`add_views` as the group commit defers it: psycopg's own SQL, the columns as three arrays."""


def add_views(session: Session, views: Sequence[tuple[int, datetime, datetime | None]]) -> None:
    """Store `(page_id, viewed_at, modified_time)` rows in the given order, in one statement
    (PostgreSQL: one `unnest` insert; SQLite: one executemany). In the service's group commit
    on PostgreSQL the insert travels with the commit (`storage.writer.defer_write`): nothing in
    the group reads the views it stores."""
    if views and defer_write(session, _ADD_VIEWS_POSTGRESQL, {
            "page_ids": array_literal([page_id for page_id, _at, _modified in views]),
            "viewed_at": array_literal([at for _page, at, _m in views]),
            "modified_time": array_literal([modified for _page, _at, modified in views])}):
        return
    rows = [{"page_id": page_id, "viewed_at": at, "modified_time": modified} for page_id, at, modified in views]
    bulk_insert(session, _ADD_VIEWS, V, rows)


def view_times_of(session: Session, page_ids: Iterable[int], start: datetime, end: datetime) -> dict[int, list[datetime]]:
    """When each page was viewed between `start` and `end` (both included); a page without
    views there is missing from the answer."""
    times: dict[int, list[datetime]] = {}
    for part in chunks(sorted(set(page_ids))):
        for page_id, at in session.execute(_VIEW_TIMES, {"page_ids": list(part), "start": start, "end": end}):
            times.setdefault(page_id, []).append(at)
    return times


def claim_event_ids(session: Session, event_ids: Iterable[str], received_at: datetime) -> set[str]:
    """Record many clients' `event_id`s at once; returns those recorded now (the others were
    recorded before: their events are retries). Inserted in sorted order, so two concurrent
    claimers of overlapping ids wait for each other instead of deadlocking."""
    ordered = sorted(set(event_ids))
    if not is_postgres(session):  # the only writer: what is not there yet is ours
        ordered = sorted(set(ordered) - known_event_ids(session, ordered))
    table = ViewEventId.__table__
    claimed: set[str] = set()
    for part in chunks(ordered):
        rows = [{"event_id": event_id, "received_at": received_at} for event_id in part]
        claimed.update(row[0] for row in insert_missing(session, table, rows, "event_id", ("event_id",)))
    return claimed


def known_event_ids(session: Session, event_ids: Iterable[str]) -> set[str]:
    """Which of `event_ids` were recorded before."""
    known: set[str] = set()
    for part in chunks(sorted(set(event_ids))):
        known.update(session.execute(select(ViewEventId.event_id).where(ViewEventId.event_id.in_(part))).scalars())
    return known
