"""A stopped service gives back every database connection it took. The group commit's writer
keeps its connection checked out between groups; the engine's dispose() on shutdown only
forgets it, so without closing the writer each app left a connection open on the server, and a
test run of many apps met PostgreSQL's "too many clients"."""

from __future__ import annotations

import threading
from urllib.parse import urlsplit

import psutil
from fastapi.testclient import TestClient

from rendercrawl.service.app import create_app
from service_harness import SITE, Service, build_service


def _held(db_url: str) -> int:
    """This process's open connections to the database: sockets to the server, or handles on the file."""
    me = psutil.Process()
    if db_url.startswith("sqlite"):
        path = db_url.removeprefix("sqlite:///")
        return sum(1 for f in me.open_files() if f.path == path)
    port = urlsplit(db_url).port or 5432
    return sum(1 for c in me.net_connections("tcp") if c.raddr and c.raddr.port == port)


def test_stopping_the_app_closes_the_writers_connection(db_url: str) -> None:
    before = _held(db_url)
    ctx = build_service(db_url)
    with TestClient(create_app(ctx)) as client:
        service = Service(client, ctx, db_url)
        service.add_site(SITE)
        answer = client.post("/v1/events/pageview", json={"url": f"https://{SITE}/news/1"},
                             headers=service.key(SITE, "events"))
        assert answer.status_code == 202, answer.text
        assert _held(db_url) > before  # the writer holds its connection while serving
    assert _held(db_url) == before


ANSWER_WAIT_S = 30
"""Far above a page view's answer time; a view given to a stopped writer never gets one."""


def test_an_app_stopped_and_started_again_still_answers_views(db_url: str) -> None:
    ctx = build_service(db_url)
    app = create_app(ctx)
    with TestClient(app) as client:
        service = Service(client, ctx, db_url)
        service.add_site(SITE)
        key = service.key(SITE, "events")
    statuses: list[int] = []

    def view() -> None:
        with TestClient(app) as again:  # the lifespan runs a second time, as a test client per request does
            statuses.append(again.post("/v1/events/pageview", json={"url": f"https://{SITE}/news/2"}, headers=key).status_code)

    sender = threading.Thread(target=view, daemon=True)
    sender.start()
    sender.join(ANSWER_WAIT_S)
    assert statuses == [202]
