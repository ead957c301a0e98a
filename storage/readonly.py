"""Run one SQL statement that cannot write, for `rendercrawl sql`.

The database enforces it, not a parser of the SQL text:
- SQLite: the file is opened with `mode=ro` (the library refuses every write) and
  `PRAGMA query_only` is set as well; the driver runs one statement per call.
- PostgreSQL: the session's transactions default to read only, the statement runs in a
  `READ ONLY` transaction, and it is sent as a prepared statement, which PostgreSQL accepts
  only for a single command — so `SELECT 1; COMMIT; DELETE …` is refused by the server.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import psycopg
from sqlalchemy.engine import URL

from storage.db import parse_database_url

Rows = list[tuple[Any, ...]]

STATEMENT_TIMEOUT_MS = 60_000
"""PostgreSQL: a query a person typed is cancelled after a minute rather than holding locks."""


class ReadOnlyViolation(Exception):
    """The statement tried to write (or to run several statements); nothing was changed."""


def run_readonly(url: str | URL, sql: str) -> tuple[list[str], Rows]:
    """Column names and all rows of `sql`, run read-only on the database at `url`."""
    parsed = parse_database_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _run_sqlite(parsed, sql)
    if parsed.get_backend_name() == "postgresql":
        return _run_postgres(parsed, sql)
    raise ValueError(f"unsupported database {parsed.get_backend_name()!r}: use sqlite or postgresql")


def _run_sqlite(url: URL, sql: str) -> tuple[list[str], Rows]:
    path = url.database
    if not path or path == ":memory:":
        raise ValueError("read-only queries need a SQLite database file")
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        connection.execute("PRAGMA query_only = ON")
        try:
            cursor = connection.execute(sql)
        except sqlite3.OperationalError as error:
            if "readonly" in str(error) or "read-only" in str(error) or "query_only" in str(error):
                raise ReadOnlyViolation(f"refused: the database is open read-only ({error})") from error
            raise
        except sqlite3.ProgrammingError as error:
            if "one statement" in str(error):
                raise ReadOnlyViolation(f"refused: {error}") from error
            raise
        columns = [d[0] for d in cursor.description or ()]
        return columns, cursor.fetchall()
    finally:
        connection.close()


def _run_postgres(url: URL, sql: str) -> tuple[list[str], Rows]:
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    options = f"-c default_transaction_read_only=on -c statement_timeout={STATEMENT_TIMEOUT_MS}"
    with psycopg.connect(conninfo, options=_merge_options(url, options)) as connection:
        connection.execute("SET TRANSACTION READ ONLY")
        try:
            cursor = connection.execute(sql, prepare=True)
        except psycopg.errors.ReadOnlySqlTransaction as error:
            raise ReadOnlyViolation(f"refused: read-only transaction ({error})") from error
        except psycopg.errors.SyntaxError as error:
            if "multiple commands" in str(error):
                raise ReadOnlyViolation(f"refused: one statement at a time ({error})") from error
            raise
        columns = [c.name for c in cursor.description or ()]
        rows = [tuple(r) for r in cursor.fetchall()] if cursor.description else []
        connection.rollback()
        return columns, rows


def _merge_options(url: URL, options: str) -> str:
    """Keep `options` already in the URL (a test's `search_path`) next to ours."""
    existing = url.query.get("options")
    if isinstance(existing, tuple):
        existing = " ".join(existing)
    return f"{existing} {options}" if existing else options
