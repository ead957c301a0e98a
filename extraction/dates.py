"""Publication and modification times, in the spec's priority order, normalised to UTC."""

from __future__ import annotations

from datetime import datetime, timezone

from dateutil import parser as dateutil_parser

from extraction.datalayer import composer_values
from extraction.document import Document
from extraction.found import Found

PUBLISHED_META_KEYS = (
    "cxenseparse:publishtime", "cxenseparse:recs:publishtime", "content:createdat",
    "article:published_time", "date", "dc.date", "dc.date.created", "dc.terms.issued",
    "pub_date", "article.published", "datepublished", "og:article:published_time",
)
MODIFIED_META_KEYS = ("article:modified_time", "content:modifiedat", "datemodified")


def parse_datetime(text: str) -> datetime | None:
    """An ISO-like date string as an aware UTC datetime; a zone-less value is taken as UTC."""
    try:
        value = dateutil_parser.isoparse(text.strip())
    except (ValueError, OverflowError):
        try:
            value = dateutil_parser.parse(text.strip())
        except (ValueError, OverflowError):
            return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


def published_time(doc: Document) -> Found[datetime] | None:
    for key in PUBLISHED_META_KEYS[:2]:
        if (value := doc.first_meta(key)) and (parsed := parse_datetime(value)):
            return Found(parsed, key)
    created = composer_values(doc.page.datalayer).get("createdAt")
    if isinstance(created, str) and (parsed := parse_datetime(created)):
        return Found(parsed, "datalayer")
    for key in PUBLISHED_META_KEYS[2:]:
        if (value := doc.first_meta(key)) and (parsed := parse_datetime(value)):
            return Found(parsed, key)
    for obj in doc.jsonld:
        if isinstance(obj.get("datePublished"), str) and (parsed := parse_datetime(obj["datePublished"])):
            return Found(parsed, "jsonld")
    return None


def modified_time(doc: Document) -> Found[datetime] | None:
    for key in MODIFIED_META_KEYS:
        if (value := doc.first_meta(key)) and (parsed := parse_datetime(value)):
            return Found(parsed, key)
    for obj in doc.jsonld:
        if isinstance(obj.get("dateModified"), str) and (parsed := parse_datetime(obj["dateModified"])):
            return Found(parsed, "jsonld")
    return None
