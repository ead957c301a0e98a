"""Sites with several hosts, through a real server: one registration covers `www.`, `m.` and a
CDN alias; its keys are valid on all of them; a keyless view from one host whose canonical URL
is on another counts for that page; a host not declared, or another site's, stays refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rendercrawl.cli import main
from service_harness import OTHER_SITE, SITE, Service
from storage.db import upgrade
from storage.events import view_times
from storage.pages import find_page_id
from storage.queue import queue_state, write_transaction
from storage.records import QueueState
from storage.sites import HostTaken, load_site, set_site_hosts, upsert_site
from storage.types import utc_now

WWW, MOBILE, CDN = f"www.{SITE}", f"m.{SITE}", "paper-cdn.example"
STORY = f"https://{WWW}/story"


def _declare(service: Service) -> None:
    with write_transaction(service.sessions) as session:
        set_site_hosts(session, SITE, [WWW, MOBILE, CDN])


def _views(service: Service, url: str) -> int:
    with service.sessions() as session:
        page_id = find_page_id(session, url)
        return 0 if page_id is None else len(view_times(session, page_id, utc_now().replace(year=2000), utc_now()))


def test_a_view_from_one_host_counts_for_the_canonical_page_on_another(served: Service) -> None:
    _declare(served)
    for _ in range(3):
        answer = served.client.post("/v1/events/pageview", json={"url": STORY}, headers={"Origin": f"https://{MOBILE}"})
        assert answer.status_code == 202, answer.text
    assert answer.headers["access-control-allow-origin"] == f"https://{MOBILE}"
    assert _views(served, STORY) == 3
    with served.sessions() as session:
        page_id = find_page_id(session, STORY)
        assert page_id is not None and queue_state(session, page_id) is QueueState.QUEUED
    assert answer.json()["pages"][0]["page_id"] == page_id
    preflight = served.client.options("/v1/events/pageview", headers={"Origin": f"https://{CDN}",
                                                                        "Access-Control-Request-Method": "POST"})
    assert preflight.status_code == 204


def test_keys_of_the_site_are_valid_on_all_its_hosts(served: Service) -> None:
    _declare(served)
    pushed = served.client.post("/v1/profile/content/push", json=[{"url": f"https://{MOBILE}/a"}, {"url": f"https://{SITE}/b"}],
                                headers=served.key(SITE, "push"))
    assert pushed.status_code == 202 and [r["honoured"] for r in pushed.json()["results"]] == [True, True]
    events = served.client.post("/v1/events/pageview", json=[{"url": f"https://{CDN}/c"}, {"url": STORY}],
                                headers=served.key(SITE, "events"))
    assert events.status_code == 202 and events.json()["accepted"] == 2

    read = served.key(SITE, "read")
    mobile_page = pushed.json()["results"][0]["page_id"]
    assert served.client.get(f"/v1/pages/{mobile_page}", headers=read).json()["host"] == MOBILE
    listed = served.client.get(f"/v1/sites/{SITE}/pages", headers=read).json()["pages"]
    assert {p["host"] for p in listed} == {MOBILE, SITE, CDN, WWW}
    by_other_name = served.client.get(f"/v1/sites/{WWW}/pages", headers=read).json()["pages"]
    assert [p["page_id"] for p in by_other_name] == [p["page_id"] for p in listed], "any host names the site"
    queue = served.client.get("/v1/queue", headers=read).json()
    assert queue["oldest_due_url"] == f"https://{MOBILE}/a"


def test_hosts_not_declared_and_other_sites_stay_refused(served: Service) -> None:
    _declare(served)
    amp = served.client.post("/v1/events/pageview", json={"url": f"https://amp.{SITE}/story"},
                             headers=served.key(SITE, "events"))
    assert amp.status_code == 422 and amp.json()["error"]["code"] == "unregistered_site"
    other = served.client.post("/v1/profile/content/push", json={"url": f"https://{MOBILE}/a"},
                               headers=served.key(OTHER_SITE, "push"))
    assert other.status_code == 403 and other.json()["error"]["code"] == "forbidden_site"
    cross = served.client.post("/v1/events/pageview", json={"url": STORY}, headers={"Origin": f"https://{OTHER_SITE}"})
    assert cross.status_code == 403
    page_id = served.client.post("/v1/events/pageview", json={"url": STORY},
                                 headers=served.key(SITE, "events")).json()["pages"][0]["page_id"]
    assert served.client.get(f"/v1/pages/{page_id}", headers=served.key(OTHER_SITE, "read")).status_code == 403
    assert served.client.get(f"/v1/sites/{WWW}/pages", headers=served.key(OTHER_SITE, "read")).status_code == 403
    assert served.client.get("/v1/profiles", params={"url": STORY}, headers=served.key(OTHER_SITE, "read")).status_code == 403


def test_a_host_belongs_to_one_site(served: Service) -> None:
    _declare(served)
    with pytest.raises(HostTaken, match=f"{MOBILE} is a host of {SITE}"), write_transaction(served.sessions) as session:
        set_site_hosts(session, OTHER_SITE, [MOBILE])
    with pytest.raises(HostTaken, match=f"{SITE} is a site of its own"), write_transaction(served.sessions) as session:
        set_site_hosts(session, OTHER_SITE, [SITE])
    with pytest.raises(HostTaken), write_transaction(served.sessions) as session:
        upsert_site(session, CDN, {})
    with served.sessions() as session:
        row = load_site(session, CDN)
    assert row is not None and row.host == SITE and row.all_hosts == (SITE, MOBILE, CDN, WWW)


def test_sites_add_also_declares_the_other_hosts(tmp_path: Path) -> None:
    env = {"RENDERCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'cli.db'}"}
    upgrade(env["RENDERCRAWL_DATABASE_URL"])

    def rc(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, list(args), env=env)
        return result.exit_code, result.output

    code, out = rc("sites", "add", SITE, "--also", f"WWW.{SITE}.", "--also", f"https://{MOBILE}/x", "--json")
    assert code == 0, out
    assert '"also": [\n    "m.paper.example",\n    "www.paper.example"\n  ]' in out
    code, out = rc("sites", "add", OTHER_SITE, "--also", MOBILE)
    assert code != 0 and f"{MOBILE} is a host of {SITE}" in out
    code, out = rc("sites", "key", "create", MOBILE, "--scope", "read", "--json")
    assert code == 0 and f'"host": "{SITE}"' in out, "a key made by another host's name is the site's"
    code, out = rc("sites", "add", SITE, "--also", WWW, "--json")
    assert code == 0 and '"also": [\n    "www.paper.example"\n  ]' in out, "given, the list replaces the one before"
