"""URL normalization: one logical page, one identity.

The heavy lifting (safe percent-encoding, `%2f` -> `%2F`, sorted query, IDNA hosts, dot
segments, IPv6, dropping fragments) is `w3lib.url.canonicalize_url`, the function Scrapy uses for
request fingerprints. This module adds only what it lacks: default ports (`:80`, `:443`), a
trailing dot on the host, a `/` path for bare hosts, tracking parameters (`utm_*`, `fbclid`, ...,
from the versioned list `data/tracking_params.txt`) and per-site ignorable parameters.

Everything here is a pure function of its arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from importlib.resources import files
from urllib.parse import SplitResult, unquote_plus, urlsplit, urlunsplit

from w3lib.url import canonicalize_url

DEFAULT_PORTS = {"http": 80, "https": 443}
"""An explicit default port names the same server as none at all."""

CRAWLABLE_SCHEMES = frozenset({"http", "https"})
"""The crawler renders web pages only; `mailto:`, `javascript:`, `ftp:` are rejected input."""

URL_MAX_CHARS = 2048
"""Longer URLs are rejected input: no page is named by one, and storage indexes URLs up to this
length (PostgreSQL btree entries are capped near 2.7 kB). The normalizer, the service's request
models and storage's columns all use this one value. Checked before any parsing, so a
100,000-character URL costs nothing."""

HASHBANG = "#!"
"""`#!/path` fragments identify content in AJAX-crawlable apps, so they are kept; every other
fragment only scrolls the same document and is dropped."""


class InvalidUrl(ValueError):
    """Rejected input: not an absolute http(s) URL the crawler can fetch."""


@dataclass(frozen=True, slots=True)
class ParamFilter:
    """Query parameter names to drop, as case-insensitive glob patterns (`utm_*`)."""

    patterns: frozenset[str]

    @classmethod
    def of(cls, patterns: Iterable[str]) -> ParamFilter:
        return cls(frozenset(p.strip().lower() for p in patterns if p.strip()))

    def drops(self, name: str) -> bool:
        lowered = name.lower()
        return any(fnmatchcase(lowered, pattern) for pattern in self.patterns)

    def __or__(self, other: ParamFilter) -> ParamFilter:
        return ParamFilter(self.patterns | other.patterns)


@cache
def tracking_params() -> ParamFilter:
    """The shipped list of tracking parameters (read once; it is data, not code)."""
    text = files("values").joinpath("data/tracking_params.txt").read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0] for line in text.splitlines())
    return ParamFilter.of(lines)


def normalize_url(url: str, ignore_params: Iterable[str] = ()) -> str:
    """The one identity of the page `url` names.

    `ignore_params` are the site's extra parameter patterns that do not change the page
    (session ids, `ref`, ...); tracking parameters are always dropped, and so is `user:password@`
    (a URL's credentials would otherwise be stored in every row and printed; a site's credentials
    are `sites add --basic-auth-env/--basic-auth-file`). Raises `InvalidUrl` for
    anything that is not an absolute http(s) URL with a host.
    """
    url = url.strip()
    too_long = length_refusal(url)
    if too_long is not None:
        raise InvalidUrl(too_long)
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in CRAWLABLE_SCHEMES:
        raise InvalidUrl(f"not an http(s) URL: {url!r}")
    if not parts.hostname:
        raise InvalidUrl(f"URL has no host: {url!r}")
    keep_fragment = url[url.find("#"):].startswith(HASHBANG) if "#" in url else False
    dropping = tracking_params() | ParamFilter.of(ignore_params)
    # Raw pairs are kept byte for byte (only the name is decoded to match it), so a query in a
    # legacy encoding survives; canonicalize_url then sorts and re-quotes them.
    query = "&".join(
        pair for pair in parts.query.split("&") if pair and not dropping.drops(unquote_plus(pair.split("=", 1)[0]))
    )
    rebuilt = urlunsplit((scheme, _netloc(scheme, parts), parts.path or "/", query, parts.fragment))
    return canonicalize_url(rebuilt, keep_blank_values=True, keep_fragments=keep_fragment)


def length_refusal(url: str) -> str | None:
    """Why `url` is too long to name a page (one line, whatever its length), or None."""
    if len(url) > URL_MAX_CHARS:
        return f"URL of {len(url)} characters refused (limit {URL_MAX_CHARS}): {url[:100]}…"
    return None


def normalize_host(text: str) -> str:
    """The host as page identities spell it (lower case, IDNA, no trailing dot or port), from a
    bare host name or a URL: how `sites` and `recrawl --site` name a site."""
    text = text.strip()
    return host_of(normalize_url(text if "://" in text else f"http://{text}/"))


def host_of(url: str) -> str:
    """Lower-case host of a URL, without port or trailing dot (the politeness key)."""
    hostname = urlsplit(url).hostname
    if not hostname:
        raise InvalidUrl(f"URL has no host: {url!r}")
    return hostname.rstrip(".")


def _netloc(scheme: str, parts: SplitResult) -> str:
    host = (parts.hostname or "").rstrip(".")
    if ":" in host:  # IPv6 literal: urlsplit stripped the brackets
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError as error:
        raise InvalidUrl(f"bad port in {parts.geturl()!r}") from error
    netloc = host  # `user:password@` is dropped: credentials are never part of a page's identity
    if port is not None and port != DEFAULT_PORTS[scheme]:
        netloc = f"{netloc}:{port}"
    return netloc
