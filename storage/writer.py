"""A writer's kept connection: one connection held from one write transaction to the next,
for a writer that runs transactions back to back (the service's group commit).

The pool pings a PostgreSQL connection on every checkout: with groups following each other
within milliseconds that round trip is a sixth of the writer's time. The kept connection
skips it, and still goes back to the pool after an idle `idle_seconds` (the next transaction
takes one anew, pinged, so a database restarted while the service was idle is noticed before
a transaction meets it). A transaction that fails discards the connection: it may be dead.

A transaction can be opened in one thread and ended in another (`begin`, then `end`): the
group commit does its work in its writer thread and commits in a thread of its own, so that
the next group's work runs on a second kept connection while this one's commit waits for the
disk. One thread at a time uses a kept connection.

On PostgreSQL a write whose result nothing reads (a group's page views) can travel with the
commit (`defer_write`): both go in one pipelined round trip, taken off the writer's path."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.orm import sessionmaker

from storage.db import Session, Sessions
from storage.queue import write_transaction

log = logging.getLogger(__name__)

_DEFERRED = "rendercrawl.deferred_writes"
"""The `Session.info` key of the writes `defer_write` keeps for the commit."""


def defer_write(session: Session, sql: str, params: Mapping[str, Any]) -> bool:
    """Keep `sql` (psycopg's `%(name)s` parameters, plain Python values) to be sent with the
    commit of `session`'s transaction, in the same round trip, when the session is a kept
    PostgreSQL writer's (`KeptConnection.begin`); False otherwise, and the caller runs its
    write now. Only for rows nothing later in the transaction reads: they exist only once it
    commits. A deferred write that fails fails the commit."""
    deferred: list[tuple[str, dict[str, Any]]] | None = session.info.get(_DEFERRED)
    if deferred is None:
        return False
    deferred.append((sql, dict(params)))
    return True


def is_postgres_bound(sessions: Sessions) -> bool:
    """Whether `sessions` are bound to a PostgreSQL engine: where concurrent write transactions
    run side by side (SQLite takes one writer at a time)."""
    bind = sessions.kw.get("bind")
    return isinstance(bind, Engine) and bind.dialect.name == "postgresql"


class KeptConnection:
    """`write_transaction` on one kept connection; one thread at a time."""

    def __init__(self, sessions: Sessions) -> None:
        bind = sessions.kw.get("bind")
        self._sessions = sessions
        self._engine: Engine | None = bind if isinstance(bind, Engine) else None
        """Where the connection comes from; None (a factory not bound to an engine): a pooled session each time."""
        self._connection: Connection | None = None
        self._connection_sessions: Sessions | None = None
        self._used_at = 0.0

    @property
    def held(self) -> bool:
        """Whether a connection is kept now (for tests)."""
        return self._connection is not None

    @contextmanager
    def transaction(self, idle_seconds: float) -> Iterator[Session]:
        """A write transaction on the kept connection, taken anew after `idle_seconds` unused
        or after a failure; committed when the block ends without an exception."""
        if self._engine is None:
            with write_transaction(self._sessions) as session:
                yield session
            return
        session = self.begin(idle_seconds)
        try:
            yield session
        except BaseException:
            self.end(session, commit=False)
            raise
        self.end(session, commit=True)

    def begin(self, idle_seconds: float) -> Session:
        """A session in a write transaction on the kept connection (taken anew after
        `idle_seconds` unused or after a failure); `end` it, in this thread or another.
        Only for a factory bound to an engine."""
        assert self._engine is not None, "begin/end need sessions bound to an engine"
        now = time.monotonic()
        if self._connection is not None and (self._connection.invalidated or now - self._used_at > idle_seconds):
            self.release(failed=False)
        if self._connection is None or self._connection_sessions is None:
            self._connection = self._engine.connect()
            self._connection_sessions = sessionmaker(bind=self._connection, expire_on_commit=False)
        self._used_at = now
        session = self._connection_sessions()
        if self._engine.dialect.name == "postgresql":
            session.info[_DEFERRED] = []
        return session

    def end(self, session: Session, commit: bool) -> None:
        """Commit `session`'s transaction, or roll it back (its work failed). After a rollback
        or a failed commit the connection is discarded: it may be dead. Raises what the commit
        or the rollback raised."""
        try:
            if commit:
                _commit(session)
            else:
                session.rollback()
        except BaseException:
            self._discard(session)
            raise
        if not commit:
            self._discard(session)
            return
        session.close()
        self._used_at = time.monotonic()

    def _discard(self, session: Session) -> None:
        session.close()
        self.release(failed=True)

    def release(self, failed: bool) -> None:
        """Give the kept connection back to the pool; after a failure it is discarded."""
        connection, self._connection, self._connection_sessions = self._connection, None, None
        if connection is None:
            return
        try:
            if failed and not connection.invalidated:
                connection.invalidate()
            connection.close()
        except Exception as error:  # noqa: BLE001 - a dead connection may fail to close; it is gone either way
            log.debug("closing the kept connection failed: %s", type(error).__name__)



def flush_deferred(session: Session) -> None:
    """Send the writes kept for the commit now, in one pipelined round trip: for a transaction
    that goes on to read what they write (the group commit topping up a group)."""
    deferred: list[tuple[str, dict[str, Any]]] | None = session.info.get(_DEFERRED)
    if deferred:
        _send(session, deferred, commit=False)
        deferred.clear()


def _commit(session: Session) -> None:
    """Commit, sending the deferred writes first in the same pipelined round trip."""
    deferred: list[tuple[str, dict[str, Any]]] = session.info.pop(_DEFERRED, None) or []
    if not deferred:
        session.commit()
        return
    _send(session, deferred, commit=True)


def _send(session: Session, writes: list[tuple[str, dict[str, Any]]], commit: bool) -> None:
    driver = session.connection().connection.driver_connection
    assert driver is not None
    with driver.pipeline(), driver.cursor() as cursor:
        for sql, params in writes:
            cursor.execute(sql, params)
        if commit:
            session.commit()
