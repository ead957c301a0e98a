"""Authors: data layer, cXenseParse:author, Piano content:authors, the author metas in the
spec's order, then JSON-LD `author.name`."""

from __future__ import annotations

from extraction.datalayer import as_list, composer_values
from extraction.document import Document
from extraction.found import Found

META_KEYS = (
    "cxenseparse:author", "content:authors", "og:article:author", "article:author",
    "og:book:author", "book:author", "author", "dc.creator", "article.author",
)


def authors(doc: Document) -> Found[tuple[str, ...]] | None:
    layer = composer_values(doc.page.datalayer)
    if names := as_list(layer.get("authors")):
        return Found(tuple(names), "datalayer")
    for key in META_KEYS:
        names = [n for value in doc.meta_values(key) for n in as_list(value)]
        if names:
            return Found(tuple(dict.fromkeys(names)), key)
    for obj in doc.jsonld:
        if "Article" not in str(obj.get("@type", "")):
            continue
        raw = obj.get("author")
        items = raw if isinstance(raw, list) else [raw]
        names = [str(i.get("name")).strip() for i in items if isinstance(i, dict) and i.get("name")]
        if names:
            return Found(tuple(names), "jsonld")
    return None
