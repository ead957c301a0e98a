"""What anyone can send the service (the beacon's endpoint is keyless by design): nesting the
JSON parser gives up on, bodies from callers with no key, probes of internal names through the
reads, error answers a browser must be able to read, HEAD probes, and modified times that would
force recrawls without end. On SQLite and PostgreSQL."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from service_harness import SITE, Service
from storage import queue
from storage.models import Page, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason
from storage.types import utc_now

URL = f"https://{SITE}/news/1"
DEEP = 1_000
"""As deep as the outside battery nests its body (`[[[[…]]]]`): past Python's recursion limit."""
ORIGIN = {"Origin": f"https://{SITE}"}


def _deep(opening: str, closing: str) -> str:
    return opening * DEEP + closing * DEEP


@pytest.mark.parametrize("body", [_deep("[", "]"), '{"url": ' + _deep('{"a": ', "}") + "}"])
def test_deep_json_is_malformed_input_not_a_server_error(service: Service, body: str,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    keyless = service.client.post("/v1/events/pageview", content=body, headers=ORIGIN)
    keyed = service.client.post("/v1/events/pageview", content=body, headers=service.key(SITE, "events"))
    pushed = service.client.post("/v1/profile/content/push", content=body, headers=service.key(SITE, "push"))
    for answer in (keyless, keyed, pushed):
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "malformed_json"
    assert not caplog.records  # no traceback logged


def test_a_deep_ndjson_line_is_rejected_and_the_others_are_stored(service: Service) -> None:
    body = f'{{"url": "{URL}"}}\n{_deep("[", "]")}\n{{"url": "{URL}"}}'
    answer = service.client.post("/v1/events/pageview", content=body, headers=service.key(SITE, "events"))
    assert answer.status_code == 202, answer.text
    assert answer.json()["accepted"] == 2
    assert [(r["index"], r["code"]) for r in answer.json()["rejected"]] == [(1, "malformed_json")]


@pytest.mark.parametrize("path", ["/v1/events/pageview", "/v1/profile/content/push"])
@pytest.mark.parametrize("body", ["{not json", "", "\xff"])
def test_no_key_is_401_whatever_the_body(service: Service, path: str, body: str) -> None:
    answer = service.client.post(path, content=body.encode("latin-1"))
    assert answer.status_code == 401, answer.text
    assert answer.json()["error"]["code"] == "key_required"


@pytest.mark.parametrize("body", ["{not json", '{"url": "ftp://paper.example/x"}', '{"url": "https://other.example/a"}'])
def test_error_answers_to_a_keyless_browser_can_be_read_by_it(service: Service, body: str) -> None:
    """The beacon's fetch fallback (mode cors) sees why a view was refused, not an opaque failure."""
    answer = service.client.post("/v1/events/pageview", content=body, headers=ORIGIN)
    assert answer.status_code in (400, 403, 422), answer.text
    assert answer.headers["access-control-allow-origin"] == ORIGIN["Origin"]
    assert "origin" in answer.headers["vary"].lower()


def test_keyed_error_answers_carry_no_cors_header(service: Service) -> None:
    answer = service.client.post("/v1/events/pageview", content="{not json", headers={**ORIGIN, **service.key(SITE, "events")})
    assert answer.status_code == 400 and "access-control-allow-origin" not in answer.headers


def test_head_healthz(service: Service) -> None:
    answer = service.client.head("/healthz")
    assert answer.status_code == 200 and answer.content == b""


def test_a_read_key_cannot_learn_what_another_host_resolves_to(service: Service) -> None:
    """The key's site is checked before any name is resolved: another host is 403, whatever it is."""
    answer = service.client.get("/v1/profiles", params={"url": "http://localhost:5432/"}, headers=service.key(SITE, "read"))
    assert answer.status_code == 403, answer.text
    assert answer.json()["error"]["code"] == "forbidden_site"
    assert "127.0.0.1" not in answer.text and "loopback" not in answer.text


def test_refusals_never_echo_a_resolved_address(service: Service) -> None:
    """A site whose own name resolves to an internal address: its callers learn that it is
    refused and why in kind, not the address (the log keeps it)."""
    service.add_site("localhost")
    url = "http://localhost:5432/"
    read = service.client.get("/v1/profiles", params={"url": url}, headers=service.key("localhost", "read"))
    pushed = service.client.post("/v1/profile/content/push", json={"url": url}, headers=service.key("localhost", "push"))
    viewed = service.client.post("/v1/events/pageview", json={"url": url}, headers=service.key("localhost", "events"))
    for answer in (read, pushed, viewed):
        assert answer.status_code == 422, answer.text
        assert "loopback address" in answer.text
        assert "127.0.0.1" not in answer.text and "::1" not in answer.text


def _crawled_at(service: Service, at: datetime) -> None:
    """The page was crawled at `at` and its queue row is done."""
    with write_transaction(service.sessions) as session:
        page_id = ensure_page(session, URL, at)
        session.execute(update(Page).where(Page.id == page_id).values(crawl_state="crawled", last_crawled_at=at,
                                                                       next_crawl_at=at + timedelta(days=1)))
        queue.enqueue(session, page_id, Reason.NEW, at, at)
        session.execute(update(QueueEntry).values(state="done"))


def _keyless_view(service: Service, modified: datetime) -> dict[str, int]:
    answer = service.client.post("/v1/events/pageview", json={"url": URL, "modified_time": modified.isoformat()},
                                 headers=ORIGIN)
    assert answer.status_code == 202, answer.text
    queued: dict[str, int] = answer.json()["queued"]
    return queued


def test_keyless_views_with_a_modified_time_in_2099_queue_nothing(service: Service) -> None:
    now = utc_now()
    _crawled_at(service, now - timedelta(hours=1))
    assert [_keyless_view(service, datetime(2099, 1, 1, tzinfo=UTC)) for _ in range(3)] == [{}, {}, {}]
    assert _keyless_view(service, now - timedelta(minutes=1)) == {"modified": 1}


def test_recrawls_modified_times_ask_for_share_a_per_url_budget(service: Service) -> None:
    now = utc_now()
    limit = service.ctx.scheduler.modified_limit_per_url
    for i in range(limit + 1):
        crawled = now - timedelta(minutes=50 - 5 * i)
        _crawled_at(service, crawled)
        queued = _keyless_view(service, crawled + timedelta(minutes=1))
        assert queued == ({"modified": 1} if i < limit else {}), i
        assert _keyless_view(service, crawled + timedelta(minutes=2)) == {}  # merged into the queued crawl
