"""Walks up the tree: an element and its ancestors below `<body>`, and the first mark found there.

Several rules ask of a block whether something around it names it (a review, a signature, a
post): the walk is the same, and when every block of a page asks, the answers of the wrappers
they share are kept (`nearest`'s memo), so each wrapper is read once per page.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import TypeVar

from lxml import etree

T = TypeVar("T")
PAGE_TAGS = ("body", "html")
"""Where a walk up stops: marks on the page's own wrappers name the whole page, not a part of it."""


def below_body(element: etree._Element | None) -> Iterator[etree._Element]:
    """`element` and its ancestors, up to (not including) `<body>`."""
    while element is not None and element.tag not in PAGE_TAGS:
        yield element
        element = element.getparent()


def nearest(element: etree._Element | None, mark: Callable[[etree._Element], T | None],
            memo: dict[etree._Element, T | None] | None = None,
            stop: Collection[etree._Element] | None = None) -> T | None:
    """The first `mark` (not None) of `element` and its ancestors below `<body>`, or None.
    `memo`, shared by the calls for one page's blocks, keeps each element's answer on the way up,
    so blocks that share wrappers read them once. The walk of `below_body`, written out: every
    block of a page asks, and a generator's steps cost more than the reads. `stop`, when given,
    ends the walk at the first of its elements instead (not read; empty: the whole way up): a rule
    that asks what names a block inside the article's container stops at the container."""
    path: list[etree._Element] = []
    found: T | None = None
    ancestor = element
    while ancestor is not None and (ancestor.tag not in PAGE_TAGS if stop is None else ancestor not in stop):
        if memo is not None and ancestor in memo:
            found = memo[ancestor]
            break
        path.append(ancestor)
        found = mark(ancestor)
        if found is not None:
            break
        ancestor = ancestor.getparent()
    if memo is not None:
        for seen in path:
            memo[seen] = found
    return found
