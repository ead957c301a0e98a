"""The reads: the current profile in the shape of `rendercrawl profile --json`, versions with
what changed, the crawl log, the queue; a read key sees its own site only."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from service_harness import OTHER_SITE, SITE, Service
from storage.records import CrawlAttempt, Outcome
from storage.repository import load_profile, save_crawl
from storage.types import utc_now
from values.profile import ContentProfile

URL = f"https://{SITE}/news/1"


def _crawl(service: Service, profile: ContentProfile | None, outcome: Outcome = Outcome.OK, minutes: int = 0) -> int:
    from storage.queue import write_transaction

    at = utc_now() - timedelta(minutes=60 - minutes)
    with write_transaction(service.sessions) as session:
        saved = save_crawl(session, CrawlAttempt(URL, at, at + timedelta(seconds=1), outcome,
                                                 http_status=200 if outcome is Outcome.OK else None, render_ms=900,
                                                 extract_ms=20, error=None if outcome is Outcome.OK else "timed out"), profile)
    return saved.page_id


PROFILE = ContentProfile(url=URL, canonical_url=URL, title="First title", body="Some words of the story.", language="en",
                         sources={"title": "og:title"})


def test_profile_versions_and_crawls_read_back(service: Service) -> None:
    page_id = _crawl(service, PROFILE)
    _crawl(service, None, Outcome.TIMEOUT, minutes=10)
    _crawl(service, replace(PROFILE, title="Second title"), minutes=20)
    key = service.key(SITE, "read")

    answer = service.client.get("/v1/profiles", params={"url": URL}, headers=key)
    assert answer.status_code == 200, answer.text
    with service.sessions() as session:
        stored = load_profile(session, URL)
    identity = {"page_id": page_id, "page_url": f"/v1/pages/{page_id}", "versions_url": f"/v1/profiles/{page_id}/versions",
                "crawls_url": f"/v1/pages/{page_id}/crawls"}
    # what `rendercrawl profile --json` prints, and the page's identity
    assert stored is not None and answer.json() == {**stored.to_json_dict(), **identity}
    assert answer.json()["title"] == "Second title" and answer.json()["sources"] == {"title": "og:title"}

    versions = service.client.get(f"/v1/profiles/{page_id}/versions", headers=key).json()["versions"]
    assert [v["title"] for v in versions] == ["Second title", "First title"]
    assert "title" in versions[0]["changed"] and "body" not in versions[0]["changed"]

    crawls = service.client.get(f"/v1/pages/{page_id}/crawls", headers=key).json()["crawls"]
    assert [c["outcome"] for c in crawls] == ["ok", "timeout", "ok"] and crawls[1]["error"] == "timed out"


def test_a_read_key_reads_only_its_site(service: Service) -> None:
    page_id = _crawl(service, PROFILE)
    other = service.key(OTHER_SITE, "read")
    assert service.client.get("/v1/profiles", params={"url": URL}, headers=other).status_code == 403
    assert service.client.get(f"/v1/profiles/{page_id}/versions", headers=other).status_code == 403
    assert service.client.get(f"/v1/pages/{page_id}/crawls", headers=other).status_code == 403
    assert service.client.get(f"/v1/pages/{page_id}/crawls", headers=service.key(SITE, "events")).status_code == 403
    assert service.client.get(f"/v1/pages/{page_id}/crawls").status_code == 401
    missing = service.client.get("/v1/pages/999999/crawls", headers=other)
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "page_id"
    none = service.client.get("/v1/profiles", params={"url": f"https://{SITE}/never"}, headers=service.key(SITE, "read"))
    assert none.status_code == 404


def test_the_queue_by_state(service: Service) -> None:
    service.client.post("/v1/profile/content/push", json=[{"url": URL}, {"url": f"https://{SITE}/b"}],
                        headers=service.key(SITE, "push"))
    queue = service.client.get("/v1/queue", headers=service.key(SITE, "read")).json()
    assert queue["by_state"] == {"queued": 2} and queue["due_now"] == 2 and queue["oldest_due_url"].startswith(f"https://{SITE}/")
    other = service.client.get("/v1/queue", headers=service.key(OTHER_SITE, "read")).json()
    assert other["due_now"] == 2 and other["oldest_due_url"] is None


def test_the_comment_count_is_answered_and_follows_new_comments_without_a_version(service: Service) -> None:
    counted = replace(PROFILE, comment_count=3, sources={"title": "og:title", "comment_count": "counted:li.comment"})
    page_id = _crawl(service, counted)
    _crawl(service, replace(counted, comment_count=5), minutes=20)
    key = service.key(SITE, "read")
    answer = service.client.get("/v1/profiles", params={"url": URL}, headers=key).json()
    assert (answer["comment_count"], answer["sources"]["comment_count"]) == (5, "counted:li.comment")
    listed = service.client.get(f"/v1/sites/{SITE}/profiles", headers=key).json()["profiles"]
    assert [(p["page_id"], p["comment_count"]) for p in listed] == [(page_id, 5)]
    versions = service.client.get(f"/v1/profiles/{page_id}/versions", headers=key).json()["versions"]
    assert len(versions) == 1  # more comments on the same story: no new version
