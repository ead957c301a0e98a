"""A widget's label kept between an article's blocks (a contents box's title, a script's
"Loading paragraph..." placeholder) is left out, after the context pass: the blocks around it
are settled as if it were text, not boilerplate."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.phrases import widget_label
from tests.extraction.text.helpers import STORY_SENTENCE as SENTENCE
from tests.extraction.text.helpers import page


def _story(between: str) -> str:
    paragraph = f"<p>{SENTENCE * 4}</p>"
    return (f"<article>{paragraph}{between}<h2>The first year</h2>{paragraph}{paragraph}</article>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_contents_box_title_between_the_lead_and_a_section_is_left_out():
    body = main_text(page(_story("<p>Table of Contents</p>"))).body
    assert "Table of Contents" not in body
    assert "The first year" in body and SENTENCE.strip() in body


def test_a_loading_placeholder_is_left_out():
    body = main_text(page(_story("<p>Loading paragraph...</p>"))).body
    assert "Loading" not in body


def test_only_whole_lines_are_labels():
    assert widget_label("Table of Contents")
    assert widget_label("Advertisement. Scroll to continue reading.")
    assert widget_label("Listen to this article in summarized format")
    assert not widget_label("The contents of the box were odd.")
    assert not widget_label("Loading the truck took hours. We left.")
    assert not widget_label("Contents of the kit")
