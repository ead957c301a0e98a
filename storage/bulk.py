"""Inserting many rows in one statement, on either database.

On PostgreSQL, psycopg 3 sends an executemany as one INSERT per row (pipelined), and a
multi-row VALUES statement costs it a regex parse per execution; a batch of profiles has
thousands of child rows. So there each column travels as one typed array and the rows are
rebuilt by `unnest` on the server: `INSERT INTO t (a, b) SELECT unnest(:a), unnest(:b)` —
one statement, a few parameters, compiled once (2-3x faster for the child tables). Rows with
long text (bodies, profile JSON) are the exception: escaping kilobytes into an array literal
costs more than the round trips it saves, so callers pass `arrays=False` for them; a batch of
a few rows (a worker's one crawl) goes as an executemany too (`ARRAY_MIN_ROWS`). SQLite
runs in-process, where executemany is already the fast path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, Insert, Table, bindparam, func, select
from sqlalchemy.orm import QueryableAttribute, Session

Row = dict[str, Any]

ARRAY_MIN_ROWS = 32
"""Fewer rows than this go as an executemany on PostgreSQL too: building the arrays' statement
and adapting them costs more client CPU than sending the few rows (profile_fields, 1 row: 0.66
against 0.28 ms; 16 rows: 0.74 against 0.60; 64 rows: 0.97 against 1.32). A worker's save has a
crawl row and a few rows per child table."""


def is_postgres(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def bulk_insert(session: Session, stmt: Insert, table: Table, rows: Sequence[Row],
                returning: Sequence[ColumnElement[Any] | QueryableAttribute[Any]] = (), *,
                arrays: bool = True) -> Sequence[Any]:
    """Insert `rows` (all with the same keys) with `stmt` (an `insert(table)`, possibly with
    ON CONFLICT); returns the `returning` rows, in no particular order."""
    if not rows:
        return []
    if returning:
        stmt = stmt.returning(*returning)
    if arrays and len(rows) >= ARRAY_MIN_ROWS and is_postgres(session):
        from sqlalchemy.dialects.postgresql import ARRAY  # PostgreSQL's dialect only when on it

        columns = list(rows[0])
        unnested = select(*[
            func.unnest(bindparam(f"rows_{name}", [row[name] for row in rows], type_=ARRAY(table.c[name].type)))
            .label(name) for name in columns])
        result = session.execute(stmt.from_select(columns, unnested))
    else:
        result = session.execute(stmt, list(rows))
    return result.all() if returning else []

