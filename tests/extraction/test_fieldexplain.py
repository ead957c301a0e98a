"""`profile --explain`: chosen source, losing candidates with the reason, rejections."""

from __future__ import annotations

from extraction import extract
from extraction.fieldexplain import explain_profile
from tests.extraction.fieldpages import meta, page


def test_explanation_lists_winner_losers_and_rejections():
    head = (meta("og:title", "OG headline", "property") + meta("article:published_time", "not a date", "property")
            + meta("date", "2023-01-21T19:43:28-05:00") + meta("author", "Staff"))
    rendered = page(head, '<h1>Headline</h1><p class="byline">By Jane Doe</p>', title="Headline | Example")
    lines = explain_profile(extract(rendered), rendered)
    text = "\n".join(lines)
    assert "title: OG headline  [source: og:title]" in text
    assert "title: 'Headline | Example' — lost" in text
    assert "published_time: 2023-01-21T19:43:28-05:00  [source: date]" in text
    assert "rejected: 'not a date' — article:published_time: not a date" in text
    assert "author: Staff — lost: no person (not people: Staff)" in text


def test_without_a_snapshot_only_sources_and_rejections_are_shown():
    rendered = page(meta("og:title", "OG headline", "property"))
    lines = explain_profile(extract(rendered))
    assert lines[0].startswith("title: OG headline") and "no snapshot" in lines[-1]
