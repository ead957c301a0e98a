"""A responsive copy of the article left out is judged, short lines included; fixed panes that
hold the whole page are the page, not overlays on it."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.blocks import Gate, segment
from extraction.text.pipeline import select
from tests.extraction.text.helpers import box, page, rendered
from tests.extraction.text.test_traps import P1, P2, P3

SENTENCE = "The reviewer carried this scooter to work every day for a month and noted how it rode. "


def test_the_left_out_copies_of_the_article_are_judged_headings_too():
    story = "".join(f"<h2>Part {i} heading</h2><p>{SENTENCE * 3} Part {i}.</p>" for i in range(4))
    doc = page(f"<main><div class='desktop'>{story}</div><div class='tablet'>{story}</div>"
               f"<div class='mobile'>{story}</div></main>")
    decisions = select(doc, segment(doc, Gate.ALL)).decisions
    copies = [d for d in decisions if not d.kept and "Part" in d.block.text]
    assert len(copies) == 16
    assert all(d.verdict.hard_bad for d in copies)  # never in doubt for the peer
    assert any(d.block.is_heading for d in copies)
    assert main_text(doc).body.count("Part 3 heading") == 1


def test_a_repeated_short_line_of_the_text_is_not_judged_a_copy():
    day = "<p>Warm up: ten minutes of easy jogging, then five short strides on flat ground.</p>"
    plan = "".join(f"<h2>Day {i}</h2>{day}<p>{SENTENCE * 2} Day {i} main set.</p>" for i in range(3))
    doc = page(f"<article>{plan}</article>")
    assert not any(d.verdict.hard_bad for d in select(doc, segment(doc, Gate.ALL)).decisions)


def test_rendered_fixed_panes_holding_the_whole_page_are_read():
    """An app-like site draws its text in fixed panes that scroll inside; with nothing outside
    them there is no page for them to cover. A fixed banner beside a page stays an overlay."""
    panes = rendered(f"<div data-rc-id='1'><article data-rc-id='2'><p data-rc-id='3'>{P1}</p>"
                     f"<p data-rc-id='4'>{P2}</p><p data-rc-id='5'>{P3}</p></article></div>",
                     {1: box(height=800, position="fixed", overlay=True), 2: box(height=700, overlay=True),
                      3: box(overlay=True), 4: box(overlay=True), 5: box(overlay=True)})
    assert P1[:40] in main_text(panes).body
    banner = rendered(f"<div data-rc-id='1'><p data-rc-id='2'>{P1}</p></div>"
                      f"<article data-rc-id='3'><p data-rc-id='4'>{P2}</p><p data-rc-id='5'>{P3}</p></article>",
                      {1: box(height=300, position="fixed", overlay=True), 2: box(overlay=True),
                       3: box(height=600), 4: box(), 5: box()})
    body = main_text(banner).body
    assert P2[:40] in body and P1[:40] not in body
