"""`rendercrawl sites key create|list|revoke`, and secrets kept out of everything: a key appears
once, in the output of `create`, and never in the database, logs, answers or metrics; keyless
events are bounded per address and per site."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import update

from rendercrawl.cli import main
from rendercrawl.service.app import create_app
from rendercrawl.service.settings import ServiceSettings
from service_harness import SITE, Service, build_service
from storage.db import make_engine, upgrade
from storage.models import QueueEntry
from storage.queue import write_transaction

URL = f"https://{SITE}/news/1"


def _dump(db_url: str) -> str:
    """Every row of every table, as text."""
    from sqlalchemy import MetaData

    engine = make_engine(db_url)
    metadata = MetaData()
    metadata.reflect(engine)
    with engine.connect() as connection:
        rows = [repr(tuple(r)) for table in metadata.sorted_tables for r in connection.execute(table.select())]
    engine.dispose()
    return "\n".join(rows)


def test_key_create_prints_once_list_and_revoke(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'rc.db'}"
    env = {"RENDERCRAWL_DATABASE_URL": db}
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"], env=env).exit_code == 0
    refused = runner.invoke(main, ["sites", "key", "create", SITE, "--scope", "events"], env=env)
    assert refused.exit_code == 1 and "no site" in refused.output
    assert runner.invoke(main, ["sites", "add", SITE], env=env).exit_code == 0
    made = runner.invoke(main, ["sites", "key", "create", SITE, "--scope", "push", "--json"], env=env)
    assert made.exit_code == 0, made.output
    key = json.loads(made.output)["key"]
    assert key.startswith("rck_") and len(key) > 40
    listed = runner.invoke(main, ["sites", "key", "list", "--json"], env=env)
    rows = json.loads(listed.output)
    assert [(r["host"], r["scope"], r["revoked_at"]) for r in rows] == [(SITE, "push", None)]
    assert key not in listed.output and key not in _dump(db)
    assert runner.invoke(main, ["sites", "key", "revoke", str(rows[0]["id"])], env=env).exit_code == 0
    assert runner.invoke(main, ["sites", "key", "revoke", str(rows[0]["id"])], env=env).exit_code == 1
    assert json.loads(runner.invoke(main, ["sites", "key", "list", "--json"], env=env).output)[0]["revoked_at"]


def test_no_key_reaches_a_log_an_answer_a_metric_or_a_row(service: Service, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    keys = {scope: service.key(SITE, scope) for scope in ("events", "push", "read")}
    wrong = {"Authorization": keys["events"]["Authorization"] + "x"}
    answers = [
        service.client.post("/v1/events/pageview", json={"url": URL}, headers=keys["events"]),
        service.client.post("/v1/events/pageview", json={"url": URL}, headers=wrong),
        service.client.post("/v1/events/pageview", json={"url": URL}, headers=keys["push"]),
        service.client.post("/v1/events/pageview", json={"url": "https://other.example/"}, headers=keys["events"]),
        *[_push_and_crawl(service, keys["push"]) for _ in range(6)],
        service.client.get("/v1/profiles", params={"url": URL}, headers=keys["read"]),
        service.client.get("/v1/queue", headers=keys["read"]),
        service.client.get("/metrics"),
        service.client.get("/readyz"),
    ]
    assert {a.status_code for a in answers} >= {202, 401, 403, 429, 404, 200}
    seen = "\n".join([a.text + repr(a.headers) for a in answers] + [caplog.text, _dump(service.url)])
    assert "push of" in caplog.text  # the declined pushes were logged, so the logs were really read
    for header in keys.values():
        secret = header["Authorization"].removeprefix("Bearer ")
        assert secret not in seen
        assert secret[12:] not in seen  # not even the part after the listed prefix


def _push_and_crawl(service: Service, key: dict[str, str]) -> Response:
    """A push, then its crawl done: the next push spends a slot instead of merging."""
    answer = service.client.post("/v1/profile/content/push", json={"url": URL}, headers=key)
    with write_transaction(service.sessions) as session:
        session.execute(update(QueueEntry).values(state="done"))
    return answer


def test_keyless_events_are_bounded_per_address_and_per_site(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'limits.db'}"
    upgrade(url)
    ctx = build_service(url, ServiceSettings(keyless_events_per_ip_per_minute=3, keyless_events_per_site_per_minute=5))
    with TestClient(create_app(ctx)) as client:
        Service(client, ctx, url).add_site(SITE)
        origin = {"Origin": f"https://{SITE}"}
        assert [client.post("/v1/events/pageview", json={"url": URL}, headers=origin).status_code for _ in range(4)] == \
            [202, 202, 202, 429]
        limited = client.post("/v1/events/pageview", json={"url": URL}, headers=origin)
        assert limited.json()["error"]["code"] == "rate_limited" and int(limited.headers["retry-after"]) >= 1
    with TestClient(create_app(ctx), client=("10.0.0.2", 5000)) as other_address:
        codes = [other_address.post("/v1/events/pageview", json={"url": URL}, headers=origin).status_code for _ in range(3)]
    assert codes == [202, 202, 429]  # the site's 5 are spent, whoever asks
