"""Explicit publisher markup (document-parsing spec, "Sections"), checked before any heuristic.

1. Elements with class `cXenseParse` (block or inline): the body is their text only.
2. Else `<!-- cxenseparse_start -->` ... `<!-- cxenseparse_end -->` pairs: the text between
   them (a start without an end runs to the end of the document).
`cxenseignore` elements are left out in both cases (and by the heuristic); the gated walk
itself is in `blocks.segment`.
"""

from __future__ import annotations

from lxml import etree

from extraction.document import Document
from extraction.text.blocks import MARKUP_CLASS, START_COMMENT, Gate, names_class


def markup_gate(doc: Document) -> Gate | None:
    """Which explicit markup the page uses, or None when the heuristic must decide."""
    if any(names_class(value, MARKUP_CLASS) for value in doc.values("class")):  # each class value once
        return Gate.CLASS
    for comment in doc.root.iter(tag=etree.Comment):
        if (comment.text or "").strip().lower() == START_COMMENT:
            return Gate.COMMENTS
    return None
