"""Finding pages over HTTP, through a real server: every answer about a page gives its id and
where its state, versions and crawls are read; a site's pages and profiles are listed with
filters and followed a page of rows at a time with an opaque cursor."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from service_harness import OTHER_SITE, SITE, Service
from storage.pages import set_next_crawl
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome
from storage.repository import save_crawl
from storage.types import utc_now
from values.profile import ContentProfile

START = utc_now() - timedelta(hours=5)


def _crawl(service: Service, url: str, at: datetime, profile: ContentProfile | None = None,
           outcome: Outcome = Outcome.OK) -> int:
    with write_transaction(service.sessions) as session:
        saved = save_crawl(session, CrawlAttempt(url, at, at + timedelta(seconds=1), outcome,
                                                 http_status=200 if outcome is Outcome.OK else None, render_ms=900,
                                                 error=None if outcome is Outcome.OK else "timed out"), profile)
    return saved.page_id


def _profile(url: str, title: str, page_class: str = "article") -> ContentProfile:
    return ContentProfile(url=url, canonical_url=url, title=title, body=f"The words of {title}.", page_class=page_class)


def _site_of_five(service: Service) -> dict[str, int]:
    """Five pages of SITE: three articles (one crawled twice, one whose last crawl timed out),
    a front page, and a parked page; and one page of OTHER_SITE."""
    ids = {}
    for i in range(3):
        url = f"https://{SITE}/news/{i}"
        ids[f"news/{i}"] = _crawl(service, url, START + timedelta(minutes=i), _profile(url, f"Story {i}"))
    _crawl(service, f"https://{SITE}/news/0", START + timedelta(hours=2), _profile(f"https://{SITE}/news/0", "Story 0, updated"))
    _crawl(service, f"https://{SITE}/news/2", START + timedelta(hours=3), outcome=Outcome.TIMEOUT)
    front = _profile(f"https://{SITE}/", "Front", "frontpage")
    ids["front"] = _crawl(service, f"https://{SITE}/", START + timedelta(minutes=5), front)
    ids["gone"] = _crawl(service, f"https://{SITE}/gone", START, outcome=Outcome.TIMEOUT)
    with write_transaction(service.sessions) as session:
        set_next_crawl(session, ids["gone"], None, park=True)
    ids["other"] = _crawl(service, f"https://{OTHER_SITE}/a", START, _profile(f"https://{OTHER_SITE}/a", "Elsewhere"))
    return ids


def _all(service: Service, path: str, member: str, key: dict[str, str], **params: Any) -> tuple[list[dict[str, Any]], int]:
    """Every row of a list, followed cursor by cursor; and how many requests that took."""
    rows: list[dict[str, Any]] = []
    cursor, requests = None, 0
    while True:
        answer = service.client.get(path, params={**params, **({"cursor": cursor} if cursor else {})}, headers=key)
        assert answer.status_code == 200, answer.text
        requests += 1
        rows += answer.json()[member]
        cursor = answer.json()["next_cursor"]
        if cursor is None:
            return rows, requests


def test_answers_name_the_page_and_lead_to_its_versions_and_crawls(served: Service) -> None:
    url = f"https://{SITE}/news/7"
    view = served.client.post("/v1/events/pageview", json={"url": url}, headers=served.key(SITE, "events"))
    assert view.status_code == 202, view.text
    page = view.json()["pages"][0]
    assert page["index"] == 0
    push = served.client.post("/v1/profile/content/push", json=[{"url": url + "?utm_source=x"}],
                              headers=served.key(SITE, "push")).json()["results"][0]
    assert push["page_id"] == page["page_id"] and push["versions_url"] == page["versions_url"]

    _crawl(served, url, START, _profile(url, "Seven"))
    _crawl(served, url, START + timedelta(hours=1), _profile(url, "Seven, again"))
    read = served.key(SITE, "read")
    profile = served.client.get("/v1/profiles", params={"url": url}, headers=read).json()
    assert profile["page_id"] == page["page_id"] and profile["title"] == "Seven, again"
    state = served.client.get(profile["page_url"], headers=read).json()
    assert state["url"] == url and state["last_outcome"] == "ok" and state["queue_state"] == "queued"
    assert state["queue_reason"] == "push" and state["due_at"] is not None and not state["parked"]
    versions = served.client.get(profile["versions_url"], headers=read).json()
    assert [v["title"] for v in versions["versions"]] == ["Seven, again", "Seven"]
    crawls = served.client.get(profile["crawls_url"], headers=read).json()
    assert len(crawls["crawls"]) == 2 and crawls["page_id"] == page["page_id"]

    queue = served.client.get("/v1/queue", headers=read).json()
    assert queue["oldest_due_url"] == url and queue["oldest_due_page"]["page_id"] == page["page_id"]
    assert served.client.get("/v1/queue", headers=served.key(OTHER_SITE, "read")).json()["oldest_due_page"] is None


def test_a_sites_pages_listed_with_filters_and_followed_by_cursor(served: Service) -> None:
    ids = _site_of_five(served)
    read = served.key(SITE, "read")
    path = f"/v1/sites/{SITE}/pages"

    everything, requests = _all(served, path, "pages", read, limit=2)
    assert requests == 3, "five pages, two at a time"
    assert [p["page_id"] for p in everything] == sorted(ids[k] for k in ("news/0", "news/1", "news/2", "front", "gone"))
    by_id = {p["page_id"]: p for p in everything}
    assert by_id[ids["gone"]]["parked"] and by_id[ids["gone"]]["last_outcome"] == "timeout"
    assert by_id[ids["news/2"]]["last_outcome"] == "timeout" and by_id[ids["news/2"]]["title"] == "Story 2"
    assert by_id[ids["news/0"]]["crawl_state"] == "crawled" and not by_id[ids["news/0"]]["parked"]

    def ids_of(**params: Any) -> set[int]:
        return {p["page_id"] for p in _all(served, path, "pages", read, **params)[0]}

    assert ids_of(page_class="frontpage") == {ids["front"]}
    assert ids_of(outcome="timeout") == {ids["news/2"], ids["gone"]}
    assert ids_of(page_class="article", outcome="ok") == {ids["news/0"], ids["news/1"]}
    assert ids_of(changed_since=(START + timedelta(hours=1)).isoformat()) == {ids["news/0"]}
    assert ids_of(outcome="dns_error") == set()


def test_a_cursor_continues_after_pages_added_meanwhile(served: Service) -> None:
    ids = _site_of_five(served)
    read = served.key(SITE, "read")
    first = served.client.get(f"/v1/sites/{SITE}/pages", params={"limit": 2}, headers=read).json()
    added = _crawl(served, f"https://{SITE}/late", START, _profile(f"https://{SITE}/late", "Late"))
    rest, _ = _all(served, f"/v1/sites/{SITE}/pages", "pages", read, limit=2, cursor=first["next_cursor"])
    seen = [p["page_id"] for p in first["pages"] + rest]
    assert len(seen) == len(set(seen)) == 6 and added in seen and ids["gone"] in seen


def test_profiles_listed_in_the_order_they_changed(served: Service) -> None:
    ids = _site_of_five(served)
    read = served.key(SITE, "read")
    rows, requests = _all(served, f"/v1/sites/{SITE}/profiles", "profiles", read, limit=1)
    assert requests == 4
    assert [r["page_id"] for r in rows] == [ids["news/1"], ids["news/2"], ids["front"], ids["news/0"]]
    assert rows[-1]["title"] == "Story 0, updated" and rows[-1]["versions_url"] == f"/v1/profiles/{ids['news/0']}/versions"
    changed = [datetime.fromisoformat(r["changed_at"]) for r in rows]
    assert changed == sorted(changed)
    since = _all(served, f"/v1/sites/{SITE}/profiles", "profiles", read, changed_since=rows[2]["changed_at"])[0]
    assert [r["page_id"] for r in since] == [ids["front"], ids["news/0"]]


def test_versions_and_crawls_page_by_cursor(served: Service) -> None:
    url = f"https://{SITE}/long"
    titles = [f"Take {i}" for i in range(5)]
    page_id = 0
    for i, title in enumerate(titles):
        page_id = _crawl(served, url, START + timedelta(minutes=10 * i), _profile(url, title))
        _crawl(served, url, START + timedelta(minutes=10 * i + 5), outcome=Outcome.TIMEOUT)
    read = served.key(SITE, "read")
    versions, requests = _all(served, f"/v1/profiles/{page_id}/versions", "versions", read, limit=2)
    assert requests == 3 and [v["title"] for v in versions] == titles[::-1]
    # each page's last version is compared with the next page's first
    assert all(v["changed"] == ["content_hash", "title"] for v in versions[:-1])
    crawls, requests = _all(served, f"/v1/pages/{page_id}/crawls", "crawls", read, limit=3)
    assert requests == 4 and [c["outcome"] for c in crawls] == ["timeout", "ok"] * 5
    started = [c["started_at"] for c in crawls]
    assert started == sorted(started, reverse=True) and len({c["id"] for c in crawls}) == 10


def test_a_list_refuses_another_sites_key_and_foreign_cursors(served: Service) -> None:
    ids = _site_of_five(served)
    read = served.key(SITE, "read")
    other = served.client.get(f"/v1/sites/{SITE}/pages", headers=served.key(OTHER_SITE, "read"))
    assert other.status_code == 403 and other.json()["error"]["field"] == "site"
    assert served.client.get(f"/v1/sites/{SITE}/profiles").status_code == 401
    cursor = served.client.get(f"/v1/sites/{SITE}/pages", params={"limit": 1}, headers=read).json()["next_cursor"]
    for bad in (cursor + "x", "not a cursor", "W10", cursor[::-1]):
        answer = served.client.get(f"/v1/sites/{SITE}/pages", params={"cursor": bad}, headers=read)
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_cursor", bad
    foreign = served.client.get(f"/v1/pages/{ids['news/0']}/crawls", params={"cursor": cursor}, headers=read)
    assert foreign.status_code == 400 and foreign.json()["error"]["field"] == "cursor"
    naive = served.client.get(f"/v1/sites/{SITE}/pages", params={"changed_since": "2026-01-01T00:00:00"}, headers=read)
    assert naive.status_code == 422



def test_explain_and_seen_without_a_snapshot(served: Service) -> None:
    url = f"https://{SITE}/plain"
    page_id = _crawl(served, url, START, _profile(url, "Plain"))
    read = served.key(SITE, "read")
    explained = served.client.get(f"/v1/pages/{page_id}/explain", headers=read).json()
    assert not explained["snapshot"] and explained["lines"][0].startswith("title: Plain")
    assert explained["lines"][-1].startswith("(no snapshot kept")
    seen = served.client.get(f"/v1/pages/{page_id}/seen", headers=read)
    assert seen.status_code == 404 and seen.json()["error"]["code"] == "no_snapshot"
    assert served.client.get(f"/v1/pages/{page_id}/seen", headers=served.key(OTHER_SITE, "read")).status_code == 403
    never = _crawl(served, f"https://{SITE}/never", START, outcome=Outcome.TIMEOUT)
    assert served.client.get(f"/v1/pages/{never}/explain", headers=read).status_code == 404
