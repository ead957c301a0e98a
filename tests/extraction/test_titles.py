"""Title: data layer, cXenseParse:title, og:title, <title> unless it names the domain, the
first <h1> when the title contains it; site-name suffixes stripped."""

from __future__ import annotations

import pytest

from extraction.titles import strip_site_name, title
from tests.extraction.fieldpages import doc, meta

CX = meta("cXenseParse:title", "Cx title")
OG = meta("og:title", "Og title", "property")


@pytest.mark.parametrize("head, body, page_title, state, expected, source", [
    (CX + OG, "<h1>H1</h1>", "Tag title", {"title": "Layer title"}, "Layer title", "datalayer"),
    (CX + OG, "<h1>H1</h1>", "Tag title", {}, "Cx title", "cxenseparse:title"),
    (OG, "<h1>H1</h1>", "Tag title", {}, "Og title", "og:title"),
    ("", "<h1>H1</h1>", "Tag title", {}, "Tag title", "title"),
    (meta("og:title", " ", "property"), "", "Tag title", {}, "Tag title", "title"),
    ("", "<h1>Council approves budget</h1>", "Council approves budget - example.com", {},
     "Council approves budget", "h1"),
    ("", "<h1>Something else</h1>", "Council approves budget - example.com", {}, None, None),
    ("", "<h1>Budget</h1><h1>Council approves budget</h1>", "Council approves budget | EXAMPLE.COM", {},
     "Budget", "h1"),
    ("", "<p>x</p><h1>Council approves budget</h1>", "Council approves budget", {},
     "Council approves budget", "title"),
], ids=["datalayer", "cxenseparse", "og", "title-tag", "blank-og-falls-through", "domain-in-title-uses-h1",
        "domain-in-title-h1-not-contained", "only-first-h1-counts", "title-without-domain-wins-over-h1"])
def test_title_priority(head, body, page_title, state, expected, source):
    found = title(doc(head, body, title=page_title, state=state))
    if expected is None:
        assert found is None
    else:
        assert (found.value, found.source) == (expected, source)


@pytest.mark.parametrize("head, page_title, body, expected", [
    (meta("og:site_name", "The Daily Example", "property"), "Council approves budget | The Daily Example", "",
     "Council approves budget"),
    ("", "Example News - Council approves budget", "", "Council approves budget"),
    ("", "Brexit: the deal - explained", "", "Brexit: the deal - explained"),
    ("", "Council approves budget – Local politics – Lokalavisen", "<h1>Council approves budget</h1>",
     "Council approves budget"),
], ids=["og-site-name-suffix", "domain-label-prefix", "story-dash-kept", "h1-segment-of-title"])
def test_site_name_stripped_from_title_tag(head, page_title, body, expected):
    assert title(doc(head, body, title=page_title)).value == expected


def test_site_name_stripped_from_og_title_too():
    page_doc = doc(meta("og:title", "Budget passes | The Daily Example", "property")
                   + meta("og:site_name", "The Daily Example", "property"))
    assert title(page_doc).value == "Budget passes"


def test_a_title_that_is_only_the_site_name_is_kept():
    assert strip_site_name(doc(meta("og:site_name", "Example")), "Example") == "Example"
