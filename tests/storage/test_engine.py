"""Engine set-up: URL mapping and the SQLite pragmas that let two processes share a file."""

from __future__ import annotations

from sqlalchemy import text

from storage.db import SQLITE_BUSY_TIMEOUT_MS, make_engine, parse_database_url
from storage.settings import StorageSettings


def test_postgresql_urls_use_psycopg3() -> None:
    assert parse_database_url("postgresql://u@h/db").drivername == "postgresql+psycopg"
    assert parse_database_url("postgres://u@h/db").drivername == "postgresql+psycopg"
    assert parse_database_url("sqlite:///x.db").drivername == "sqlite"


def test_sqlite_connections_use_wal_and_foreign_keys(sqlite_empty_url: str) -> None:
    engine = make_engine(sqlite_empty_url)
    with engine.connect() as connection:
        pragmas = {name: connection.execute(text(f"PRAGMA {name}")).scalar()
                   for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")}
    engine.dispose()
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1,
                       "busy_timeout": SQLITE_BUSY_TIMEOUT_MS, "synchronous": 1}


def test_settings_read_the_environment(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RENDERCRAWL_DATABASE_URL", "postgresql://x@y/z")
    monkeypatch.setenv("RENDERCRAWL_KEEP_SNAPSHOTS", "true")
    settings = StorageSettings()
    assert (settings.database_url, settings.keep_snapshots) == ("postgresql://x@y/z", True)


def test_settings_default_to_sqlite_file(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("RENDERCRAWL_DATABASE_URL", raising=False)
    assert StorageSettings().database_url == "sqlite:///rendercrawl.db"
