"""Who is asking: a per-site API key (`Authorization: Bearer rck_…` or `X-API-Key`), or, for
page views only, a browser on a registered site's page (its `Origin` header), rate limited per
client address and per site because a browser cannot keep a secret. Keys never leave this
module except as their short prefix."""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import Request

from rendercrawl.service.context import ServiceContext
from rendercrawl.service.errors import ApiError
from storage.apikeys import KeyRow, find_key, key_hash
from storage.db import Session
from storage.sites import SiteRow, load_site

SECURITY_SCHEMES = {
    "bearerKey": {"type": "http", "scheme": "bearer", "bearerFormat": "rck_…",
                  "description": "A per-site API key, from `rendercrawl sites key create HOST --scope events|push|read`. "
                                 "An operation names the scope it needs; a key reads and writes its own site's pages only."},
    "headerKey": {"type": "apiKey", "in": "header", "name": "X-API-Key", "description": "The same key in a header of its own."},
}
"""The OpenAPI security schemes: the two ways `presented_key` reads a key."""


def security(scope: str, keyless: bool = False) -> dict[str, object]:
    """An operation's OpenAPI `security`: a key of `scope` in either header; `keyless` adds
    the empty requirement (page views from a registered site's page, by their `Origin`)."""
    return {"security": [{"bearerKey": [scope]}, {"headerKey": [scope]}, *([{}] if keyless else [])]}


@dataclass(frozen=True, slots=True)
class Principal:
    host: str
    """The one site whose pages (on any of its hosts) this caller may send, push or read: its own host."""
    scope: str
    key_prefix: str | None
    """The key's clear prefix, for notes and logs; None for a keyless browser."""


def presented_key(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return request.headers.get("x-api-key") or None


def origin_host(request: Request) -> str | None:
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return None
    try:
        return urlsplit(origin).hostname
    except ValueError:
        return None


def with_key(ctx: ServiceContext, key: str | None, scope: str, session: Session | None = None) -> Principal:
    """The principal of `key`, which must be live and of `scope`: 401 without one, 403 for another scope.
    The key is looked up through `session` (else a session of its own) unless remembered (`ctx.keys`)."""
    if key is None:
        raise ApiError(401, "key_required", f"this needs an API key of scope {scope!r} (Authorization: Bearer …)")
    found = _live_key(ctx, key, session)
    if found is None:
        raise ApiError(401, "invalid_key", "unknown or revoked API key")
    if found.scope != scope:
        raise ApiError(403, "wrong_scope", f"this key has scope {found.scope!r}; this needs {scope!r}")
    return Principal(found.host, found.scope, found.prefix)


def for_events(ctx: ServiceContext, key: str | None, origin: str | None) -> Principal:
    """A key of scope `events`, or a registered site's Origin (then `take_keyless` bounds it).
    Asked before the body is read, so a caller with neither gets 401 whatever it sent. Reads
    the database only for what `ctx` does not remember (`needs_database` says whether)."""
    if key is not None or origin is None:
        return with_key(ctx, key, "events")
    site = registered_origin(ctx, origin)
    if site is None:
        raise ApiError(401, "key_required", f"origin {origin} is no registered site; send an API key of scope 'events'")
    return Principal(site.host, "events", None)


def take_keyless(ctx: ServiceContext, principal: Principal, client: str, events: int) -> None:
    """Spend a keyless caller's `events` from the per-address and per-site buckets (429 when one
    is empty); a key's events are not limited here."""
    if principal.key_prefix is not None:
        return
    now = time.monotonic()
    for buckets, name, what in ((ctx.per_ip, client, "this address"), (ctx.per_site, principal.host, "this site")):
        wait = buckets.take(name, events, now)
        if wait:
            ctx.metrics.rate_limited.labels(limit="ip" if buckets is ctx.per_ip else "site").inc()
            raise ApiError(429, "rate_limited", f"too many keyless events from {what}; retry later",
                           headers={"Retry-After": str(max(1, int(wait) + 1)) if wait != float("inf") else "60"})


def needs_database(ctx: ServiceContext, key: str | None, origin: str | None) -> bool:
    """Whether authorizing this caller reads the database (else it is decided in memory, and the
    request need not wait for a thread)."""
    if key is not None:
        return not ctx.keys.get(key_hash(key))[0]
    if origin is not None:
        return not ctx.sites.get(origin)[0]
    return False


def registered_origin(ctx: ServiceContext, host: str) -> SiteRow | None:
    """The site `host` is a host of, or None (a yes is remembered for `key_cache_seconds`; a no
    is not, so a site just added is served at once)."""
    hit, row = ctx.sites.get(host)
    if hit and row is not None:
        return row
    with ctx.sessions() as session:
        row = load_site(session, host)
    if row is not None:
        ctx.sites.put(host, row)
    return row


def _live_key(ctx: ServiceContext, key: str, session: Session | None) -> KeyRow | None:
    hashed = key_hash(key)
    hit, found = ctx.keys.get(hashed)
    if hit:
        return found
    if session is not None:
        found = find_key(session, key)
    else:
        with ctx.sessions() as own:
            found = find_key(own, key)
    if found is not None:  # an unknown key is not remembered: one created a moment later works at once
        ctx.keys.put(hashed, found)
    return found
