"""Documentation pages (docs.py): a section's index of pages between its paragraphs is read,
on pages laid out as documentation only."""

from __future__ import annotations

import lxml.html

from extraction.maintext import main_text
from extraction.text.docs import anchored_heading, documents_code, page_index_items
from tests.extraction.text.helpers import DOC_INTRO as INTRO
from tests.extraction.text.helpers import DOC_MORE as MORE
from tests.extraction.text.helpers import DOC_STEP as STEP
from tests.extraction.text.helpers import page

INDEX = "<ul>" + "".join(f"<li><a href='/docs/{slug}/'>{title}</a></li>" for slug, title in (
    ("sockets", "Socket options"), ("versions", "Version negotiation"), ("errors", "Error codes"))) + "</ul>"


def _guide(extra: str = "", headings: str = "") -> str:
    return (f"<article><h1>Client guide</h1>{headings}<p>{INTRO}</p><p>{STEP}</p><h2>Topics</h2>{INDEX}"
            f"<p>{MORE}</p><p>{STEP} {INTRO}</p>{extra}</article>")


def test_a_docs_section_index_of_pages_between_paragraphs_is_kept():
    body = main_text(page(_guide("<pre>tool serve</pre><pre>tool connect</pre>"))).body
    assert "Socket options" in body and "Version negotiation" in body and "Error codes" in body


def test_the_same_list_on_a_page_not_laid_out_as_documentation_stays_navigation():
    body = main_text(page(_guide())).body
    assert STEP in body and "Socket options" not in body


def test_anchored_section_headings_make_a_page_documentation_without_code():
    sections = "".join(f"<h2 id='part-{n}'>Part {n}</h2>" for n in ("one", "two", "three", "four", "five"))
    body = main_text(page(_guide(headings=sections))).body
    assert "Socket options" in body


def test_documents_code_wants_pre_blocks_without_article_markup_or_anchored_headings():
    two_pre = page("<div><pre>a</pre><pre>b</pre></div>")
    assert documents_code(two_pre, article_markup=False)
    assert not documents_code(two_pre, article_markup=True)
    four = page("<div>" + "<h2><a href='#x'>¶</a>X</h2>" * 4 + "</div>")
    assert not documents_code(four, article_markup=False)


def test_anchored_heading_is_a_slug_id_or_an_in_page_link():
    assert anchored_heading(lxml.html.fromstring("<h3 id='data-preprocessing'>1. Data Preprocessing</h3>"))
    assert anchored_heading(lxml.html.fromstring("<h2>Cookies<a href='#cookies'>¶</a></h2>"))
    assert not anchored_heading(lxml.html.fromstring("<h2 id='s1'>Cookies</h2>"))
    assert not anchored_heading(lxml.html.fromstring("<h2><a href='/other'>Cookies</a></h2>"))


def test_page_index_items_take_short_items_linking_elsewhere_between_good_blocks():
    items = [lxml.html.fromstring(s) for s in (
        "<li><a href='/a'>Before</a></li>", "<p>x</p>", "<li><a href='/b'>Socket options</a></li>",
        "<li><a href='#toc'>In-page entry</a></li>",
        "<li><a href='/c'>one two three four five six seven eight nine ten eleven</a></li>", "<p>y</p>")]
    good = [False, True, False, False, False, True]
    bad = [True, False, True, True, True, False]
    groups: list[object | None] = ["l", None, "l", "l", "l", None]
    assert page_index_items(good, [False] * 6, bad, groups, items) == [2]
    hard = [False, False, True, False, False, False]
    assert page_index_items(good, hard, bad, groups, items) == []


IN_PAGE = "<ul>" + "".join(f"<li><a href='#{slug}'>{title}</a></li>" for slug, title in (
    ("strings", "String"), ("hashes", "Hash"), ("sorted-sets", "Sorted set"))) + "</ul>"


def _enumerating(lead: str) -> str:
    return (f"<article><h1>Data types</h1><p>{INTRO}</p><p>{lead}</p>{IN_PAGE}<p>{MORE}</p>"
            f"<h2 id='strings'>Strings</h2><p>{STEP}</p><pre>SET a 1</pre><pre>GET a</pre></article>")


def test_a_list_of_in_page_links_a_sentence_introduces_with_a_colon_is_the_texts_own():
    body = main_text(page(_enumerating("The server implements the following data types:"))).body
    assert "String" in body.split("\n") and "Sorted set" in body


def test_a_contents_list_under_a_bare_label_is_still_left_out():
    body = main_text(page(_enumerating("In this article:"))).body
    assert MORE in body and "Sorted set" not in body


def test_on_any_page_a_list_of_links_a_sentence_announces_with_a_colon_is_kept():
    story = (f"<article><h1>Report</h1><p>{INTRO}</p><p>The findings draw on three earlier reports:</p>{INDEX}"
             f"<p>{MORE}</p><p>{STEP}</p></article>")
    body = main_text(page(story)).body
    assert "Socket options" in body and "Error codes" in body
    unannounced = story.replace("<p>The findings draw on three earlier reports:</p>", "")
    assert "Socket options" not in main_text(page(unannounced)).body
