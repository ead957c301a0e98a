"""`POST /v1/profile/content/push`: the per-URL limit of `rendercrawl push` (4 per rolling
hour), 429 with Retry-After past it, other URLs unaffected; keys bound to their site."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from service_harness import OTHER_SITE, SITE, Service
from storage.models import QueueEntry
from storage.pages import find_page_id
from storage.queue import queue_state, write_transaction
from storage.records import QueueState

URL, OTHER_URL = f"https://{SITE}/news/1", f"https://{SITE}/news/2"


def _crawled(service: Service) -> None:
    """The crawls pushes queued are done: the next push asks for another."""
    with write_transaction(service.sessions) as session:
        session.execute(update(QueueEntry).values(state="done"))


def test_the_fifth_push_in_an_hour_is_429_and_other_urls_go_on(service: Service) -> None:
    key = service.key(SITE, "push")
    limit = service.ctx.scheduler.push_limit_per_url
    for _ in range(limit):
        answer = service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key)
        assert answer.status_code == 202, answer.text
        assert answer.json()["results"][0]["honoured"] is True
        _crawled(service)
    declined = service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key)
    assert declined.status_code == 429
    assert 0 < int(declined.headers["retry-after"]) <= 3600
    assert declined.json()["error"]["code"] == "push_limit" and declined.json()["results"][0]["honoured"] is False
    other = service.client.post("/v1/profile/content/push", json=[{"url": OTHER_URL}], headers=key)
    assert other.status_code == 202 and other.json()["results"][0]["honoured"] is True
    with service.sessions() as session:
        page_id = find_page_id(session, OTHER_URL)
        assert page_id is not None and queue_state(session, page_id) is QueueState.QUEUED


def test_a_mixed_list_is_429_yet_queues_the_urls_within_the_limit(service: Service) -> None:
    key = service.key(SITE, "push")
    for _ in range(service.ctx.scheduler.push_limit_per_url):
        service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key)
        _crawled(service)
    mixed = service.client.post("/v1/profile/content/push", json=[{"url": URL}, {"url": OTHER_URL}], headers=key)
    assert mixed.status_code == 429 and "retry-after" in mixed.headers
    assert [r["honoured"] for r in mixed.json()["results"]] == [False, True]


@pytest.mark.parametrize("batched", [False, True])
def test_pushes_merged_into_the_queued_crawl_spend_no_slot(service: Service, batched: bool) -> None:
    """Four quick pushes, or one batch naming the URL four times, make one crawl: one slot."""
    key = service.key(SITE, "push")
    if batched:
        results = service.client.post("/v1/profile/content/push", json=[{"url": URL}] * 4, headers=key).json()["results"]
    else:
        results = [service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key).json()["results"][0]
                   for _ in range(4)]
    assert [(r["honoured"], r["merged"]) for r in results] == [(True, False)] + [(True, True)] * 3
    for _ in range(3):  # three more crawls fit the hour
        _crawled(service)
        again = service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key)
        assert again.status_code == 202 and again.json()["results"][0]["merged"] is False
    _crawled(service)
    assert service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key).status_code == 429


def test_pushes_need_a_push_key_of_the_urls_site(service: Service) -> None:
    assert service.client.post("/v1/profile/content/push", json={"url": URL}).status_code == 401
    wrong_scope = service.client.post("/v1/profile/content/push", json={"url": URL}, headers=service.key(SITE, "events"))
    assert wrong_scope.status_code == 403 and wrong_scope.json()["error"]["code"] == "wrong_scope"
    cross = service.client.post("/v1/profile/content/push", json={"url": f"https://{OTHER_SITE}/a"},
                                headers=service.key(SITE, "push"))
    assert cross.status_code == 403 and cross.json()["error"]["code"] == "forbidden_site"
    unregistered = service.client.post("/v1/profile/content/push", json={"url": "https://nobody.example/a"},
                                       headers=service.key(SITE, "push"))
    assert unregistered.status_code == 422 and unregistered.json()["error"]["code"] == "unregistered_site"
    with service.sessions() as session:
        assert find_page_id(session, URL) is None and find_page_id(session, "https://nobody.example/a") is None
