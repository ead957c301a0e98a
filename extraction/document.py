"""`Document`: the parsed page every field function reads from.

Parsing happens once per extraction; the meta tags and JSON-LD objects are indexed once, so
each field function is a lookup over plain data instead of another walk of the tree.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import lxml.html
from lxml import etree

from extraction.text.streaming import place_streamed
from values.rendered import NODE_ID_ATTRIBUTE, Box, RenderedPage

T = TypeVar("T")

INDEXED_ATTRIBUTES = ("aria-controls", "aria-hidden", "aria-labelledby", "class", "datetime", "hidden", "href", "id",
                      "itemprop", "itemtype", "rel", "role", "style", "title")
"""The attributes `Document.owners` finds the elements of: those the fields and the segment walk
select elements by. One walk of the document's elements reads every element's attributes once
(`items()`, one call an element) into a list per name; each selection is then a filter of one
or two lists. It replaced fifteen XPaths a page (attribute selections, the `#` links' and the
published and modified times'), each a libxml2 walk of the whole tree: 2.72 -> 1.19 ms a page
alone, 100 WCXB pages, 2026-12-06 (docs/lab/2026-12-06-s24-cpu.md)."""

XML_BLANKS = re.compile("[ \t\n\r]+")
"""XPath's whitespace (`normalize-space`), which `str.split()` does not stop at alone: it also
splits at a no-break space and the other Unicode spaces."""


def xpath_words(value: str) -> list[str]:
    """The words of an attribute value as `contains(concat(' ', normalize-space(@a), ' '), ' w ')`
    tests them: split at XML's four whitespace characters only."""
    return [word for word in XML_BLANKS.split(value) if word]


@dataclass(frozen=True, slots=True)
class Meta:
    """One `<meta>` tag: `key` is its name, property or itemprop, trimmed and lower-cased."""

    key: str
    content: str
    attrs: dict[str, str]


@dataclass(slots=True)
class Document:
    page: RenderedPage
    root: lxml.html.HtmlElement
    metas: tuple[Meta, ...]
    jsonld: tuple[dict[str, Any], ...]
    _elements: tuple[etree._Element, ...] = ()
    """A Python proxy of every element, held while the document lives (see `parse`)."""
    _meta_index: dict[str, list[Meta]] = field(default_factory=dict)
    _derived: dict[str, Any] = field(default_factory=dict)
    _boxes: dict[etree._Element, Box | None] | None = None
    """Each element's box (None without one), read off its node id once: see `box`."""

    @property
    def url(self) -> str:
        return self.page.final_url

    def derive(self, key: str, compute: Callable[[Document], T]) -> T:
        """`compute(self)`, worked out once per document under `key`: a value two stages ask for
        (the authors are a profile field and a clue of the main text's author-note rule)."""
        if key not in self._derived:
            self._derived[key] = compute(self)
        value: T = self._derived[key]
        return value

    def owners(self, names: str | tuple[str, ...], test: Callable[[str], bool] | None = None,
               within: etree._Element | None = None) -> list[etree._Element]:
        """The elements with an attribute of `names` (each in `INDEXED_ATTRIBUTES`) whose value
        passes `test`, in document order, each once: the owners of what the XPath `//@a[test] |
        //@b[test]` selects, from the index `Document` builds on the first call. The tree is
        not changed after `parse`, so the index stays true. `within`: only that element and
        those below it (`.//@a[test]` from it, itself included), the slice of each attribute's
        list between the positions its subtree spans, so that a region's selection costs what
        the region holds."""
        index = self.derive("attributes", _attribute_index)
        span = None if within is None else self.span(within)
        if isinstance(names, str) and span is None:
            elements, values = index[names]
            if test is None:
                return list(elements)
            return [el for el, value in zip(elements, values, strict=True) if test(value)]
        order = self.derive("element_order", _element_order)
        found: dict[int, etree._Element] = {}
        for name in (names,) if isinstance(names, str) else names:
            elements, values = index[name]
            if span is not None:
                positions = self.derive(f"positions:{name}", _positions_of(name))
                start, end = bisect_left(positions, span[0]), bisect_left(positions, span[1])
                elements, values = elements[start:end], values[start:end]
            for el, value in zip(elements, values, strict=True):
                if test is None or test(value):
                    found[order[el]] = el
        return [found[position] for position in sorted(found)]

    def nodes(self) -> tuple[etree._Element, ...]:
        """Every node of the tree in document order, as `root.iter()` gives them (comments and
        processing instructions too): the positions `span` speaks of."""
        return _elements_of(self)

    def span(self, top: etree._Element) -> tuple[int, int]:
        """The positions in `root.iter()` of `top` and what lies below it: one run, ending where
        the first node after it (its next sibling, or its nearest ancestor's) begins."""
        order = self.derive("element_order", _element_order)
        end = len(order)
        node: etree._Element | None = top
        while node is not None and node is not self.root:
            following = node.getnext()
            if following is not None:
                end = order[following]
                break
            node = node.getparent()
        return order[top], end

    def values(self, name: str) -> frozenset[str]:
        """The distinct values of the attribute `name` (one of `INDEXED_ATTRIBUTES`) on the page:
        whether any element has a value that passes a test is asked of each value once, not of
        each element (a page repeats its class values on every card and menu item)."""
        def distinct(doc: Document) -> frozenset[str]:
            return frozenset(doc.derive("attributes", _attribute_index)[name][1])
        return self.derive(f"values:{name}", distinct)

    def named(self, test: Callable[[str], bool], names: tuple[str, ...] = ("class", "id")) -> list[etree._Element]:
        """The owners of the values of `names` that pass `test`, in document order: each distinct
        value tested once (`values`), the owners selected by set membership, and on a page where
        no value passes no element read."""
        passing = {value for name in names for value in self.values(name) if test(value)}
        return self.owners(names, passing.__contains__) if passing else []

    def in_order(self, *selections: Iterable[etree._Element]) -> list[etree._Element]:
        """The elements of `selections` in document order, each once."""
        order = self.derive("element_order", _element_order)
        found = {order[el]: el for selection in selections for el in selection}
        return [found[position] for position in sorted(found)]

    def meta_values(self, key: str) -> list[str]:
        """Contents of every meta whose name/property/itemprop is `key` (case-insensitive)."""
        return [m.content for m in self._meta_index.get(key.lower(), [])]

    def meta_tags(self, key: str) -> list[Meta]:
        return list(self._meta_index.get(key.lower(), []))

    def first_meta(self, key: str) -> str | None:
        for value in self.meta_values(key):
            if value.strip():
                return value.strip()
        return None

    def box(self, element: etree._Element) -> Box | None:
        """Layout of an element, or None for a page parsed without a browser (no boxes: the
        attribute is not read, since every walk asks this of every element). The segment walk,
        the block measures and the hiding tests ask it of an element seven times over: each
        element's node id is read once, on the first call, into a map by element from the
        attribute index (an element without a node id, or from outside the document, as a copy
        of one, is answered by its attribute)."""
        boxes = self._boxes
        if boxes is None:
            if not self.page.boxes:
                return None
            boxes = self._boxes = _box_map(self)
        try:
            return boxes[element]
        except KeyError:
            return self._box_by_id(element)

    def _box_by_id(self, element: etree._Element) -> Box | None:
        node_id = element.get(NODE_ID_ATTRIBUTE)
        if node_id is None or not node_id.isdigit():
            return None
        return self.page.boxes.get(int(node_id))

    def node_ids(self) -> dict[int, etree._Element]:
        """The elements by the node id the browser gave them (`NODE_ID_ATTRIBUTE`), from the
        attribute index; for an id two elements carry, the later one."""
        def by_id(doc: Document) -> dict[int, etree._Element]:
            elements, values = doc.derive("attributes", _attribute_index)[NODE_ID_ATTRIBUTE]
            return {int(value): el for el, value in zip(elements, values, strict=True) if value.isdigit()}
        return self.derive("node_ids", by_id)

    def invisible(self) -> list[etree._Element]:
        """The elements whose box the browser calls invisible, in document order."""
        if not self.page.boxes:
            return []
        self.box(self.root)  # the map made
        boxes = self._boxes or {}
        return [element for element, box in boxes.items() if box is not None and not box.visible]

    def is_hidden(self, element: etree._Element) -> bool:
        """True only when the browser said so; without layout nothing counts as hidden."""
        box = self.box(element)
        return box is not None and not box.visible


def _attribute_index(doc: Document) -> dict[str, tuple[list[etree._Element], list[str]]]:
    """Per attribute of `INDEXED_ATTRIBUTES`, and the browser's node id (`Document.box`,
    `Document.node_ids`), its owners and their values, two lists in step: not a pair per owner,
    which the collector would count and walk (two thousand a page)."""
    index: dict[str, tuple[list[etree._Element], list[str]]] = {
        name: ([], []) for name in (*INDEXED_ATTRIBUTES, NODE_ID_ATTRIBUTE)}
    bucket = index.get
    for element in _elements_of(doc):
        attributes = element.items()  # a comment's: none
        if attributes:
            for name, value in attributes:
                owners = bucket(name)
                if owners is not None:
                    owners[0].append(element)
                    owners[1].append(value)
    return index


def _box_map(doc: Document) -> dict[etree._Element, Box | None]:
    """Each element with a node id and its box (None without one), in document order: the node
    ids read off the attribute index, not by another walk of every element."""
    boxes = doc.page.boxes
    elements, values = doc.derive("attributes", _attribute_index)[NODE_ID_ATTRIBUTE]
    return {el: boxes.get(int(value)) if value.isdigit() else None for el, value in zip(elements, values, strict=True)}


def _positions_of(name: str) -> Callable[[Document], list[int]]:
    """The positions in document order of the entries of `name`'s list of the attribute index."""
    def positions(doc: Document) -> list[int]:
        order = doc.derive("element_order", _element_order)
        return [order[el] for el in doc.derive("attributes", _attribute_index)[name][0]]
    return positions


def _element_order(doc: Document) -> dict[etree._Element, int]:
    return {element: position for position, element in enumerate(_elements_of(doc))}


def _elements_of(doc: Document) -> tuple[etree._Element, ...]:
    """Every node of the tree in document order, as `root.iter()` gives them: the element list
    `parse` kept, or the walk when it kept none."""
    return doc._elements or tuple(doc.root.iter())


_END_OF_PAGE = re.compile(r"</(?:body|html)\s*>", re.I)
"""End tags a browser does not end the page at: markup after a premature `</body>` or `</html>`
(a template that includes a whole page as its header) is still read into the body, where
lxml would drop it (after `</html>`) or leave it beside the body; lxml closes both at the end."""


_PARSER = lxml.html.HTMLParser(collect_ids=False)
_PARSER.set_element_class_lookup(etree.ElementDefaultClassLookup(
    element=lxml.html.HtmlElement, comment=lxml.html.HtmlComment, pi=lxml.html.HtmlProcessingInstruction,
    entity=lxml.html.HtmlEntity))
"""lxml.html's parser with its element classes chosen in C: lxml.html's own lookup is a Python
call for every proxy lxml makes (trafilatura's copy of the tree, as the peer, makes one per
element again). Its form classes (`FormElement`, `InputElement`, ...) are plain `HtmlElement`s
here: nothing reads a form's values. Nor is libxml2's table of `id` values kept (`collect_ids`):
it serves XPath's `id()` and DTD validation, neither asked here (the attribute index finds an id),
and its entries cost 8% of the parse (1.53 -> 1.41 ms median, 42 WCXB pages)."""


def parse(page: RenderedPage) -> Document:
    """Parse a page's HTML; broken markup is repaired by lxml rather than rejected. On a rendered
    page, React's streamed chunks that no script placed are moved where its `$RC` would have put
    them (`text/streaming.py`), here, before any field reads the tree: no later stage rewrites it.

    The document holds a Python proxy of every element. lxml makes a proxy each time a walk
    reaches an element no Python object holds, and frees it when the walk moves on; the main
    text and the field functions walk the tree, its ancestors and subtrees many times over, so
    making each proxy once saved about a tenth of the whole extraction's CPU (lxml.html's class
    lookup, then a Python call per proxy, included). The elements are the same objects either
    way: identity, dictionaries keyed by element and the output do not change."""
    html = _END_OF_PAGE.sub("", page.html.strip()) or "<html></html>"
    try:
        root = lxml.html.document_fromstring(html, parser=_PARSER)
    except (etree.ParserError, ValueError):
        # lxml refuses strings with an XML encoding declaration and empty documents.
        root = lxml.html.document_fromstring(html.encode("utf-8", "replace"), parser=_PARSER)
    if page.has_layout:
        place_streamed(root, keep_wrapper=True)
    metas = tuple(_metas(root))
    index: dict[str, list[Meta]] = {}
    for meta in metas:
        index.setdefault(meta.key, []).append(meta)
    return Document(page=page, root=root, metas=metas, jsonld=tuple(_jsonld(root)), _elements=tuple(root.iter()),
                    _meta_index=index)


def _metas(root: lxml.html.HtmlElement) -> Iterator[Meta]:
    for el in root.iter("meta"):
        attrs = {k.lower(): (v or "") for k, v in el.attrib.items()}
        content = attrs.get("content", "")
        seen: set[str] = set()
        for attr in ("name", "property", "itemprop"):
            key = attrs.get(attr, "").strip().lower()
            if key and key not in seen:
                seen.add(key)
                yield Meta(key=key, content=content, attrs=attrs)


def _jsonld(root: lxml.html.HtmlElement) -> Iterator[dict[str, Any]]:
    """Every object of every JSON-LD block, top-level arrays and `@graph` flattened one level."""
    for script in root.iter("script"):
        if (script.get("type") or "").strip().lower() != "application/ld+json":
            continue
        try:
            data = json.loads(script.text or "")
        except json.JSONDecodeError:
            continue
        items = data if isinstance(data, list) else [data]
        for item in items:
            if not isinstance(item, dict):
                continue
            graph = item.get("@graph")
            if isinstance(graph, list):
                yield from (g for g in graph if isinstance(g, dict))
            else:
                yield item
