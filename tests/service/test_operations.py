"""Health, readiness (database and migration revision), a database that goes away (503 within a
bounded time, and back without a restart), metrics, and the checked-in OpenAPI document."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from rendercrawl.service.app import create_app
from rendercrawl.service.openapi import document
from rendercrawl.service.settings import ServiceSettings
from service_harness import SITE, Service, build_service
from storage.db import downgrade, upgrade
from tcp_proxy import CuttableProxy

ROOT = Path(__file__).resolve().parents[2]
URL = f"https://{SITE}/news/1"


def test_healthz_and_readyz(service: Service) -> None:
    assert service.client.get("/healthz").json() == {"status": "ok"}
    ready = service.client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["revision"] == ready.json()["head"] == service.ctx.head_revision


def test_readyz_is_503_on_an_old_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url)
    ctx = build_service(url)
    downgrade(url, "0014")
    with TestClient(create_app(ctx)) as client:
        answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["revision"] == "0014" and answer.json()["error"]["code"] == "not_ready"
    assert "rendercrawl db upgrade" in answer.json()["error"]["message"]


def test_a_locked_sqlite_database_is_503_within_the_bound_then_serves_again(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    upgrade(f"sqlite:///{path}")
    ctx = build_service(f"sqlite:///{path}", ServiceSettings(database_wait_seconds=1))
    with TestClient(create_app(ctx)) as client:
        service = Service(client, ctx, f"sqlite:///{path}")
        service.add_site(SITE)
        key = service.key(SITE, "events")
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            started = time.monotonic()
            answer = client.post("/v1/events/pageview", json={"url": URL}, headers=key)
            elapsed = time.monotonic() - started
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert answer.status_code == 503 and answer.json()["error"]["code"] == "database_unavailable"
        assert elapsed < 5, elapsed
        assert client.post("/v1/events/pageview", json={"url": URL}, headers=key).status_code == 202


def test_a_postgresql_server_that_goes_away_is_503_fast_and_the_service_comes_back(service_postgres_url: str) -> None:
    url = make_url(service_postgres_url)
    proxy = CuttableProxy(url.port or 5432)
    ctx = build_service(url.set(port=proxy.port).render_as_string(hide_password=False), ServiceSettings(database_wait_seconds=1))
    try:
        with TestClient(create_app(ctx)) as client:
            service = Service(client, ctx, service_postgres_url)
            service.add_site(SITE)
            key = service.key(SITE, "events")
            assert client.post("/v1/events/pageview", json={"url": URL}, headers=key).status_code == 202
            proxy.sever()
            started = time.monotonic()
            answer = client.post("/v1/events/pageview", json={"url": URL}, headers=key)
            assert answer.status_code == 503 and answer.json()["error"]["code"] == "database_unavailable"
            assert time.monotonic() - started < 5
            assert client.get("/readyz").status_code == 503
            assert client.get("/healthz").status_code == 200
            proxy.restore()
            assert client.get("/readyz").status_code == 200
            assert client.post("/v1/events/pageview", json={"url": URL}, headers=key).status_code == 202
    finally:
        proxy.close()
        ctx.engine.dispose()


def test_metrics_count_events_pushes_and_read_the_queue(service: Service) -> None:
    service.client.post("/v1/events/pageview", json=[{"url": URL}, {"url": URL, "time": "2001-01-01T00:00:00Z"}],
                        headers=service.key(SITE, "events"))
    service.client.post("/v1/profile/content/push", json={"url": URL}, headers=service.key(SITE, "push"))
    text = service.client.get("/metrics").text
    assert "rendercrawl_events_accepted_total 1.0" in text
    assert 'rendercrawl_events_rejected_total{reason="time_too_old"} 1.0' in text
    assert 'rendercrawl_pushes_total{result="honoured"} 1.0' in text
    assert 'rendercrawl_queue_depth{state="queued"} 1.0' in text and "rendercrawl_database_up 1.0" in text


def test_the_checked_in_openapi_document_is_current() -> None:
    checked_in = (ROOT / "docs" / "openapi.json").read_text(encoding="utf-8")
    assert checked_in == document(), "regenerate: python -m rendercrawl.service.openapi > docs/openapi.json"


@pytest.mark.parametrize("path", ["/openapi.json"])
def test_the_openapi_document_is_served(service: Service, path: str) -> None:
    served = service.client.get(path).json()
    assert {"/v1/events/pageview", "/v1/profile/content/push", "/v1/profiles", "/readyz"} <= set(served["paths"])
