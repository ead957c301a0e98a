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
    ("", "<h1>Something else</h1>", "Council approves budget - example.com", {},
     "Council approves budget", "title:site-name-stripped"),
    ("", "<h1>Budget</h1><h1>Council approves budget</h1>", "Council approves budget | EXAMPLE.COM", {},
     "Budget", "h1"),
    ("", "<p>x</p><h1>Council approves budget</h1>", "Council approves budget", {},
     "Council approves budget", "title"),
], ids=["datalayer", "cxenseparse", "og", "title-tag", "blank-og-falls-through", "domain-in-title-uses-h1",
        "domain-in-title-h1-not-contained-last-resort", "only-first-h1-counts", "title-without-domain-wins-over-h1"])
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


ARTICLE_URL = "https://www.mowbot.com/blog/detail/lawn-size"


def test_og_title_that_is_only_the_site_name_falls_through_below_the_home_page():
    head = meta("og:title", "Mowbot", "property") + meta("og:site_name", "Mowbot", "property")
    found = title(doc(head, "", url=ARTICLE_URL, title="Which robotic lawnmower suits which lawn? | Mowbot"))
    assert (found.value, found.source) == ("Which robotic lawnmower suits which lawn?", "title")
    home = title(doc(head, "", url="https://www.mowbot.com/", title="Mowbot | Robotic lawnmowers"))
    assert (home.value, home.source) == ("Mowbot", "og:title")


def test_home_page_title_keeps_the_site_name():
    found = title(doc(meta("og:title", "Howerton+White | Integrated Agency", "property"), "",
                      url="https://howertonwhite.com/"))
    assert found.value == "Howerton+White | Integrated Agency"


def test_h1_matches_a_title_segment_ignoring_punctuation():
    found = title(doc("", "<h1>What's next in 2025?</h1>", title="What's next in 2025 | Ironhack Blog"))
    assert (found.value, found.source) == ("What's next in 2025?", "title")


def test_h1_that_is_the_sites_name_is_not_the_title():
    body = '<header><h1><a href="/">pathfinder.net</a></h1></header><article><h2>Notes on Caching</h2></article>'
    found = title(doc("", body, url="https://pathfinder.net/archives/2025/caching.html", title="pathfinder.net Notes on Caching"))
    assert (found.value, found.source) == ("Notes on Caching", "title:site-name-stripped")


def test_cut_off_title_gives_way_to_the_headline():
    body = "<article><h1>Ergonomic desk step by step: how to set up your monitor, laptop, and keyboard</h1></article>"
    found = title(doc("", body, url="https://oakywood.shop/blogs/news/desk",
                      title="Ergonomic desk step by step: how to set up your monitor, laptop, and k... – oakywood.shop"))
    assert (found.value, found.source) == (
        "Ergonomic desk step by step: how to set up your monitor, laptop, and keyboard", "headline")


@pytest.mark.parametrize("raw, expected", [
    ("30 Years of &lt;br&gt; Tags", "30 Years of <br> Tags"),
    ("&lt;b&gt;Budget&lt;/b&gt; passes", "Budget passes"),
    ("## Hyper-Local Regolith Binding", "Hyper-Local Regolith Binding"),
    ("*A Treatise on Coffee* (1792)", "A Treatise on Coffee (1792)"),
    ("A DIY Investor\u00e2\u0080\u0099s Guide", "A DIY Investor\u2019s Guide"),
], ids=["lone-tag-is-words", "closed-element-is-markup", "markdown-heading", "markdown-emphasis", "mojibake"])
def test_meta_titles_read_as_on_screen(raw, expected):
    assert title(doc(meta("og:title", raw, "property"))).value == expected


def test_issue_number_next_to_the_site_name_is_not_the_site_name():
    found = title(doc(meta("og:title", "Weekly Signal #18 – The Future of Work?", "property"),
                      url="https://www.digjitale.com/p/signal-18"))
    assert found.value == "Weekly Signal #18 – The Future of Work?"


HREFS = ["/", "", "#top", "?page=2", "//host", "//host/", "https://example.com", "https://example.com/",
         "https://example.com/?ref=nav", "/\t/host", "http://[::1]/a", "mailto:", "mailto:desk@example.com", "x:/",
         "a/..", "./", "../", "..", ".", "/a/.", "/a/b/../..", "a;b", ";b", "/a;b", "https://example.com/a",
         "/news/", "news//", "news/", "page.html", "/a/page.html", "https://example.com/a/page.html?x=1#y",
         "javascript:void(0)", "tel:123", "/news\n/", "//host\u2100/a", "HTTP://example.com", "http:a", "http:"]
BASES = ["https://example.com/", "https://example.com/a/b", "https://example.com/a/b/", "http://example.com",
         "https://example.com/a?x#y", "https://example.com/a;p"]


@pytest.mark.parametrize("base", BASES)
def test_links_passed_over_unresolved_never_resolve_to_the_root(base):
    """`_path_below_root` spares `urljoin` only for links whose resolved path is not the root:
    the masthead links home are found as when every link was resolved."""
    from urllib.parse import urljoin, urlsplit

    from extraction.titles import _path_below_root

    passed_over = [href for href in HREFS if _path_below_root(href)]
    assert {"/news/", "page.html", "https://example.com/a"} <= set(passed_over)
    assert [href for href in passed_over if urlsplit(urljoin(base, href)).path in ("", "/")] == []


@pytest.mark.parametrize("href", ["page.html", "/a/page.html", "https://example.com/a/b", "/news?x=1", "/news#top"])
def test_each_character_that_breaks_a_plain_link_is_tested(href):
    """`_path_below_root` tests the characters of `_NOT_IN_A_NAME` (in the last segment) and of
    `_NOT_IN_A_PLAIN_LINK` (anywhere before the query) one by one, written out: none is left out.
    After the first "?" or "#" they do not count."""
    from extraction.titles import _NOT_IN_A_NAME, _NOT_IN_A_PLAIN_LINK, _path_below_root

    assert _path_below_root(href)
    head, cut, rest = href.partition("?") if "?" in href else href.partition("#")
    for char in _NOT_IN_A_NAME + _NOT_IN_A_PLAIN_LINK:
        assert not _path_below_root(f"{head}{char}x{cut}{rest}"), repr(char)
        if cut:
            assert _path_below_root(f"{head}{cut}{rest}{char}"), repr(char)


def test_home_link_texts_are_the_links_home_of_the_page_host():
    """Only `<a>` elements count (a `<link>` or an image map's `<area>` to the root names no site),
    an `href` is read stripped, and a repeated one (menu and footer) counts at each link."""
    from extraction.titles import home_link_texts

    page = doc("<link rel='home' href='/' title='Home feed'>",
               "<a href=' / '>Daily Example</a><a href='/news/'>News</a><a href='https://other.org/'>Other</a>"
               "<map><area href='/' title='Home'></map><a href='https://example.com'>Example home</a>"
               "<a href=' / '>Daily Example</a><a href=''>Empty</a><a href='/' title='Front page'></a>",
               url="https://example.com/a/story")
    assert home_link_texts(page) == ("Daily Example", "Example home", "Daily Example", "Front page")
