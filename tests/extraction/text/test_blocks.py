"""Segmentation details that decide how a block is judged (`extraction/text/blocks.py`)."""

from __future__ import annotations

from extraction.text.blocks import segment
from tests.extraction.text.helpers import page


def _block(body: str, tag: str):
    return next(b for b in segment(page(body)) if b.tag == tag)


def test_a_heading_linked_to_its_own_anchor_is_not_navigation():
    # MDN and GitHub link every section title to itself: its words are the heading's.
    block = _block('<h2 id="why"><a href="#why">Why flexbox?</a></h2><p>Text.</p>', "h2")
    assert block.link_words == 0


def test_a_permalink_sign_is_not_a_linked_word():
    # Sphinx and MkDocs end headings with a linked pilcrow.
    block = _block('<h3>Workers<a class="headerlink" href="#workers">¶</a></h3>', "h3")
    assert (block.words, block.link_words) == (1, 0)


def test_a_heading_that_links_to_another_page_stays_linked():
    block = _block('<h3><a href="/other-story">Another story</a></h3>', "h3")
    assert block.link_words == 2


def test_an_in_page_link_in_a_paragraph_stays_linked():
    # A table of contents is navigation within the page, judged as links.
    block = _block('<ul><li><a href="#install">Installing the tools</a></li></ul>', "li")
    assert block.link_words == 3


def test_a_popup_is_not_read():
    # Shut by its stylesheet until a trigger fires: Elementor's popup templates at the end of <body>,
    # Bootstrap's dialog, Magnific Popup's inline content; their look-alike class words are read.
    doc = page("<main><p>What our firm does for its clients.</p>"
               "<div class='modal fade' tabindex='-1'><div class='modal-dialog'><p>Where are we shipping to?</p></div></div>"
               "<div class='mfp-hide' id='quote'><p>Request a quote today.</p></div>"
               "<p class='modal-open-note'>Our history since 1990.</p></main>"
               "<div data-elementor-type='popup' class='elementor elementor-11402 elementor-location-popup'>"
               "<p>Receive a comprehensive audit of your online presence.</p></div>"
               "<div class='elementor elementor-12 elementor-location-footer'><p>Our offices.</p></div>")
    text = " ".join(block.text for block in segment(doc))
    assert "What our firm does" in text and "Our offices." in text and "Our history" in text
    assert "audit" not in text and "shipping" not in text and "quote" not in text
