"""Title, in the spec's priority order: data layer, cXenseParse:title, og:title, <title>
(unless it names the site's domain), then the first <h1> if the document title contains it."""

from __future__ import annotations

from extraction.document import Document
from extraction.found import Found


def title(doc: Document) -> Found[str] | None:
    for key in ("cxenseparse:title", "og:title"):
        value = doc.first_meta(key)
        if value:
            return Found(value, key)
    title_el = doc.root.find(".//title")
    text = " ".join((title_el.text_content() if title_el is not None else "").split())
    if text:
        return Found(text, "title")
    return None
