"""The PostgreSQL server the database tests use (127.0.0.1:5432, user postgres, database
`test`; `RENDERCRAWL_TEST_POSTGRES_URL` overrides it), and throwaway schemas on it, so test runs
repeat and never meet each other's rows."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from storage.db import make_engine, upgrade

DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
CONNECT_TIMEOUT_S = 3
"""A server that has not answered by then is taken as absent (the tests skip, saying so)."""


def server_url() -> str:
    return os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL)


def unavailable_reason() -> str | None:
    """Why no PostgreSQL test can run, or None when the server answers."""
    url = server_url()
    engine = make_engine(url, connect_args={"connect_timeout": CONNECT_TIMEOUT_S})
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as error:  # noqa: BLE001 - any failure to connect means "no server"; reported
        return f"no PostgreSQL server answers at {url}: {type(error).__name__}: {error}".splitlines()[0]
    finally:
        engine.dispose()
    return None


def create_schema(prefix: str) -> tuple[str, str]:
    """A new empty schema; returns (its name, a URL whose connections live in it)."""
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    _admin(f'CREATE SCHEMA "{schema}"')
    separator = "&" if "?" in server_url() else "?"
    return schema, f"{server_url()}{separator}options=-csearch_path%3D{schema}"


def migrated_schema(prefix: str) -> Iterator[str]:
    """For a session fixture: a new schema migrated to head (skips when no server answers);
    yields its URL and drops it afterwards."""
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    schema, url = create_schema(prefix)
    upgrade(url)
    yield url
    drop_schema(schema)


def drop_schema(schema: str) -> None:
    _admin(f'DROP SCHEMA "{schema}" CASCADE')


def _admin(statement: str) -> None:
    engine = make_engine(server_url())
    with engine.begin() as connection:
        connection.execute(text(statement))
    engine.dispose()
