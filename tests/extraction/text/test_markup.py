"""Explicit markup decides before any heuristic (document-parsing spec, "Sections")."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import STORY_SENTENCE, page

PROSE = "This paragraph is long enough to look like the article text a heuristic would pick. " * 3


def test_cxenseparse_class_body_is_only_the_marked_text():
    doc = page(f"<p>{PROSE}</p><div class='cXenseParse'><p>This is relevant.</p></div><p>{PROSE}</p>")
    text = main_text(doc)
    assert text.body == "This is relevant."
    assert text.source == "cXenseParse class"


def test_inline_cxenseparse_inside_a_paragraph_keeps_only_the_inline_part():
    doc = page("<p>This is <div class='cXenseParse' style='display:inline'>inlined and relevant</div>, "
               "but this is not.</p>")
    assert main_text(doc).body == "inlined and relevant"


def test_several_cxenseparse_elements_in_document_order():
    doc = page("<div class='cXenseParse'>first</div><p>noise</p><span class='x cxenseparse'>second</span>")
    assert main_text(doc).body.split() == ["first", "second"]


def test_comment_pairs_delimit_the_body_and_cxenseignore_is_left_out():
    doc = page(f"<p>{PROSE}</p><!-- cxenseparse_start --><p>This is relevant.</p>"
               "<p class='cxenseignore'>But this will be ignored</p><!-- cxenseparse_end -->"
               f"<p>{PROSE}</p><!-- cxenseparse_start --><p>Second part.</p><!-- cxenseparse_end -->")
    text = main_text(doc)
    assert text.body == "This is relevant.\n\nSecond part."
    assert text.source == "cxenseparse comments"


def test_start_comment_without_end_runs_to_the_end_of_the_document():
    doc = page(f"<p>{PROSE}</p><div><!-- cxenseparse_start --><p>One.</p></div><p>Two.</p>")
    assert main_text(doc).body == "One.\n\nTwo."


def test_class_markup_wins_over_comment_markup():
    doc = page("<!-- cxenseparse_start --><p>Between comments.</p><!-- cxenseparse_end -->"
               "<div class='cXenseParse'>Marked.</div>")
    assert main_text(doc).body == "Marked."


def test_cxenseignore_is_left_out_inside_cxenseparse():
    doc = page("<div class='cXenseParse'><p>Kept.</p><p class='cxenseignore'>Ignored.</p></div>")
    assert main_text(doc).body == "Kept."


def test_cxenseignore_is_left_out_by_the_heuristic():
    doc = page(f"<article><p>{PROSE}</p><p class='cxenseignore'>{PROSE.upper()}</p><p>{PROSE}</p></article>")
    assert "PARAGRAPH" not in main_text(doc).body


def test_markup_that_holds_no_visible_text_gives_way_to_the_heuristic():
    doc = page(f"<article><h1>Story</h1><p>{PROSE}</p><p>{PROSE}</p></article>"
               "<div class='cXenseParse' style='display: none'><p>Members-only text.</p></div>")
    text = main_text(doc)
    assert "look like the article text" in text.body and "Members-only" not in text.body
    assert text.source == "heuristic"
    assert text.explanation is not None
    assert text.explanation.render().startswith("main text source: heuristic (cXenseParse class markup holds no")


STORY = "".join(f"<p>{STORY_SENTENCE * 4}</p>" for _ in range(3))
"""Three paragraphs, 192 words: a story, not a teaser (blocks.PAYWALLED_STORY_MIN_WORDS)."""
NOT_FREE = ('<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Plant",'
            ' "isAccessibleForFree": "false"}</script>')


def test_markup_that_holds_only_a_hidden_story_is_read_as_marked():
    doc = page(f"<main><h1>Plant</h1><p class='excerpt'>{PROSE}</p><p>This story is for members only.</p>"
               f"<div class='cXenseParse' style='display: none'>{STORY}</div></main>")
    text = main_text(doc)
    assert text.source == "cXenseParse class"
    assert text.body == "\n\n".join([(STORY_SENTENCE * 4).strip()] * 3)
    assert text.explanation is not None
    assert text.explanation.render().startswith("main text source: cXenseParse class (its story hidden")


def test_a_page_that_declares_a_paywall_keeps_its_hidden_story():
    body = (f"<main><h1>Plant</h1><p>{PROSE}</p><div class='paywall-notice'>Subscribe to read on.</div>"
            f"<div id='story' style='display:none'>{STORY}</div>"
            "<ul style='display:none'><li><a href='/a'>Account</a></li><li><a href='/b'>Sign out</a></li></ul></main>")
    paywalled = main_text(page(body, head=NOT_FREE)).body
    assert paywalled.count(STORY_SENTENCE.split(".")[0]) == 12 and "Sign out" not in paywalled
    assert STORY_SENTENCE.split(".")[0] not in main_text(page(body)).body  # no paywall declared: hidden stays out


def test_a_hidden_teaser_is_no_story_even_behind_a_paywall():
    body = (f"<main><h1>Plant</h1><p>{PROSE}</p><p>{PROSE}</p>"
            f"<div style='display:none'><p>{STORY_SENTENCE * 2}</p></div></main>")
    assert STORY_SENTENCE.split(".")[0] not in main_text(page(body, head=NOT_FREE)).body
