"""The opaque cursors of the list answers. A cursor is the position where a list stopped (the
last row's id, or its time and id), which the next request continues after: rows added or
changed meanwhile neither shift the rest nor repeat, as an offset would make them. It is
encoded (base64url of a small JSON array naming its list) so that clients pass it back as
they got it; one from another list, or made up, is a 400, never a database error."""

from __future__ import annotations

import base64
import binascii
import json
from datetime import datetime
from typing import Any

from rendercrawl.service.errors import ApiError

CURSOR_MAX_CHARS = 256
"""Longer than any cursor this service gives (a list name, a time and an id)."""

Position = tuple[datetime | int, ...]


def encode_cursor(kind: str, position: Position) -> str:
    values = [value.isoformat() if isinstance(value, datetime) else value for value in position]
    raw = json.dumps([kind, *values], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def decode_cursor(kind: str, token: str, shape: tuple[type[datetime] | type[int], ...]) -> Position:
    """The position `token` holds, which must be of list `kind` and of `shape`'s types."""
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        data = json.loads(raw)
    except (binascii.Error, ValueError):
        raise _invalid() from None
    if not isinstance(data, list) or len(data) != len(shape) + 1 or data[0] != kind:
        raise _invalid()
    return tuple(_value(value, kind_of) for value, kind_of in zip(data[1:], shape, strict=True))


def after_id(kind: str, token: str | None) -> int | None:
    """The id a list in id order stopped at, or None for its start."""
    if not token:
        return None
    (id_,) = decode_cursor(kind, token, (int,))
    assert isinstance(id_, int)
    return id_


def after_time_id(kind: str, token: str | None) -> tuple[datetime, int] | None:
    """The time and id a list in time order stopped at, or None for its start."""
    if not token:
        return None
    at, id_ = decode_cursor(kind, token, (datetime, int))
    assert isinstance(at, datetime) and isinstance(id_, int)
    return at, id_


def _value(value: Any, kind_of: type[datetime] | type[int]) -> datetime | int:
    if kind_of is int and type(value) is int and 0 <= value < 2**63:
        return value
    if kind_of is datetime and isinstance(value, str):
        try:
            at = datetime.fromisoformat(value)
        except ValueError:
            raise _invalid() from None
        if at.utcoffset() is not None:
            return at
    raise _invalid()


def _invalid() -> ApiError:
    return ApiError(400, "invalid_cursor", "not a cursor this list gave: pass `next_cursor` as it came", "cursor")
