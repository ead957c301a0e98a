"""Hosts split at their public suffix, from the snapshot of the list that `publicsuffixlist` ships.

The extractor (a page's site name, its registrable domain) and the renderer's blocking (first or
third party) both ask, so the list is parsed once a process. publicsuffixlist is a single module
with no dependencies: tldextract, which did this before, imports requests and its dependencies to
fetch a list we never fetch, about 0.1 CPU-s of every `rendercrawl crawl URL`. Only the ICANN part
of the list counts (`foo.blogspot.com` is a page of `blogspot.com`), as tldextract's default did.
"""

from __future__ import annotations

import functools
import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from publicsuffixlist import PublicSuffixList


@dataclass(frozen=True, slots=True)
class HostParts:
    """`news.example.co.uk` -> `news`, `example`, `co.uk`."""

    subdomain: str
    domain: str
    """The label under the public suffix; an IP address is all domain."""
    suffix: str
    """"" for IP addresses, single labels and top-level domains the list does not know."""

    @property
    def registrable(self) -> str:
        """`example.co.uk`, or "" when there is no suffix or nothing under it."""
        return f"{self.domain}.{self.suffix}" if self.domain and self.suffix else ""


@functools.cache
def _list() -> PublicSuffixList:
    return PublicSuffixList(only_icann=True, accept_unknown=False)


def warm_up() -> None:
    """Parse the list now (a long-lived process, before it freezes its start-up objects)."""
    _list()


@functools.lru_cache(maxsize=65_536)
def split_host(host: str) -> HostParts:
    """`host` (a URL's host: no scheme, port or user) at its public suffix; a trailing dot is
    dropped and letters compare in any case, as names resolve."""
    name = host.rstrip(".")
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        pass
    else:
        return HostParts("", name, "")
    suffix = _list().publicsuffix(name, accept_unknown=False, keep_case=True) or ""
    labels = name.split(".")
    under = labels[: len(labels) - suffix.count(".") - 1] if suffix else labels
    if not under:
        return HostParts("", "", suffix)
    return HostParts(".".join(under[:-1]), under[-1], suffix)


def split_url(url: str) -> HostParts:
    """`split_host` of a URL's host; a URL without a host, or one that does not parse, has none."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    return split_host(host)
