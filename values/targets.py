"""Which hosts a crawl may reach: public ones only, unless a setting allows more.

A crawler fetches URLs that outsiders name (views, pushes, redirects, subresources), so an
address inside the network it runs in — loopback, private, shared (CGNAT), link-local (the
cloud metadata service), unique-local, multicast, unspecified or reserved, IPv4 or IPv6,
IPv4-mapped IPv6 included — is refused by default. Hosts are checked as written and as they
resolve: an IPv4 literal in any form a browser accepts (`2130706433`, `0x7f.1`, `0177.0.0.1`,
`127.1`) is an address, and a name is refused when any address it resolves to is refused.

`allow_targets` (`RENDERCRAWL_ALLOW_TARGETS`, a JSON list) names networks (`127.0.0.0/8`,
`::1`) and host names that may be reached anyway; the demo and the tests allow loopback.

A name that does not resolve is not refused here: the crawl fails on it with `dns_error`.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from values.hostrules import HostRules, Target
from values.urls import InvalidUrl

log = logging.getLogger(__name__)

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str], list[Address]]

IPV4_NUMBER_HOST = re.compile(r"^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+)){0,3}\.?$", re.IGNORECASE)
"""A host a browser reads as an IPv4 address (WHATWG URL: every label a decimal, octal or hex
number), however it is spelled."""
ALLOWED_SCHEMES = ("http", "https")
RESOLVED_TTL_S = 60.0
"""How long a host's addresses are reused for checks (`resolve_host`); no fetch depends on it —
the egress proxy and the plain HTTP client connect to the addresses they checked themselves."""
MAX_RESOLVED = 4096
_resolved: dict[str, tuple[float, tuple[Address, ...]]] = {}


SHARED_NETWORK = ipaddress.ip_network("100.64.0.0/10")
"""RFC 6598 shared address space (carrier-grade NAT): not public, though Python calls it not private."""


@dataclass(frozen=True, slots=True)
class TargetPolicy:
    networks: tuple[Network, ...] = ()
    hosts: frozenset[str] = frozenset()
    rules: HostRules = HostRules()
    """The host map (`resolver_rules`): where a name goes for every client — the browser's
    egress proxy, robots.txt, the cheap probe — and for every check of it."""

    @classmethod
    def of(cls, entries: Iterable[str], rules: HostRules | None = None) -> TargetPolicy:
        """Networks (`10.1.0.0/16`, `::1`) and host names (`intranet.example`) to allow."""
        networks, hosts = [], set()
        for entry in (e.strip() for e in entries):
            if not entry:
                continue
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                hosts.add(entry.lower().rstrip("."))
        return cls(tuple(networks), frozenset(hosts), rules or HostRules())

    def refusal(self, url: str, resolve: Resolver | None = None) -> str | None:
        """Why `url` may not be fetched, or None. `resolve` (default: the system resolver)
        turns a host name, after the host map, into its addresses."""
        parts = urlsplit(url)
        if parts.scheme.lower() not in ALLOWED_SCHEMES:
            return f"{parts.scheme or 'a relative'} URL: only http and https are fetched"
        host = (parts.hostname or "").rstrip(".")
        if not host:
            return "URL has no host"
        if self.allows_name(host):
            return None
        named = address_of(host)
        if named is not None and (why := self.address_refusal(host, [named])) is not None:
            return why  # the address a URL names is refused whatever the host map does with it
        target = self.route(url)
        if target.not_found:
            return None  # nothing to reach: the fetch fails as a name that does not resolve
        literal = address_of(target.host)
        addresses = [literal] if literal is not None else (resolve or resolve_host)(target.host)
        return self.address_refusal(host, addresses)

    def route(self, url: str) -> Target:
        """The host and port a connection for `url` goes to, after the host map."""
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
        return self.rules.target((parts.hostname or "").rstrip("."), port)

    def allows_name(self, host: str) -> bool:
        """`host` is allowed by name, whatever it resolves to."""
        return host.lower().rstrip(".") in self.hosts

    def address_refusal(self, host: str, addresses: Iterable[Address]) -> str | None:
        """Why `host`, resolved to `addresses`, may not be reached (the first refused one
        decides), or None."""
        for address in addresses:
            if not self.reachable(address):
                if address_of(host) is not None:
                    return f"{address}, {_kind(address)} address (allow it with allow_targets)"
                # The address itself stays in the log: a refusal reaches API callers and crawl
                # rows, and must not tell them what an internal name resolves to.
                log.info("refused target %s: it resolves to %s", host, address)
                return f"{host} resolves to {_kind(address)} address (allow it with allow_targets)"
        return None

    def reachable(self, address: Address) -> bool:
        plain = _unmapped(address)
        return is_public(plain) or any(plain in network or address in network for network in self.networks)


PUBLIC_ONLY = TargetPolicy()
"""The default: public addresses only."""


def refuse_target(url: str, targets: TargetPolicy) -> None:
    """Raise `InvalidUrl` when `targets` refuses `url` (an internal address, a name resolving to one)."""
    why = targets.refusal(url)
    if why is not None:
        raise InvalidUrl(f"refused target {url[:100]}: {why}")


def address_of(host: str) -> Address | None:
    """The address a host names literally (any IPv4 spelling a browser accepts), or None."""
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    if IPV4_NUMBER_HOST.match(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host.rstrip(".")))
        except OSError:
            return None
    return None


def is_public(address: Address) -> bool:
    """A globally reachable unicast address."""
    address = _unmapped(address)
    return address.is_global and not (address.is_multicast or address.is_reserved or address.is_unspecified)


def resolve_host(host: str) -> list[Address]:
    """The system resolver's addresses for `host` (none if it does not resolve), remembered for
    `RESOLVED_TTL_S`: a burst of views of one host costs one lookup, and a host that moves is
    seen within a minute."""
    host = host.lower()
    now = time.monotonic()
    cached = _resolved.get(host)
    if cached is not None and now - cached[0] < RESOLVED_TTL_S:
        return list(cached[1])
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        infos = []
    addresses = tuple(dict.fromkeys(ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos))
    if len(_resolved) >= MAX_RESOLVED:
        _resolved.clear()
    _resolved[host] = (now, addresses)
    return list(addresses)


def _unmapped(address: Address) -> Address:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _kind(address: Address) -> str:
    plain = _unmapped(address)
    if plain in SHARED_NETWORK:
        return "a shared (carrier-grade NAT)"
    for name in ("loopback", "link_local", "unspecified", "multicast", "private", "reserved"):
        if getattr(plain, f"is_{name}"):
            return "a " + name.replace("_", "-")
    return "a non-public"
