"""Explicit markup decides before any heuristic (document-parsing spec, "Sections")."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import page

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
