"""Per-site settings (`rendercrawl sites add|list|show`) and basic-auth credential references.

A site row never holds a secret: `basic_auth_ref` says where it lives — `env:NAME` (an
environment variable) or `file:/path` (a file readable by the crawler) — holding
`user:password`. The secret is read only when a page of the site is rendered, and no command,
log line or error message ever prints it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Protocol

from pydantic import SecretStr
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from render.settings import SiteSettings as RenderSite
from storage.models import Site
from storage.pages import dialect_insert

log = logging.getLogger(__name__)

DURATION_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


class CredentialError(ValueError):
    """Rejected input: a credential reference that is malformed or does not resolve."""


@dataclass(frozen=True, slots=True)
class BasicAuth:
    username: str
    password: str

    def __repr__(self) -> str:  # never the password, even in a traceback
        return f"BasicAuth(username={self.username!r}, password=<hidden>)"


def parse_duration(text: str) -> timedelta:
    """`90s`, `30m`, `12h`, `7d`, `2w` -> timedelta (rejected input raises ValueError)."""
    text = text.strip().lower()
    if len(text) < 2 or text[-1] not in DURATION_UNITS or not text[:-1].replace(".", "", 1).isdigit():
        raise ValueError(f"not a duration: {text!r} (use e.g. 30m, 12h, 7d)")
    return timedelta(seconds=float(text[:-1]) * DURATION_UNITS[text[-1]])


def credential_ref(env_name: str | None, file_path: str | None) -> str | None:
    """The reference stored for `--basic-auth-env NAME` or `--basic-auth-file PATH`."""
    if env_name and file_path:
        raise CredentialError("give --basic-auth-env or --basic-auth-file, not both")
    if env_name:
        return f"env:{env_name}"
    if file_path:
        return f"file:{Path(file_path).resolve()}"
    return None


def resolve_basic_auth(ref: str | None, environ: Mapping[str, str] | None = None) -> BasicAuth | None:
    """The credentials a reference points at; raises `CredentialError` (without the secret)."""
    if not ref:
        return None
    kind, _, where = ref.partition(":")
    variables = os.environ if environ is None else environ
    if kind == "env":
        if where not in variables:
            raise CredentialError(f"environment variable {where} is not set")
        raw = variables[where]
    elif kind == "file":
        try:
            raw = Path(where).read_text(encoding="utf-8").strip()
        except OSError as error:
            raise CredentialError(f"cannot read {where}: {error.strerror}") from None
    else:
        raise CredentialError(f"unknown credential reference kind {kind!r}")
    username, sep, password = raw.partition(":")
    if not sep or not username:
        raise CredentialError(f"{ref} does not hold user:password")
    return BasicAuth(username, password)


def credential_status(ref: str | None) -> str:
    """For display: where the credentials live and whether they resolve — never the value."""
    if not ref:
        return "none"
    try:
        resolve_basic_auth(ref)
    except CredentialError as error:
        return f"{ref} (unusable: {error})"
    return f"{ref} (set)"


def upsert_site(session: Session, host: str, values: dict[str, object]) -> None:
    """Create the site row or update the given settings of it."""
    insert = dialect_insert(session, Site).values(host=host, **values)
    session.execute(insert.on_conflict_do_update(index_elements=["host"], set_=values) if values
                    else insert.on_conflict_do_nothing(index_elements=["host"]))


def site_dict(site: Site) -> dict[str, object]:
    """A site for display (table or JSON): settings, and the credential reference's status."""
    return {
        "host": site.host,
        "min_recrawl_seconds": site.min_recrawl_seconds,
        "max_recrawl_seconds": site.max_recrawl_seconds,
        "max_concurrent_pages": site.max_concurrent_pages,
        "min_delay_ms": site.min_delay_ms,
        "obey_robots": site.obey_robots,
        "ignored_query_params": site.ignored_query_params.split(),
        "extra_denylist": site.extra_denylist.split(),
        "basic_auth": credential_status(site.basic_auth_ref),
    }


def load_sites(session: Session, host: str | None = None) -> list[Site]:
    query = select(Site).order_by(Site.host)
    if host is not None:
        query = query.where(Site.host == host)
    return list(session.execute(query).scalars())


def render_sites(session: Session, environ: dict[str, str] | None = None) -> dict[str, RenderSite]:
    """The render layer's per-site settings from the site rows: basic-auth credentials (resolved
    now, kept as a secret) and extra hosts to block. A worker reads them when it starts and
    again every `site_reload_seconds` (`follow_site_rows`)."""
    found: dict[str, RenderSite] = {}
    for site in load_sites(session):
        try:
            auth = resolve_basic_auth(site.basic_auth_ref, environ)
        except CredentialError as error:
            log.warning("basic-auth credentials of %s unusable, rendering without: %s", site.host, error)
            auth = None
        deny = site.extra_denylist.split()
        if auth is None and not deny:
            continue
        found[site.host] = RenderSite(username=auth.username if auth else None,
                                      password=SecretStr(auth.password) if auth else None, block_hosts=deny)
    return found


class SitesUser(Protocol):
    """What `follow_site_rows` updates: the renderer (`Renderer.use_sites`)."""

    def use_sites(self, sites: Mapping[str, RenderSite]) -> None: ...


def merged_render_sites(sessions: sessionmaker[Session], base: Mapping[str, RenderSite]) -> dict[str, RenderSite]:
    """`base` (the sites from the environment) with the site rows on top: rows win."""
    with sessions() as session:
        return {**base, **render_sites(session)}


async def follow_site_rows(renderer: SitesUser, sessions: sessionmaker[Session], base: Mapping[str, RenderSite],
                           started_with: Mapping[str, RenderSite], every_s: float, stop: asyncio.Event) -> None:
    """Keep a running worker's per-site render settings in step with the site rows, so a
    `rendercrawl sites add` (credentials, extra denylist) reaches workers already running
    within `every_s`, not at their next restart. `started_with` is what the renderer was given
    at start (`merged_render_sites`, read before the first claim, so no page is rendered
    without its site's settings). An unreachable database keeps the settings last read."""
    current = dict(started_with)
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_s)
        if stop.is_set():
            return
        try:
            wanted = await asyncio.to_thread(merged_render_sites, sessions, base)
        except SQLAlchemyError as error:
            log.warning("re-reading the site rows failed (%s); keeping the settings last read", error)
            continue
        if wanted != current:
            log.info("site settings changed; %d site(s) with render settings from now on", len(wanted))
            renderer.use_sites(wanted)
            current = wanted
