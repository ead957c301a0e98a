"""The peer's body read back as our blocks (extraction/text/peer.py)."""

from __future__ import annotations

from extraction.text.blocks import Gate, segment
from extraction.text.peer import align, peer_text
from tests.extraction.text.helpers import box, page, rendered

P1 = ("The city council voted on Tuesday to expand the bus network, adding four routes that will "
      "connect the northern suburbs with the hospital district by the end of next year.")
P2 = ("Officials said the plan would cost about twelve million euros, most of it paid by a regional "
      "transport fund, and that fares would not rise before the new routes open to passengers.")


def _indices(doc, text: str) -> set[str]:
    blocks = segment(doc, Gate.ALL)
    return {blocks[i].text for i in align(blocks, text)}


def test_passages_match_whatever_the_peer_does_with_punctuation_and_layout():
    doc = page(f"<p>{P1}</p><ul><li>Four new routes, from May</li><li>No fare rise</li></ul>"
               "<table><tr><td>Route 12</td><td>Hospital</td></tr></table><p>Unrelated text left out here.</p>")
    peer = f"{P1.upper()}\n- Four new routes from May\n- No fare rise\n| Route 12 | Hospital |"
    assert _indices(doc, peer) == {P1, "Four new routes, from May", "No fare rise", "Route 12 Hospital"}


def test_a_short_block_matches_only_as_a_whole_line_of_the_peer():
    doc = page(f"<div>Share</div><p>{P1} Share it with friends who ride the bus every day.</p>")
    assert _indices(doc, f"{P1} Share it with friends who ride the bus every day.") == {
        f"{P1} Share it with friends who ride the bus every day."}
    assert "Share" in _indices(doc, "Share\nsomething else")


def test_the_peer_reads_the_serialized_dom_of_a_rendered_page():
    html = (f"<article data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p></article>"
            "<footer data-rc-id='4'><p data-rc-id='5'>© 2024 Example News. All rights reserved.</p></footer>")
    text = peer_text(rendered(html, {1: box(), 2: box(), 3: box(), 4: box(), 5: box()}), comments=True)
    assert P1 in text and P2 in text and "rights reserved" not in text


COMMENT = ("Great news for the northern suburbs, though I wish the council had asked the riders on "
           "the night buses first, since they are the ones who wait longest at the hospital stop.")


def test_the_peer_leaves_the_comment_section_out_when_asked():
    """On an article the arbiter asks the peer for its body without comments (`arbiter.py`)."""
    doc = page(f"<article><h1>Four new bus routes</h1><p>{P1}</p><p>{P2}</p></article>"
               "<div id='comments' class='comments-area'><h2>2 Responses</h2><ol class='commentlist'>"
               f"<li class='comment'><p>{COMMENT}</p></li></ol></div>")
    assert COMMENT in peer_text(doc, comments=True)
    without = peer_text(doc, comments=False)
    assert P1 in without and COMMENT not in without
