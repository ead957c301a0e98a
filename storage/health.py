"""What a long-running server needs of the database: an engine whose every wait is bounded
(a request fails in seconds rather than hanging while the database is gone or locked), and a
readiness check that the schema is at the migrations' newest revision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, event, text
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from storage.db import make_engine, parse_database_url
from storage.migrate import alembic_config

OUTAGE_ERRORS = (OperationalError, InterfaceError, PoolTimeout)
"""What a database that is gone, locked or too slow raises (a lost connection, a refused one, a
lock or statement timeout, no pooled connection in time): the request can be retried later.
Other database errors are bugs, not outages."""


@dataclass(frozen=True, slots=True)
class Readiness:
    database: bool
    revision: str | None
    """The database's migration revision (None when it could not be read)."""
    head: str
    error: str | None

    @property
    def ready(self) -> bool:
        return self.database and self.revision == self.head


def bounded_engine(url: str, wait_seconds: float, pool_size: int = 16) -> Engine:
    """An engine whose connection attempts, pool waits, statements and SQLite lock waits all give
    up after about `wait_seconds`; the pool pings connections, so the engine recovers by itself
    when a restarted database comes back."""
    wait_ms = max(1, int(wait_seconds * 1000))
    if parse_database_url(url).get_backend_name() == "sqlite":
        engine = make_engine(url, pool_timeout=wait_seconds)
        event.listen(engine, "connect", lambda connection, _record: _sqlite_wait(connection, wait_ms))
        return engine
    engine = make_engine(url, pool_timeout=wait_seconds, pool_size=pool_size, max_overflow=pool_size,
                         connect_args={"connect_timeout": max(1, round(wait_seconds))})
    event.listen(engine, "connect", lambda connection, _record: _postgres_wait(connection, wait_ms))
    return engine


def _sqlite_wait(dbapi_connection: Any, wait_ms: int) -> None:
    """Runs after `storage.db`'s own connect settings, so this wait replaces their 30 s one."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {wait_ms}")
    finally:
        cursor.close()


def _postgres_wait(dbapi_connection: Any, wait_ms: int) -> None:
    """Cancel a statement (one waiting for a lock, say) after `wait_ms`; set per connection, so
    the URL's own `options` stay as they are."""
    with dbapi_connection.cursor() as cursor:
        cursor.execute(f"SET statement_timeout = {wait_ms}")
    dbapi_connection.commit()


def head_revision(url: str) -> str:
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    assert head is not None  # the migrations directory holds at least one revision
    return head


def readiness(engine: Engine, head: str) -> Readiness:
    """Whether the database answers and its schema is at `head`; never raises."""
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            revision = MigrationContext.configure(connection).get_current_revision()
    except Exception as error:  # noqa: BLE001 - any failure means "not ready"; the reason is reported
        return Readiness(False, None, head, f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    return Readiness(True, revision, head, None)
