"""`ContentProfile`: the one value that crosses from `extraction/` to `storage/`, kept under both
so that storage names it without importing the extractor.

Every field the document-parsing spec names, plus `sources` (field -> where its value came
from) and `rejections` (values the spec's validation rules dropped, with the reason), so that
priority rules are testable and a user can debug a profile.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

FieldType = Literal["string", "number", "time", "geopoint"]
FieldValue = str | float | datetime | tuple[float, float]

OVERRIDE_KINDS = ("taxonomy", "company", "person", "location", "concept", "entity", "classification")
"""Generated search fields a page may override with `cXenseParse:<kind>` metas."""


@dataclass(frozen=True, slots=True)
class DominantImage:
    url: str
    width: int | None = None
    height: int | None = None


@dataclass(frozen=True, slots=True)
class CustomField:
    """One value of a `cXenseParse:<key>` meta; a key with several values gives several."""

    key: str
    type: FieldType
    value: FieldValue


@dataclass(frozen=True, slots=True)
class Rejection:
    """A value the spec's rules dropped, kept so nothing is dropped silently."""

    field: str
    value: str
    reason: str


@dataclass(frozen=True, slots=True)
class ContentDataLayer:
    """Piano's 12 content fields, each already resolved in the spec's priority order."""

    id: str | None = None
    type: str | None = None
    zone: str | None = None
    created_at: datetime | None = None
    modified_at: datetime | None = None
    authors: tuple[str, ...] = ()
    section: str | None = None
    tags: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    title: str | None = None
    description: str | None = None
    is_native: bool | None = None


@dataclass(frozen=True, slots=True)
class ContentProfile:
    url: str
    canonical_url: str | None = None
    title: str | None = None
    description: str | None = None
    keywords: tuple[str, ...] = ()
    body: str = ""
    """Main text; paragraphs separated by one blank line."""
    sections: tuple[str, ...] = ()
    page_class: str | None = None
    published_time: datetime | None = None
    """Aware, in the offset the page wrote: the JSON form shows the UTC instant
    (`published_time`) and the page's local time (`published_local`)."""
    modified_time: datetime | None = None
    article_id: str | None = None
    authors: tuple[str, ...] = ()
    image: DominantImage | None = None
    fields: tuple[CustomField, ...] = ()
    overrides: dict[str, tuple[str, ...]] = field(default_factory=dict)
    categories: tuple[str, ...] = ()
    recommendable: bool = True
    expiration_time: datetime | None = None
    recommending: bool = True
    datalayer: ContentDataLayer = field(default_factory=ContentDataLayer)
    language: str | None = None
    soft_404: bool = False
    comment_count: int | None = None
    """Readers' comments on the page's story, kept out of its body (`extraction/comments.py`): the
    publisher's declared count, else the count the page prints, else the comment items it shows;
    on a forum or Q&A page only a declared count (its replies). None: no comments seen."""
    sources: dict[str, str] = field(default_factory=dict)
    rejections: tuple[Rejection, ...] = ()
    content_hash: str = field(init=False, repr=False, compare=False)
    """Hash of everything the page says (not of where values came from, nor of its comment count:
    comments arrive all day, and a new one is no new version of the story): two crawls with the
    same hash carry the same content, so storage keeps one version for both. Computed once,
    when the profile is built (`dataclasses.replace` builds a new one, so it follows)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "content_hash", _content_hash(self.to_dict()))

    @property
    def word_count(self) -> int:
        return len(self.body.split())

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (snake_case keys, ISO-8601 UTC times with `Z`, absent as null/[]);
        `published_local` is the publication time in the page's own offset."""
        dl = self.datalayer
        out: dict[str, Any] = {
            "url": self.url,
            "canonical_url": self.canonical_url,
            "title": self.title,
            "description": self.description,
            "keywords": list(self.keywords),
            "body": self.body,
            "sections": list(self.sections),
            "page_class": self.page_class,
            "published_time": iso_utc(self.published_time),
            "published_local": iso_local(self.published_time),
            "modified_time": iso_utc(self.modified_time),
            "article_id": self.article_id,
            "authors": list(self.authors),
            "image": None if self.image is None else {
                "url": self.image.url, "width": self.image.width, "height": self.image.height},
            "fields": [{"key": f.key, "type": f.type, "value": _json_value(f.value)} for f in self.fields],
            "overrides": {k: list(v) for k, v in self.overrides.items()},
            "categories": list(self.categories),
            "recommendable": self.recommendable,
            "expiration_time": iso_utc(self.expiration_time),
            "recommending": self.recommending,
            "datalayer": {
                "id": dl.id, "type": dl.type, "zone": dl.zone,
                "createdAt": iso_utc(dl.created_at), "modifiedAt": iso_utc(dl.modified_at),
                "authors": list(dl.authors), "section": dl.section, "tags": list(dl.tags),
                "keywords": list(dl.keywords), "title": dl.title, "description": dl.description,
                "isNative": dl.is_native,
            },
            "language": self.language,
            "soft_404": self.soft_404,
            "comment_count": self.comment_count,
            "sources": dict(self.sources),
            "rejections": [{"field": r.field, "value": r.value, "reason": r.reason} for r in self.rejections],
        }
        return out

    def to_json_dict(self) -> dict[str, Any]:
        """`to_dict` plus the content hash: what `--json` prints."""
        out = self.to_dict()
        out["content_hash"] = self.content_hash
        return out


VOLATILE_KEYS = ("sources", "rejections", "comment_count")
"""Keys of the JSON form the content hash leaves out (storage refreshes them on every saved crawl)."""


def _content_hash(data: dict[str, Any]) -> str:
    """SHA-256 of the JSON form without the keys that say where values came from, and the comment count."""
    for volatile in VOLATILE_KEYS:
        data.pop(volatile, None)
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()


def iso_utc(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def iso_local(value: datetime | None) -> str | None:
    """ISO-8601 in the value's own offset (`2023-01-21T19:43:28-05:00`), `Z` for UTC."""
    if value is None:
        return None
    return value.isoformat().replace("+00:00", "Z")


def _json_value(value: FieldValue) -> Any:
    if isinstance(value, datetime):
        return iso_utc(value)
    if isinstance(value, tuple):
        return list(value)
    return value
