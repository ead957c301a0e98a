"""The context pass: inside the chosen region, each block labelled and the doubtful ones settled by their neighbours.

Blocks are classed good / near-good / short / bad from their verdicts (`label`); the doubtful
ones are settled by the blocks around them, as jusText's context pass does (`smooth`):
headings are kept when good text follows them, and the items of one list or table, or of one
run of like rows, are settled together (`row_group`).

Stage: 4 first read (the context pass)
Measured: WCXB dev and Zyte (issue 12, 2026-12-01; like rows in session 13:
docs/lab/2026-12-03-session-13-recall-documentation-speed.md). A group's blocks between two of its
good blocks kept across the boilerplate that cuts the group (session 19, 2026-12-05,
docs/lab/2026-12-05-s19-articles.md): WCXB tune 0.88352 -> 0.88356, check 0.88545 -> 0.88547,
Zyte 0.9814 -> 0.9818 (tune 0.9794 -> 0.9797, held 0.9835 -> 0.9839: a story cut by inline rails
of headlines 0.697 -> 0.743); oldweb, newspaper4k, Mozilla, article-extractor unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from lxml import etree

from extraction.text.blocks import Block
from extraction.text.container import row_shape
from extraction.text.decisions import Label, Verdict
from extraction.text.features import Features
from extraction.text.score import GOOD_SCORE_WORDS
from extraction.textutil import text_of

SHORT_MAX_LINK_DENSITY = 0.5  # a short block with more links than this is navigation
HEADING_LOOKAHEAD_BLOCKS = 3  # a heading is kept when good text starts within this many blocks
LIKE_ROWS_MIN = 3  # a parent with this many `div`/`span`/`p` children of one tag and class is a table without markup


def label(block: Block, verdict: Verdict, features: Features) -> Label:
    if verdict.hard_bad:
        return Label.BAD
    if verdict.score >= GOOD_SCORE_WORDS:
        return Label.GOOD
    if verdict.score > 0:
        return Label.NEAR
    if features.link_density > SHORT_MAX_LINK_DENSITY and not data_row(block.element):
        return Label.BAD
    return Label.SHORT


def data_row(element: etree._Element) -> bool:
    """A table row of two or more cells, one of them text without a link: a ranking's linked
    name beside its figures ("M.C. Dean | $1.3B"). Its link density says navigation, but a menu
    row links every cell; such rows are settled with their table (`smooth`), by its neighbours."""
    if element.tag != "tr":
        return False
    cells = [c for c in element if c.tag in ("td", "th") and text_of(c).strip()]
    return len(cells) >= 2 and any(next(c.iter("a"), None) is None for c in cells)


def smooth(labels: list[Label], headings: list[bool], groups: Sequence[object | None] | None = None,
           ) -> list[tuple[bool, str]]:
    """Keep good blocks; settle near-good, short and heading blocks by their neighbours.

    `groups` names, per block, the list or table it is an item or row of, or the parent of its
    run of like rows (`_like_rows`; None outside one).
    The doubtful items of one list or table are settled together, by the neighbours of the
    whole list and the good items in it: a table's rows and a list's lines are short one by
    one, yet the table beside the article's text is part of it (links make an item bad, and a
    bad item stays out). A doubtful block between two good blocks of its own group is kept
    whatever boilerplate cuts the group around it: a story's short paragraphs between inline
    rails of headlines (`_good_bounds`)."""
    spans = _group_spans(groups or [None] * len(labels))
    inside = _good_bounds(groups or [None] * len(labels), labels)
    before, after = _decisive_neighbours(labels)
    out: list[tuple[bool, str]] = []
    for i, lab in enumerate(labels):
        if lab is Label.GOOD:
            out.append((True, "good"))
            continue
        if lab is Label.BAD:
            out.append((False, "bad"))
            continue
        prev, nxt = before[i], after[i]
        if headings[i]:
            ahead = labels[i + 1:i + 1 + HEADING_LOOKAHEAD_BLOCKS]
            keep = Label.GOOD in ahead or (Label.NEAR in ahead and nxt is Label.GOOD)
            out.append((keep, "heading before good text" if keep else "heading without text after it"))
        elif i in spans:
            first, last = spans[i]
            keep = (Label.GOOD in labels[first:last + 1] or before[first] is Label.GOOD
                    or after[last] is Label.GOOD or _between(i, inside))
            out.append((keep, "item of a list or table beside good text" if keep
                        else "item of a list or table between boilerplate"))
        elif _between(i, inside):
            out.append((True, "item of a list or table between its good items"))
        elif lab is Label.NEAR:
            keep = Label.GOOD in (prev, nxt)
            out.append((keep, "near-good beside good" if keep else "near-good between boilerplate"))
        else:
            keep = prev is Label.GOOD and nxt is Label.GOOD
            out.append((keep, "short between good blocks" if keep else "short beside boilerplate"))
    _keep_headings_of_kept_lists(out, labels, headings, spans)
    return out


def _group_spans(groups: Sequence[object | None]) -> dict[int, tuple[int, int]]:
    """Per block in a list or table of at least two blocks, the first and last index of that run."""
    spans: dict[int, tuple[int, int]] = {}
    i = 0
    while i < len(groups):
        j = i
        while j + 1 < len(groups) and groups[i] is not None and groups[j + 1] is groups[i]:
            j += 1
        if j > i:
            for k in range(i, j + 1):
                spans[k] = (i, j)
        i = j + 1
    return spans


def _good_bounds(groups: Sequence[object | None], labels: list[Label]) -> dict[int, tuple[int, int]]:
    """Per block of a group (a list, a table, a run of like rows), the first and last good block
    of that group, contiguous or not: boilerplate that interrupts a group (an inline rail of
    headlines between a story's paragraphs) does not part its blocks."""
    members: dict[int, list[int]] = {}
    for i, group in enumerate(groups):
        if group is not None:
            members.setdefault(id(group), []).append(i)
    bounds: dict[int, tuple[int, int]] = {}
    for run in members.values():
        good = [m for m in run if labels[m] is Label.GOOD]
        if len(good) >= 2:
            bounds.update((m, (good[0], good[-1])) for m in run)
    return bounds


def _between(i: int, bounds: dict[int, tuple[int, int]]) -> bool:
    """Block `i` lies between two good blocks of its own group (`_good_bounds`)."""
    first, last = bounds.get(i, (i, i))
    return first < i < last


def _keep_headings_of_kept_lists(out: list[tuple[bool, str]], labels: list[Label], headings: list[bool],
                                 spans: dict[int, tuple[int, int]]) -> None:
    """A heading dropped for want of good text after it is kept when what follows it is a list
    or table kept as the article's ("Top picks" above a table of picks)."""
    for i, is_heading in enumerate(headings):
        if not is_heading or out[i][0] or labels[i] is Label.BAD:
            continue
        nxt = i + 1
        if nxt in spans and out[nxt][0] and not headings[nxt]:
            out[i] = (True, "heading before a kept list or table")


def _decisive_neighbours(labels: list[Label]) -> tuple[list[Label | None], list[Label | None]]:
    """Per block, the nearest good or bad label before it and after it (None at the ends): one
    pass each way, where a scan from every doubtful block crossed long runs of them again."""
    before: list[Label | None] = []
    last: Label | None = None
    for lab in labels:
        before.append(last)
        if lab is Label.GOOD or lab is Label.BAD:
            last = lab
    after: list[Label | None] = [None] * len(labels)
    last = None
    for i in range(len(labels) - 1, -1, -1):
        after[i] = last
        if labels[i] is Label.GOOD or labels[i] is Label.BAD:
            last = labels[i]
    return before, after


LIST_TAGS = frozenset({"ul", "ol", "dl", "table"})
"""Elements whose items or rows the context pass settles together (see `smooth`)."""


def list_or_table(element: etree._Element, region: set[etree._Element]) -> etree._Element | None:
    """The outermost list or table holding `element`, up to the chosen region's own elements
    (a table that is itself one of the joined siblings counts), if any."""
    found = None
    for ancestor in element.iterancestors():
        if ancestor.tag in LIST_TAGS:
            found = ancestor
        if ancestor in region:
            break
    return found


def row_group(element: etree._Element, region: set[etree._Element],
               row_shapes: dict[etree._Element, Counter[str]]) -> etree._Element | None:
    """What `element` is settled with by `smooth`: its list or table, else its run of like rows.
    `row_shapes` keeps each parent's count of child shapes, so a long run of paragraphs is
    counted once, not once per paragraph."""
    group = list_or_table(element, region)
    return group if group is not None else _like_rows(element, row_shapes)


def _like_rows(element: etree._Element, row_shapes: dict[etree._Element, Counter[str]]) -> etree._Element | None:
    """The parent of `element` when it holds `LIKE_ROWS_MIN` children of the element's tag and
    classes (digits dropped), the element one of them (a `div`, `span` or `p`): rows without a
    list's or a table's markup. A spec sheet or a key-figures grid built of `div`s ("Weight",
    "46 lbs") is a table, and a story's plain paragraphs are one run too, whose short lines --
    a sign-off after the last long paragraph ("Happy practicing!"), a one-line paragraph beside
    a link -- are settled with the paragraphs around them, not dropped one by one."""
    parent = element.getparent()
    if parent is None or element.tag not in ("div", "span", "p"):
        return None
    shapes = row_shapes.get(parent)
    if shapes is None:
        shapes = row_shapes[parent] = Counter(row_shape(child) for child in parent)
    return parent if shapes[row_shape(element)] >= LIKE_ROWS_MIN else None
