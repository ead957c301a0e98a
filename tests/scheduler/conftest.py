"""Database fixtures for the scheduler's tests: real SQLite files and the real PostgreSQL
server, schema built only by the Alembic migrations.

PostgreSQL tests run in a schema of their own (`rc_sched_<random>`, in the server's `test`
database), migrated once per session and emptied before each test, so they repeat and never
meet the storage tests' data. They skip, saying why, only when no server answers.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session, sessionmaker

from storage.db import make_engine, session_factory, upgrade
from tests import postgres

KEEP_TABLES = frozenset({"alembic_version"})


@pytest.fixture(scope="session")
def postgres_session_url() -> Iterator[str]:
    """A migrated schema of our own for the whole session; skips when no server answers."""
    yield from postgres.migrated_schema("rc_sched")


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated SQLite file, copied for each test (migrating takes a second or two)."""
    path = tmp_path_factory.mktemp("sched") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def _empty_postgres(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as connection:
        tables = [r[0] for r in connection.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"))]
        wipe = ", ".join(f'"{t}"' for t in tables if t not in KEEP_TABLES)
        connection.execute(text(f"TRUNCATE {wipe} RESTART IDENTITY CASCADE"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty, migrated database of each kind."""
    if request.param == "sqlite":
        path = tmp_path / "rendercrawl.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("postgres_session_url")
    _empty_postgres(url)
    return url


@pytest.fixture
def pg_url(postgres_session_url: str) -> str:
    _empty_postgres(postgres_session_url)
    return postgres_session_url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = make_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def sessions(engine: Engine) -> sessionmaker[Session]:
    return session_factory(engine)
