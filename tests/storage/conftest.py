"""Database fixtures: real SQLite files and the real PostgreSQL server, schema built by the
Alembic migrations (never `create_all`). Contract tests take `db_url`, which runs them on
both databases; PostgreSQL tests skip, saying why, only when no server answers."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from storage.db import make_engine, session_factory, upgrade

DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def postgres_server_url() -> str:
    return os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL)


def _postgres_unavailable_reason() -> str | None:
    url = postgres_server_url()
    try:
        engine = make_engine(url, connect_args={"connect_timeout": 3})
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as error:  # noqa: BLE001 - any failure to connect means "no server"; reported
        return f"no PostgreSQL server answers at {url}: {type(error).__name__}: {error}".splitlines()[0]
    return None


@pytest.fixture(scope="session")
def postgres_available() -> None:
    reason = _postgres_unavailable_reason()
    if reason is not None:
        pytest.skip(reason)


@pytest.fixture
def postgres_schema_url(postgres_available: None) -> Iterator[str]:
    """A URL whose connections live in a fresh, empty schema, dropped afterwards."""
    schema = f"rc_test_{uuid.uuid4().hex[:12]}"
    admin = make_engine(postgres_server_url())
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    separator = "&" if "?" in postgres_server_url() else "?"
    yield f"{postgres_server_url()}{separator}options=-csearch_path%3D{schema}"
    with admin.begin() as connection:
        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


@pytest.fixture
def sqlite_empty_url(tmp_path: object) -> str:
    return f"sqlite:///{tmp_path}/rendercrawl.db"  # type: ignore[str-format]


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest) -> str:
    """An empty database (no tables) of each kind."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_empty_url")
    return request.getfixturevalue("postgres_schema_url")


@pytest.fixture
def db_url(empty_db_url: str) -> str:
    """A database of each kind, migrated to the newest revision."""
    upgrade(empty_db_url)
    return empty_db_url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = make_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with session_factory(engine)() as session:
        yield session
