"""Description: data layer, cXenseParse:description, og:description, description."""

from __future__ import annotations

from extraction.document import Document
from extraction.found import Found


def description(doc: Document) -> Found[str] | None:
    for key in ("cxenseparse:description", "og:description", "description"):
        value = doc.first_meta(key)
        if value:
            return Found(value, key)
    return None
