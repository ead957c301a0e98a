"""Reading the JSON-LD objects `Document` indexed: which object describes the article, and
the shapes its values come in (strings, lists, nested `Person` objects)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from extraction.document import Document

ARTICLE_TYPE_MARK = "Article"
"""An object is the article's when its `@type` contains this (Article, NewsArticle, ...)."""

ARTICLE_LIKE_TYPES = frozenset({"BlogPosting", "Report", "LiveBlogPosting", "SocialMediaPosting"})
"""schema.org subtypes of Article whose names do not contain the word."""


ORGANIZATION_TYPES = frozenset({"Organization", "NewsMediaOrganization", "Corporation", "LocalBusiness",
                                "EducationalOrganization", "GovernmentOrganization"})
"""`@type`s of authors that are not people."""


def types_of(obj: dict[str, Any]) -> list[str]:
    raw = obj.get("@type")
    items = raw if isinstance(raw, list) else [raw]
    return [t for t in items if isinstance(t, str)]


def is_article(obj: dict[str, Any]) -> bool:
    return any(ARTICLE_TYPE_MARK in t or t in ARTICLE_LIKE_TYPES for t in types_of(obj))


def articles(doc: Document) -> Iterator[dict[str, Any]]:
    """Article objects in document order (top level, arrays and `@graph` flattened)."""
    return (obj for obj in doc.jsonld if is_article(obj))


def first_article(doc: Document) -> dict[str, Any] | None:
    return next(articles(doc), None)


def articles_first(doc: Document) -> list[dict[str, Any]]:
    """Every object, the article objects first: a `WebPage` often holds what the article
    object does not (the dates, a counter), but the article's own value wins."""
    return list(articles(doc)) + [o for o in doc.jsonld if not is_article(o)]


def with_key(doc: Document, key: str) -> Iterator[tuple[dict[str, Any], Any]]:
    """Objects carrying `key`, article objects first (`articles_first`)."""
    for obj in articles_first(doc):
        if obj.get(key) not in (None, "", []):
            yield obj, obj[key]


def names(value: Any) -> list[str]:
    """Names from a `Person`/`Organization` value: a string, an object, or a list of either."""
    items = value if isinstance(value, list) else [value]
    out: list[str] = []
    for item in items:
        if isinstance(item, str) and item.strip():
            out.append(item.strip())
        elif isinstance(item, dict):
            name = item.get("name")
            if isinstance(name, str) and name.strip():
                out.append(name.strip())
    return out


def person_names(doc: Document, value: Any) -> list[str]:
    """Names of the people an `author` value names: objects referenced by `@id` alone are
    looked up in the page's other objects (Yoast's `@graph` form), and `Organization`
    objects are left out: a publisher is not a person."""
    by_id = {o["@id"]: o for o in doc.jsonld if isinstance(o.get("@id"), str)}
    items = value if isinstance(value, list) else [value]
    resolved = [by_id.get(i["@id"], i) if isinstance(i, dict) and "name" not in i and "@id" in i else i
                for i in items]
    people = [i for i in resolved if not (isinstance(i, dict) and set(types_of(i)) & ORGANIZATION_TYPES)]
    return names(people)


def text_value(value: Any) -> str | None:
    """A plain string from a value that may be a string, a list of strings or a `{"@value"}`."""
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, dict) and isinstance(value.get("@value"), str):
        return value["@value"].strip() or None
    if isinstance(value, list) and value:
        return text_value(value[0])
    return None


def image_url(value: Any) -> str | None:
    """URL of an `image` value: a string, an `ImageObject`, or a list of either (first wins)."""
    if isinstance(value, list):
        return image_url(value[0]) if value else None
    if isinstance(value, dict):
        return text_value(value.get("url") or value.get("contentUrl"))
    return text_value(value)


def declares_paywall(doc: Document) -> bool:
    """The page's structured data says its text is not free to read: `isAccessibleForFree`
    false on one of its objects or on a part of one (`hasPart`), the markup schema.org and
    Google ask publishers to put on a story they hide from non-members."""
    return doc.derive("declares_paywall", lambda d: any(_not_free(obj) for obj in d.jsonld))


def _not_free(obj: dict[str, Any]) -> bool:
    value = obj.get("isAccessibleForFree")
    if value is False or (isinstance(value, str) and value.strip().lower() == "false"):
        return True
    parts = obj.get("hasPart")
    return any(isinstance(p, dict) and _not_free(p) for p in (parts if isinstance(parts, list) else [parts]))
