"""Composer's `setContentCreatedSelector`: the publish time read from the element it names,
right after `setContentCreated` and before the metas; a selector that cannot be followed is a
recorded rejection and the next source is used."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from extraction.extract import extract
from extraction.pubtimes import CREATED_SELECTOR_SOURCE, published_time
from tests.extraction.fieldpages import doc, meta, page

NOW = datetime(2024, 5, 10, 12, tzinfo=UTC)
META_DATE = meta("article:published_time", "2024-01-04T00:00:00Z", "property")
"""The next source after the selector on most pages here."""
BYLINE = ('<article><h1>Council approves budget</h1>'
          '<p class="byline">By Jane Doe <time class="stamp" datetime="2024-03-01T09:30:00+01:00">'
          '1 March</time> <span class="when">Published 2 March 2024, 13:45</span>'
          '<span class="pub" content="2024-03-03T08:00:00Z">yesterday</span></p>'
          '<span class="empty"></span><p>The story.</p></article>')


def _selector(selector: object, head: str = "", body: str = BYLINE, loaded: bool = False, **kwargs):
    """A page whose Composer got `selector` queued (`tp.push`) or, `loaded`, as `tp` state."""
    if loaded:
        return doc(head, body, state={"contentCreatedSelector": selector}, **kwargs)
    commands = kwargs.pop("commands", ()) + (("setContentCreatedSelector", (selector,)),)
    return doc(head, body, commands=commands, **kwargs)


def _reasons(page_doc) -> list[str]:
    return [r.reason for r in published_time(page_doc, NOW).rejections if r.field == "published_time"]


@pytest.mark.parametrize("selector, expected", [
    ("time.stamp", datetime(2024, 3, 1, 8, 30)),
    ("p.byline .when", datetime(2024, 3, 2, 13, 45)),
    ("span.pub", datetime(2024, 3, 3, 8)),
], ids=["time-datetime", "text-only", "content-attribute"])
def test_date_is_read_from_the_selected_element(selector, expected):
    found = published_time(_selector(selector, META_DATE), NOW).found
    assert (found.value, found.source) == (expected.replace(tzinfo=UTC), CREATED_SELECTOR_SOURCE)


def test_datetime_attribute_wins_over_the_text():
    found = published_time(_selector("time.stamp")).found
    assert found.value == datetime(2024, 3, 1, 8, 30, tzinfo=UTC)  # not "1 March"


def test_the_loaded_form_is_followed_too():
    found = published_time(_selector("time.stamp", META_DATE, loaded=True), NOW).found
    assert (found.value, found.source) == (datetime(2024, 3, 1, 8, 30, tzinfo=UTC), CREATED_SELECTOR_SOURCE)


def test_a_queued_selector_wins_over_the_loaded_one():
    page_doc = _selector("p.byline .when", state={"contentCreatedSelector": "time.stamp"})
    assert published_time(page_doc).found.value == datetime(2024, 3, 2, 13, 45, tzinfo=UTC)


def test_only_the_first_match_counts():
    body = '<p class="d">not a date at all</p><p class="d">2024-03-05</p>'
    page_doc = _selector("p.d", META_DATE, body)
    assert published_time(page_doc, NOW).found.source == "article:published_time"
    assert _reasons(page_doc) == [f"{CREATED_SELECTOR_SOURCE}: not a date"]


@pytest.mark.parametrize("selector, reason", [
    ("p.byline >", "invalid CSS selector"),
    ("time::before", "invalid CSS selector"),
    ("svg|time", "invalid CSS selector"),
    ("time.published-at", "selector matches no element"),
    ("span.empty", "the matched <span> holds no date"),
    ("p.byline", "not a date"),
    (["time.stamp"], "not a CSS selector string"),
], ids=["syntax-error", "pseudo-element", "unknown-namespace", "no-match", "empty-element", "unparseable-text",
        "not-a-string"])
def test_a_selector_that_cannot_be_followed_is_recorded_and_the_next_source_used(selector, reason):
    page_doc = _selector(selector, META_DATE, BYLINE.replace("2024", "1899"))
    assert published_time(page_doc, NOW).found.source == "article:published_time"
    (recorded,) = _reasons(page_doc)
    assert recorded.startswith(f"{CREATED_SELECTOR_SOURCE}: {reason}")


def test_a_future_selected_date_is_rejected_like_any_other():
    body = '<time class="stamp" datetime="2024-06-01T00:00:00Z">June</time>'
    page_doc = _selector("time.stamp", META_DATE, body)
    assert published_time(page_doc, NOW).found.source == "article:published_time"
    assert "more than 2 days" in _reasons(page_doc)[0]


def test_content_created_value_wins_over_the_selector():
    commands = (("setContentCreated", ("2024-02-01T10:00:00+01:00",)),)
    found = published_time(_selector("time.stamp", commands=commands)).found
    assert (found.value, found.source) == (datetime(2024, 2, 1, 9, tzinfo=UTC), "datalayer")


def test_selector_is_used_when_the_content_created_value_is_unparseable():
    commands = (("setContentCreated", ("soon",)),)
    page_doc = _selector("time.stamp", commands=commands)
    assert published_time(page_doc, NOW).found.source == CREATED_SELECTOR_SOURCE
    assert _reasons(page_doc) == ["datalayer: not a date"]


def test_cxenseparse_wins_over_the_selector():
    page_doc = _selector("time.stamp", meta("cXenseParse:publishtime", "2024-01-01T00:00:00Z"))
    assert published_time(page_doc).found.source == "cxenseparse:publishtime"


@pytest.mark.parametrize("head, body", [
    (meta("content:createdAt", "2024-01-03T00:00:00Z", "property"), ""),
    (META_DATE, ""),
    ("", '<time class="published" datetime="2024-01-13T00:00:00Z">13 Jan</time>'),
    ('<script type="application/ld+json">'
     + json.dumps({"@type": "NewsArticle", "datePublished": "2024-01-16T00:00:00Z"}) + "</script>", ""),
], ids=["content-createdat", "article-published-time", "time-published", "jsonld"])
def test_selector_wins_over_the_metas_and_markup_below_it(head, body):
    found = published_time(_selector("time.stamp", head, BYLINE + body)).found
    assert found.source == CREATED_SELECTOR_SOURCE


def test_profile_records_the_source_and_the_rejection():
    profile = extract(page(META_DATE, BYLINE, commands=(("setContentCreatedSelector", ("p.byline >",)),)), NOW)
    assert profile.sources["published_time"] == "article:published_time"
    assert [(r.field, r.value) for r in profile.rejections] == [("published_time", "p.byline >")]
    followed = extract(page(META_DATE, BYLINE, commands=(("setContentCreatedSelector", ("time.stamp",)),)), NOW)
    assert (followed.published_time, followed.sources["published_time"]) == (
        datetime(2024, 3, 1, 8, 30, tzinfo=UTC), CREATED_SELECTOR_SOURCE)
