"""Page class: cXenseParse:pageclass, og:type=article when unsure, then the classifier."""

from __future__ import annotations

import pytest

from extraction.pageclass import (
    PageFeatures,
    classifier_score,
    features,
    link_text_share,
    longest_block_words,
    page_class,
    teaser_blocks,
    url_kind,
)
from tests.extraction.fieldpages import doc, meta

PROSE = "This is a sentence of the story that goes on for a while with real words. " * 8
ARTICLE_BODY = f"<nav><a href='/'>Home</a><a href='/news'>News</a></nav><article><h1>H</h1><p>{PROSE}</p></article>"
TEASERS = "".join(f"<div class='teaser'><h2><a href='/news/story-number-{i}-here-today'>Story {i} headline "
                  f"words</a></h2><p>Short standfirst {i}.</p></div>" for i in range(10))
FRONT_BODY = f"<nav><a href='/'>Home</a></nav>{TEASERS}"
FRONT_URL = "https://www.example.com/"


@pytest.mark.parametrize("head, body, url, expected, source", [
    (meta("cXenseParse:pageclass", "frontpage"), ARTICLE_BODY, None, "frontpage", "cxenseparse:pageclass"),
    (meta("cXenseParse:pageclass", "Article"), FRONT_BODY, FRONT_URL, "article", "cxenseparse:pageclass"),
    (meta("cXenseParse:pageclass", "multimedia"), ARTICLE_BODY, None, "article", "classifier"),
    ("", ARTICLE_BODY, None, "article", "classifier"),
    ("", FRONT_BODY, FRONT_URL, "frontpage", "classifier"),
    (meta("og:type", "article", "property"), FRONT_BODY, FRONT_URL, "frontpage", "classifier"),
    (meta("og:type", "article", "property"), "<h1>H</h1><p>Short text here.</p>",
     "https://www.example.com/p?id=3", "article", "og:type"),
], ids=["declared-frontpage", "declared-article-case-insensitive", "unknown-declared-falls-through",
        "classifier-article", "classifier-frontpage", "og-type-ignored-when-sure", "og-type-settles-unsure"])
def test_page_class_priority(head, body, url, expected, source):
    found = page_class(doc(head, body, url) if url else doc(head, body)).found
    assert (found.value, found.source) == (expected, source)


def test_unknown_declared_class_is_recorded():
    assert "neither article nor frontpage" in page_class(doc(meta("cXenseParse:pageclass", "video"))).rejections[0].reason


@pytest.mark.parametrize("url, kind", [
    ("https://x.com/", "root"),
    ("https://x.com/index.html", "root"),
    ("https://x.com/news/2024/05/12/", "article_slug"),
    ("https://x.com/politics/council-approves-new-budget", "article_slug"),
    ("https://x.com/a/123456.html", "article_slug"),
    ("https://x.com/sport/", "section"),
    ("https://x.com/about.html", "service"),
    ("https://x.com/de/impressum", "service"),
    ("https://x.com/p?id=3", "article_slug"),
    ("https://x.com/?page=2", "root"),
    ("https://x.com/about/team-and-contact-page/info", "article_slug"),
])
def test_url_kind(url, kind):
    assert url_kind(url) == kind


def test_measurements_tell_a_front_page_from_an_article():
    front = features(doc("", FRONT_BODY, FRONT_URL))
    article = features(doc("", ARTICLE_BODY))
    assert front.link_text_share > 0.5 > article.link_text_share
    assert front.teaser_blocks == 10 and article.teaser_blocks == 0
    assert article.longest_block_words > 100 > front.longest_block_words


def test_link_text_share_counts_nested_link_text():
    body = doc("", "<p>Plain words <a href='/x'><b>linked words</b> here</a></p>").root.find("body")
    assert link_text_share(body) == pytest.approx(len("linked words" "here") / len("Plain words" "linked words" "here"))


def test_longest_block_ignores_link_text():
    body = doc("", "<p>one two <a href='/'>three four five</a></p><div>six</div>").root.find("body")
    assert longest_block_words(body) == 2


def test_longest_block_stops_at_the_first_block_of_enough_words():
    body = doc("", "<p>one two three four</p><p>five six seven eight nine ten</p>").root.find("body")
    assert longest_block_words(body) == 6
    assert longest_block_words(body, enough=3) == 4


def test_teaser_blocks_count_linked_headings_and_linking_articles():
    body = doc("", "<h2><a href='/a'>A</a></h2><a href='/b'><h3>B</h3></a><h2>Plain</h2>"
                   "<article><a href='/c'><img src='c.jpg'></a><p>C</p></article>").root.find("body")
    assert teaser_blocks(body) == 3


def test_score_sign_and_confidence():
    assert classifier_score(PageFeatures("root", 0.8, 12, 10)) <= -2
    assert classifier_score(PageFeatures("article_slug", 0.05, 0, 200)) >= 2


def test_link_text_share_reads_tails_inside_and_after_links():
    """A tail inside a link (after an inner element) is linked; the link's own tail is not."""
    body = doc("", "<div><a href='/x'>aa<span>bb</span>cc</a>ff<p>gg<a href='/y'><b>dd</b>ee</a></p></div>").root.find("body")
    linked = len("aabbccddee")
    assert link_text_share(body) == pytest.approx(linked / (linked + len("ffgg")))
