"""Which hosts a page may not load: the analytics and tag vendors whose counts a crawler
would otherwise inflate.

The list is data (`render/data/denylist.txt`, versioned), matched on the host and each of its
parent domains with one set lookup per label — cost grows with the number of labels in a
host, not with the length of the list. A few vendors can only be recognised by path (the
Facebook pixel at `facebook.com/tr`, self-hosted Matomo at `/matomo.php` on any host); those
few path rules are checked after the host lookup.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from urllib.parse import urlsplit

PIANO_COMPOSER_HOSTS = ("tinypass.com", "piano.io", "npttech.com")
"""Composer scripts change the page (paywalls, data layer), so they load unless a setting says no."""


@dataclass(frozen=True, slots=True)
class PathRule:
    """Block URLs whose path starts with `path` — on `host` and its subdomains, or on any host."""

    host: str | None
    path: str


@dataclass(frozen=True, slots=True)
class Denylist:
    hosts: frozenset[str]
    paths: tuple[PathRule, ...] = ()

    @classmethod
    def default(cls, extra: Iterable[str] = (), allow: Iterable[str] = ()) -> Denylist:
        text = (files("render") / "data" / "denylist.txt").read_text(encoding="utf-8")
        entries = list(parse_host_lines(text.splitlines()))
        hosts = {e for e in entries if "/" not in e} | {h.lower().strip(".") for h in extra}
        paths = tuple(_path_rule(e) for e in entries if "/" in e)
        return cls(frozenset(hosts - {h.lower().strip(".") for h in allow}), paths)

    def blocks_host(self, host: str) -> bool:
        labels = host.lower().rstrip(".").split(".")
        return any(".".join(labels[i:]) in self.hosts for i in range(len(labels)))

    def blocks_url(self, url: str) -> bool:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        return self.blocks_host(host) or any(_path_matches(rule, host, parts.path) for rule in self.paths)

    def url_patterns(self) -> list[dict[str, object]]:
        """`Network.setBlockedURLs` URLPatterns: each host with its subdomains, then the path rules."""
        patterns = [f"*://{{*.}}?{host}:*/*" for host in sorted(self.hosts)]
        patterns += [f"*://{{*.}}?{r.host}:*{r.path}*" if r.host else f"*://*:*{r.path}*" for r in self.paths]
        return [{"urlPattern": p, "block": True} for p in patterns]


    def path_patterns(self) -> list[dict[str, object]]:
        """Fetch-domain `RequestPattern`s (`*` wildcards) that pause every request a path rule
        could block, and some more (a port, a path in the query): the caller decides each."""
        return [{"urlPattern": f"*://*{r.host}*{r.path}*" if r.host else f"*{r.path}*"} for r in self.paths]


def parse_host_lines(lines: Iterable[str]) -> Iterable[str]:
    for line in lines:
        entry = line.split("#", 1)[0].strip().lower().strip(".")
        if entry:
            yield entry


def _path_rule(entry: str) -> PathRule:
    host, _, path = entry.partition("/")
    return PathRule(host or None, "/" + path)


def _path_matches(rule: PathRule, host: str, path: str) -> bool:
    if not path.startswith(rule.path):
        return False
    return rule.host is None or host == rule.host or host.endswith("." + rule.host)
