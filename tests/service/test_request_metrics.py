"""Requests counted by route template and status, timed in a histogram by route template, and
the opt-in access log, through a real server: no URL, page id, host or key becomes a label, and
no key or query string reaches the log."""

from __future__ import annotations

import logging
import re

import httpx
import pytest

from live_server import live_server
from rendercrawl.service.app import create_app
from rendercrawl.service.settings import ServiceSettings
from service_harness import OTHER_SITE, SITE, Service, build_service

URL = f"https://{SITE}/news/secret-path?token=abc"


def _traffic(service: Service) -> tuple[str, int]:
    """A few requests of several routes and outcomes; the read key and the page's id."""
    events = service.key(SITE, "events")
    view = service.client.post("/v1/events/pageview", json={"url": URL}, headers=events)
    assert view.status_code == 202, view.text
    page_id = view.json()["pages"][0]["page_id"]
    read = service.key(SITE, "read")
    assert service.client.get(f"/v1/pages/{page_id}", headers=read).status_code == 200
    assert service.client.get(f"/v1/pages/{page_id}", headers=read).status_code == 200
    assert service.client.get(f"/v1/pages/{page_id}", headers=service.key(OTHER_SITE, "read")).status_code == 403
    assert service.client.get("/v1/profiles", params={"url": URL}, headers=read).status_code == 404
    assert service.client.get(f"/v1/nothing/{page_id}/rck_not_a_key").status_code == 404
    assert service.client.request("BREW", "/v1/queue").status_code in (400, 405)
    return read["Authorization"].split()[1], page_id


def _samples(text: str, name: str) -> dict[str, float]:
    return {m.group(1): float(m.group(2)) for m in re.finditer(rf"^{name}\{{(.*)\}} (\S+)$", text, re.M)}


def test_requests_by_route_template_and_status(served: Service) -> None:
    key, page_id = _traffic(served)
    text = served.client.get("/metrics").text
    counts = _samples(text, "rendercrawl_http_requests_total")
    assert counts['method="POST",route="/v1/events/pageview",status="202"'] == 1
    assert counts['method="GET",route="/v1/pages/{page_id}",status="200"'] == 2
    assert counts['method="GET",route="/v1/pages/{page_id}",status="403"'] == 1
    assert counts['method="GET",route="/v1/profiles",status="404"'] == 1
    assert counts['method="GET",route="unmatched",status="404"'] == 1
    latency = _samples(text, "rendercrawl_http_request_seconds_count")
    assert latency['route="/v1/pages/{page_id}"'] == 3 and latency['route="/v1/events/pageview"'] == 1
    buckets = _samples(text, "rendercrawl_http_request_seconds_bucket")
    assert buckets['le="+Inf",route="/v1/pages/{page_id}"'] == 3
    labels = " ".join(counts) + " ".join(buckets)
    for leak in (key, key[:12], "secret-path", "token", SITE, "rck_not_a_key", "BREW", f"/v1/pages/{page_id}\""):
        assert leak not in labels, leak


def test_the_access_log_is_off_unless_asked_for(served: Service, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="rendercrawl.access"):
        _traffic(served)
    assert not [r for r in caplog.records if r.name == "rendercrawl.access"]


def test_the_access_log_names_no_key_and_no_query(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    ctx = build_service(db_url, ServiceSettings(access_log=True))
    with live_server(create_app(ctx)) as base, httpx.Client(base_url=base) as client, \
            caplog.at_level(logging.INFO, logger="rendercrawl.access"):
        service = Service(client, ctx, db_url)
        service.add_site(SITE)
        service.add_site(OTHER_SITE)
        key, page_id = _traffic(service)
    lines = [r.getMessage() for r in caplog.records if r.name == "rendercrawl.access"]
    assert len(lines) == 6, "the made-up method is refused by the HTTP server, before the app"
    assert lines[5].startswith(f"127.0.0.1 GET /v1/nothing/{page_id}/rck_… 404 "), "a key-like segment is cut"
    assert re.fullmatch(rf"127\.0\.0\.1 GET /v1/pages/{page_id} 200 \d+\.\dms", lines[1]), lines[1]
    assert lines[0].startswith("127.0.0.1 POST /v1/events/pageview 202 ")
    assert lines[4].startswith("127.0.0.1 GET /v1/profiles 404 ")
    logged = "\n".join(lines)
    for leak in (key, key[:12], "token=abc", "secret-path", "Bearer", "rck_not"):
        assert leak not in logged, leak
