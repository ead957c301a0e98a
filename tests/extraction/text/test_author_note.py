"""A note about the author that ends the article (an author box, an op-ed's closing line on who
wrote it) is not the story: a paragraph opening with the page's author as its subject, after
the story, is left out; one opening the story, or a mention elsewhere, is kept."""

from __future__ import annotations

import pytest

from extraction.maintext import main_text
from extraction.text.phrases import author_note
from extraction.text.rules import author_note as author_note_rule
from tests.extraction.text.helpers import page

HEAD = "<meta name='author' content='Karina Cohen'>"
SENTENCE = "The cleaning business grew fast this year as more families booked regular visits. "
NOTE = ("Karina Cohen is the owner of a local cleaning company serving the Greater Denver area, "
        "with a background in fashion and software.")
MORE = "When she is not leading the company, Karina homeschools her daughter and serves on a board."


def _story(after: str, before: str = "") -> str:
    paragraph = f"<p>{SENTENCE * 4}</p>"
    return (f"<div class='post'>{before}{paragraph}{paragraph}{paragraph}{paragraph}{after}</div>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_an_author_note_after_the_story_is_left_out_with_its_box():
    body = main_text(page(_story(f"<div class='box'><p>{NOTE}</p><p>{MORE}</p></div>"), HEAD)).body
    assert SENTENCE.strip() in body
    assert "owner of a local" not in body and "homeschools" not in body


def test_the_same_paragraph_opening_the_story_is_kept():
    body = main_text(page(_story("", before=f"<p>{NOTE}</p>"), HEAD)).body
    assert "owner of a local" in body


def test_without_a_named_author_nothing_is_dropped():
    body = main_text(page(_story(f"<div class='box'><p>{NOTE}</p></div>"))).body
    assert "owner of a local" in body


def test_the_note_opens_with_the_name_as_subject():
    assert author_note(NOTE, ("Karina Cohen",))
    assert author_note("Karina is a writer, teacher and mother who writes about cleaning homes well.",
                       ("Karina Cohen",))
    assert not author_note(f"About the writer: {NOTE}", ("Karina Cohen",))
    assert not author_note(NOTE, ("Staff",))
    assert not author_note("Karina Cohen is the owner.", ("Karina Cohen",))  # a byline-length line


def test_an_author_box_keeps_its_hint_under_a_text_styled_paragraph():
    box = ("<div class='blog_author-box'><div class='blog_author-wrapper'><div class='blog_author-text'>"
           "<div class='text-size-small'>Lauren Vetter</div><div class='text-rich-text_author'>"
           "<p>Lauren Vetter is a growth-focused marketing professional specializing in healthcare technology "
           "and software, with years of work on the challenges clinics face.</p></div></div></div></div>")
    body = main_text(page(_story(box))).body  # no author named in the metadata: the box's class says it
    assert SENTENCE.strip() in body
    assert "growth-focused" not in body


def test_with_no_named_author_a_note_under_a_name_line_is_left_out():
    """An author box names its author on a line above the note when the metadata names nobody
    (`rules/author_note._boxed_note`): the name, a "Written by" credit, a job title between."""
    for above in ("<p>Written by Karina Cohen</p>", "<p>Karina Cohen</p><h6>Owner</h6>"):
        body = main_text(page(_story(f"<div class='box'>{above}<p>{NOTE}</p></div>"))).body
        assert SENTENCE.strip() in body
        assert "owner of a local" not in body


def test_a_term_alone_on_a_line_is_no_name_line():
    term = ("<p>Web Online</p><p>Web online courses are recommended for students who want to learn "
            "at home at their own pace, with a teacher on call.</p>")
    body = main_text(page(_story(term))).body
    assert "recommended for students" in body


def test_no_name_line_is_read_above_a_paragraph_no_note_is_as_long_as(monkeypatch: pytest.MonkeyPatch):
    """A note runs BIO_MIN_WORDS to BIO_MAX_WORDS words whatever the name: above a longer or a
    shorter block, the lines are not cleaned into names (issue 31, CPU)."""
    cleaned: list[str] = []
    original = author_note_rule.clean_name

    def counting(raw: str) -> str:
        cleaned.append(raw)
        return original(raw)

    monkeypatch.setattr(author_note_rule, "clean_name", counting)
    long = f"<p>{SENTENCE * 10}</p>"  # 140 words, past BIO_MAX_WORDS
    body = main_text(page(f"<div class='post'>{long * 4}<p>Share this story</p></div>")).body
    assert SENTENCE.strip() in body
    assert cleaned == []
