"""The HTTP service over real databases: a migrated SQLite file and a schema of its own on the
PostgreSQL server (skipped, saying why, when none answers), driven through Starlette's
TestClient: no socket, the app's own code end to end."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from live_server import live_server
from rendercrawl.service.app import create_app
from service_harness import OTHER_SITE, SITE, Service, build_service, empty_postgres
from storage.db import upgrade
from tests import postgres


@pytest.fixture(scope="session")
def service_postgres_url() -> Iterator[str]:
    yield from postgres.migrated_schema("rc_service")


@pytest.fixture(scope="session")
def service_sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("service") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where browser tests keep a picture of each page they check: `RENDERCRAWL_SCREENSHOTS`, else
    a directory of this pytest run (its path is printed at the end of the run)."""
    chosen = os.environ.get("RENDERCRAWL_SCREENSHOTS")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty, migrated database of each kind."""
    if request.param == "sqlite":
        path = tmp_path / "rendercrawl.db"
        shutil.copy(request.getfixturevalue("service_sqlite_template"), path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("service_postgres_url")
    empty_postgres(url)
    return url


@pytest.fixture
def served(db_url: str) -> Iterator[Service]:
    """The app under a real uvicorn on a loopback port over `db_url`, with two registered sites;
    `client` speaks HTTP to it."""
    ctx = build_service(db_url)
    with live_server(create_app(ctx)) as base, httpx.Client(base_url=base, timeout=30) as client:
        svc = Service(client, ctx, db_url)
        svc.add_site(SITE)
        svc.add_site(OTHER_SITE)
        yield svc


@pytest.fixture
def service(db_url: str) -> Iterator[Service]:
    """The app over `db_url`, with two registered sites."""
    ctx = build_service(db_url)
    with TestClient(create_app(ctx)) as client:
        svc = Service(client, ctx, db_url)
        svc.add_site(SITE)
        svc.add_site(OTHER_SITE)
        yield svc
