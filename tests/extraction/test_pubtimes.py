"""Publication and modification dates: the spec's full order, zones to UTC, future dates
rejected against an explicit "now", a visible-text heuristic last."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from extraction.dateparse import find_text_dates, has_digit, parse_local
from extraction.document import Document
from extraction.pubtimes import modified_time, published_time
from tests.extraction.fieldpages import doc, meta
from values.profile import ContentProfile

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


def test_the_pages_offset_is_kept_beside_the_utc_instant():
    found = published_time(doc(meta("article:published_time", "2023-01-21T19:43:28-05:00", "property"))).found
    assert found.value == datetime(2023, 1, 22, 0, 43, 28, tzinfo=UTC)
    assert found.value.date().isoformat() == "2023-01-21"
    profile = ContentProfile(url="https://x.example/a", published_time=found.value).to_dict()
    assert (profile["published_time"], profile["published_local"]) == ("2023-01-22T00:43:28Z",
                                                                       "2023-01-21T19:43:28-05:00")


def test_the_offset_survives_the_stored_json():
    from storage.codec import profile_from_json, profile_to_json

    value = parse_local("2023-01-21T19:43:28-05:00")
    stored = profile_from_json(profile_to_json(ContentProfile(url="https://x.example/a", published_time=value)))
    assert stored.published_time is not None and stored.published_time.utcoffset() == timedelta(hours=-5)


def test_month_first_numeric_date_when_day_first_cannot_be():
    found = published_time(doc(meta("article:published_time", "Thu, 09/25/2025 - 11:38", "property"))).found
    assert found.value.date().isoformat() == "2025-09-25"


def test_headline_in_h2_after_a_masthead_h1_still_finds_the_byline_date():
    body = ('<header><h1><a href="/">Antoyo\'s Blog</a></h1></header><article><h2>Progress report 39</h2>'
            '<p class="byline">By <!-- c -->Jane Doe<!-- c -->, Dec 17, 2025</p><p>Story.</p></article>')
    found = published_time(doc("", body)).found
    assert (found.source, found.value.date().isoformat()) == ("heuristic", "2025-12-17")


def test_date_in_the_url_is_the_last_resort_and_front_pages_get_none():
    url = "https://blog.example/2025/12/18/a-story"
    found = published_time(doc("", "<article><h1>A story</h1><p>Text.</p></article>", url=url)).found
    assert (found.source, found.value.date().isoformat()) == ("url", "2025-12-18")
    assert published_time(doc("", "<div><p>Text.</p></div>", url=url)).found is None


def test_publication_metas_outside_the_spec_come_after_jsonld():
    head = meta("published-date", "2021-02-16") + meta("modified-date", "2024-07-30")
    found = published_time(doc(head, "<h1>Headline here</h1>")).found
    assert (found.source, found.value.date().isoformat()) == ("meta:published-date", "2021-02-16")


def test_a_publication_date_box_outside_the_headline_zone_still_counts():
    filler = "<p>" + "word " * 120 + "</p>"
    body = (f'<div><div><h1>A long enough headline</h1></div>{filler}</div>'
            '<div class="single-post-meta"><div class="post-date">July 8, 2025</div></div>')
    found = published_time(doc("", body)).found
    assert (found.source, found.value.date().isoformat()) == ("heuristic:published", "2025-07-08")


def test_zone_text_stops_where_the_collapsed_text_is_long_enough():
    """The zone's first characters are the whole zone's text collapsed, cut: whatever the limit,
    however much whitespace (a template's indentation) lies between the words, chrome left out."""
    from extraction.pubtimes import _SPACES, _zone_text

    indent = "\n" + " " * 40
    items = "".join(f"<li>{indent}item {i}{indent}<b>bold</b>{indent}tail {i}{indent}</li>{indent}" for i in range(60))
    page = doc("", f"<article><h1>Headline</h1>{indent}<nav>menu menu</nav><ul>{items}</ul>{indent * 50}<p>end</p></article>")
    zone = page.root.find(".//article")

    def whole(el) -> list[str]:
        if not isinstance(el.tag, str) or el.tag in ("nav", "footer", "aside", "form", "script", "style", "noscript"):
            return []
        parts = [el.text or ""]
        for child in el:
            parts += [*whole(child), child.tail or ""]
        return [*parts, "\n"]

    full = _SPACES.sub(" ", " ".join(whole(zone)))
    assert "menu" not in full and full.rstrip().endswith("end")
    for limit in (1, 7, 40, 99, 100, 101, 500, 1500, len(full) - 1, len(full), len(full) + 10, 100_000):
        assert _zone_text(page, zone, limit) == full[:limit]


@pytest.mark.parametrize(("text", "expected"), [
    ("Posted 12.03.24 at 10:30", datetime(2024, 3, 12, 10, 30, tzinfo=UTC)),  # a two-digit year
    ("12 diciembre 2006", datetime(2006, 12, 12, tzinfo=UTC)),
    ("١٢ مايو ٢٠٢٤", None),  # another script's digits, and no month word the parser knows
    ("12/03 at 10:30, 3 replies", None),
    ("no digit at all", None),
])
def test_a_text_date_is_searched_for_only_by_the_shapes_its_digits_allow(text, expected):
    """Each shape but the two-digit year's holds four digits in a row; every one holds a digit."""
    assert next(find_text_dates(text), None) == expected


def test_a_digit_of_any_script_is_a_digit():
    assert [has_digit(t) for t in ("abc", "a1", "٣", "１", "")] == [False, True, True, True, False]
