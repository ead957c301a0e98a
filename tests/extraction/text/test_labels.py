"""With layout, an `aria-hidden` visual copy of its sibling's accessible label is hidden (`extraction/text/labels.py`)."""

from __future__ import annotations

from extraction.text.blocks import segment
from extraction.text.labels import visual_copy
from tests.extraction.text.helpers import box, page, rendered


def _card(hidden: str, label: str) -> str:
    return (f'<div data-rc-id="1"><div data-rc-id="2"><span data-rc-id="3" aria-hidden="true">{hidden}</span>'
            f'<span data-rc-id="4">{label}</span></div></div>')


def _boxes() -> dict:
    return {1: box(), 2: box(display="block"), 3: box(display="inline", width=20), 4: box(display="inline", x=130)}


def test_a_visual_copy_of_a_label_is_not_read_twice() -> None:
    doc = rendered(_card("31", "4.5 out of 5 Stars. 31 reviews"), _boxes())
    assert [b.text for b in segment(doc)] == ["4.5 out of 5 Stars. 31 reviews"]
    doc = rendered(_card("Now $449.00", "current price Now $449.00, Was $799.00"), _boxes())
    assert [b.text for b in segment(doc)] == ["current price Now $449.00, Was $799.00"]


def test_an_aria_hidden_element_with_words_of_its_own_keeps_the_browsers_word() -> None:
    # A carousel's next slide: the browser shows it, and no sibling says the same.
    doc = rendered(_card("Second slide of the gallery", "First slide of the gallery"), _boxes())
    assert [b.text for b in segment(doc)] == ["Second slide of the gallery First slide of the gallery"]
    assert not visual_copy(page('<p><span>31 reviews</span><span>31</span></p>').root.find(".//span"))
