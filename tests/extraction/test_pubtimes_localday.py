"""The publication time's local day: a UTC-written winner read in the page's own offset when
the URL's date says so, ambiguous numeric dates, URL dates before any separator, and the
byline scan counting text, not indentation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from extraction.dateparse import month_first_reading, parse_local
from extraction.pubtimes import in_local_day, published_time
from tests.extraction.fieldpages import doc, meta

EASTERN = timezone(timedelta(hours=-5))


def test_a_utc_meta_a_day_after_the_url_date_is_shown_in_the_pages_own_offset():
    url = "https://blog.example/2025/12/18/a-story"
    head = meta("article:published_time", "2025-12-19T02:41:41+00:00", "property")
    body = ('<article><h1>A story of some length</h1>'
            '<time pubdate datetime="2025-12-18T21:46:01-05:00">8:46 pm</time><p>Text.</p></article>')
    found = published_time(doc(head, body, url=url)).found
    assert found is not None and found.source == "article:published_time"
    assert found.value == datetime(2025, 12, 19, 2, 41, 41, tzinfo=UTC)  # the same instant
    assert found.value.utcoffset() == timedelta(hours=-5) and found.value.date().isoformat() == "2025-12-18"


def test_a_utc_meta_stays_utc_without_a_url_date_or_when_its_day_is_the_url_day():
    body = ('<article><h1>A story of some length</h1>'
            '<time class="published" datetime="2025-07-04T20:04:00-04:00">July 4</time></article>')
    head = meta("article:published_time", "2025-07-05T00:04:00+00:00", "property")
    assert published_time(doc(head, body)).found.value.utcoffset() == timedelta(0)
    url = "https://blog.example/2025/07/05/a-story"
    assert published_time(doc(head, body, url=url)).found.value.utcoffset() == timedelta(0)


def test_a_utc_meta_stays_utc_when_the_page_writes_no_other_offset():
    value = datetime(2025, 12, 19, 2, 0, tzinfo=UTC)
    assert in_local_day(value, [("article:published_time", "2025-12-19T02:00Z", value),
                                ("url", "2025-12-18", datetime(2025, 12, 18, tzinfo=UTC))]) == value


def test_an_ambiguous_numeric_date_reads_month_first_when_only_that_is_a_day_the_page_shows():
    head = meta("article:published_time", "03-09-2026", "property")
    body = '<article><h1>A story of some length</h1><p class="byline">March 9, 2026</p></article>'
    assert published_time(doc(head, body)).found.value.date().isoformat() == "2026-03-09"
    body = '<article><h1>A story of some length</h1><p class="byline">3 September 2026</p></article>'
    assert published_time(doc(head, body)).found.value.date().isoformat() == "2026-09-03"
    assert published_time(doc(head, "<h1>A story of some length</h1>")).found.value.date().isoformat() \
        == "2026-09-03"


def test_month_first_reading_only_for_numeric_dates_that_read_both_ways():
    assert month_first_reading("03-09-2026") == datetime(2026, 3, 9, tzinfo=UTC)
    assert month_first_reading("03/09/2026 10:00 EST") == datetime(2026, 3, 9, 10, 0, tzinfo=EASTERN)
    assert parse_local("03/09/2026 10:00 EST") == datetime(2026, 9, 3, 10, 0, tzinfo=EASTERN)
    for text in ("13/09/2026", "09/09/2026", "2026-03-09", "March 9, 2026", ""):
        assert month_first_reading(text) is None


def test_a_url_date_followed_by_any_separator_counts_but_not_a_longer_number():
    body = "<article><h1>A story of some length</h1><p>Text.</p></article>"
    found = published_time(doc("", body, url="https://blog.example/articles/2025-12-15+Rust+backend")).found
    assert (found.source, found.value.date().isoformat()) == ("url", "2025-12-15")
    assert published_time(doc("", body, url="https://blog.example/p/2025-12-150")).found is None


def test_the_byline_scan_counts_text_not_template_indentation():
    indent = "<span>" + " \n\t" * 900 + "</span>"
    body = (f'<main><h1>A story of some length</h1>{indent}<div>{indent}<span>Nov 21, 2018</span></div>'
            "<p>Text.</p></main>")
    found = published_time(doc("", body)).found
    assert (found.source, found.value.date().isoformat()) == ("heuristic", "2018-11-21")
