"""React streamed chunks moved where React's `$RC` / `$RS` put them (`extraction/text/streaming.py`)."""

from __future__ import annotations

import lxml.html
from lxml import etree

from extraction.text.blocks import segment
from extraction.text.streaming import place_streamed
from tests.extraction.text.helpers import box, rendered


def _body(html: str) -> lxml.html.HtmlElement:
    root = lxml.html.document_fromstring(f"<html><body>{html}</body></html>")
    body = root.find("body")
    assert body is not None
    return body


def _words(body: lxml.html.HtmlElement) -> str:
    for script in body.xpath(".//script"):
        script.drop_tree()
    return "|".join(t.strip() for t in body.itertext() if t.strip())


def test_a_completed_boundary_replaces_its_fallback_with_the_chunk():
    body = _body('<p>Intro.</p><!--$?--><template id="B:0"></template><div>Loading...</div><!--/$-->'
                 '<p>Outro.</p><footer>Footer.</footer>'
                 '<div hidden id="S:0"><p>First.</p>Loose <b>text</b>.<p>Second.</p></div>'
                 '<script>$RC("B:0","S:0")</script>')
    assert place_streamed(body.getroottree().getroot()) == 1
    assert _words(body) == "Intro.|First.|Loose|text|.|Second.|Outro.|Footer."
    assert not body.xpath('//*[@id="S:0"]') and not body.xpath('//template')
    assert [c.text for c in body.iter(etree.Comment)] == ["$", "/$"]


def test_a_nested_boundary_inside_the_fallback_goes_with_it():
    body = _body('<!--$?--><template id="B:0"></template><div>Skeleton</div>'
                 '<!--$--><span>inner</span><!--/$--><i>more fallback</i><!--/$--><p>After.</p>'
                 '<div hidden id="S:0"><p>Content.</p></div><script>$RC("B:0","S:0")</script>')
    place_streamed(body.getroottree().getroot())
    assert _words(body) == "Content.|After."


def test_the_call_pairs_a_boundary_and_a_chunk_of_different_numbers():
    body = _body('<!--$?--><template id="B:1"></template><!--/$-->'
                 '<!--$?--><template id="B:3"></template><!--/$-->'
                 '<div hidden id="S:3">three</div><div hidden id="S:1">one</div>'
                 '<script>$RC("B:3","S:1");$RC("B:1","S:3")</script>')
    place_streamed(body.getroottree().getroot())
    assert _words(body) == "three|one"


def test_a_segment_fills_its_placeholder_inside_another_chunk_with_hex_ids():
    body = _body('<!--$?--><template id="B:a"></template><!--/$--><p>End.</p>'
                 '<div hidden id="S:a"><h2>Title</h2><template id="P:1f"></template><p>Tail.</p></div>'
                 '<div hidden id="S:1f"><p>Middle.</p></div>'
                 '<script>$RS("S:1f","P:1f")</script><script>$RC("B:a","S:a")</script>')
    assert place_streamed(body.getroottree().getroot()) == 2
    assert _words(body) == "Title|Middle.|Tail.|End."


def test_without_scripts_chunks_pair_by_number_and_without_markers_the_fallback_stays():
    # The page's scripts and comments stripped (a saved copy): the template's place is known,
    # where the fallback ends is not -- React would remove every sibling after the template.
    body = _body('<div><template id="B:0"></template><div>Loading...</div><p>Kept.</p></div>'
                 '<footer>Footer.</footer><div hidden id="S:0"><p>Placed.</p></div>')
    place_streamed(body.getroottree().getroot())
    assert _words(body) == "Placed.|Loading...|Kept.|Footer."


def test_a_chunk_without_a_target_stays_where_it_is():
    body = _body('<p>Text.</p><div hidden id="S:2"><p>Orphan.</p></div>tail'
                 '<script>$RC("B:9","S:2")</script>')
    assert place_streamed(body.getroottree().getroot()) == 0
    assert body.xpath('//*[@id="S:2"]') and _words(body) == "Text.|Orphan.|tail"


def test_text_around_a_moved_chunk_and_template_is_kept():
    body = _body('<div>before<template id="P:0"></template>after</div>x<div hidden id="S:0">lead'
                 '<b>bold</b>end</div>y')
    place_streamed(body.getroottree().getroot())
    assert _words(body) == "beforelead|bold|endafter|xy"


def test_a_rendered_page_moves_the_hidden_chunk_whole_and_reads_it_in_place():
    # With layout the chunk's contents have no visible boxes: they are read as a hidden streamed
    # chunk (`blocks.streamed_chunk`), now where the boundary was instead of after the footer.
    doc = rendered('<main data-rc-id="1"><p data-rc-id="2">Intro of the story.</p>'
                   '<template id="B:0"></template></main><footer data-rc-id="3">Footer.</footer>'
                   '<div hidden id="S:0" data-rc-id="4"><p data-rc-id="5">The streamed part.</p></div>',
                   {1: box(), 2: box(), 3: box(), 4: box(visible=False, width=0, height=0, display="none"),
                    5: box(visible=False, width=0, height=0)})
    texts = [b.text for b in segment(doc)]
    assert texts == ["Intro of the story.", "The streamed part.", "Footer."]
