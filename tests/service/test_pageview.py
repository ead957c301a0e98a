"""`POST /v1/events/pageview`: single events, JSON arrays and NDJSON; per-event rejections;
idempotent event_id; bounded batches; who may send what. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import timedelta

from service_harness import OTHER_SITE, SITE, Service
from storage.events import view_times
from storage.pages import find_page_id
from storage.queue import queue_state
from storage.records import QueueState
from storage.types import utc_now

URL = f"https://{SITE}/news/1"
T = utc_now().replace(microsecond=0)


def _views(service: Service, url: str = URL) -> int:
    with service.sessions() as session:
        page_id = find_page_id(session, url)
        return 0 if page_id is None else len(view_times(session, page_id, T - timedelta(days=3), T + timedelta(days=3)))


def _event(i: int = 0, **fields: object) -> dict[str, object]:
    return {"url": URL, "time": (T - timedelta(minutes=i)).isoformat(), **fields}


def test_one_event_is_stored_before_202(service: Service) -> None:
    answer = service.client.post("/v1/events/pageview", json=_event(), headers=service.key(SITE, "events"))
    assert answer.status_code == 202, answer.text
    with service.sessions() as session:
        page_id = find_page_id(session, URL)
    assert answer.json() == {"accepted": 1, "duplicates": 0, "queued": {}, "rejected": [], "pages": [
        {"index": 0, "page_id": page_id, "page_url": f"/v1/pages/{page_id}",
         "versions_url": f"/v1/profiles/{page_id}/versions", "crawls_url": f"/v1/pages/{page_id}/crawls"}]}
    assert _views(service) == 1


def test_three_views_in_an_array_queue_the_new_page(service: Service) -> None:
    answer = service.client.post("/v1/events/pageview", json=[_event(i) for i in range(3)], headers=service.key(SITE, "events"))
    assert answer.status_code == 202, answer.text
    assert answer.json()["accepted"] == 3 and answer.json()["queued"] == {"new": 1}
    with service.sessions() as session:
        page_id = find_page_id(session, URL)
        assert page_id is not None and queue_state(session, page_id) is QueueState.QUEUED


def test_ndjson_with_bad_events_keeps_the_good_ones_and_names_the_bad(service: Service) -> None:
    lines = [json.dumps(_event(0)), "{not json", json.dumps(_event(1, time=(T + timedelta(days=2)).isoformat())),
             json.dumps(_event(2, time="2001-01-01T00:00:00Z")), json.dumps({"url": 5}), json.dumps(_event(3)),
             json.dumps(_event(4, url="ftp://paper.example/x")), json.dumps(_event(5, time="2024-05-01T08:00:00"))]
    answer = service.client.post("/v1/events/pageview", content="\n".join(lines),
                                 headers={**service.key(SITE, "events"), "Content-Type": "application/x-ndjson"})
    assert answer.status_code == 202, answer.text
    body = answer.json()
    assert body["accepted"] == 2
    assert [(r["index"], r["code"], r.get("field")) for r in body["rejected"]] == [
        (1, "malformed_json", None), (2, "time_in_future", "time"), (3, "time_too_old", "time"), (4, "invalid", "url"),
        (6, "invalid_url", "url"), (7, "invalid", "time")]
    assert _views(service) == 2


def test_a_time_with_no_utc_value_is_rejected_not_a_server_error(service: Service) -> None:
    """Year 1 at +01:00 is before year 1 in UTC: no datetime holds it (the fuzz run found a 500)."""
    events = [_event(0), _event(1, modified_time="0001-01-01T00:00:00+01:00"), _event(2, time="9999-12-31T23:59:59-01:00")]
    answer = service.client.post("/v1/events/pageview", json=events, headers=service.key(SITE, "events"))
    assert answer.status_code == 202, answer.text
    body = answer.json()
    assert body["accepted"] == 1
    assert [(r["index"], r.get("field")) for r in body["rejected"]] == [(1, "modified_time"), (2, "time")]


def test_an_event_id_is_stored_once(service: Service) -> None:
    key = service.key(SITE, "events")
    first = service.client.post("/v1/events/pageview", json=[_event(0, event_id="e-1"), _event(1, event_id="e-2")], headers=key)
    again = service.client.post("/v1/events/pageview", json=[_event(0, event_id="e-1"), _event(1, event_id="e-2")], headers=key)
    assert first.json()["accepted"] == 2
    assert again.status_code == 202 and again.json()["accepted"] == 0 and again.json()["duplicates"] == 2
    assert _views(service) == 2


def test_the_whole_body_fails_with_the_field_named(service: Service) -> None:
    key = service.key(SITE, "events")
    cases = [(b"{not json", 400, "malformed_json"), (b"", 400, "empty"), (b"[]", 400, "empty"),
             ("{\"url\": \"é\"}".encode("latin-1"), 400, "not_utf8")]
    for body, status, code in cases:
        answer = service.client.post("/v1/events/pageview", content=body, headers={**key, "Content-Type": "application/json"})
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["error"]["code"] == code and answer.json()["error"]["field"] == "body"
    single = service.client.post("/v1/events/pageview", json={"url": "mailto:someone@paper.example"}, headers=key)
    assert single.status_code == 422 and single.json()["error"]["field"] == "url"
    assert service.client.get("/healthz").status_code == 200


def test_too_many_events_or_bytes_is_413(service: Service) -> None:
    key = service.key(SITE, "events")
    many = service.client.post("/v1/events/pageview", json=[_event(0)] * (service.ctx.service.max_batch_events + 1), headers=key)
    assert many.status_code == 413 and many.json()["error"]["code"] == "too_many_events"
    huge = service.client.post("/v1/events/pageview", content=b"[" + b" " * service.ctx.service.max_body_bytes + b"]",
                               headers={**key, "Content-Type": "application/json"})
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
    assert _views(service) == 0


def test_an_unregistered_host_is_422_and_nothing_is_stored(service: Service) -> None:
    url = "https://nobody.example/a"
    answer = service.client.post("/v1/events/pageview", json={"url": url}, headers=service.key(SITE, "events"))
    assert answer.status_code == 422 and answer.json()["error"] == {
        "code": "unregistered_site", "message": "nobody.example is no registered site", "field": "url"}
    with service.sessions() as session:
        assert find_page_id(session, url) is None


def test_a_key_sends_only_its_own_sites_pages(service: Service) -> None:
    key = service.key(SITE, "events")
    other = service.client.post("/v1/events/pageview", json={"url": f"https://{OTHER_SITE}/x"}, headers=key)
    assert other.status_code == 403 and other.json()["error"]["code"] == "forbidden_site"
    mixed = service.client.post("/v1/events/pageview", json=[{"url": f"https://{OTHER_SITE}/x"}, _event(0)], headers=key)
    assert mixed.status_code == 202 and [r["index"] for r in mixed.json()["rejected"]] == [0]
    assert _views(service, f"https://{OTHER_SITE}/x") == 0 and _views(service) == 1


def test_keys_of_another_scope_or_revoked_or_unknown_are_refused(service: Service) -> None:
    from storage.apikeys import list_keys, revoke_key
    from storage.queue import write_transaction

    assert service.client.post("/v1/events/pageview", json=_event(), headers=service.key(SITE, "push")).status_code == 403
    bogus = service.client.post("/v1/events/pageview", json=_event(), headers={"X-API-Key": "rck_nothing"})
    assert bogus.status_code == 401 and bogus.json()["error"]["code"] == "invalid_key"
    key = service.key(SITE, "events")
    with write_transaction(service.sessions) as session:
        assert revoke_key(session, list_keys(session, SITE)[-1].id, utc_now())
    assert service.client.post("/v1/events/pageview", json=_event(), headers=key).status_code == 401
    assert _views(service) == 0


def test_keyless_events_come_only_from_a_registered_origin_and_get_cors(service: Service) -> None:
    nothing = service.client.post("/v1/events/pageview", json=_event())
    assert nothing.status_code == 401 and nothing.json()["error"]["code"] == "key_required"
    stranger = service.client.post("/v1/events/pageview", json=_event(), headers={"Origin": "https://evil.example"})
    assert stranger.status_code == 401 and "access-control-allow-origin" not in stranger.headers
    own = service.client.post("/v1/events/pageview", json=_event(), headers={"Origin": f"https://{SITE}"})
    assert own.status_code == 202 and own.headers["access-control-allow-origin"] == f"https://{SITE}"
    cross = service.client.post("/v1/events/pageview", json={"url": f"https://{OTHER_SITE}/x"},
                                headers={"Origin": f"https://{SITE}"})
    assert cross.status_code == 403
    preflight = service.client.options("/v1/events/pageview", headers={
        "Origin": f"https://{SITE}", "Access-Control-Request-Method": "POST"})
    assert preflight.status_code == 204 and preflight.headers["access-control-allow-origin"] == f"https://{SITE}"
    refused = service.client.options("/v1/events/pageview", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert refused.status_code == 403 and "access-control-allow-origin" not in refused.headers
    assert _views(service) == 1


def test_a_single_event_answer_is_the_rendered_json_of_its_result() -> None:
    """The remembered 202 bodies of one-event requests are those `JSONResponse` renders, per shape."""
    from fastapi.responses import JSONResponse

    from rendercrawl.service.routes_write import _accepted
    from rendercrawl.service.writes import ViewsResult

    for result in (ViewsResult(accepted=1), ViewsResult(accepted=1, queued={"new": 1}), ViewsResult(duplicates=1),
                   ViewsResult(accepted=1), ViewsResult(accepted=2, queued={"new": 2})):
        answer = _accepted(result, {"Vary": "Origin"})
        expected = JSONResponse(result.to_json(), 202, headers={"Vary": "Origin"})
        assert (answer.status_code, answer.body, answer.raw_headers) == (202, expected.body, expected.raw_headers)


def test_a_body_is_read_from_every_message_and_refused_once_it_passes_the_limit() -> None:
    """`read_body` joins a body sent in several messages, answers 413 as soon as the streamed
    bytes pass the limit (no length declared), and a client gone mid-body is a disconnect."""
    import asyncio

    import pytest
    from starlette.requests import ClientDisconnect, Request

    from rendercrawl.service.errors import ApiError
    from rendercrawl.service.routes_write import read_body

    def request(*messages: dict) -> Request:
        queue = list(messages)

        async def receive() -> dict:
            return queue.pop(0)

        return Request({"type": "http", "method": "POST", "path": "/", "headers": [], "query_string": b""}, receive)

    part = {"type": "http.request", "body": b"abc", "more_body": True}
    last = {"type": "http.request", "body": b"de", "more_body": False}
    assert asyncio.run(read_body(request(part, part, last), 8)) == b"abcabcde"
    assert asyncio.run(read_body(request(last), 8)) == b"de"
    with pytest.raises(ApiError) as refused:
        asyncio.run(read_body(request(part, part, part, last), 8))
    assert refused.value.status == 413
    with pytest.raises(ClientDisconnect):
        asyncio.run(read_body(request(part, {"type": "http.disconnect"}), 8))
