"""Publication and modification dates: the spec's full order, zones to UTC, future dates
rejected against an explicit "now", a visible-text heuristic last."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from extraction.document import Document
from extraction.pubtimes import modified_time, published_time
from tests.extraction.fieldpages import doc, meta

NOW = datetime(2024, 5, 10, 12, tzinfo=UTC)
LEVELS = (
    ("cxenseparse:publishtime", meta("cXenseParse:publishtime", "2024-01-01T00:00:00Z")),
    ("cxenseparse:recs:publishtime", meta("cXenseParse:recs:publishtime", "2024-01-02T00:00:00Z")),
    ("content:createdat", meta("content:createdAt", "2024-01-03T00:00:00Z", "property")),
    ("article:published_time", meta("article:published_time", "2024-01-04T00:00:00Z", "property")),
    ("date", meta("date", "2024-01-05T00:00:00Z")),
    ("dc.date", meta("dc.date", "2024-01-06T00:00:00Z")),
    ("dc.date.created", meta("DC.date.created", "2024-01-07T00:00:00Z")),
    ("dc.terms.issued", meta("dc.terms.issued", "2024-01-08T00:00:00Z")),
    ("pub_date", meta("pub_date", "2024-01-09T00:00:00Z")),
    ("article.published", meta("article.published", "2024-01-10T00:00:00Z")),
    ("datepublished", meta("datePublished", "2024-01-11T00:00:00Z", "itemprop")),
    ("og:article:published_time", meta("og:article:published_time", "2024-01-12T00:00:00Z", "itemprop")),
    ("time.published", '<time class="entry-date published" datetime="2024-01-13T00:00:00Z">13 Jan</time>'),
    ("time[pubdate]", '<time pubdate datetime="2024-01-14T00:00:00Z">14 Jan</time>'),
    ("itemprop:datePublished", '<time itemprop="datePublished" datetime="2024-01-15T00:00:00Z">15 Jan</time>'),
    ("jsonld", '<script type="application/ld+json">'
               + json.dumps({"@type": "NewsArticle", "datePublished": "2024-01-16T00:00:00Z"}) + "</script>"),
    ("heuristic", '<article><h1>Headline</h1><p class="byline">Published 17 January 2024</p></article>'),
)
"""Every level of the publish-time order, each with its own day of January 2024."""


def _doc_from(levels) -> Document:
    return doc("".join(markup for _, markup in levels), "".join(markup for _, markup in levels))


@pytest.mark.parametrize("index", range(len(LEVELS)), ids=[source for source, _ in LEVELS])
def test_each_publish_level_wins_over_all_lower_ones(index):
    found = published_time(_doc_from(LEVELS[index:]), NOW).found
    assert found.source == LEVELS[index][0]
    assert found.value == datetime(2024, 1, index + 1, tzinfo=UTC)


@pytest.mark.parametrize("index", range(len(LEVELS) - 1), ids=[source for source, _ in LEVELS[:-1]])
def test_an_unparseable_level_falls_through_and_is_recorded(index):
    source, markup = LEVELS[index]
    broken = markup.replace(f"2024-01-{index + 1:02d}T00:00:00Z", "not a date")
    page_doc = _doc_from(((source, broken),) + LEVELS[index + 1:])
    assert published_time(page_doc, NOW).found.source == LEVELS[index + 1][0]
    assert any(r.field == "published_time" and "not a date" in r.reason for r in published_time(page_doc, NOW).rejections)


def test_composer_created_date_comes_after_cxenseparse_and_before_content_meta():
    commands = (("setContentCreated", ("2024-02-01T10:00:00+01:00",)),)
    page_doc = doc(meta("content:createdAt", "2024-01-03T00:00:00Z", "property"), commands=commands)
    found = published_time(page_doc).found
    assert (found.value, found.source) == (datetime(2024, 2, 1, 9, tzinfo=UTC), "datalayer")
    with_cx = doc(meta("cXenseParse:publishtime", "2024-01-01T00:00:00Z"), commands=commands)
    assert published_time(with_cx).found.source == "cxenseparse:publishtime"


@pytest.mark.parametrize("raw, expected", [
    ("2012-03-01T13:00:00Z", datetime(2012, 3, 1, 13)),
    ("2012-03-01T13:00:00+02", datetime(2012, 3, 1, 11)),
    ("2012-03-01T13:00:00+02:00", datetime(2012, 3, 1, 11)),
    ("2012-03-01T13:00:00-0500", datetime(2012, 3, 1, 18)),
    ("2022-01-19T05:00:00MEZ", datetime(2022, 1, 19, 4)),
    ("2012-03-01 13:00:00", datetime(2012, 3, 1, 13)),
    ("2012-03-01", datetime(2012, 3, 1)),
    ("March 1, 2012", datetime(2012, 3, 1)),
], ids=["z", "plus-hh", "plus-hh-mm", "minus-hhmm", "local-zone-name", "space-no-zone", "date-only", "words"])
def test_zones_are_normalised_to_utc(raw, expected):
    found = published_time(doc(meta("article:published_time", raw, "property"))).found
    assert found.value == expected.replace(tzinfo=UTC)


def test_more_than_two_days_in_the_future_is_rejected_and_falls_through():
    head = (meta("article:published_time", "2024-05-12T12:00:01Z", "property")
            + meta("date", "2024-05-12T11:59:59Z"))
    page_doc = doc(head)
    found = published_time(page_doc, NOW).found
    assert (found.source, found.value) == ("date", datetime(2024, 5, 12, 11, 59, 59, tzinfo=UTC))
    assert "more than 2 days" in published_time(page_doc, NOW).rejections[0].reason


def test_without_now_the_future_check_is_skipped():
    assert published_time(doc(meta("date", "2099-01-01T00:00:00Z"))).found.source == "date"


@pytest.mark.parametrize("body, expected", [
    ('<article><h1>H</h1><div class="meta">Publisert 1. mars 2012 kl. 13.45</div><p>Text.</p></article>',
     datetime(2012, 3, 1, 13, 45)),
    ('<article><h1>H</h1><span class="datum">Veröffentlicht am 01.03.2012, 13:00 Uhr</span></article>',
     datetime(2012, 3, 1, 13)),
    ('<div><div><h1>H</h1></div><p>By Jane Doe | March 1st, 2012 at 3:45 pm</p><p>Story.</p></div>',
     datetime(2012, 3, 1, 15, 45)),
    ('<article><h1>見出し</h1><p class="date">2012年3月1日</p></article>', datetime(2012, 3, 1)),
    ('<article><h1>H</h1><time>le 1 mars 2012</time></article>', datetime(2012, 3, 1)),
    ('<article><h1>H</h1><p>Story without any date.</p></article><footer>© 01.01.2020</footer>', None),
], ids=["norwegian", "german", "english-byline", "japanese", "french-time-text", "footer-date-ignored"])
def test_heuristic_reads_visible_dates_near_the_headline(body, expected):
    found = published_time(doc("", body)).found
    if expected is None:
        assert found is None
    else:
        assert (found.value, found.source) == (expected.replace(tzinfo=UTC), "heuristic")


MODIFIED_LEVELS = (
    ("article:modified_time", meta("article:modified_time", "2024-02-01T00:00:00Z", "property")),
    ("content:modifiedat", meta("content:modifiedAt", "2024-02-02T00:00:00Z", "property")),
    ("datemodified", meta("dateModified", "2024-02-03T00:00:00Z", "itemprop")),
    ("itemprop:dateModified", '<time itemprop="dateModified" datetime="2024-02-04T00:00:00Z">x</time>'),
    ("jsonld", '<script type="application/ld+json">{"@graph": [{"@type": "WebPage"}, '
               '{"@type": "Article", "dateModified": "2024-02-05T00:00:00Z"}]}</script>'),
)


@pytest.mark.parametrize("index", range(len(MODIFIED_LEVELS)), ids=[s for s, _ in MODIFIED_LEVELS])
def test_each_modified_level_wins_over_all_lower_ones(index):
    found = modified_time(_doc_from(MODIFIED_LEVELS[index:]), NOW).found
    assert (found.source, found.value) == (MODIFIED_LEVELS[index][0], datetime(2024, 2, index + 1, tzinfo=UTC))


def test_no_modified_time_is_none():
    assert modified_time(doc()).found is None
