"""The climb of a blocks list to the body (`teasers.climb`): each element with the blocks below it,
each parent with its children that hold blocks. Blocks in document order are climbed once per
element (spans of the list); a list whose blocks below an element do not follow each other is
climbed block by block, with the same answers."""

from __future__ import annotations

from lxml import etree

from extraction.text.blocks import Block, segment
from extraction.text.teasers import Climb, climb, sibling_runs
from tests.extraction.text.helpers import page

ROWS = ("<div id='a'><ul id='list'><li>First item text</li><li>Second item text</li>"
        "<li>Third item text</li></ul><p>Closing line</p></div><footer><p>Footer line</p></footer>")


def _blocks() -> tuple[list[Block], dict[str, etree._Element]]:
    doc = page(ROWS)
    blocks = segment(doc)
    named = {el.get("id") or "": el for el in doc.root.iter() if el.get("id")}
    return blocks, named


def _texts(blocks: list[Block]) -> list[str]:
    return [b.text for b in blocks]


def test_blocks_in_document_order_are_climbed_as_spans() -> None:
    blocks, named = _blocks()
    climbed = climb(blocks)
    assert climbed.held is None
    assert _texts(climbed.below(named["list"])) == ["First item text", "Second item text", "Third item text"]
    assert _texts(climbed.below(named["a"])) == [*_texts(climbed.below(named["list"])), "Closing line"]
    body = named["a"].getparent()
    assert climbed.children[body] == [named["a"], blocks[-1].element.getparent()]  # the div, then the footer
    assert climbed.children[named["list"]] == [b.element for b in blocks[:3]]


def test_a_list_out_of_order_is_climbed_block_by_block_with_the_same_answers() -> None:
    blocks, named = _blocks()
    shuffled = [blocks[0], blocks[4], blocks[1], blocks[2], blocks[3]]  # the footer's line between the list's
    climbed = climb(shuffled)
    assert climbed.held is not None and not climbed.spans
    assert _texts(climbed.below(named["list"])) == ["First item text", "Second item text", "Third item text"]
    assert _texts(climbed.below(named["a"])) == ["First item text", "Second item text", "Third item text",
                                                 "Closing line"]


def test_both_climbs_give_the_same_runs() -> None:
    blocks, named = _blocks()
    spans = climb(blocks)
    each = Climb(blocks, {}, spans.children, {el: spans.below(el) for el in spans.spans})
    runs = [[(item.element, item.blocks) for item in run] for run in sibling_runs(blocks, climbed=spans)]
    assert runs == [[(item.element, item.blocks) for item in run] for run in sibling_runs(blocks, climbed=each)]
    assert [item.element for item in sibling_runs(blocks, climbed=spans)[0]] == [b.element for b in blocks[:3]]
