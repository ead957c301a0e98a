"""Which hosts a page may not load: the analytics and tag vendors whose counts a crawler
would otherwise inflate.

The list is data (`render/data/denylist.txt`, versioned), matched on the host and each of its
parent domains with one set lookup per label — cost grows with the number of labels in a
host, not with the length of the list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from urllib.parse import urlsplit

PIANO_COMPOSER_HOSTS = ("tinypass.com", "piano.io", "npttech.com")
"""Composer scripts change the page (paywalls, data layer), so they load unless a setting says no."""


@dataclass(frozen=True, slots=True)
class Denylist:
    hosts: frozenset[str]

    @classmethod
    def default(cls, extra: Iterable[str] = (), allow: Iterable[str] = ()) -> Denylist:
        text = (files("render") / "data" / "denylist.txt").read_text(encoding="utf-8")
        hosts = set(parse_host_lines(text.splitlines())) | {h.lower().strip(".") for h in extra}
        return cls(frozenset(hosts - {h.lower().strip(".") for h in allow}))

    def blocks_host(self, host: str) -> bool:
        labels = host.lower().rstrip(".").split(".")
        return any(".".join(labels[i:]) in self.hosts for i in range(len(labels)))

    def blocks_url(self, url: str) -> bool:
        return self.blocks_host(urlsplit(url).hostname or "")

    def url_patterns(self) -> list[str]:
        """Patterns for Chromium's own blocker (CDP `Network.setBlockedURLs`): the host itself
        and any subdomain, any scheme and path."""
        patterns: list[str] = []
        for host in sorted(self.hosts):
            patterns += [f"*://{host}/*", f"*://*.{host}/*", f"*://{host}:*", f"*://*.{host}:*"]
        return patterns


def parse_host_lines(lines: Iterable[str]) -> Iterable[str]:
    for line in lines:
        host = line.split("#", 1)[0].strip().lower().strip(".")
        if host:
            yield host
