"""Authors: the full chain, Piano's splitting rules, cleanup and de-duplication."""

from __future__ import annotations

import json

import pytest

from extraction.authors import authors, clean_name, split_names
from tests.extraction.fieldpages import doc, meta

LEVELS = (
    ("cxenseparse:author", meta("cXenseParse:author", "A1", "property")),
    ("content:authors", meta("content:authors", "A2", "property")),
    ("og:article:author", meta("og:article:author", "A3", "property")),
    ("article:author", meta("article:author", "A4", "property")),
    ("og:book:author", meta("og:book:author", "A5", "property")),
    ("book:author", meta("book:author", "A6", "property")),
    ("author", meta("author", "A7")),
    ("dc.creator", meta("DC.creator", "A8")),
    ("article.author", meta("article.author", "A9")),
    ("hatom", '<p>By <span class="vcard author"><span class="fn">A10</span></span></p>'),
    ("rel=author", '<p>By <a rel="author" href="/staff/a11">A11</a></p>'),
    ("google+", '<p>By <a href="https://plus.google.com/12345678?rel=author">A12</a></p>'),
    ("jsonld", '<script type="application/ld+json">'
               + json.dumps({"@type": "NewsArticle", "author": {"@type": "Person", "name": "A13"}}) + "</script>"),
)


def _doc(levels, **kwargs):
    return doc("".join(m for _, m in levels), "".join(m for _, m in levels), **kwargs)


@pytest.mark.parametrize("index", range(len(LEVELS)), ids=[s for s, _ in LEVELS])
def test_each_author_level_wins_over_all_lower_ones(index):
    found = authors(_doc(LEVELS[index:]))
    assert (found.value, found.source) == ((f"A{index + 1}",), LEVELS[index][0])


def test_composer_data_layer_wins_over_everything():
    found = authors(_doc(LEVELS, commands=(("setContentAuthor", ("Layer Writer",)),)))
    assert (found.value, found.source) == (("Layer Writer",), "datalayer")


def test_composer_state_counts_as_data_layer():
    found = authors(_doc(LEVELS, state={"contentAuthor": "Kari Nordmann og Ola Nordmann"}))
    assert found.value == ("Kari Nordmann", "Ola Nordmann")


@pytest.mark.parametrize("index", range(len(LEVELS) - 1), ids=[s for s, _ in LEVELS[:-1]])
def test_a_level_without_a_usable_name_falls_through(index):
    source, markup = LEVELS[index]
    empty = markup.replace(f"A{index + 1}<", "https://example.com/x<").replace(
        f'"A{index + 1}"', '"https://example.com/x"')
    assert authors(_doc(((source, empty),) + LEVELS[index + 1:])).source == LEVELS[index + 1][0]


@pytest.mark.parametrize("raw, separator, expected", [
    ("John Smith, Jane Doe", None, ["John Smith", "Jane Doe"]),
    ("John Smith; Jane Doe", None, ["John Smith", "Jane Doe"]),
    ("John Smith and Jane Doe", None, ["John Smith", "Jane Doe"]),
    ("Max Mustermann und Erika Musterfrau", None, ["Max Mustermann", "Erika Musterfrau"]),
    ("Ola Nordmann og Kari Nordmann", None, ["Ola Nordmann", "Kari Nordmann"]),
    ("John Smith, Jr, Jane Doe", None, ["John Smith, Jr", "Jane Doe"]),
    ("Sam Jones, Sr. and Al Vega", None, ["Sam Jones, Sr.", "Al Vega"]),
    ("Smith, John|Doe, Jane", "|", ["Smith, John", "Doe, Jane"]),
    ("By Jane Doe", None, ["Jane Doe"]),
    ("BY: JANE DOE", None, ["JANE DOE"]),
    ("Von Erika Musterfrau", None, ["Erika Musterfrau"]),
    ("Av Kari Nordmann", None, ["Kari Nordmann"]),
    ("Jane Doe https://twitter.com/janedoe", None, ["Jane Doe"]),
    ("https://www.facebook.com/janedoe", None, []),
    ("Jane Doe\nJohn Roe", None, ["Jane Doe", "John Roe"]),
    ("Anderson Cooper", None, ["Anderson Cooper"]),
], ids=["comma", "semicolon", "and", "und", "og", "jr-kept", "sr-kept", "data-separator", "by", "by-colon",
        "von", "av", "url-in-name", "url-only", "newline", "and-inside-word"])
def test_splitting_and_cleanup(raw, separator, expected):
    assert split_names(raw, separator) == expected


def test_data_separator_on_meta_is_used():
    found = authors(doc(meta("author", "Smith, John|Doe, Jane", extra='data-separator="|"')))
    assert found.value == ("Smith, John", "Doe, Jane")


def test_several_metas_give_several_authors_deduplicated_in_order():
    head = meta("author", "Jane Doe") + meta("author", "John Roe, jane doe") + meta("author", "Jane Doe")
    assert authors(doc(head)).value == ("Jane Doe", "John Roe")


def test_hatom_br_separates_names():
    body = '<div class="vcard author"><span class="fn">Jane Doe<br>John Roe</span></div>'
    assert authors(doc("", body)).value == ("Jane Doe", "John Roe")


def test_marked_elements_match_the_single_xpath_on_nested_and_repeated_marks():
    from extraction.authors import ELEMENT_LEVELS, _marked
    body = ('<div class="vcard author"><span class="fn">A</span>'
            '<div class=" author  vcard "><b class="fn x">B</b></div><i class="fn">C</i></div>'
            '<p class="vcard"><span class="fn">D</span></p><p class="vcard author"><span class="fn">E</span></p>'
            '<a rel="author" href="/x?rel=author">F</a><a rel="nofollow authors">G</a>'
            '<a rel=" me author" href="https://plus.google.com/1?rel=author">H</a>')
    page = doc("", body)
    root = page.root
    single = {
        "hatom": "//*[contains(concat(' ', normalize-space(@class), ' '), ' vcard ')]"
                 "[contains(concat(' ', normalize-space(@class), ' '), ' author ')]"
                 "//*[contains(concat(' ', normalize-space(@class), ' '), ' fn ')]",
        "rel=author": "//a[contains(concat(' ', normalize-space(@rel), ' '), ' author ')]",
        "google+": "//a[contains(@href, 'plus.google.com/')][contains(@href, 'rel=author')]",
    }
    for source, owners, inner in ELEMENT_LEVELS:
        assert [el.text for el in _marked(page, owners, inner)] == [el.text for el in root.xpath(single[source])]
    assert [el.text for el in _marked(page, *ELEMENT_LEVELS[0][1:])] == ["A", "B", "C", "E"]


def test_jsonld_author_list_inside_graph():
    data = {"@graph": [{"@type": "WebSite", "name": "Site"},
                       {"@type": "NewsArticle", "author": [{"name": "Jane Doe"}, {"name": "John Roe"}]}]}
    found = authors(doc(f'<script type="application/ld+json">{json.dumps(data)}</script>'))
    assert (found.value, found.source) == (("Jane Doe", "John Roe"), "jsonld")


def test_no_authors_is_none():
    assert authors(doc("", "<p>Nobody wrote this.</p>")) is None


@pytest.mark.parametrize("body, expected", [
    ('<p class="byline">By Alan Hughes, Staff Reporter &middot; Posted 3 October 2022</p>', ("Alan Hughes",)),
    ('<div class="b-byline"><span>By </span><a>Priya Raman</a> and <span>Tom Willis</span></div>',
     ("Priya Raman", "Tom Willis")),
    ('<div class="article-byline"><span class="author">Ingrid Solheim</span><span class="author">Per Arne Dahl'
     '</span><span class="published">Publisert 02.09.2024 kl. 05.00</span></div>', ("Ingrid Solheim", "Per Arne Dahl")),
], ids=["role-and-date-cut", "by-and", "one-element-per-author"])
def test_visible_byline_is_the_last_resort(body, expected):
    found = authors(doc("", body))
    assert (found.value, found.source) == (expected, "byline")


def test_byline_comes_after_jsonld_and_ignores_comments():
    jsonld = LEVELS[-1][1]
    assert authors(doc(jsonld, '<p class="byline">By Someone Else</p>')).source == "jsonld"
    assert authors(doc("", '<div class="comments"><p class="comment-author">Troll Person</p></div>')) is None


def test_jsonld_author_by_id_reference_is_resolved():
    graph = {"@graph": [{"@type": "Article", "author": {"@id": "#jane"}},
                        {"@type": "Person", "@id": "#jane", "name": "Jane Doe"}]}
    found = authors(doc('<script type="application/ld+json">' + json.dumps(graph) + "</script>"))
    assert (found.value, found.source) == (("Jane Doe",), "jsonld")


def test_organisation_author_is_not_a_person():
    data = {"@type": "NewsArticle", "author": [{"@type": "Organization", "name": "Example Media"}]}
    page = doc('<script type="application/ld+json">' + json.dumps(data) + "</script>",
               '<p class="byline">By Kari Nordmann</p>')
    assert authors(page).value == ("Kari Nordmann",)


@pytest.mark.parametrize("raw", ["Staff", "admin", "Written by", "More about Jane Doe »", "March 17"])
def test_roles_byline_words_links_and_dates_are_not_people(raw):
    assert authors(doc(meta("author", raw))) is None


def test_by_x_and_y_gives_two_people():
    assert authors(doc(meta("author", "By Jane Doe and John Roe"))).value == ("Jane Doe", "John Roe")


def test_comment_authors_are_not_article_authors():
    body = '<div class="comments"><span class="vcard author"><span class="fn">Reader One</span></span></div>'
    assert authors(doc("", body)) is None


def _ld(data: dict) -> str:
    return '<script type="application/ld+json">' + json.dumps(data) + "</script>"


def test_jsonld_author_of_the_webpage_when_no_article_object_names_one():
    found = authors(doc(_ld({"@type": "WebPage", "author": {"@type": "Person", "name": "Jordana Cepelewicz"}})))
    assert (found.value, found.source) == (("Jordana Cepelewicz",), "jsonld")


def test_microdata_author_of_the_first_item_only():
    body = ('<article itemscope itemtype="https://schema.org/Article"><span itemprop="author" itemscope>'
            '<span itemprop="name">Sara Brown</span></span></article>'
            '<div itemscope itemtype="https://schema.org/Article"><span itemprop="author">Teaser Writer</span></div>')
    assert authors(doc("", body)).value == ("Sara Brown",)


def test_written_by_twitter_label_names_the_author():
    head = meta("twitter:label1", "Written by") + meta("twitter:data1", "Chase Bernath") \
        + meta("twitter:label2", "Est. reading time") + meta("twitter:data2", "5 minutes")
    found = authors(doc(head))
    assert (found.value, found.source) == (("Chase Bernath",), "twitter:data")


@pytest.mark.parametrize("body, expected", [
    ('<div class="publish-date-author">Dec. 19, 2025 · Ola Berg<br>on behalf of the survey team</div>',
     ("Ola Berg",)),
    ('<div class="resource-author"><p>Luke Kim December 17</p></div>', ("Luke Kim",)),
    ('<div class="byline"><span class="byline__by">By</span> <span class="byline__author">Jordana Cepelewicz</span>'
     '</div>', ("Jordana Cepelewicz",)),
    ('<p class="byline">This post was written by Danielle Padula</p>', ("Danielle Padula",)),
    ('<p class="byline">Written by Sam Carter, DVM. Reviewed by Lee Park, DVM</p>', ("Sam Carter, DVM",)),
    ('<p class="byline">By Laura</p>', ("Laura",)),
], ids=["date-before-name", "date-without-year", "by-in-its-own-span", "this-post-was-written-by",
        "reviewer-cut", "single-name-after-by"])
def test_byline_parts_dates_and_prefixes(body, expected):
    assert authors(doc("", body)).value == expected


@pytest.mark.parametrize("body", [
    '<div class="post-author"><a href="/category/lifestyle/">Lifestyle</a></div>',
    '<div class="author-box">Personal finance</div>',
    '<ul class="authorities-menu"><li>Governing Board Actions</li></ul>',
], ids=["category-link", "lowercase-words", "class-word-authorities"])
def test_section_labels_and_menus_are_not_bylines(body):
    assert authors(doc("", body)) is None


SITE = "https://www.brightloan.com/home-renovations/roi/"


def test_the_sites_brand_as_author_gives_way_to_a_person_lower_down():
    page = doc(meta("author", "Brightloan"), '<p class="byline">By Paul Reyes</p>', url=SITE)
    assert (authors(page).value, authors(page).source) == (("Paul Reyes",), "byline")


def test_an_organisation_credit_is_kept_only_when_nobody_is_named():
    found = authors(doc(meta("author", "Brightloan Editorial Team"), url=SITE))
    assert (found.value, found.source) == (("Brightloan Editorial Team",), "author")
    assert authors(doc(meta("author", "Business desk"), '<p class="byline">Business desk</p>')).source == "author"
    assert authors(doc("", '<p class="byline">Business desk · 8 October 2026</p>')) is None


def test_a_personal_blog_named_after_its_author_keeps_the_name():
    found = authors(doc(meta("author", "Jeff Kaufman") + meta("og:site_name", "Jeff Kaufman", "property"),
                        url="https://www.jeffkaufman.com/p/backup"))
    assert found.value == ("Jeff Kaufman",)


def test_site_name_after_a_persons_name_is_cut_off():
    head = meta("article:author", "Ana Ruiz | Fernleaf Studio", "property") \
        + meta("og:site_name", "Fernleaf Studio", "property")
    assert authors(doc(head, url="https://www.fernleafstudio.co/x/")).value == ("Ana Ruiz",)
    jsonld = _ld({"@type": "NewsArticle", "author": {"@type": "Person",
                                                     "name": "Manoj Jain and Jagpreet Chhatwal, The Commercial Appeal"}})
    assert authors(doc(jsonld, url="https://www.commercialappeal.com/story/x/")).value == (
        "Manoj Jain", "Jagpreet Chhatwal")


def test_placeholders_and_handles_give_way():
    assert authors(doc(_ld({"@type": "Article", "author": {"@type": "Person", "name": "undefined"}}))) is None
    page = doc(meta("author", "pat.morgan"), '<p class="byline">By Nina Weiss</p>')
    assert authors(page).value == ("Nina Weiss",)
    assert authors(doc(meta("author", "stephenlega"))).value == ("stephenlega",)


@pytest.mark.parametrize("raw, expected", [
    ("Maria Lopez, MS, RD", ["Maria Lopez, MS, RD"]),
    ("Matthew Frankel, CFP and Jane Doe", ["Matthew Frankel, CFP", "Jane Doe"]),
    ("JOHN SMITH, JANE DOE", ["JOHN SMITH", "JANE DOE"]),
    ("Jane Doe & John Roe", ["Jane Doe", "John Roe"]),
    ("Updated by Jon Linkov", []),
], ids=["credentials", "credential-then-and", "all-caps-names", "ampersand", "editor-credit"])
def test_credentials_stay_with_the_name(raw, expected):
    assert split_names(raw) == expected


def test_app_store_metas_are_not_the_articles_author():
    assert authors(doc(meta("smartbanner:author", "My Health Toolkit"))) is None


def test_the_authors_are_read_once_per_extraction(monkeypatch):
    """The profile's field and the main text's author-note rule share one reading."""
    import extraction.authors as module
    from extraction.extract import extract_html

    calls = []
    read = module._authors
    monkeypatch.setattr(module, "_authors", lambda d: calls.append(d) or read(d))
    story = "<p>" + "The council voted to keep the library open on Sundays after a long debate. " * 8 + "</p>"
    result = extract_html(f"<html><head>{meta('author', 'Dana Reyes')}</head><body><article>{story * 3}"
                          "</article></body></html>", "https://example.org/news/library")
    assert result.authors == ("Dana Reyes",)
    assert len(calls) == 1


def test_byline_candidates_read_each_repeated_class_alike_and_any_case():
    """The class-and-id test is remembered per value within a walk: a repeated value answers the
    same, and the place tests (a footer, a comment section) still apply to each element."""
    from extraction.authors import _byline_candidates
    body = ('<p class="Byline">A</p><footer><p class="Byline">B</p></footer><p id="POST-AUTHOR">C</p>'
            '<div class="comments"><p class="Byline">D</p></div><p class="Byline">E</p><p class="by">F</p>'
            '<p class="by" id="Byline">G</p><p class="author" id="author">H</p>')
    assert [el.text for el in _byline_candidates(doc("", body))] == ["A", "C", "E", "G", "H"]


@pytest.mark.parametrize("raw, expected", [
    ("By <b>Jane Doe</b>", "Jane Doe"),
    ("Jos&eacute; Doe", "José Doe"),
    ("Jane Doe jane@example.com", "Jane Doe"),
    ("Jane Doe http://example.com/jane", "Jane Doe"),
    ("Jane Doe www.example.com", "Jane Doe"),
    ("Jane Doe WWW.EXAMPLE.COM", "Jane Doe"),
    ("Jane Doe Www.example.com", "Jane Doe"),
    ("  Written by:   Sam Carter, DVM. ", "Sam Carter, DVM"),
    ("By Jane Doe. " + "Jane writes about gardens and the people who keep them. " * 3, ""),
], ids=["tag", "entity", "email", "url", "www", "WWW", "Www", "prefix-and-stop", "long"])
def test_clean_name_takes_markup_and_addresses_out_wherever_they_are(raw, expected):
    assert clean_name(raw) == expected
