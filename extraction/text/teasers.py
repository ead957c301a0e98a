"""Teaser lists: repeated items that each open with a linked headline followed by a summary.

"More stories", "Breaking news" and archive lists are made of sibling items (`li`, `article`,
`div` cards) shaped alike: a link of several words (the other story's headline), then a line
or paragraph of unlinked text (its summary), sometimes a date or a "Read more" link. The
summaries read like prose, so word-count scoring alone takes them for article text. An item
is a teaser when it has that shape; a run of such siblings is a teaser list, and every block
in it is boilerplate. A lone linked headline with a summary (one item) is left alone: an
article may well open a paragraph with a link.

Stage: 2 measure (teaser lists)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from extraction.document import Document
from extraction.text.blocks import Block

# Set on the tune half of the Zyte benchmark (bench/extraction_halves.py), checked on the held-out
# half: run of the teaser change, rendered F1 0.969 / static 0.966 on all 181 pages (last run of
# the whole scorer: see score.py).
TEASER_TITLE_MIN_WORDS = 3  # a linked headline has at least this many words (names have 2)
TEASER_TITLE_WITHIN_BLOCKS = 3  # the headline is among the item's first blocks (after a category, a date)
TEASER_SUMMARY_MIN_WORDS = 8  # unlinked words after the headline: a summary, not a label
TEASER_ITEM_MAX_WORDS = 150  # words: a longer item is a section of the story, not a teaser
TEASER_PRELUDE_MAX_WORDS = 12
"""Unlinked words an item may hold before its linked headline: a kicker, a category, a date. A
teaser opens with its headline; an item whose link comes after a paragraph is a section of the
story that closes on a link (a case study's section ending with a card of the tool it names), and
its paragraph is the story's. WCXB dev static (session 19, 2026-12-05): tune 0.88224 -> 0.88309
(one article 0.376 -> 0.917, its three sections no longer a teaser list), check, Zyte, oldweb and
the other sets unchanged."""
TEASER_MIN_ITEMS = 3  # siblings of one tag that must be teasers to make a list
TEASER_LIST_SHARE = 0.5  # share of those siblings that must be teasers; the rest join them


def teaser_blocks(blocks: list[Block], climbed: Climb | None = None) -> set[int]:
    """Indexes of the blocks inside items of a teaser list (`climbed`: see `sibling_runs`)."""
    found: set[int] = set()
    for siblings in sibling_runs(blocks, climbed=climbed):
        teasers = [s for s in siblings if is_teaser_item(s.blocks)]
        if len(teasers) >= TEASER_MIN_ITEMS and len(teasers) >= TEASER_LIST_SHARE * len(siblings):
            found.update(b.index for s in siblings for b in s.blocks)
    return found


@dataclass(frozen=True, slots=True)
class Item:
    """One element of a sibling run with the blocks inside it, in document order."""

    element: etree._Element
    blocks: list[Block]

    def __init__(self, element: etree._Element, blocks: list[Block]) -> None:
        """Written out: made once an element of a run (see extraction/native.py)."""
        object.__setattr__(self, "element", element)
        object.__setattr__(self, "blocks", blocks)


@dataclass(frozen=True, slots=True)
class Climb:
    """A blocks list's climb to the body: each element with the blocks below it, and each parent's
    children that hold blocks; not changed once climbed. Teaser lists and card rows group the
    same climb, each by its own shape: the climb is most of what finding their runs costs."""

    blocks: list[Block]
    """The list climbed, compared by identity: a climb answers for that list only."""
    spans: dict[etree._Element, tuple[int, int]]
    """Each element with the positions in `blocks` of the first block below it and of the one
    after the last: in a list in document order the blocks below an element follow each other."""
    children: dict[etree._Element, list[etree._Element]]
    held: dict[etree._Element, list[Block]] | None = None
    """Each element's blocks, for a list whose blocks below some element do not follow each other
    (`spans` is then empty)."""

    def below(self, element: etree._Element) -> list[Block]:
        """The blocks below `element` (one of the climbed), in order."""
        if self.held is not None:
            return self.held[element]
        start, end = self.spans[element]
        return self.blocks[start:end]


def climb(blocks: list[Block]) -> Climb:
    """Every block's ancestors below the page's `body` and `html`, each told the block.

    The blocks come in document order, so the elements above one block and not above the next
    hold no later block: the climb keeps the chain of elements above the last block, walks up
    from each block only until it meets that chain, and closes the elements of the chain below
    the meeting point, each with the span of blocks it held. Each element is read once, not once
    per block below it. A list where an element closed is met again (its blocks do not follow
    each other) is climbed block by block (`_climb_each`)."""
    # the page's `body` and `html` elements, compared by identity: the climb asks at every step,
    # and reading an element's tag builds a new string each time
    tops = set(blocks[0].element.getroottree().getroot().iter("body", "html")) if blocks else set()
    spans: dict[etree._Element, tuple[int, int]] = {}
    children: dict[etree._Element, list[etree._Element]] = defaultdict(list)
    chain: list[etree._Element] = []  # the open elements, outermost first
    starts: list[int] = []  # the position of each one's first block
    chained: set[etree._Element] = set()
    for position, block in enumerate(blocks):
        element: etree._Element | None = block.element
        path: list[etree._Element] = []
        while element is not None and element not in tops and element not in chained:
            if element in spans:
                return _climb_each(blocks, tops)
            path.append(element)
            element = element.getparent()
        while chain and chain[-1] is not element:
            closed = chain.pop()
            chained.discard(closed)
            spans[closed] = (starts.pop(), position)
        for i, new in enumerate(path):  # from the block up: the order the children are told in
            parent = path[i + 1] if i + 1 < len(path) else element
            if parent is not None and (i > 0 or isinstance(new.tag, str)):
                children[parent].append(new)
        for new in reversed(path):
            chain.append(new)
            starts.append(position)
            chained.add(new)
    while chain:
        spans[chain.pop()] = (starts.pop(), len(blocks))
    return Climb(blocks, spans, children)


def _climb_each(blocks: list[Block], tops: set[etree._Element]) -> Climb:
    """`climb` of a list whose blocks below some element do not follow each other: each block's
    whole walk up, each element told every block below it."""
    below: dict[etree._Element, list[Block]] = defaultdict(list)
    for block in blocks:
        element: etree._Element | None = block.element
        while element is not None and element not in tops:
            below[element].append(block)
            element = element.getparent()
    children: dict[etree._Element, list[etree._Element]] = defaultdict(list)
    for element in below:
        parent = element.getparent()
        if parent is not None and isinstance(element.tag, str):
            children[parent].append(element)
    return Climb(blocks, {}, children, below)


def page_climb(doc: Document, blocks: list[Block]) -> Climb:
    """The climb of `blocks`, the page's scored blocks, worked out once per document; another
    list (a second segmentation) is climbed on its own."""
    climbed = doc.derive("teasers.climb", lambda _: climb(blocks))
    # a list of the same blocks (an article's decisions, read back: `pipeline.article_rules`)
    # answers too: compared item by item, by identity first
    return climbed if climbed.blocks is blocks or climbed.blocks == blocks else climb(blocks)


def sibling_runs(blocks: list[Block], min_items: int = TEASER_MIN_ITEMS,
                 shape: Callable[[etree._Element], str] = lambda e: str(e.tag),
                 climbed: Climb | None = None) -> list[list[Item]]:
    """Siblings of one shape (by default their tag) under one parent that hold blocks, at least
    `min_items` of them: the candidate items of a repeated structure (a teaser list, a row of cards).
    `climbed`: the climb of `blocks` when a caller has it (`page_climb`), else they are climbed here."""
    if climbed is None or climbed.blocks is not blocks:
        climbed = climb(blocks)
    runs: list[list[Item]] = []
    for kids in climbed.children.values():
        if len(kids) < min_items:  # too few to hold a run of any shape: no shape is worked out
            continue
        by_shape: dict[str, list[etree._Element]] = defaultdict(list)
        for element in kids:
            by_shape[shape(element)].append(element)
        runs.extend([Item(s, climbed.below(s)) for s in siblings]
                    for siblings in by_shape.values() if len(siblings) >= min_items)
    return runs


def runs_among(climbed: Climb, among: set[int], min_items: int, shape: Callable[[etree._Element], str]
               ) -> list[list[Item]]:
    """`sibling_runs` of some of the climbed blocks (`among`: their indexes, an article's kept
    ones), read off the climb of them all (the page's, `page_climb`) rather than climbed again:
    each child holds its blocks among them, and a child holding none is no sibling. Only
    parents with `min_items` children in the whole climb can have as many holding some."""
    runs: list[list[Item]] = []
    for kids in climbed.children.values():
        if len(kids) < min_items:
            continue
        items = [Item(element, held) for element in kids
                 if (held := [b for b in climbed.below(element) if b.index in among])]
        if len(items) < min_items:
            continue
        by_shape: dict[str, list[Item]] = defaultdict(list)
        for item in items:
            by_shape[shape(item.element)].append(item)
        runs.extend(siblings for siblings in by_shape.values() if len(siblings) >= min_items)
    return runs


def is_teaser_item(blocks: list[Block]) -> bool:
    """A linked headline among the first blocks, after at most a kicker or a date, then an
    unlinked summary, in a short item."""
    if sum(b.words for b in blocks) > TEASER_ITEM_MAX_WORDS:
        return False
    prelude = 0
    for i, block in enumerate(blocks[:TEASER_TITLE_WITHIN_BLOCKS]):
        if block.lead_link_words >= TEASER_TITLE_MIN_WORDS:
            if prelude > TEASER_PRELUDE_MAX_WORDS:
                return False
            after = block.words - block.link_words + sum(b.words - b.link_words for b in blocks[i + 1:])
            return after >= TEASER_SUMMARY_MIN_WORDS
        prelude += block.words - block.link_words
    return False
