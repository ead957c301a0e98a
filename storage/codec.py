"""`ContentProfile` <-> the JSON text kept in `profile_versions.profile_json`.

`ContentProfile.to_dict` (owned by extraction) defines the JSON form; this is its inverse,
kept in storage because only storage reads profiles back. A round-trip test pins the two
together: any field added to the profile without a reader here fails that test.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from values.profile import (
    ContentDataLayer,
    ContentProfile,
    CustomField,
    DominantImage,
    FieldValue,
    Rejection,
)


def profile_to_json(profile: ContentProfile, with_body: bool = True) -> str:
    """The profile's JSON form including its content hash, compact, non-ASCII kept as is;
    without the `body` key if `with_body` is false (`profile_from_dict` then needs one given)."""
    data = profile.to_json_dict()
    if not with_body:
        del data["body"]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def profile_from_json(text: str) -> ContentProfile:
    return profile_from_dict(json.loads(text))


def profile_from_dict(data: dict[str, Any]) -> ContentProfile:
    """Inverse of `ContentProfile.to_dict` (an extra `content_hash` key is ignored)."""
    image = data.get("image")
    return ContentProfile(
        url=data["url"],
        canonical_url=data.get("canonical_url"),
        title=data.get("title"),
        description=data.get("description"),
        keywords=tuple(data.get("keywords", ())),
        body=data.get("body", ""),
        sections=tuple(data.get("sections", ())),
        page_class=data.get("page_class"),
        published_time=parse_time(data.get("published_local") or data.get("published_time")),
        modified_time=parse_time(data.get("modified_time")),
        article_id=data.get("article_id"),
        authors=tuple(data.get("authors", ())),
        image=None if image is None else DominantImage(image["url"], image.get("width"), image.get("height")),
        fields=tuple(_field(f) for f in data.get("fields", ())),
        overrides={k: tuple(v) for k, v in data.get("overrides", {}).items()},
        categories=tuple(data.get("categories", ())),
        recommendable=data.get("recommendable", True),
        expiration_time=parse_time(data.get("expiration_time")),
        recommending=data.get("recommending", True),
        datalayer=_datalayer(data.get("datalayer") or {}),
        language=data.get("language"),
        soft_404=data.get("soft_404", False),
        comment_count=data.get("comment_count"),
        sources=dict(data.get("sources", {})),
        rejections=tuple(Rejection(**r) for r in data.get("rejections", ())),
    )


def parse_time(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def _field(data: dict[str, Any]) -> CustomField:
    raw = data["value"]
    value: FieldValue
    match data["type"]:
        case "time":
            value = datetime.fromisoformat(raw)
        case "geopoint":
            value = (float(raw[0]), float(raw[1]))
        case "number":
            value = float(raw)
        case _:
            value = raw
    return CustomField(key=data["key"], type=data["type"], value=value)


def _datalayer(data: dict[str, Any]) -> ContentDataLayer:
    return ContentDataLayer(
        id=data.get("id"),
        type=data.get("type"),
        zone=data.get("zone"),
        created_at=parse_time(data.get("createdAt")),
        modified_at=parse_time(data.get("modifiedAt")),
        authors=tuple(data.get("authors", ())),
        section=data.get("section"),
        tags=tuple(data.get("tags", ())),
        keywords=tuple(data.get("keywords", ())),
        title=data.get("title"),
        description=data.get("description"),
        is_native=data.get("isNative"),
    )
