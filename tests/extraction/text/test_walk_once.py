"""Issue 31, per-element cost on large pages: the segment walk and the block measures ask each
element's layout, hiding and block-ness once, where a 15,000-element listing asked them several
times an element (`Document.box`, `blocks._walk_state`, `blocks._walk`)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from extraction import document
from extraction.document import Document, parse
from extraction.maintext import main_text
from extraction.text import blocks, markup, pipeline
from tests.extraction.text.helpers import box, rendered
from tests.extraction.text.test_traps import P1
from values.rendered import RenderedPage


def _counted(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, element: int) -> list[Any]:
    """The calls of `owner.name`, each as its argument at `element`."""
    calls: list[Any] = []
    original: Callable[..., Any] = getattr(owner, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[element])
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def _listing(entries: int) -> Document:
    """A rendered listing: each entry a block of a link and a date glued together, all visible."""
    rows, boxes, node = [], {1: box(), 2: box()}, 3
    for i in range(entries):
        rows.append(f'<div class="entry" data-rc-id="{node}"><a href="/a/{i}" data-rc-id="{node + 1}">Headline {i}</a>'
                    f'<span class="date" data-rc-id="{node + 2}">2024-01-{1 + i % 28:02d}</span></div>')
        boxes |= {node: box(y=100.0 + 20 * i), node + 1: box(display="inline"), node + 2: box(display="inline")}
        node += 3
    return rendered(f'<div data-rc-id="1"><p data-rc-id="2">{P1}</p>{"".join(rows)}</div>', boxes)


def test_each_elements_box_is_read_off_its_node_id_once(monkeypatch: pytest.MonkeyPatch):
    doc = _listing(20)
    maps = _counted(monkeypatch, document, "_box_map", 0)
    reads = _counted(monkeypatch, Document, "_box_by_id", 1)
    main_text(doc)
    assert len(maps) == 1  # the map, made on the first call from the attribute index
    assert reads and all(element.get("data-rc-id") is None for element in reads)  # only <html> has no node id


def test_an_element_from_outside_the_document_is_answered_by_its_node_id():
    doc = rendered('<p data-rc-id="1">Text</p>', {1: box(x=7.0)})
    element = next(doc.root.iter("p"))
    assert doc.box(element) == box(x=7.0)
    assert doc.box(copy.deepcopy(element)) == box(x=7.0)


def test_a_visible_element_without_hiding_markup_skips_the_hiding_tests(monkeypatch: pytest.MonkeyPatch):
    """Only the invisible box and the `<details>`' children are asked (`blocks._walk_state`), not
    an element whose style hides nothing; what they decide is unchanged."""
    doc = rendered('<div data-rc-id="1"><p data-rc-id="2">Shown</p><p data-rc-id="3">Gone</p>'
                   '<p data-rc-id="4" style="color:red">Styled</p>'
                   '<details data-rc-id="5" open><summary data-rc-id="6">Q</summary><p data-rc-id="7">A</p></details></div>',
                   {1: box(), 2: box(), 3: box(visible=False), 4: box(), 5: box(), 6: box(), 7: box()})
    asked = _counted(monkeypatch, blocks, "collapsed_body", 1)
    texts = [b.text for b in blocks.segment(doc)]
    assert texts == ["Shown", "Styled", "Q", "A"]
    assert sorted(str(e.text) for e in asked) == ["A", "Gone", "Q"]


def test_only_hiding_values_and_boxes_that_can_hide_are_asked(monkeypatch: pytest.MonkeyPatch):
    """A style that hides or fades, `aria-hidden="true"` and an invisible box of some size are
    asked; `aria-hidden="false"`, a harmless style and an invisible wrapper of no size are not
    (the wrapper's own text stays unread, its children's is read)."""
    doc = rendered('<div data-rc-id="1"><p data-rc-id="2" style="display: none">Styled away</p>'
                   '<p data-rc-id="3" style="opacity:0; transform: translateY(20px)">Faded in</p>'
                   '<p data-rc-id="4" aria-hidden="false">Said</p><p data-rc-id="5" aria-hidden="true">Unsaid</p>'
                   '<div data-rc-id="6">Own text<p data-rc-id="7">Floated</p></div>'
                   '<div data-rc-id="8">Wide but gone</div></div>',
                   {1: box(), 2: box(), 3: box(visible=False), 4: box(), 5: box(), 6: box(visible=False, height=0.0),
                    7: box(), 8: box(visible=False)})
    asked = _counted(monkeypatch, blocks, "collapsed_body", 1)
    texts = [b.text for b in blocks.segment(doc)]
    assert texts == ["Styled away", "Faded in", "Said", "Unsaid", "Floated"]  # the browser's box, not the style
    assert sorted(str(e.text) for e in asked) == ["Faded in", "Styled away", "Unsaid", "Wide but gone"]


def test_the_walk_asks_each_element_whether_it_starts_a_block_once(monkeypatch: pytest.MonkeyPatch):
    """A glued pair's two elements are asked before the second is walked: the walk hands the
    answers on instead of asking again."""
    doc = _listing(10)
    asked = _counted(monkeypatch, blocks, "starts_block", 1)
    texts = [b.text for b in blocks.segment(doc)]
    assert texts[1] == "Headline 0 2024-01-01"
    assert len(asked) == len(set(map(id, asked)))


def test_the_markup_gate_and_the_ignored_elements_ask_each_class_value_once(monkeypatch: pytest.MonkeyPatch):
    """Whether the page has `cXenseParse` or `cxenseignore` elements is asked of its distinct
    class values (`Document.values`), not of every element."""
    doc = _listing(30)
    gate_asked = _counted(monkeypatch, markup, "names_class", 0)
    walk_asked = _counted(monkeypatch, blocks, "names_class", 0)
    assert markup.markup_gate(doc) is None
    blocks.segment(doc)
    assert sorted(gate_asked) == ["date", "entry"]
    assert sorted(walk_asked) == ["date", "entry"]
    marked = rendered('<div class="x cXenseParse" data-rc-id="1"><p class="cxenseIgnore" data-rc-id="2">Ad</p>'
                      '<p data-rc-id="3">Story</p></div>', {1: box(), 2: box(), 3: box()})
    assert markup.markup_gate(marked) is blocks.Gate.CLASS
    assert [b.text for b in blocks.segment(marked, blocks.Gate.CLASS)] == ["Story"]


def test_the_phrase_searches_read_each_distinct_text_once(monkeypatch: pytest.MonkeyPatch):
    phrased = _counted(monkeypatch, pipeline, "boilerplate_phrase", 0)
    terms = _counted(monkeypatch, pipeline, "fulfilment_line", 0)
    posts = "".join(f"<div><p>Post number {i} tells its own story in a sentence.</p>"
                    "<p>Subscribe to our newsletter</p><p>Free shipping on all orders</p></div>" for i in range(4))
    doc = parse(RenderedPage.from_html(f"<html><body>{posts}</body></html>", "https://example.org/a"))
    features = pipeline.measure_blocks(doc, blocks.segment(doc)).features
    assert [f.phrase for f in features].count("subscribe") == 4
    assert sorted(phrased) == sorted(terms) == sorted({*phrased}) and len(phrased) == 6


def test_boxes_and_node_ids_come_from_the_attribute_index() -> None:
    """The box map and the elements by node id are read off the attribute index (no walk of
    their own) and answer what each element's own attribute says: an element without a node id
    or with one the snapshot has no box for has none, a copy is answered by its attribute, and
    for an id two elements carry the later one is found."""
    page = rendered('<div data-rc-id="1"><p data-rc-id="2">A</p><p>B</p><p data-rc-id="7">C</p>'
                    '<p data-rc-id="x">D</p><!-- c --><p data-rc-id="2">E</p></div>',
                    {1: box(), 2: box(visible=False, width=1.0, height=1.0), 7: box(y=300.0)})
    for element in page.root.iter():
        node_id = element.get("data-rc-id") if isinstance(element.tag, str) else None
        expected = page.page.boxes.get(int(node_id)) if node_id is not None and node_id.isdigit() else None
        assert page.box(element) is expected
    first, second = (el for el in page.root.iter("p") if el.get("data-rc-id") == "2")
    assert page.invisible() == [first, second]
    assert page.node_ids() == {1: page.root.find(".//div"), 2: second,
                               7: next(el for el in page.root.iter("p") if el.text == "C")}
    assert page.box(copy.deepcopy(first)) is page.page.boxes[2]
