"""A space between inline elements glued together in the markup (`extraction/text/inline.py`)."""

from __future__ import annotations

from extraction.text.blocks import segment
from tests.extraction.text.helpers import box, rendered
from tests.extraction.text.helpers import page as static


def _texts(body: str) -> list[str]:
    return [b.text for b in segment(static(body))]


def test_glued_inline_elements_are_parted():
    # A Stripe parameter heading: its name and its type, parted by the stylesheet.
    assert _texts("<h4><span><span>id</span></span><span>string</span></h4>") == ["id string"]
    assert _texts('<p><a href="/l">Login</a><a href="/s">Sign up free</a></p>') == ["Login Sign up free"]


def test_a_single_character_element_stays_part_of_its_word():
    # A text animation wraps each letter; a drop cap.
    letters = "".join(f"<span>{c}</span>" for c in "Flow") + "<span> </span>" + \
        "".join(f"<span>{c}</span>" for c in "from")
    assert _texts(f"<h1>{letters}</h1>") == ["Flow from"]
    assert _texts("<p><span>W</span><span>ord</span></p>") == ["Word"]


def test_a_single_character_that_does_not_continue_a_word_is_parted():
    # A film's rating after its running time, a count after its category.
    assert _texts("<p><span>1h 54m</span><span>R</span></p>") == ["1h 54m R"]
    assert _texts('<li><a href="/c">Carburetor</a><span>3</span></li>') == ["Carburetor 3"]


def test_code_and_text_joined_by_a_tail_keep_their_characters():
    assert _texts("<p><code><span>foo</span><span>bar</span></code></p>") == ["foobar"]
    assert _texts("<p><b>Bold</b>face</p>") == ["Boldface"]


def test_with_layout_glued_inline_boxes_are_parted_too():
    # A snapshot without the stylesheet that made them flex items: the boxes abut, inline.
    doc = rendered('<p data-rc-id="1"><span data-rc-id="2">Accessories</span><span data-rc-id="3">1385</span></p>',
                   {1: box(), 2: box(display="inline", width=83), 3: box(display="inline", x=183, width=24)})
    assert [b.text for b in segment(doc)] == ["Accessories 1385"]


def test_with_layout_a_letter_continuing_its_word_stays_glued():
    doc = rendered('<p data-rc-id="1"><span data-rc-id="2">W</span><span data-rc-id="3">ord</span></p>',
                   {1: box(), 2: box(display="inline", width=12), 3: box(display="inline", x=112, width=30)})
    assert [b.text for b in segment(doc)] == ["Word"]


def test_with_layout_the_browser_display_parts_blocks():
    doc = rendered('<div data-rc-id="1"><span data-rc-id="2">Accessories</span><span data-rc-id="3">1385</span></div>',
                   {1: box(display="flex"), 2: box(display="block"), 3: box(display="block", y=140)})
    assert [b.text for b in segment(doc)] == ["Accessories", "1385"]
