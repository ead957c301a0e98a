"""Description and keywords, each in the spec's priority order: the Composer data layer, then
`cXenseParse:`, then the Open Graph / news metas, then the plain HTML metas."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from extraction.datalayer import composer_values, layer_then_metas
from extraction.document import Document
from extraction.found import Choice, Found, Invalid, first_valid
from extraction.textutil import strip_markup

DESCRIPTION_KEYS = ("cxenseparse:description", "og:description", "description")
KEYWORD_KEYS = ("cxenseparse:keywords", "news_keywords", "keywords")
"""Meta keys after the data layer, highest priority first."""

MAX_KEYWORDS_CHARS = 1024
"""A keywords value longer than this is body text pasted into a meta, not keywords (Piano's
own limit)."""

KEYWORD_SEPARATORS = re.compile(r"[,;]")
"""Publishers separate keywords with commas; some CMSs write semicolons."""


def description(doc: Document) -> Found[str] | None:
    candidates = layer_then_metas(doc, "description", DESCRIPTION_KEYS)
    return first_valid("description", candidates, lambda raw: strip_markup(raw) or None).found


def split_keywords(raw: str) -> tuple[str, ...]:
    """One keywords value as a list: markup stripped, split, trimmed, duplicates dropped."""
    parts = (p.strip() for p in KEYWORD_SEPARATORS.split(strip_markup(raw)))
    return tuple(dict.fromkeys(p for p in parts if p))


def keywords(doc: Document) -> Choice[tuple[str, ...]]:
    """Several metas of the winning key are one list; the first key with a valid value wins."""

    def candidates() -> Iterator[tuple[str, str]]:
        layer: Any = composer_values(doc.page.datalayer).get("keywords")
        if isinstance(layer, (list, tuple)):
            layer = ",".join(str(v) for v in layer)
        if isinstance(layer, str):
            yield "datalayer", layer
        for key in KEYWORD_KEYS:
            values = [v for v in doc.meta_values(key) if v.strip()]
            if values:
                yield key, ",".join(values)

    def convert(raw: str) -> tuple[str, ...] | Invalid | None:
        if len(strip_markup(raw)) > MAX_KEYWORDS_CHARS:
            return Invalid(f"longer than {MAX_KEYWORDS_CHARS} characters")
        return split_keywords(raw) or None

    return first_valid("keywords", candidates(), convert)
