"""Site rows (`sites`): the per-host settings an operator set with `rendercrawl sites add`,
and each site's other hosts (`site_hosts`: `www.`, `m.`, a CDN alias), which its row covers.

Read into `SiteRow` values, so nothing outside `storage/` holds an ORM object; merging them
with the environment's settings is `scheduler.sites`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from sqlalchemy import ColumnElement, bindparam, delete, insert, literal, select, true, union_all
from sqlalchemy.orm import Session

from storage.models import Site, SiteHost
from storage.pages import dialect_insert

SITES = Site.__table__
SITE_HOSTS = SiteHost.__table__
SITE_IDS = union_all(
    select(SITES.c.host, SITES.c.id.label("site_id"), literal(0).label("other")).where(
        SITES.c.host.in_(bindparam("hosts", expanding=True))),
    select(SITE_HOSTS.c.host, SITE_HOSTS.c.site_id, literal(1).label("other")).where(
        SITE_HOSTS.c.host.in_(bindparam("hosts", expanding=True))))
"""The worker looks its page's host up among the sites' own hosts and their other hosts for
every page: one statement for both (one round trip, not two), built once (why:
`storage.pages.PAGES`). `other` orders an other host's answer last, so it wins, as it did when
the two were separate reads (a host is never both: `HostTaken`)."""

SETTING_COLUMNS = ("min_recrawl_seconds", "max_recrawl_seconds", "max_concurrent_pages", "min_delay_ms", "obey_robots",
                   "ignored_query_params", "extra_denylist", "basic_auth_ref", "headers", "crawl_budget_per_hour")
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
    hosts: tuple[str, ...] = ()
    """The site's other hosts (`site_hosts`), in name order: its settings and keys cover them."""

    @property
    def all_hosts(self) -> tuple[str, ...]:
        return (self.host, *self.hosts)
    crawl_budget_per_hour: float | None = None
    """Scheduled recrawls an hour spent by expected freshness gain; None: the seed's ladder."""
    budget_threshold: float | None = None
    """What the last recrawl the budget bought was worth (fresh page-days); set by the scheduler."""


def load_site(session: Session, host: str) -> SiteRow | None:
    """The row of the site whose host, or one of whose other hosts, is `host`; or None."""
    return site_rows_of(session, [host]).get(host)


def site_rows_of(session: Session, hosts: Collection[str]) -> dict[str, SiteRow]:
    """For each of `hosts` that is a site's host or one of its other hosts: that site's row."""
    if not hosts:
        return {}
    wanted = list(hosts)
    found = session.execute(SITE_IDS, {"hosts": wanted}).tuples().all()
    site_of = {host: site_id for host, site_id, _other in sorted(found, key=lambda row: row[2])}
    if not site_of:  # most hosts have no row: the worker asks this of every page
        return {}
    rows = {row_id: row for row_id, row in _rows(session, Site.id.in_(set(site_of.values())))}
    return {host: rows[site_id] for host, site_id in site_of.items()}


def load_sites(session: Session, host: str | None = None) -> list[SiteRow]:
    """Every site (or the one whose own host is `host`), in host order."""
    return [row for _id, row in _rows(session, Site.host == host if host is not None else true())]


def _rows(session: Session, where: ColumnElement[bool]) -> list[tuple[int, SiteRow]]:
    sites = session.execute(select(Site).where(where).order_by(Site.host)).scalars().all()
    others: dict[int, list[str]] = {}
    if sites:
        for site_id, other in session.execute(select(SiteHost.site_id, SiteHost.host).where(
                SiteHost.site_id.in_([site.id for site in sites])).order_by(SiteHost.host)).tuples():
            others.setdefault(site_id, []).append(other)
    return [(site.id, site_row(site, tuple(others.get(site.id, ())))) for site in sites]


class HostTaken(ValueError):
    """Rejected input: a host that is already another site's (its own or one of its others)."""


def set_site_hosts(session: Session, host: str, others: Collection[str]) -> None:
    """`others` become the other hosts of the site `host` (those it had before are dropped).
    Raises `HostTaken` for one that another site has, and `LookupError` without a site `host`."""
    site_id = session.execute(select(Site.id).where(Site.host == host)).scalar_one_or_none()
    if site_id is None:
        raise LookupError(f"no site {host}")
    taken = site_rows_of(session, set(others) - {host})
    for other, row in sorted(taken.items()):
        if row.host != host:
            raise HostTaken(f"{other} is {'a site of its own' if other == row.host else f'a host of {row.host}'}")
    session.execute(delete(SiteHost).where(SiteHost.site_id == site_id))
    wanted = sorted(set(others) - {host})
    if wanted:
        session.execute(insert(SiteHost), [{"host": other, "site_id": site_id} for other in wanted])


def upsert_site(session: Session, host: str, values: Mapping[str, object]) -> None:
    """Create the site row or update the given settings of it (the others keep their values).
    List settings are given as sequences of strings, `headers` as a mapping."""
    unknown = set(values) - set(SETTING_COLUMNS)
    if unknown:
        raise ValueError(f"not site settings: {', '.join(sorted(unknown))}")
    owner = session.execute(select(Site.host).join(SiteHost, SiteHost.site_id == Site.id)
                            .where(SiteHost.host == host)).scalar_one_or_none()
    if owner is not None:
        raise HostTaken(f"{host} is a host of {owner}: its settings are {owner}'s")
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


def site_row(site: Site, hosts: tuple[str, ...] = ()) -> SiteRow:
    return SiteRow(
        host=site.host, min_recrawl_seconds=site.min_recrawl_seconds, max_recrawl_seconds=site.max_recrawl_seconds,
        max_concurrent_pages=site.max_concurrent_pages, min_delay_ms=site.min_delay_ms, obey_robots=bool(site.obey_robots),
        ignored_query_params=tuple(site.ignored_query_params.split()), extra_denylist=tuple(site.extra_denylist.split()),
        basic_auth_ref=site.basic_auth_ref, headers=json.loads(site.headers or "{}"), hosts=hosts,
        crawl_budget_per_hour=site.crawl_budget_per_hour, budget_threshold=site.budget_threshold)
