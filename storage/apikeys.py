"""Per-site API keys of the HTTP service. A key is shown once, when it is made; the table keeps
its SHA-256 (keys are 32 random bytes, so a fast hash is enough: there is nothing to guess) and
a short prefix so an operator can tell keys apart in `sites key list`."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import insert, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from storage.models import ApiKey

SCOPES = ("events", "push", "read")
"""What a key may do: send page views, force-push URLs, read profiles and crawl logs."""
KEY_PREFIX = "rck_"
SECRET_BYTES = 32
PREFIX_CHARS = 12
"""Characters of the key kept in clear (`rck_` and 8 random ones): enough to tell keys apart."""


@dataclass(frozen=True, slots=True)
class KeyRow:
    id: int
    host: str
    scope: str
    prefix: str
    created_at: datetime
    revoked_at: datetime | None


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def create_key(session: Session, host: str, scope: str, now: datetime) -> tuple[KeyRow, str]:
    """A new key for `host` with `scope`; returns its row and the key itself, which is stored nowhere."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}: one of {', '.join(SCOPES)}")
    key = KEY_PREFIX + secrets.token_urlsafe(SECRET_BYTES)
    key_id = session.execute(insert(ApiKey).values(host=host, scope=scope, key_hash=key_hash(key), prefix=key[:PREFIX_CHARS],
                                                   created_at=now).returning(ApiKey.id)).scalar_one()
    return KeyRow(key_id, host, scope, key[:PREFIX_CHARS], now, None), key


def list_keys(session: Session, host: str | None = None) -> list[KeyRow]:
    query = select(ApiKey).order_by(ApiKey.host, ApiKey.id)
    if host is not None:
        query = query.where(ApiKey.host == host)
    return [_row(k) for k in session.execute(query).scalars()]


def revoke_key(session: Session, key_id: int, now: datetime) -> bool:
    """Revoke key `key_id`; False when there is no such key or it was revoked already."""
    result = session.execute(update(ApiKey).where(ApiKey.id == key_id, ApiKey.revoked_at.is_(None)).values(revoked_at=now))
    return bool(cast(CursorResult[Any], result).rowcount)


def find_key(session: Session, key: str) -> KeyRow | None:
    """The live (not revoked) key whose hash matches `key`, or None."""
    found = session.execute(select(ApiKey).where(ApiKey.key_hash == key_hash(key), ApiKey.revoked_at.is_(None))).scalar()
    return None if found is None else _row(found)


def _row(key: ApiKey) -> KeyRow:
    return KeyRow(key.id, key.host, key.scope, key.prefix, key.created_at, key.revoked_at)
