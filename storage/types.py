"""The one datetime column type: timezone-aware UTC on SQLite and on PostgreSQL.

PostgreSQL stores `timestamptz` natively. SQLite has no datetime type, so SQLAlchemy stores
text (`YYYY-MM-DD HH:MM:SS.ffffff`); we store it in UTC and drop the offset there, so a SQL
user's `WHERE published_at >= '2024-05-01'` or `datetime('now', '-1 day')` compares correctly
as text. Reading attaches UTC again, so Python code only ever sees aware UTC datetimes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import DateTime, String
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """`DateTime(timezone=True)` that refuses naive datetimes and always returns aware UTC.

    Naive values are rejected rather than assumed UTC: a naive local time stored as UTC is a
    silent error of hours, found months later in a query result.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"expected a datetime, got {type(value).__name__}: {value!r}")
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value.isoformat()} refused: pass a timezone-aware time")
        utc = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return utc.replace(tzinfo=None)
        return utc

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


E = TypeVar("E", bound=StrEnum)


class TextEnum(TypeDecorator[E]):
    """A `StrEnum` stored as its plain text value (what a SQL user reads and writes; the table's
    CHECK constraint lists the values) and read back as the enum member, so Python code never
    handles the bare string."""

    impl = String
    cache_ok = True

    def __init__(self, enum: type[E], length: int) -> None:
        super().__init__(length)
        self.enum = enum

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else self.enum(value).value

    def process_result_value(self, value: Any, dialect: Dialect) -> E | None:
        return None if value is None else self.enum(value)


def utc_now() -> datetime:
    """Aware UTC now; the default for `created_at`-style columns set by Python."""
    return datetime.now(UTC)
