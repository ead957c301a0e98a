"""The crawl queue: `crawl_queue` rows claimed by workers under a lease.

One row per page (storage makes `page_id` unique), so a page can never be claimed twice at
once. A claim leases the row to one owner until `lease_expires_at`; the owner renews the lease
during long renders and ends it with `complete`, `retry_later`, `park` or `release`. A worker
that dies simply stops renewing: `reap` returns its rows to the queue, and a page that keeps
killing its workers is parked instead of looping forever.

PostgreSQL: candidates are locked with `SELECT ... FOR UPDATE SKIP LOCKED`, so concurrent
claimers never wait for each other and never get the same row; the per-host politeness row in
`crawl_hosts` is taken the same way, so two claimers cannot both start the host's last free
slot. SQLite: every write transaction here starts with `BEGIN IMMEDIATE`, making it the single
writer for its duration (and avoiding the deferred-transaction upgrade deadlock).

The functions take a `Session` inside a transaction opened with `write_transaction` and only
flush; the caller owns the unit of work (a push records the push and enqueues in one commit).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Row, Select, Table, and_, case, func, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from scheduler.policy import HostLoad, HostRule, Reason, host_gate
from storage.models import CrawlHost, Page, QueueEntry, Site
from storage.pages import dialect_insert
from storage.records import QueueState

CLAIM_TRIES = 8
"""Hosts a claim tries before answering "nothing now": the busy-host pre-filter removes most
full hosts, so more than one try is needed only when claimers race for the same host."""
BUSY_HOST_LOOKBACK = timedelta(minutes=10)
"""Hosts with a per-site delay are checked if they started within this span (the longest delay
`sites add --min-delay-ms` accepts)."""

Q = QueueEntry.__table__
P = Page.__table__
S = Site.__table__
H = CrawlHost.__table__


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
    reason: str
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


@dataclass(frozen=True, slots=True)
class Enqueued:
    state: str
    """`new`, `tightened` (an earlier due time or better priority), `unchanged`, `rearmed`
    (a done row queued again), `requeued` (asked again while leased) or `parked` (ignored)."""
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
        return Enqueued("new", due_at)
    row = session.execute(_for_update(session, select(Q).where(Q.c.page_id == page_id))).one()
    values: dict[str, object] = {"due_at": due_at, "priority": reason.priority, "reason": reason.value, "updated_at": now}
    if row.state == QueueState.PARKED and reason not in OPERATOR_REASONS:
        return Enqueued("parked", row.due_at)
    if row.state in (QueueState.DONE, QueueState.PARKED):
        values |= {"state": QueueState.QUEUED.value, "attempts": 0, "last_error": None, "enqueued_at": now}
        outcome = "rearmed"
    elif row.state == QueueState.LEASED:
        if reason not in AFTER_LEASE_REASONS:
            return Enqueued("unchanged", row.due_at)
        outcome = "requeued"
    elif due_at < row.due_at or reason.priority < row.priority:
        values["due_at"] = min(due_at, row.due_at)
        if reason.priority > row.priority:
            values |= {"priority": row.priority, "reason": row.reason}
        outcome = "tightened"
    else:
        return Enqueued("unchanged", row.due_at)
    session.execute(update(Q).where(Q.c.id == row.id).values(**values))
    return Enqueued(outcome, values["due_at"])  # type: ignore[arg-type]


# ---------------------------------------------------------------- claim


def claim(session: Session, owner: str, now: datetime, lease: timedelta, host_rule: HostRule = HostRule()) -> Lease | None:
    """Lease the most urgent due page whose host has a free slot, or return None.

    None means "nothing can start now" (nothing due, or every due page's host is busy) — not
    that the queue is finished; the worker waits and asks again.

    Candidates are locked one at a time: locking a batch would write a row lock into every
    candidate and make every other claimer skip them all.
    """
    excluded = set(_busy_hosts(session, now, host_rule))
    for _ in range(CLAIM_TRIES):
        query = (
            select(Q.c.id, Q.c.page_id, Q.c.reason, Q.c.due_at, Q.c.attempts, P.c.url, P.c.host,
                   S.c.max_concurrent_pages, S.c.min_delay_ms)
            .join(P, P.c.id == Q.c.page_id)
            .outerjoin(S, S.c.host == P.c.host)
            .where(Q.c.state == QueueState.QUEUED, Q.c.due_at <= now)
            .order_by(Q.c.priority, Q.c.due_at)
            .limit(1)
        )
        if excluded:
            query = query.where(P.c.host.not_in(excluded))
        if session.get_bind().dialect.name == "postgresql":
            query = query.with_for_update(of=Q, skip_locked=True)
        candidate = session.execute(query).first()
        if candidate is None:
            return None
        if _take_host_slot(session, candidate, now, host_rule):
            expires = now + lease
            session.execute(update(Q).where(Q.c.id == candidate.id).values(
                state=QueueState.LEASED.value, lease_owner=owner, lease_expires_at=expires,
                attempts=Q.c.attempts + 1, updated_at=now))
            return Lease(candidate.id, candidate.page_id, candidate.url, candidate.host, owner,
                         candidate.reason, candidate.due_at, candidate.attempts + 1, expires)
        excluded.add(candidate.host)
    return None


def _busy_hosts(session: Session, now: datetime, default: HostRule) -> list[str]:
    """Hosts that cannot start a page now: a pre-filter, re-checked under the host lock."""
    loads: dict[str, HostLoad] = {}
    in_flight = dict(session.execute(
        select(P.c.host, func.count()).join(Q, Q.c.page_id == P.c.id)
        .where(Q.c.state == QueueState.LEASED, Q.c.lease_expires_at > now).group_by(P.c.host)).all())
    # Hosts within the default delay, plus hosts whose site row sets a delay of its own (few).
    recent = session.execute(
        select(H.c.host, H.c.last_started_at, S.c.max_concurrent_pages, S.c.min_delay_ms)
        .outerjoin(S, S.c.host == H.c.host)
        .where(or_(H.c.last_started_at > now - default.min_delay,
                   and_(S.c.min_delay_ms.is_not(None), H.c.last_started_at > now - BUSY_HOST_LOOKBACK)))).all()
    rules = {r.host: _site_rule(r, default) for r in recent}
    for r in recent:
        loads[r.host] = HostLoad(in_flight.pop(r.host, 0), r.last_started_at)
    loads |= {host: HostLoad(count, None) for host, count in in_flight.items()}
    return [host for host, load in loads.items() if not host_gate(load, now, rules.get(host, default)).allowed]


def _take_host_slot(session: Session, candidate: Row, now: datetime, default: HostRule) -> bool:
    """Lock the host's politeness row (skipping it if another claimer holds it), re-check the
    gate with fresh counts and record the start."""
    locking = _for_update(session, select(H).where(H.c.host == candidate.host), skip_locked=True)
    host_row = session.execute(locking).first()
    if host_row is None:
        if session.execute(select(H.c.host).where(H.c.host == candidate.host)).first() is not None:
            return False  # another claimer holds this host right now
        _insert_ignore(session, H, {"host": candidate.host, "last_started_at": None})
        host_row = session.execute(locking).first()
        if host_row is None:
            return False
    in_flight = session.execute(
        select(func.count()).select_from(Q.join(P, P.c.id == Q.c.page_id))
        .where(P.c.host == candidate.host, Q.c.state == QueueState.LEASED, Q.c.lease_expires_at > now)).scalar_one()
    if not host_gate(HostLoad(in_flight, host_row.last_started_at), now, _site_rule(candidate, default)).allowed:
        return False
    session.execute(update(H).where(H.c.host == candidate.host).values(last_started_at=now))
    return True


def _site_rule(row: Row, default: HostRule) -> HostRule:
    return HostRule(
        max_concurrent=row.max_concurrent_pages if row.max_concurrent_pages is not None else default.max_concurrent,
        min_delay=timedelta(milliseconds=row.min_delay_ms) if row.min_delay_ms is not None else default.min_delay,
    )


# ---------------------------------------------------------------- the lease's end


def renew(session: Session, lease: Lease, now: datetime, duration: timedelta) -> Lease:
    """Extend a lease during a long render; raises `LeaseLost` if it is no longer ours."""
    expires = now + duration
    _transition(session, lease, lease_expires_at=expires, updated_at=now)
    return Lease(lease.queue_id, lease.page_id, lease.url, lease.host, lease.owner, lease.reason,
                 lease.due_at, lease.attempts, expires)


def complete(session: Session, lease: Lease, now: datetime) -> str:
    """The crawl is recorded: the row is done — or queued again if the page was asked for
    while it was being crawled (a push or modified view during the render). Returns the state."""
    unchanged = and_(Q.c.due_at == lease.due_at, Q.c.reason == lease.reason)
    state = case((unchanged, QueueState.DONE.value), else_=QueueState.QUEUED.value)
    result = session.execute(update(Q).where(
        Q.c.id == lease.queue_id, Q.c.state == QueueState.LEASED, Q.c.lease_owner == lease.owner).values(
        state=state, lease_expires_at=None, last_error=None, updated_at=now,
        lease_owner=case((unchanged, lease.owner), else_=None)).returning(Q.c.state)).first()
    if result is None:
        raise LeaseLost(f"{lease.url}: lease of {lease.owner} ended before completion")
    return result.state


def asked_again(session: Session, lease: Lease) -> bool:
    """Was the page asked for (push, modified view) while this lease was held?"""
    current = session.execute(select(Q.c.due_at, Q.c.reason).where(Q.c.id == lease.queue_id)).one_or_none()
    return current is not None and (current.due_at != lease.due_at or current.reason != lease.reason)


def retry_later(session: Session, lease: Lease, at: datetime, error: str, now: datetime) -> None:
    """A transient failure: back to the queue at `at` (the policy's backoff)."""
    _transition(session, lease, state=QueueState.QUEUED.value, due_at=at, reason=Reason.RETRY.value,
                priority=Reason.RETRY.priority, lease_owner=None, lease_expires_at=None, last_error=error, updated_at=now)


def give_up(session: Session, lease: Lease, error: str, now: datetime) -> None:
    """A permanent failure: done until a new view or push re-arms the row."""
    _transition(session, lease, state=QueueState.DONE.value, lease_expires_at=None, last_error=error, updated_at=now)


def park(session: Session, lease: Lease, error: str, now: datetime) -> None:
    """Too many failures in a row: no automatic crawls until an operator pushes the page."""
    _transition(session, lease, state=QueueState.PARKED.value, lease_expires_at=None, last_error=error, updated_at=now)


def release(session: Session, lease: Lease, now: datetime) -> None:
    """Give the page back untouched (shutdown): due at once, the attempt not counted."""
    _transition(session, lease, state=QueueState.QUEUED.value, due_at=min(lease.due_at, now),
                lease_owner=None, lease_expires_at=None, attempts=Q.c.attempts - 1, updated_at=now)


def reap(session: Session, now: datetime, park_after: int) -> tuple[int, int]:
    """Return expired leases to the queue; park pages whose workers died `park_after` times.

    Returns (requeued, parked).
    """
    expired = and_(Q.c.state == QueueState.LEASED, Q.c.lease_expires_at < now)
    parked = session.execute(update(Q).where(expired, Q.c.attempts >= park_after).values(
        state=QueueState.PARKED.value, last_error="lease expired on every attempt (crashing page?)",
        lease_expires_at=None, updated_at=now)).rowcount
    requeued = session.execute(update(Q).where(expired).values(
        state=QueueState.QUEUED.value, last_error=func.coalesce(Q.c.lease_owner, "") + " lost its lease",
        lease_owner=None, lease_expires_at=None, updated_at=now)).rowcount
    return requeued, parked


def _transition(session: Session, lease: Lease, **values: object) -> None:
    result = session.execute(update(Q).where(
        Q.c.id == lease.queue_id, Q.c.state == QueueState.LEASED, Q.c.lease_owner == lease.owner).values(**values))
    if result.rowcount != 1:
        raise LeaseLost(f"{lease.url}: lease of {lease.owner} ended before {values.get('state', 'renewal')}")


def _insert_ignore(session: Session, table: Table, values: dict[str, object]) -> bool:
    """Insert unless the row exists; True if it was inserted."""
    statement = dialect_insert(session, table).values(**values).on_conflict_do_nothing().returning(*table.primary_key.columns)
    return session.execute(statement).first() is not None


def _for_update(session: Session, query: Select, skip_locked: bool = False) -> Select:
    """Row locks exist on PostgreSQL; SQLite's BEGIN IMMEDIATE already excludes other writers."""
    if session.get_bind().dialect.name == "postgresql":
        return query.with_for_update(skip_locked=skip_locked)
    return query
