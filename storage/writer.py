"""A writer's kept connection: one connection held from one write transaction to the next,
for a single writer thread (the service's group commit) that runs transactions back to back.

The pool pings a PostgreSQL connection on every checkout: with groups following each other
within milliseconds that round trip is a sixth of the writer's time. The kept connection
skips it, and still goes back to the pool after an idle `idle_seconds` (the next transaction
takes one anew, pinged, so a database restarted while the service was idle is noticed before
a transaction meets it). A transaction that fails discards the connection: it may be dead."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, Engine
from sqlalchemy.orm import sessionmaker

from storage.db import Session, Sessions
from storage.queue import write_transaction

log = logging.getLogger(__name__)


class KeptConnection:
    """`write_transaction` on one kept connection; not thread-safe (one writer thread)."""

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
        or after a failure."""
        if self._engine is None:
            with write_transaction(self._sessions) as session:
                yield session
            return
        now = time.monotonic()
        if self._connection is not None and (self._connection.invalidated or now - self._used_at > idle_seconds):
            self.release(failed=False)
        if self._connection is None or self._connection_sessions is None:
            self._connection = self._engine.connect()
            self._connection_sessions = sessionmaker(bind=self._connection, expire_on_commit=False)
        self._used_at = now
        try:
            with write_transaction(self._connection_sessions) as session:
                yield session
        except BaseException:
            self.release(failed=True)
            raise

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
