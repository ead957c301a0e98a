"""The crawl queue: `crawl_queue` rows claimed by workers under a lease.

One row per page (storage makes `page_id` unique), so a page can never be claimed twice at
once. A claim leases the row to one owner until `lease_expires_at`; the owner renews the lease
during long renders and ends it with `complete`, `retry_later`, `park` or `release`. A worker
that dies simply stops renewing: `reap` returns its rows to the queue, and a page that keeps
killing its workers is parked instead of looping forever.

Per-host politeness (`policy.HostRule`: at most N pages of a host at once, a minimum delay
between two starts) is kept in the host's `crawl_hosts` row — `leased` and `next_start_at` —
which a claim checks and updates together with the queue row, and which every end of a lease
gives back.

PostgreSQL: a claim is one statement. It picks the most urgent due row whose host row passes
the gate, locking both with `FOR UPDATE OF crawl_queue, crawl_hosts SKIP LOCKED` (concurrent
claimers never wait for each other, never get the same row, and pass over a host another
claimer is taking), then leases the row and takes the host's slot. A host row changed by a
claim committed after the statement began is locked in its newest version and the gate is
re-checked on it, so two claimers cannot both take a host's last free slot. Ending a lease is
one statement too. SQLite: every write transaction here starts with `BEGIN IMMEDIATE`, making
it the single writer for its duration (and avoiding the deferred-transaction upgrade
deadlock), so the same steps run as plain statements.

The functions take a `Session` inside a transaction opened with `write_transaction` and only
flush; the caller owns the unit of work (a push records the push and enqueues in one commit).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Protocol, cast

from sqlalchemy import (
    ColumnElement,
    CursorResult,
    Select,
    Table,
    TextClause,
    TextualSelect,
    and_,
    bindparam,
    case,
    func,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session, sessionmaker

from storage.models import CrawlHost, Page, QueueEntry, Site
from storage.pages import dialect_insert
from storage.records import QueueState, Reason
from storage.types import UTCDateTime

REAP_CHUNK = 1000
"""Reaped pages whose host slots are given back per statement (SQLite binds at most 32,766)."""

Q = QueueEntry.__table__
P = Page.__table__
S = Site.__table__
H = CrawlHost.__table__


class HostLimits(Protocol):
    """The politeness of hosts without a `sites` row of their own (`scheduler.policy.HostRule`)."""

    @property
    def max_concurrent(self) -> int: ...

    @property
    def min_delay(self) -> timedelta: ...


class LeaseLost(Exception):
    """The lease ended under us (expired and reaped, or released by an operator): the caller
    must drop the page without writing a queue transition; another worker owns it now."""


@dataclass(frozen=True, slots=True)
class Lease:
    queue_id: int
    page_id: int
    url: str
    host: str
    owner: str
    reason: Reason
    due_at: datetime
    """The due time the row had when claimed; a different one at completion means the page was
    asked for again while it was being crawled, so it goes back to the queue."""
    attempts: int
    expires_at: datetime


@contextmanager
def write_transaction(sessions: sessionmaker[Session]) -> Iterator[Session]:
    """A session in a transaction that commits on success: `BEGIN IMMEDIATE` on SQLite."""
    with sessions() as session:
        connection = session.connection()
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            yield session
        except BaseException:
            session.rollback()
            raise
        session.commit()


# ---------------------------------------------------------------- enqueue


class EnqueueState(StrEnum):
    """What asking for a crawl did to the page's queue row."""

    NEW = "new"
    TIGHTENED = "tightened"
    """An earlier due time or a better priority."""
    UNCHANGED = "unchanged"
    REARMED = "rearmed"
    """A done (or parked) row queued again."""
    REQUEUED = "requeued"
    """Asked again while leased: queued again once the crawl in flight ends."""
    PARKED = "parked"
    """Ignored: the page is parked and only an operator revives it."""


@dataclass(frozen=True, slots=True)
class Enqueued:
    state: EnqueueState
    due_at: datetime


OPERATOR_REASONS = frozenset({Reason.PUSH, Reason.MANUAL})
"""Only an operator's request revives a parked page; views and schedules do not."""
AFTER_LEASE_REASONS = frozenset({Reason.PUSH, Reason.MODIFIED})
"""Requests that queue the page again when they arrive during its crawl: the render in
flight may predate the change. More views or a schedule add nothing to a crawl in flight."""


def enqueue(session: Session, page_id: int, reason: Reason, due_at: datetime, now: datetime) -> Enqueued:
    """Ask for a crawl of `page_id` at `due_at` (or sooner if already asked)."""
    inserted = _insert_ignore(session, Q, {"page_id": page_id, "due_at": due_at, "priority": reason.priority,
                                           "reason": reason.value, "state": QueueState.QUEUED.value,
                                           "enqueued_at": now, "updated_at": now})
    if inserted:
        _ensure_host_row(session, page_id)
        return Enqueued(EnqueueState.NEW, due_at)
    row = session.execute(_for_update(session, select(Q).where(Q.c.page_id == page_id))).one()
    outcome, values = transition(QueueRow.of(row), reason, due_at, now)
    if values:
        session.execute(update(Q).where(Q.c.id == row.id).values(**values))
    return outcome


@dataclass(frozen=True, slots=True)
class QueueRow:
    """The columns of a queue row that asking for a crawl reads or writes."""

    state: str
    due_at: datetime
    priority: int
    reason: str
    attempts: int
    last_error: str | None
    enqueued_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, row: Any) -> QueueRow:
        return cls(row.state, row.due_at, row.priority, row.reason, row.attempts, row.last_error, row.enqueued_at,
                   row.updated_at)


QUEUE_ROW_COLUMNS = ("state", "due_at", "priority", "reason", "attempts", "last_error", "enqueued_at", "updated_at")


def transition(row: QueueRow, reason: Reason, due_at: datetime, now: datetime) -> tuple[Enqueued, dict[str, object]]:
    """What asking for a crawl does to an existing row, as a pure function: the outcome and the
    columns to change (none when unchanged). `enqueue` and `bulk_views.enqueue_many` both
    decide with it, so one view and a batch of views leave the queue alike. The columns are
    built only for a row that changes: most requests of a batch of views find their page
    queued already and change nothing."""
    if row.state == QueueState.PARKED and reason not in OPERATOR_REASONS:
        return Enqueued(EnqueueState.PARKED, row.due_at), {}
    if row.state in (QueueState.DONE, QueueState.PARKED):
        return Enqueued(EnqueueState.REARMED, due_at), {
            "due_at": due_at, "priority": reason.priority, "reason": reason.value, "updated_at": now,
            "state": QueueState.QUEUED.value, "attempts": 0, "last_error": None, "enqueued_at": now}
    if row.state == QueueState.LEASED:
        if reason not in AFTER_LEASE_REASONS:
            return Enqueued(EnqueueState.UNCHANGED, row.due_at), {}
        return Enqueued(EnqueueState.REQUEUED, due_at), {
            "due_at": due_at, "priority": reason.priority, "reason": reason.value, "updated_at": now}
    priority = reason.priority
    if due_at < row.due_at or priority < row.priority:
        due_at = min(due_at, row.due_at)
        kept = priority > row.priority  # a less urgent request, only due earlier: the row keeps its priority and reason
        return Enqueued(EnqueueState.TIGHTENED, due_at), {
            "due_at": due_at, "priority": row.priority if kept else priority,
            "reason": row.reason if kept else reason.value, "updated_at": now}
    return Enqueued(EnqueueState.UNCHANGED, row.due_at), {}


# ---------------------------------------------------------------- claim


CLAIMABLE = """SELECT q.id, q.page_id, q.reason, q.due_at, q.attempts, p.url, p.host,
       COALESCE(s.min_delay_ms, :default_delay_ms) AS delay_ms
FROM crawl_queue q
JOIN pages p ON p.id = q.page_id
JOIN crawl_hosts h ON h.host = p.host
LEFT JOIN sites s ON s.host = p.host
WHERE q.state = 'queued' AND q.due_at <= :now
  AND h.leased < COALESCE(s.max_concurrent_pages, :default_max_pages)
  AND (h.next_start_at IS NULL OR h.next_start_at <= :now)
ORDER BY q.priority, q.due_at
LIMIT 1"""
"""The most urgent due row whose host passes the politeness rule (`policy.HostRule`): fewer pages leased than its
maximum and past its delay (the `sites` row's, else the worker's defaults)."""

CLAIM_POSTGRESQL = f"""WITH picked AS (
{CLAIMABLE}
FOR UPDATE OF q, h SKIP LOCKED
), started AS (
  UPDATE crawl_hosts h SET leased = h.leased + 1, last_started_at = :now,
         next_start_at = :now + picked.delay_ms * interval '1 millisecond'
  FROM picked WHERE h.host = picked.host
)
UPDATE crawl_queue q SET state = 'leased', lease_owner = :owner, lease_expires_at = :expires,
       attempts = q.attempts + 1, updated_at = :now
FROM picked WHERE q.id = picked.id
RETURNING q.id, q.page_id, q.reason, q.due_at, q.attempts, picked.url, picked.host"""
"""The whole claim on PostgreSQL: pick and lock (skipping rows and hosts other claimers hold),
take the host's slot, lease the row. The gate is re-checked on a host row that changed since
the statement began, so it always sees the newest `leased` and `next_start_at`."""


TAKE_HOST_SLOT = update(H).where(H.c.host == bindparam("b_host")).values(
    leased=H.c.leased + 1, last_started_at=bindparam("b_now", type_=UTCDateTime()),
    next_start_at=bindparam("b_next", type_=UTCDateTime()))
LEASE_ROW = update(Q).where(Q.c.id == bindparam("b_id")).values(
    state=QueueState.LEASED.value, lease_owner=bindparam("b_owner", type_=Q.c.lease_owner.type),
    lease_expires_at=bindparam("b_expires", type_=UTCDateTime()), attempts=Q.c.attempts + 1,
    updated_at=bindparam("b_now", type_=UTCDateTime()))
"""The claim's two writes on SQLite, built once (why: `storage.pages.PAGES`)."""


def claim(session: Session, owner: str, now: datetime, lease: timedelta, host_rule: HostLimits) -> Lease | None:
    """Lease the most urgent due page whose host has a free slot, or return None.

    None means "nothing can start now" (nothing due, every due page's host is busy, or the
    only candidates are being claimed by others this instant) — not that the queue is
    finished; the worker waits and asks again. `host_rule` is the politeness of hosts without
    a `sites` row of their own.
    """
    expires = now + lease
    params = {"now": now, "owner": owner, "expires": expires, "default_max_pages": host_rule.max_concurrent,
              "default_delay_ms": int(host_rule.min_delay.total_seconds() * 1000)}
    if _is_postgresql(session):
        row = session.execute(_typed(CLAIM_POSTGRESQL, returns_due_at=True), params).first()
        if row is None:
            return None
        return Lease(row.id, row.page_id, row.url, row.host, owner, Reason(row.reason), row.due_at, row.attempts, expires)
    candidate = session.execute(_typed(CLAIMABLE, returns_due_at=True), params).first()
    if candidate is None:
        return None
    session.execute(TAKE_HOST_SLOT, {"b_host": candidate.host, "b_now": now,
                                     "b_next": now + timedelta(milliseconds=candidate.delay_ms)})
    session.execute(LEASE_ROW, {"b_id": candidate.id, "b_owner": owner, "b_expires": expires, "b_now": now})
    return Lease(candidate.id, candidate.page_id, candidate.url, candidate.host, owner, Reason(candidate.reason),
                 candidate.due_at, candidate.attempts + 1, expires)


def claim_page(session: Session, page_id: int, owner: str, now: datetime, lease: timedelta) -> Lease | None:
    """Lease one page's queued row now, whatever its due time and its host's politeness (an
    operator asked for this page by name); None if the row is leased already or missing."""
    row = session.execute(_for_update(session, select(Q.c.id, Q.c.state, Q.c.reason, Q.c.due_at, Q.c.attempts)
                                      .where(Q.c.page_id == page_id))).one_or_none()
    if row is None or row.state != QueueState.QUEUED:
        return None
    page = session.execute(select(P.c.url, P.c.host).where(P.c.id == page_id)).one()
    expires = now + lease
    session.execute(update(H).where(H.c.host == page.host).values(leased=H.c.leased + 1, last_started_at=now))
    session.execute(update(Q).where(Q.c.id == row.id).values(
        state=QueueState.LEASED.value, lease_owner=owner, lease_expires_at=expires, attempts=Q.c.attempts + 1,
        updated_at=now))
    return Lease(row.id, page_id, page.url, page.host, owner, Reason(row.reason), row.due_at, row.attempts + 1, expires)


TIME_PARAMETERS = ("now", "expires", "due_at")


@functools.cache
def _typed(sql: str, returns_due_at: bool = False) -> TextClause | TextualSelect:
    """The SQL with its time parameters bound (and `due_at` read) as aware UTC on both databases;
    built once per statement, which keeps a claim's client side cheap."""
    times = [bindparam(name, type_=UTCDateTime()) for name in TIME_PARAMETERS if re.search(rf":{name}\b", sql)]
    statement = text(sql).bindparams(*times)
    return statement.columns(due_at=UTCDateTime()) if returns_due_at else statement


def _ensure_host_row(session: Session, page_id: int) -> None:
    """The page's host gets its `crawl_hosts` row when its first page is queued: a claim only
    considers pages whose host row exists (it locks that row)."""
    session.execute(dialect_insert(session, H).from_select(["host"], select(P.c.host).where(P.c.id == page_id))
                    .on_conflict_do_nothing())


# ---------------------------------------------------------------- the lease's end


def renew(session: Session, lease: Lease, now: datetime, duration: timedelta) -> Lease:
    """Extend a lease during a long render; raises `LeaseLost` if it is no longer ours."""
    expires = now + duration
    # An UPDATE's result is a CursorResult (with rowcount); Session.execute is typed as returning Result.
    renewed = cast(CursorResult[Any], session.execute(
        _typed(f"UPDATE crawl_queue SET lease_expires_at = :expires, updated_at = :now WHERE {HELD}"),
        {"expires": expires, "now": now, "queue_id": lease.queue_id, "owner": lease.owner}))
    if renewed.rowcount != 1:
        raise LeaseLost(f"{lease.url}: lease of {lease.owner} ended before renewal")
    return Lease(lease.queue_id, lease.page_id, lease.url, lease.host, lease.owner, lease.reason,
                 lease.due_at, lease.attempts, expires)


def complete(session: Session, lease: Lease, now: datetime) -> QueueState:
    """The crawl is recorded: the row is done — or queued again if the page was asked for
    while it was being crawled (a push or modified view during the render). Returns the state."""
    return _end_lease(session, lease, "completion", """
        state = CASE WHEN due_at = :due_at AND reason = :reason THEN 'done' ELSE 'queued' END,
        lease_owner = CASE WHEN due_at = :due_at AND reason = :reason THEN lease_owner END,
        lease_expires_at = NULL, last_error = NULL, updated_at = :now""",
        due_at=lease.due_at, reason=lease.reason.value, now=now)


def queue_state(session: Session, page_id: int) -> QueueState | None:
    """The state of the page's queue row; None if it was never queued."""
    state = session.execute(select(Q.c.state).where(Q.c.page_id == page_id)).scalar()
    return None if state is None else QueueState(state)


def crawl_pending(session: Session, page_id: int, now: datetime) -> bool:
    """A crawl of the page is queued and due by `now`: another request for it now adds nothing."""
    row = session.execute(select(Q.c.state, Q.c.due_at).where(Q.c.page_id == page_id)).one_or_none()
    return row is not None and row.state == QueueState.QUEUED and row.due_at <= now


def asked_again(session: Session, lease: Lease) -> bool:
    """Was the page asked for (push, modified view) while this lease was held?"""
    current = session.execute(select(Q.c.due_at, Q.c.reason).where(Q.c.id == lease.queue_id)).one_or_none()
    return current is not None and (current.due_at != lease.due_at or current.reason != lease.reason)


def retry_later(session: Session, lease: Lease, at: datetime, error: str, now: datetime) -> None:
    """A transient failure: back to the queue at `at` (the policy's backoff)."""
    _end_lease(session, lease, "retry", """
        state = 'queued', due_at = :due_at, reason = :reason, priority = :priority, lease_owner = NULL,
        lease_expires_at = NULL, last_error = :error, updated_at = :now""",
        due_at=at, reason=Reason.RETRY.value, priority=Reason.RETRY.priority, error=error, now=now)


def give_up(session: Session, lease: Lease, error: str, now: datetime) -> None:
    """A permanent failure: done until a new view or push re-arms the row."""
    _end_lease(session, lease, "giving up", """
        state = 'done', lease_expires_at = NULL, last_error = :error, updated_at = :now""", error=error, now=now)


def park(session: Session, lease: Lease, error: str, now: datetime) -> None:
    """Too many failures in a row: no automatic crawls until an operator pushes the page."""
    _end_lease(session, lease, "parking", """
        state = 'parked', lease_expires_at = NULL, last_error = :error, updated_at = :now""", error=error, now=now)


def release(session: Session, lease: Lease, now: datetime) -> None:
    """Give the page back untouched (shutdown): due at once, the attempt not counted."""
    _end_lease(session, lease, "release", """
        state = 'queued', due_at = :due_at, lease_owner = NULL, lease_expires_at = NULL,
        attempts = attempts - 1, updated_at = :now""", due_at=min(lease.due_at, now), now=now)


def reap(session: Session, now: datetime, park_after: int) -> tuple[int, int]:
    """Return expired leases to the queue; park pages whose workers died `park_after` times.

    Returns (requeued, parked).
    """
    expired = and_(Q.c.state == QueueState.LEASED, Q.c.lease_expires_at < now)
    parked = session.execute(update(Q).where(expired, Q.c.attempts >= park_after).values(
        state=QueueState.PARKED.value, last_error="lease expired on every attempt (crashing page?)",
        lease_expires_at=None, updated_at=now).returning(Q.c.page_id)).scalars().all()
    requeued = session.execute(update(Q).where(expired).values(
        state=QueueState.QUEUED.value, last_error=func.coalesce(Q.c.lease_owner, "") + " lost its lease",
        lease_owner=None, lease_expires_at=None, updated_at=now).returning(Q.c.page_id)).scalars().all()
    _free_slots(session, [*parked, *requeued])
    return len(requeued), len(parked)


def _free_slots(session: Session, page_ids: list[int]) -> None:
    """Give back the host slots of pages whose leases the reaper ended (hosts in name order, so
    two reapers lock them in the same order)."""
    hosts: Counter[str] = Counter()
    for start in range(0, len(page_ids), REAP_CHUNK):
        chunk = page_ids[start:start + REAP_CHUNK]
        hosts.update(session.execute(select(P.c.host).where(P.c.id.in_(chunk))).scalars())
    for host in sorted(hosts):
        session.execute(update(H).where(H.c.host == host).values(leased=_minus(H.c.leased, hosts[host])))


def _minus(column: ColumnElement[int], n: int) -> ColumnElement[int]:
    return case((column > n, column - n), else_=0)


HELD = "id = :queue_id AND state = 'leased' AND lease_owner = :owner"
"""The row is still leased to this lease's owner (it may have expired, not yet reaped)."""
FREE_HOST_SLOT = "UPDATE crawl_hosts SET leased = leased - 1 WHERE host = :host AND leased > 0"


def _end_lease(session: Session, lease: Lease, what: str, assignments: str, **params: object) -> QueueState:
    """Move a row still leased to us out of `leased` (`assignments` is the SET list) and give
    its host's slot back; returns the new state, or raises `LeaseLost` (and changes nothing)
    if the lease is no longer ours. One statement on PostgreSQL."""
    ended = f"UPDATE crawl_queue SET {assignments}\nWHERE {HELD} RETURNING state"
    params |= {"queue_id": lease.queue_id, "owner": lease.owner, "host": lease.host}
    if _is_postgresql(session):
        both = f"WITH ended AS ({ended}), freed AS ({FREE_HOST_SLOT} AND EXISTS (SELECT 1 FROM ended))\nSELECT state FROM ended"
        state = session.execute(_typed(both), params).scalar()
    else:
        state = session.execute(_typed(ended), params).scalar()
        if state is not None:
            session.execute(_typed(FREE_HOST_SLOT), params)
    if state is None:
        raise LeaseLost(f"{lease.url}: lease of {lease.owner} ended before {what}")
    return QueueState(state)


def _is_postgresql(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def _insert_ignore(session: Session, table: Table, values: dict[str, object]) -> bool:
    """Insert unless the row exists; True if it was inserted."""
    statement = dialect_insert(session, table).values(**values).on_conflict_do_nothing().returning(*table.primary_key.columns)
    return session.execute(statement).first() is not None


def _for_update(session: Session, query: Select) -> Select:
    """Row locks exist on PostgreSQL; SQLite's BEGIN IMMEDIATE already excludes other writers."""
    if _is_postgresql(session):
        return query.with_for_update()
    return query
