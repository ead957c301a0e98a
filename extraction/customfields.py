"""Custom typed fields from `cXenseParse:<key>` metas, validated the way the spec says.

`<meta name="cXenseParse:number:xyz-temperature" content="30.1">` gives the field
(`xyz-temperature`, number, 30.1). Keys and string values are lower-cased; several metas or a
`data-separator` give several values; anything the rules refuse is recorded as a rejection with
its reason, never dropped silently.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from extraction.dateparse import parse_machine
from extraction.document import Document, Meta
from extraction.found import Choice, Found, Invalid
from values.profile import OVERRIDE_KINDS, CustomField, FieldType, FieldValue, Rejection

PREFIX = "cxenseparse:"
TYPES: tuple[FieldType, ...] = ("string", "number", "time", "geopoint")
"""Type prefixes a key may carry (`cXenseParse:number:...`); no prefix means string."""

SPEC_KEYS = frozenset({
    "title", "description", "keywords", "pageclass", "url", "publishtime", "articleid", "author",
    "image", *OVERRIDE_KINDS,
    "recs:publishtime", "recs:articleid", "recs:recommendable", "recs:expirationtime",
    "recs:recommending",
})
"""Keys the spec gives a meaning of their own: read by their field modules, not custom fields."""

MAX_KEY_CHARS = 30
MAX_VALUE_CHARS = 100
"""Spec limits; a longer value is unstructured text in the wrong place."""

KEY_SHAPE = re.compile(r"[a-z0-9_]+-[a-z0-9_][a-z0-9_-]*")
"""Customer prefix, dash, key name: the only keys outside the spec's own allowed."""

LATITUDE_RANGE = (-90.0, 90.0)
LONGITUDE_RANGE = (-180.0, 180.0)


def custom_fields(doc: Document) -> Choice[tuple[CustomField, ...]]:
    """Every valid field (None when there is none) and every refused one, from one walk."""
    walked = tuple(_walk(doc))
    fields = tuple(f for f in walked if isinstance(f, CustomField))
    rejected = tuple(r for r in walked if isinstance(r, Rejection))
    return Choice(Found(fields, "cxenseparse") if fields else None, rejected)


def _walk(doc: Document) -> Iterator[CustomField | Rejection]:
    for meta in doc.metas:
        if not meta.key.startswith(PREFIX):
            continue
        rest = meta.key[len(PREFIX):]
        if rest in SPEC_KEYS:
            continue
        parsed = parse_key(rest)
        if isinstance(parsed, Invalid):
            yield Rejection("fields", f"{meta.key}={meta.content}", parsed.reason)
            continue
        field_type, key = parsed
        for raw in _values(meta):
            value = parse_value(field_type, raw)
            if isinstance(value, Invalid):
                yield Rejection("fields", f"{key}={raw}", value.reason)
            else:
                yield CustomField(key, field_type, value)


def parse_key(rest: str) -> tuple[FieldType, str] | Invalid:
    """`number:xyz-temperature` -> ("number", "xyz-temperature"); lower-cased already."""
    field_type: FieldType = "string"
    key = rest
    if ":" in rest:
        head, key = rest.split(":", 1)
        if head not in TYPES:
            return Invalid(f"{head}: is not a key of the spec" if head == "recs" else f"unknown type {head!r}")
        field_type = head
    if len(key) > MAX_KEY_CHARS:
        return Invalid(f"key longer than {MAX_KEY_CHARS} characters")
    if not KEY_SHAPE.fullmatch(key):
        return Invalid("key is not a customer prefix, a dash and a name of a-z, 0-9 and _")
    return field_type, key


def parse_value(field_type: FieldType, raw: str) -> FieldValue | Invalid:
    if len(raw) > MAX_VALUE_CHARS:
        return Invalid(f"value longer than {MAX_VALUE_CHARS} characters")
    if field_type == "number":
        try:
            number = float(raw)
        except ValueError:
            return Invalid("not a number")
        return number if math.isfinite(number) else Invalid("not a finite number")
    if field_type == "time":
        when = parse_machine(raw)
        return when if when is not None else Invalid("not a date")
    if field_type == "geopoint":
        return _geopoint(raw)
    return raw.lower()


def _geopoint(raw: str) -> tuple[float, float] | Invalid:
    parts = raw.split(";")
    try:
        lat, lon = (float(p) for p in parts)
    except ValueError:
        return Invalid("geopoint is not 'latitude;longitude'")
    if not (LATITUDE_RANGE[0] <= lat <= LATITUDE_RANGE[1] and LONGITUDE_RANGE[0] <= lon <= LONGITUDE_RANGE[1]):
        return Invalid("geopoint out of range")
    return lat, lon


def _values(meta: Meta) -> list[str]:
    separator = meta.attrs.get("data-separator") or None
    parts = meta.content.split(separator) if separator else [meta.content]
    return [p.strip() for p in parts if p.strip()]
