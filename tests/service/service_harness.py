"""What the service tests share: the two registered sites, the app over a database, and a
handle to it (`Service`) with the few writes a test needs to arrange."""

from __future__ import annotations

from dataclasses import dataclass

import httpx
from sqlalchemy import text

from rendercrawl.service.context import ServiceContext
from rendercrawl.service.settings import ServiceSettings
from scheduler.settings import SchedulerSettings
from storage.apikeys import create_key
from storage.db import Sessions, make_engine
from storage.health import bounded_engine, head_revision
from storage.queue import write_transaction
from storage.sites import upsert_site
from storage.types import utc_now
from values.targets import TargetPolicy

SITE = "paper.example"
OTHER_SITE = "other.example"


def empty_postgres(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as connection:
        tables = [r[0] for r in connection.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"))]
        wipe = ", ".join(f'"{t}"' for t in tables if t != "alembic_version")
        connection.execute(text(f"TRUNCATE {wipe} RESTART IDENTITY CASCADE"))
    engine.dispose()


@dataclass
class Service:
    client: httpx.Client
    """Starlette's TestClient (the app in-process) or an HTTP client of a live server."""
    ctx: ServiceContext
    url: str

    @property
    def sessions(self) -> Sessions:
        return self.ctx.sessions

    def add_site(self, host: str) -> None:
        with write_transaction(self.sessions) as session:
            upsert_site(session, host, {})

    def key(self, host: str, scope: str) -> dict[str, str]:
        with write_transaction(self.sessions) as session:
            _row, key = create_key(session, host, scope, utc_now())
        return {"Authorization": f"Bearer {key}"}


def build_service(url: str, settings: ServiceSettings | None = None) -> ServiceContext:
    return ServiceContext.build(bounded_engine(url, 3), settings or ServiceSettings(), SchedulerSettings(),
                                TargetPolicy(), head_revision(url))
