"""Database fixtures: real SQLite files and the real PostgreSQL server, schema built by the
Alembic migrations (never `create_all`). Contract tests take `db_url`, which runs them on
both databases; PostgreSQL tests skip, saying why, only when no server answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from storage.db import make_engine, session_factory, upgrade
from tests import postgres


@pytest.fixture(scope="session")
def postgres_available() -> None:
    reason = postgres.unavailable_reason()
    if reason is not None:
        pytest.skip(reason)


@pytest.fixture
def postgres_schema_url(postgres_available: None) -> Iterator[str]:
    """A URL whose connections live in a fresh, empty schema, dropped afterwards."""
    schema, url = postgres.create_schema("rc_test")
    yield url
    postgres.drop_schema(schema)


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
