"""Site rows (`sites`): the per-host settings an operator set with `rendercrawl sites add`.

Read into `SiteRow` values, so nothing outside `storage/` holds an ORM object; merging them
with the environment's settings is `scheduler.sites`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.models import Site
from storage.pages import dialect_insert

SETTING_COLUMNS = ("min_recrawl_seconds", "max_recrawl_seconds", "max_concurrent_pages", "min_delay_ms", "obey_robots",
                   "ignored_query_params", "extra_denylist", "basic_auth_ref", "headers")
"""What `upsert_site` may set; lists are stored one item per line, headers as a JSON object."""


@dataclass(frozen=True, slots=True)
class SiteRow:
    host: str
    min_recrawl_seconds: int | None = None
    max_recrawl_seconds: int | None = None
    max_concurrent_pages: int | None = None
    min_delay_ms: int | None = None
    obey_robots: bool = True
    ignored_query_params: tuple[str, ...] = ()
    extra_denylist: tuple[str, ...] = ()
    basic_auth_ref: str | None = None
    """Where the credentials live (`env:NAME`, `file:/path`), never the secret."""
    headers: Mapping[str, str] = field(default_factory=dict)


def load_site(session: Session, host: str) -> SiteRow | None:
    """The row of exactly `host`, or None."""
    found = load_sites(session, host)
    return found[0] if found else None


def load_sites(session: Session, host: str | None = None) -> list[SiteRow]:
    query = select(Site).order_by(Site.host)
    if host is not None:
        query = query.where(Site.host == host)
    return [site_row(site) for site in session.execute(query).scalars()]


def upsert_site(session: Session, host: str, values: Mapping[str, object]) -> None:
    """Create the site row or update the given settings of it (the others keep their values).
    List settings are given as sequences of strings, `headers` as a mapping."""
    unknown = set(values) - set(SETTING_COLUMNS)
    if unknown:
        raise ValueError(f"not site settings: {', '.join(sorted(unknown))}")
    columns = {key: _column_value(key, value) for key, value in values.items()}
    insert = dialect_insert(session, Site).values(host=host, **columns)
    session.execute(insert.on_conflict_do_update(index_elements=["host"], set_=columns) if columns
                    else insert.on_conflict_do_nothing(index_elements=["host"]))


def _column_value(key: str, value: object) -> object:
    if key == "headers" and isinstance(value, Mapping):
        return json.dumps(dict(value), ensure_ascii=False, sort_keys=True)
    if key in ("ignored_query_params", "extra_denylist") and isinstance(value, Iterable) and not isinstance(value, str):
        return "\n".join(str(item) for item in value)
    return value


def site_row(site: Site) -> SiteRow:
    return SiteRow(
        host=site.host, min_recrawl_seconds=site.min_recrawl_seconds, max_recrawl_seconds=site.max_recrawl_seconds,
        max_concurrent_pages=site.max_concurrent_pages, min_delay_ms=site.min_delay_ms, obey_robots=bool(site.obey_robots),
        ignored_query_params=tuple(site.ignored_query_params.split()), extra_denylist=tuple(site.extra_denylist.split()),
        basic_auth_ref=site.basic_auth_ref, headers=json.loads(site.headers or "{}"))
