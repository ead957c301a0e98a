"""The assembled profile: sources for every field, rejections, "now" as a parameter, JSON."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from extraction import extract, extract_html
from extraction.output import output_name, profile_json
from tests.extraction.fieldpages import meta, page

HEAD = (meta("cXenseParse:title", "Cx title") + meta("cXenseParse:recs:expirationtime", "2024-06-01T00:00:00Z")
        + meta("article:published_time", "2024-05-20T00:00:00Z", "property")
        + meta("cXenseParse:articleid", "bad id") + meta("cXenseParse:taxonomy", "News/Sports/Golf"))
BODY = "<article><h1>Cx title</h1><p>" + "A sentence of the story. " * 40 + "</p></article>"


def test_without_now_future_and_expiry_rules_are_skipped():
    profile = extract(page(HEAD, BODY))
    assert profile.published_time == datetime(2024, 5, 20, tzinfo=UTC)
    assert profile.expiration_time == datetime(2024, 6, 1, tzinfo=UTC)
    assert profile.recommendable is True


def test_with_now_future_dates_are_rejected_and_expiry_applies():
    profile = extract(page(HEAD, BODY), now=datetime(2024, 7, 1, tzinfo=UTC))
    assert profile.recommendable is False and profile.sources["recommendable"] == "cxenseparse:recs:expirationtime"
    early = extract(page(HEAD, BODY), now=datetime(2024, 5, 1, tzinfo=UTC))
    assert early.published_time is None
    assert any(r.field == "published_time" for r in early.rejections)


def test_naive_now_is_taken_as_utc():
    assert extract(page(HEAD, BODY), now=datetime(2024, 7, 1)).recommendable is False


def test_sources_and_rejections_are_recorded():
    profile = extract(page(HEAD, BODY))
    assert profile.sources["title"] == "cxenseparse:title"
    assert profile.sources["published_time"] == "article:published_time"
    assert profile.categories == ("news", "news/sports", "news/sports/golf")
    assert [r.field for r in profile.rejections] == ["article_id"]


def test_extract_html_equals_extract_of_a_static_page():
    html = f"<html><head>{HEAD}</head><body>{BODY}</body></html>"
    url = "https://www.example.com/a"
    assert extract_html(html, url).to_dict() == extract(page(HEAD, BODY, url)).to_dict()


def test_profile_json_round_trips_with_content_hash():
    data = json.loads(profile_json(extract(page(HEAD, BODY))))
    assert data["title"] == "Cx title" and data["published_time"] == "2024-05-20T00:00:00Z"
    assert len(data["content_hash"]) == 64


def test_output_name():
    assert [output_name(n) for n in ("a.html", "b.html.gz", "c.HTM", "d")] == ["a.json", "b.json", "c.json", "d.json"]
