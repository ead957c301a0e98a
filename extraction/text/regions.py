"""Regions of the main content, as `--explain` reports them.

On an article the main content is the chosen container and its qualifying siblings. On every
other layout kind (see layout.py) it is a set of regions: the children of the inclusive root
(`<main>`, else the body) that hold text. Each region is listed kept or dropped with its reason:
kept when any of its blocks is content, dropped with the reason most of its words were dropped
for (chrome, a boilerplate class, link-heavy navigation, ...). Pure functions over decisions
already made block by block.

Tried and dropped (bench/wcxb_halves.py, 2026-12-01): after the container wins, a walk up to
three levels taking in sibling and cousin sections that score at least 10 words net (link
density counting against them) with 10 words in good blocks. WCXB tune half +0.000 (0.809 ->
0.809), Zyte 0.9741 against 0.9761 without it: it added sidebar widgets to articles and nothing
the inclusive region of non-article pages does not already take.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from lxml import etree

MAX_REGIONS_REPORTED = 40  # `--explain` lists at most this many regions (largest first)


@dataclass(frozen=True, slots=True)
class Merge:
    """One region of the page beside or inside the main content: kept or left out, and why."""

    element: etree._Element
    score: float
    kept: bool
    why: str


def region_report(root: etree._Element, decisions: Iterable[tuple[etree._Element, int, float, bool, str]],
                  ) -> tuple[Merge, ...]:
    """Per child of `root` holding blocks: kept or dropped, its summed score and the reason.

    `decisions` are (block element, words, score, kept, why) in document order. A root whose
    text all sits in one child is looked through (layout wrappers), down to where it divides.
    """
    decisions = list(decisions)
    while True:
        holders = {_child_of(root, d[0]) for d in decisions} - {None}
        if len(holders) != 1:
            break
        only = holders.pop()
        if only is None or any(d[0] is only for d in decisions):
            break
        root = only
    words: Counter[etree._Element] = Counter()
    kept_words: Counter[etree._Element] = Counter()
    scores: dict[etree._Element, float] = {}
    whys: dict[etree._Element, Counter[str]] = {}
    order: list[etree._Element] = []
    for element, count, score, kept, why in decisions:
        child = _child_of(root, element)
        if child is None:
            continue
        if child not in words:
            order.append(child)
            whys[child] = Counter()
        words[child] += count
        scores[child] = scores.get(child, 0.0) + score
        if kept:
            kept_words[child] += count
        else:
            whys[child][why] += count
    merges = []
    for child in order:
        if kept_words[child]:
            why = f"{kept_words[child]} of {words[child]} words content"
            merges.append(Merge(child, scores[child], True, why))
        else:
            merges.append(Merge(child, scores[child], False, whys[child].most_common(1)[0][0]))
    merges.sort(key=lambda m: -words[m.element])
    return tuple(sorted(merges[:MAX_REGIONS_REPORTED], key=lambda m: order.index(m.element)))


def _child_of(root: etree._Element, element: etree._Element | None) -> etree._Element | None:
    """The child of `root` that holds `element` (the element itself when it is that child)."""
    while element is not None:
        parent = element.getparent()
        if parent is root:
            return element
        element = parent
    return None
