"""The assembled profile: sources for every field, rejections, "now" as a parameter, JSON."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime

import pytest

from extraction import extract, extract_html, maintext
from extraction.document import parse
from extraction.extract import extract_explained
from extraction.output import output_name, profile_json
from extraction.text import explain, pipeline
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


def test_rejections_of_every_validated_field_are_listed_in_field_order():
    head = (meta("cXenseParse:recs:expirationtime", "soon") + meta("cXenseParse:xyz-n", "x" * 101)
            + meta("cXenseParse:articleid", "bad id") + meta("article:modified_time", "later", "property")
            + meta("article:published_time", "someday", "property") + meta("cXenseParse:pageclass", "video")
            + meta("keywords", "k" * 1025) + meta("og:url", "javascript:void(0)", "property"))
    profile = extract(page(head, BODY))
    assert [r.field for r in profile.rejections] == [
        "canonical_url", "keywords", "page_class", "published_time", "modified_time", "article_id", "fields",
        "expiration_time"]


def test_extract_explained_scores_the_blocks_once(monkeypatch: pytest.MonkeyPatch):
    rendered = page(meta("description", "d"), "<nav><a href='/'>Home</a></nav>" + BODY)
    expected_report = maintext.explain_main_text(parse(rendered))
    calls = []
    select = pipeline.select

    def counted_select(*args):
        calls.append(args)
        return select(*args)

    monkeypatch.setattr(pipeline, "select", counted_select)
    profile, report = extract_explained(rendered)
    assert len(calls) == 1
    assert report == expected_report and "chosen container" in report
    assert profile == extract(rendered)


def test_the_explanation_is_written_only_when_asked_for():
    """Issue 31: `extract` (the crawler's call) writes no report of the blocks; `--explain` does.
    Every block of a report is described (`explain.describe`, memoised by `_step`)."""
    rendered = page(meta("description", "d"), "<nav><a href='/'>Home</a></nav>" + BODY)
    explain._step.cache_clear()
    extract(rendered)
    assert explain._step.cache_info().misses == 0
    _, report = extract_explained(rendered)
    assert explain._step.cache_info().misses > 0 and "chosen container" in report


def test_content_hash_ignores_sources_and_follows_every_new_profile():
    profile = extract(page(HEAD, BODY))
    assert dataclasses.replace(profile, sources={}, rejections=()).content_hash == profile.content_hash
    assert dataclasses.replace(profile, title="Another title").content_hash != profile.content_hash


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
