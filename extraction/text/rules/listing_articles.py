"""Listing articles: on a listing, the `<article>`s nested in the page's `<article>` are its items, not a rail.

The measure (`features.HintIndex`) reads an `<article>` that sits among other `<article>`s inside
an outer `<article>` as a list of other stories -- the rail of teasers under a story -- and gives
its blocks a chrome ancestor, so every read leaves them out. On a page read as a listing those
nested articles are what the page lists: a trade news front prints each headline and its
summary as `article.list-item` inside `main > article`. On a listing read such a block is judged
as the listing's own (the chrome set aside), unless a chrome tag of its own lies inside the
nested article (a `<nav>`, an `<aside>`). Other kinds keep the measure's reading: a story's
related-stories rail is what it describes.

Stage: 6 the inclusive read
Measured: 2026-12-06 (session 23, docs/lab/2026-12-06-s23-quality.md), static `bench/wcxb_halves.py`:
WCXB tune 0.88384 -> 0.88484 (one page moved: a trade news front whose items are nested articles,
0.074 -> 0.709), check 0.88592 unchanged (no page moved); Zyte, newspaper4k, Mozilla,
article-extractor and the old-web corpus: no page moved. One tune page is thin evidence; the rule
is the listing read's own reading (its items are its content), not fitted to that page.
"""

from __future__ import annotations

from dataclasses import replace

from lxml import etree

from extraction.text.features import CHROME_TAGS, NESTED_ARTICLE_CHROME, Features
from extraction.text.layout import LISTING

__all__ = ["as_listing_item"]


def as_listing_item(f: Features, element: etree._Element, kind: str) -> Features:
    """`f`, its nested-article chrome set aside on a listing (see the module's docstring)."""
    if kind != LISTING or f.chrome_ancestor != NESTED_ARTICLE_CHROME:
        return f
    if any(isinstance(e.tag, str) and e.tag in CHROME_TAGS for e in (element, *element.iterancestors())):
        return f
    return replace(f, chrome_ancestor=None)
