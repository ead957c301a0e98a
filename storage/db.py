"""Engine and sessions from a database URL, with the connection settings each database needs.

SQLite is tuned so a scheduler process and a worker process can share one file: WAL lets
readers run while one writer writes, `busy_timeout` makes a second writer wait instead of
failing at once, and `synchronous=NORMAL` is the documented safe pairing with WAL.

A server database is pinged when a pooled connection is taken (`pool_pre_ping`): after a
PostgreSQL restart every idle connection in the pool is dead, and without the ping each would
fail one claim, save or settle of a long-running worker before the pool noticed. The ping is
one `SELECT 1` on loopback, well under a millisecond beside a render.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker

from storage.migrate import downgrade, upgrade

__all__ = ["make_engine", "normalize_url", "session_factory", "upgrade", "downgrade"]

SQLITE_BUSY_TIMEOUT_MS = 30_000
"""How long a SQLite writer waits for another process's write to finish before failing;
a crawl save takes milliseconds, so 30 s only trips when something is really stuck."""

POSTGRES_DRIVERS = {"postgresql", "postgres", "postgresql+psycopg2"}
"""Driver names mapped to psycopg 3, the only PostgreSQL driver installed."""


def normalize_url(url: str | URL) -> URL:
    """Parse a database URL; `postgresql://` and `postgres://` become `postgresql+psycopg://`."""
    parsed = make_url(url)
    if parsed.drivername in POSTGRES_DRIVERS:
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str | URL, **kwargs: Any) -> Engine:
    """An engine for `url` with the per-database connection settings described above."""
    parsed = normalize_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, **kwargs)
        event.listen(engine, "connect", _sqlite_on_connect)
        return engine
    return create_engine(parsed, **{"pool_pre_ping": True, **kwargs})


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions that keep loaded values after commit, so a caller can print what it saved."""
    return sessionmaker(engine, expire_on_commit=False)
