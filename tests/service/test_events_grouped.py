"""Concurrent page-view requests through the group commit: requests waiting together are stored
by one transaction (one set-based `record_views` for all their events), each is answered 202
only after that commit, and each gets its own answer (its rejections, its duplicates) as if it
had been alone. Remembered keys: a revoked key works at most `key_cache_seconds` more. On
SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from rendercrawl.service.app import create_app
from rendercrawl.service.settings import ServiceSettings
from service_harness import OTHER_SITE, SITE, Service, build_service
from storage.apikeys import list_keys, revoke_key
from storage.db import Session
from storage.events import view_times
from storage.pages import find_page_id
from storage.queue import write_transaction
from storage.types import utc_now

T = utc_now().replace(microsecond=0)


def _views(service: Service, url: str) -> int:
    with service.sessions() as session:
        page_id = find_page_id(session, url)
        return 0 if page_id is None else len(view_times(session, page_id, T - timedelta(days=1), T + timedelta(days=1)))


def _hold(service: Service) -> threading.Event:
    """Keep the group-commit writer busy until the event is set: what arrives meanwhile forms one group."""
    started, release = threading.Event(), threading.Event()

    def hold(_session: Session) -> None:
        started.set()
        release.wait(20)

    service.ctx.committer.submit(hold, 1)
    assert started.wait(10)
    return release


def _concurrently(service: Service, posts: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """Send the posts at once while the writer is held; check that none is answered before the
    group commits, then let it commit."""
    groups = service.ctx.committer.groups
    release = _hold(service)
    with ThreadPoolExecutor(len(posts)) as pool:
        pending = [pool.submit(post) for post in posts]
        deadline = time.monotonic() + 10
        while service.ctx.committer._jobs.qsize() < len(posts) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert service.ctx.committer._jobs.qsize() == len(posts)
        time.sleep(0.1)
        assert not any(p.done() for p in pending), "answered before its group committed"
        release.set()
        answers = [p.result(20) for p in pending]
    assert service.ctx.committer.groups == groups + 2  # the holder's group, then all the requests in one
    return answers


def test_concurrent_single_events_share_one_commit_and_are_answered_after_it(service: Service) -> None:
    key = service.key(SITE, "events")
    urls = [f"https://{SITE}/story/{i % 3}" for i in range(12)]

    def post(url: str) -> Callable[[], httpx.Response]:
        return lambda: service.client.post("/v1/events/pageview", json={"url": url, "time": T.isoformat()}, headers=key)

    answers = _concurrently(service, [post(url) for url in urls])
    assert [a.status_code for a in answers] == [202] * 12
    assert all(a.json()["accepted"] == 1 for a in answers)
    # Four views of each story in one group: the third of each queued it, once.
    assert sum(a.json()["queued"].get("new", 0) for a in answers) == 3
    assert [_views(service, f"https://{SITE}/story/{i}") for i in range(3)] == [4, 4, 4]


def test_each_request_of_a_group_gets_its_own_answer(service: Service) -> None:
    mine, theirs = service.key(SITE, "events"), service.key(OTHER_SITE, "events")
    url = f"https://{SITE}/shared"

    def post(body: Any, key: dict[str, str]) -> Callable[[], httpx.Response]:
        return lambda: service.client.post("/v1/events/pageview", json=body, headers=key)

    answers = _concurrently(service, [
        post({"url": url, "event_id": "same"}, mine),
        post({"url": url, "event_id": "same"}, mine),  # a retry arriving with the original: stored once
        post({"url": url}, theirs),  # another site's page: refused, alone
        post([{"url": "mailto:x@paper.example"}, {"url": url}], mine),
        post({"url": f"https://{OTHER_SITE}/own"}, theirs),
    ])
    bodies = [a.json() for a in answers]
    assert sorted((b["accepted"], b["duplicates"]) for b in bodies[:2]) == [(0, 1), (1, 0)]
    assert answers[2].status_code == 403 and bodies[2]["error"]["code"] == "forbidden_site"
    assert answers[3].status_code == 202 and bodies[3]["accepted"] == 1
    assert [(r["index"], r["code"]) for r in bodies[3]["rejected"]] == [(0, "invalid_url")]
    assert answers[4].status_code == 202 and bodies[4]["accepted"] == 1
    assert _views(service, url) == 2 and _views(service, f"https://{OTHER_SITE}/own") == 1


@pytest.mark.parametrize("remember", [0.0, 30.0])
def test_a_revoked_key_stops_working_within_key_cache_seconds(db_url: str, remember: float) -> None:
    ctx = build_service(db_url, ServiceSettings(key_cache_seconds=remember))
    with TestClient(create_app(ctx)) as client:
        service = Service(client, ctx, db_url)
        service.add_site(SITE)
        key = service.key(SITE, "events")
        event = {"url": f"https://{SITE}/k", "time": T.isoformat()}
        assert client.post("/v1/events/pageview", json=event, headers=key).status_code == 202
        with write_transaction(service.sessions) as session:
            assert revoke_key(session, list_keys(session, SITE)[-1].id, utc_now())
        status = client.post("/v1/events/pageview", json=event, headers=key).status_code
        assert status == (401 if remember == 0 else 202)
        if remember:
            ctx.keys.ttl = 0.05  # as if the memo's time had passed
            time.sleep(0.1)
            assert client.post("/v1/events/pageview", json=event, headers=key).status_code == 401
