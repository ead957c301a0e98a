"""Overridden generated fields (`cXenseParse:taxonomy|company|person|...`) and the categories
derived from the taxonomy paths."""

from __future__ import annotations

from extraction.document import Document
from extraction.found import Found
from values.profile import OVERRIDE_KINDS

PREFIX = "cxenseparse:"
TAXONOMY_SEPARATOR = "/"


def overrides(doc: Document) -> Found[dict[str, tuple[str, ...]]] | None:
    """Kind -> values, several metas of one kind giving several values (document order),
    lower-cased like all structured values (spec)."""
    found: dict[str, tuple[str, ...]] = {}
    for kind in OVERRIDE_KINDS:
        values = tuple(dict.fromkeys(v.strip().lower() for v in doc.meta_values(PREFIX + kind) if v.strip()))
        if values:
            found[kind] = values
    return Found(found, "cxenseparse") if found else None


def categories(taxonomies: tuple[str, ...]) -> tuple[str, ...]:
    """Every prefix of every taxonomy path: `news/sports/golf` gives `news`, `news/sports`,
    `news/sports/golf` (so a query for `news` finds the golf story)."""
    out: dict[str, None] = {}
    for path in taxonomies:
        parts = [p.strip() for p in path.strip().strip(TAXONOMY_SEPARATOR).split(TAXONOMY_SEPARATOR)]
        parts = [p for p in parts if p]
        for depth in range(1, len(parts) + 1):
            out[TAXONOMY_SEPARATOR.join(parts[:depth]).lower()] = None
    return tuple(out)
