"""Piano's content data layer: the twelve fields, each from the first source that has it.

Priority for every field: values Composer commands set in the rendered page, then
`cXenseParse:` markup, then meta tags (Piano's `content:<field>`, then the older metas and the
Cxense rules' metas), then JSON-LD (the first Article object, `@graph` included). The sources
per field are data, in `FIELD_SOURCES`; a source is `composer`, `meta:<key>` or `jsonld:<key>`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from extraction import jsonld
from extraction.articleid import validate as validate_article_id
from extraction.authors import split_names
from extraction.datalayer import as_bool, as_list, composer_values
from extraction.dateparse import parse_machine
from extraction.descriptions import MAX_KEYWORDS_CHARS
from extraction.document import Document
from extraction.found import Found
from extraction.pubtimes import PUBLISHED_CXENSE_KEYS, PUBLISHED_META_KEYS
from extraction.textutil import strip_markup
from values.profile import ContentDataLayer

_AUTHOR_METAS = ("og:article:author", "article:author", "og:book:author", "book:author", "author",
                 "dc.creator", "article.author")

FIELD_SOURCES: dict[str, tuple[str, ...]] = {
    "id": ("composer", "meta:cxenseparse:articleid", "meta:content:id", "meta:id"),
    "type": ("composer", "meta:content:type", "meta:og:type"),
    "zone": ("composer", "meta:content:zone"),
    "createdAt": ("composer", *(f"meta:{k}" for k in PUBLISHED_CXENSE_KEYS + PUBLISHED_META_KEYS),
                  "jsonld:datePublished"),
    "modifiedAt": ("composer", "meta:content:modifiedat", "meta:article:modified_time",
                   "meta:datemodified", "jsonld:dateModified"),
    "authors": ("composer", "meta:cxenseparse:author", "meta:content:authors",
                *(f"meta:{k}" for k in _AUTHOR_METAS), "jsonld:author"),
    "section": ("composer", "meta:content:section", "meta:section", "meta:article:section", "jsonld:articleSection"),
    "tags": ("composer", "meta:content:tags", "meta:article:tag", "jsonld:keywords"),
    "keywords": ("composer", "meta:cxenseparse:keywords", "meta:content:keywords",
                 "meta:news_keywords", "meta:keywords", "jsonld:keywords"),
    "title": ("composer", "meta:cxenseparse:title", "meta:content:title", "meta:og:title",
              "jsonld:headline"),
    "description": ("composer", "meta:cxenseparse:description", "meta:content:description",
                    "meta:og:description", "meta:description", "jsonld:description"),
    "isNative": ("composer", "meta:content:isnative"),
}
"""Each of the twelve fields and where it may come from, highest priority first. Section and
tags follow the spec's data-layer order too: Piano's metas, then the Open Graph article metas
(`article:section`, every `article:tag`), then the article's JSON-LD (`articleSection`,
`keywords`)."""


def _text(raw: Any) -> str | None:
    if isinstance(raw, (list, tuple)):
        raw = raw[0] if raw else None
    if raw is None or isinstance(raw, (dict, bool)):
        return None
    return strip_markup(str(raw)) or None


def _time(raw: Any) -> datetime | None:
    return parse_machine(raw) if isinstance(raw, str) else None


def _list(raw: Any) -> tuple[str, ...] | None:
    if isinstance(raw, str) and len(raw) > MAX_KEYWORDS_CHARS:
        return None
    return tuple(dict.fromkeys(strip_markup(v) for v in as_list(raw) if strip_markup(v))) or None


def _authors(raw: Any) -> tuple[str, ...] | None:
    if isinstance(raw, (list, tuple)):
        return tuple(dict.fromkeys(n for v in raw for n in split_names(str(v), ";"))) or None
    if isinstance(raw, str):
        return tuple(dict.fromkeys(split_names(raw))) or None
    return None


def _id(raw: Any) -> str | None:
    value = validate_article_id(str(raw)) if isinstance(raw, (str, int)) else None
    return value if isinstance(value, str) else None


CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "id": _id,
    "createdAt": _time, "modifiedAt": _time, "authors": _authors, "tags": _list,
    "keywords": _list, "isNative": as_bool,
}
"""How a raw value becomes the field's type (None: not usable, try the next source); fields
not listed are plain text. The id obeys the article-id rules: it is the same identifier."""

ATTRIBUTES = {"createdAt": "created_at", "modifiedAt": "modified_at", "isNative": "is_native"}
"""Piano's camelCase names and the `ContentDataLayer` attributes that hold them."""


def content_datalayer(doc: Document) -> tuple[ContentDataLayer, dict[str, str]]:
    """The twelve fields and, for each one found, its source (`datalayer.<field>` keys)."""
    composer = composer_values(doc.page.datalayer)
    article = jsonld.first_article(doc) or {}
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name, levels in FIELD_SOURCES.items():
        found = _first(name, levels, doc, composer, article)
        if found is not None:
            values[ATTRIBUTES.get(name, name)] = found.value
            sources[f"datalayer.{name}"] = found.source
    return ContentDataLayer(**values), sources


def _first(name: str, levels: tuple[str, ...], doc: Document, composer: Any, article: dict) -> Found | None:
    convert = CONVERTERS.get(name, _text)
    for level in levels:
        for raw in _raw_values(name, level, doc, composer, article):
            value = convert(raw)
            if value is not None:
                return Found(value, level)
    return None


def _raw_values(name: str, level: str, doc: Document, composer: Any, article: dict) -> list[Any]:
    if level == "composer":
        return [composer[name]] if name in composer else []
    kind, key = level.split(":", 1)
    if kind == "meta":
        metas = [v for v in doc.meta_values(key) if v.strip()]
        return [",".join(metas)] if metas and name in ("keywords", "tags") else metas
    value = article.get(key)
    if key == "author":
        names = jsonld.names(value)
        return [names] if names else []
    return [] if value in (None, "", []) else [value]
