"""Fresh benchmark databases: a SQLite file or a PostgreSQL schema of the benchmark's own,
emptied and migrated, so a run never meets another run's (or the tests') rows."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from storage.db import make_engine, upgrade

DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def schema_url(postgres_url: str, schema: str) -> str:
    """`postgres_url` with every connection's search path set to `schema`."""
    return f"{postgres_url}?options=-csearch_path%3D{schema}"


def fresh_postgres(postgres_url: str, schema: str) -> str:
    admin = make_engine(postgres_url)
    with admin.begin() as connection:
        connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    url = schema_url(postgres_url, schema)
    upgrade(url)
    return url


def fresh_sqlite(path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    url = f"sqlite:///{path}"
    upgrade(url)
    return url
