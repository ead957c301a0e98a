"""Where on the page the article is: the headline's container, shared by the fields that
look near the headline (visible dates, the dominant image, soft-404 prominent text)."""

from __future__ import annotations

from lxml import etree
from lxml.html import HtmlElement

from extraction.document import Document

ARTICLE_CONTAINERS = ("article", "main")
"""Semantic elements that wrap a story in modern templates."""


def first_h1(doc: Document) -> HtmlElement | None:
    """The document's first `<h1>`: the spec counts only the first."""
    return next(iter(doc.root.iter("h1")), None)


def article_zone(doc: Document) -> HtmlElement | None:
    """The nearest `article`/`main` around the first `<h1>`, else the h1's grandparent (the
    headline's block and its siblings: byline, lead image); without a headline, the first
    `article`/`main`, else the body."""
    h1 = first_h1(doc)
    if h1 is not None:
        for ancestor in h1.iterancestors():
            if ancestor.tag in ARTICLE_CONTAINERS:
                return ancestor
        parent = h1.getparent()
        grandparent = parent.getparent() if parent is not None else None
        if grandparent is not None and grandparent.tag != "html":
            return grandparent
        return parent
    container = next(iter(doc.root.iter(*ARTICLE_CONTAINERS)), None)
    return container if container is not None else doc.root.find("body")


def inside(el: etree._Element, zone: etree._Element) -> bool:
    return any(a is zone for a in el.iterancestors())


def under_tag_within(el: etree._Element, zone: etree._Element, tags: frozenset[str]) -> bool:
    """An ancestor of `el` below `zone` (or anywhere, if `el` is not inside it) has one of `tags`."""
    for ancestor in el.iterancestors():
        if ancestor is zone:
            return False
        if ancestor.tag in tags:
            return True
    return False
