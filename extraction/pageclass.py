"""Page class: cXenseParse:pageclass, then a classifier, with og:type=article settling the
cases the classifier is unsure of."""

from __future__ import annotations

from extraction.document import Document
from extraction.found import Found

PAGE_CLASSES = ("article", "frontpage")
ARTICLE_MIN_BODY_WORDS = 150
"""A main text at least this long is an article's; front pages carry teasers, not prose."""


def page_class(doc: Document, body_words: int) -> Found[str]:
    declared = (doc.first_meta("cxenseparse:pageclass") or "").lower()
    if declared in PAGE_CLASSES:
        return Found(declared, "cxenseparse:pageclass")
    if body_words >= ARTICLE_MIN_BODY_WORDS:
        return Found("article", "heuristic")
    if (doc.first_meta("og:type") or "").lower() == "article":
        return Found("article", "og:type")
    return Found("frontpage", "heuristic")
