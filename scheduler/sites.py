"""Per-site settings: what a crawl of one host uses, merged field by field from the site row
(`rendercrawl sites add`) and the environment (`RENDERCRAWL_SITES`), and basic-auth credential
references.

Which source wins, per field (a row is read once per crawl, so a `sites add` reaches running
workers at their next page of that host):

| field | winner |
|---|---|
| basic-auth credentials | the row's `basic_auth_ref` when set and usable, else the environment's |
| headers | both; the row's value wins for a header both name |
| hosts to block | both (union) |
| hosts to allow, data-layer condition | the environment (rows have neither) |
| recrawl bounds, politeness, robots.txt, ignorable parameters | the row (else `SchedulerSettings`' defaults) |

A site row never holds a secret: `basic_auth_ref` says where it lives — `env:NAME` (an
environment variable) or `file:/path` (a file readable by the crawler) — holding
`user:password`. The secret is read only when a page of the site is rendered, and no command,
log line or error message ever prints it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path

from pydantic import SecretStr

from render.settings import RenderSettings
from render.settings import SiteSettings as RenderSite
from scheduler.policy import RecrawlRule
from storage.db import Session
from storage.sites import SiteRow, load_site
from values.targets import TargetPolicy, refuse_target
from values.urls import host_of, normalize_url

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


@dataclass(frozen=True, slots=True)
class CrawlSite:
    """Everything a crawl of one host needs from the site settings, read once per crawl and
    passed down to robots, the cheap probe, the render, settling and alias merging."""

    host: str
    registered: bool = False
    """The host has a site row (`rendercrawl sites add`), as its own host or another of the site's."""
    site_host: str | None = None
    """The registered site's own host (its row's), which its other hosts share: whose keys reach this page."""
    render: RenderSite = field(default_factory=RenderSite)
    """What the browser uses: credentials, headers, hosts to block or allow, data-layer condition."""
    obey_robots: bool = True
    ignored_params: tuple[str, ...] = ()
    min_recrawl: timedelta | None = None
    max_recrawl: timedelta | None = None
    crawl_budget_per_hour: float | None = None
    """Scheduled recrawls are bought by expected freshness gain within this budget
    (`scheduler/budget.py`); None: the seed's ladder decides them."""

    @property
    def auth(self) -> BasicAuth | None:
        """The render's credentials, for requests made outside the browser (the cheap probe)."""
        if self.render.username and self.render.password:
            return BasicAuth(self.render.username, self.render.password.get_secret_value())
        return None

    def recrawl_rule(self, default: RecrawlRule) -> RecrawlRule:
        """The default rule with this site's recrawl bounds, where its row sets them."""
        rule = default
        if self.min_recrawl is not None:
            rule = replace(rule, min_interval=self.min_recrawl)
        if self.max_recrawl is not None:
            rule = replace(rule, max_interval=self.max_recrawl)
        return rule


def crawl_site(host: str, row: SiteRow | None, environment: RenderSettings | None = None,
               environ: Mapping[str, str] | None = None) -> CrawlSite:
    """Merge the site row of `host` (or None) with the environment's settings, field by field
    (the table above). Unusable row credentials are logged, never shown, and not used."""
    base = environment.site(host) if environment is not None else RenderSite()
    if row is None:
        return CrawlSite(host=host, render=base)
    try:
        row_auth = resolve_basic_auth(row.basic_auth_ref, environ)
    except CredentialError as error:
        log.warning("basic-auth credentials of %s unusable, rendering without them: %s", host, error)
        row_auth = None
    username, password = (row_auth.username, SecretStr(row_auth.password)) if row_auth else (base.username, base.password)
    render = base.model_copy(update={
        "username": username, "password": password,
        "headers": {**base.headers, **row.headers},
        "block_hosts": list(dict.fromkeys([*base.block_hosts, *row.extra_denylist])),
    })
    return CrawlSite(
        host=host, registered=True, site_host=row.host, render=render, obey_robots=row.obey_robots,
        ignored_params=row.ignored_query_params, min_recrawl=_seconds(row.min_recrawl_seconds),
        max_recrawl=_seconds(row.max_recrawl_seconds), crawl_budget_per_hour=row.crawl_budget_per_hour)


def site_of_url(session: Session, raw_url: str, environment: RenderSettings | None = None,
                targets: TargetPolicy | None = None) -> tuple[str, CrawlSite]:
    """The one identity of the page `raw_url` names, and its site: every entry point (crawl,
    demo, view, ingest, push) goes through here. Raises `InvalidUrl` for rejected input,
    including a target the policy refuses (`targets`, default the environment's, else only
    public addresses: `values.targets`)."""
    url = normalize_url(raw_url)
    refuse_target(url, targets or (environment.targets if environment is not None else TargetPolicy()))
    host = host_of(url)
    site = crawl_site(host, load_site(session, host), environment)
    return (normalize_url(raw_url, site.ignored_params) if site.ignored_params else url), site


def _seconds(value: int | None) -> timedelta | None:
    return None if value is None else timedelta(seconds=value)
