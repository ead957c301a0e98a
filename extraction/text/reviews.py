"""Customer reviews: the comment thread of a product page.

A product page's reviews are what buyers wrote about it: a rating, a title, a paragraph, a
"was this helpful?" line, repeated. The page is about the product, and its reviews are to it
what comments are to an article, so on a product page (layout.py) they are left out as an
article's comments are. They are named the same way on the web at large: a class or id word
`review`/`reviews` (`customer-reviews`, `review-list`, not `preview`), or schema.org markup
(`itemprop="review"`, `itemtype` .../Review).
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.ancestry import nearest

_REVIEW_WORD = re.compile(r"(?<![a-z])reviews?(?![a-z])", re.I)
_REVIEW_TYPE = re.compile(r"schema\.org/Review\b", re.I)


def review_ancestor(element: etree._Element | None, memo: dict[etree._Element, str | None] | None = None) -> str | None:
    """The class/id word or schema.org markup that puts `element` inside a review, or None
    (`memo`: see `ancestry.nearest`)."""
    return nearest(element, _own_review_mark, memo)


def _own_review_mark(element: etree._Element) -> str | None:
    if (element.get("itemprop") or "").lower() == "review" or _REVIEW_TYPE.search(element.get("itemtype") or ""):
        return "schema.org Review"
    for word in f"{element.get('class') or ''} {element.get('id') or ''}".split():
        if _REVIEW_WORD.search(word):
            return word
    return None
