"""A `ContentProfile` as table rows: the `profiles` row, its child rows and a version row.

Pure functions from values to dicts, so the mapping of every profile field to a column is
in one place and testable without a database.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from sqlalchemy import Table

from storage.codec import profile_to_json
from storage.models import (
    Profile,
    ProfileAuthor,
    ProfileBody,
    ProfileCategory,
    ProfileField,
    ProfileKeyword,
    ProfileOverride,
    ProfileSection,
    ProfileVersion,
)
from storage.text import clean, clean_opt, indexed
from values.profile import ContentProfile, CustomField

Row = dict[str, Any]


def profile_columns(page_id: int, version_id: int, profile: ContentProfile, content_hash: str,
                    crawled_at: datetime, changed_at: datetime) -> Row:
    image = profile.image
    return {
        "page_id": page_id,
        "version_id": version_id,
        "canonical_url": clean_opt(profile.canonical_url),
        "title": clean_opt(profile.title),
        "description": clean_opt(profile.description),
        "page_class": profile.page_class,
        "published_at": profile.published_time,
        "modified_at": profile.modified_time,
        "article_id": clean_opt(profile.article_id),
        "image_url": None if image is None else clean(image.url),
        "image_width": None if image is None else image.width,
        "image_height": None if image is None else image.height,
        "language": profile.language,
        "recommendable": profile.recommendable,
        "recommending": profile.recommending,
        "expires_at": profile.expiration_time,
        "soft_404": profile.soft_404,
        "word_count": profile.word_count,
        "content_hash": content_hash,
        "crawled_at": crawled_at,
        "changed_at": changed_at,
        **provenance_columns(profile),
    }


def body_row(page_id: int, profile: ContentProfile) -> Row:
    return {"page_id": page_id, "body": clean(profile.body)}


def provenance_columns(profile: ContentProfile) -> Row:
    """Where values came from, and the comment count: not content (not hashed), refreshed on
    every saved crawl."""
    return {
        "comment_count": profile.comment_count,
        "sources_json": clean(json.dumps(profile.sources, ensure_ascii=False, sort_keys=True)),
        "rejections_json": clean(json.dumps(
            [{"field": r.field, "value": r.value, "reason": r.reason} for r in profile.rejections],
            ensure_ascii=False)),
    }


def version_row(page_id: int, crawl_id: int | None, profile: ContentProfile, content_hash: str,
                created_at: datetime) -> Row:
    return {
        "page_id": page_id,
        "crawl_id": crawl_id,
        "created_at": created_at,
        "content_hash": content_hash,
        "title": clean_opt(profile.title),
        "page_class": profile.page_class,
        "published_at": profile.published_time,
        "modified_at": profile.modified_time,
        "word_count": profile.word_count,
        "image_url": None if profile.image is None else clean(profile.image.url),
        "body_hash": body_hash(profile.body),
        "profile_json": clean(profile_to_json(profile, with_body=not body_column_holds(profile.body))),
    }


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def body_column_holds(body: str) -> bool:
    """Can `profile_bodies.body` / `past_bodies.body` store this body exactly? Not with a NUL
    character or a lone surrogate (replaced there): such a body stays in the version JSON."""
    return clean(body) == body


def child_rows(page_id: int, profile: ContentProfile) -> list[tuple[Table, list[Row]]]:
    """Every child table with its rows for this profile (tables with no rows included)."""

    def listed(column: str, values: tuple[str, ...]) -> list[Row]:
        return [{"page_id": page_id, "position": i, column: indexed(v)} for i, v in enumerate(values)]

    overrides = [
        {"page_id": page_id, "kind": kind, "position": i, "value": indexed(value)}
        for kind, values in profile.overrides.items()
        for i, value in enumerate(values)
    ]
    fields = [field_row(page_id, i, f) for i, f in enumerate(profile.fields)]
    return [
        (ProfileAuthor.__table__, listed("name", profile.authors)),
        (ProfileKeyword.__table__, listed("keyword", profile.keywords)),
        (ProfileSection.__table__, listed("name", profile.sections)),
        (ProfileCategory.__table__, listed("category", profile.categories)),
        (ProfileOverride.__table__, overrides),
        (ProfileField.__table__, fields),
    ]


def field_row(page_id: int, position: int, field: CustomField) -> Row:
    """One `profile_fields` row: the value goes to the one column of its type."""
    row: Row = {
        "page_id": page_id, "position": position, "key": indexed(field.key), "type": field.type,
        "value_text": None, "value_number": None, "value_time": None,
        "latitude": None, "longitude": None,
    }
    value = field.value
    match field.type:
        case "number":
            assert isinstance(value, float)  # extraction and the codec build numbers as floats
            row["value_number"] = value
        case "time":
            row["value_time"] = value
        case "geopoint":
            assert isinstance(value, tuple)  # (latitude, longitude)
            row["latitude"], row["longitude"] = value
        case _:
            row["value_text"] = indexed(str(value))
    return row


PROFILE_TABLE = Profile.__table__
VERSION_TABLE = ProfileVersion.__table__
BODY_TABLE = ProfileBody.__table__
