"""Adblock-Plus filter lists (EasyPrivacy and the like), reduced to what a crawler can enforce
cheaply and exactly: host-anchored rules.

Supported: `||host^` (the host and its subdomains), `||host^$third-party` (only when the page is
on another site), and exceptions `@@||host^` / `@@||host^$third-party`. Everything else —
path rules, cosmetic `##` rules, type options such as `$script`, `domain=` — is counted as
ignored rather than guessed at: a narrower rule applied broadly would block what the list
author meant to keep. `FilterList.loaded` and `.ignored` are reported so a user can see how
much of a list took effect.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

HOST_RULE = re.compile(r"^(@@)?\|\|([a-z0-9][a-z0-9.-]*[a-z0-9])\^(?:\$(.*))?$")
"""`||host^`, optionally `@@`-prefixed and with `$options`; a host is lower-case labels."""
THIRD_PARTY_OPTIONS = {"third-party", "3p"}
"""The only options accepted; `3p` is uBlock's spelling of `third-party`."""
COMMENT_PREFIXES = ("!", "[")


@dataclass(frozen=True, slots=True)
class FilterList:
    """The host rules of one or more lists, as sets (one lookup per host label when matching)."""

    blocked: frozenset[str] = frozenset()
    """Hosts blocked on every page."""
    blocked_third_party: frozenset[str] = frozenset()
    """Hosts blocked only when the page is on another site."""
    allowed: frozenset[str] = frozenset()
    """Exceptions: never blocked by a list."""
    allowed_third_party: frozenset[str] = frozenset()
    loaded: int = 0
    ignored: int = 0

    def merge(self, other: FilterList) -> FilterList:
        return FilterList(
            blocked=self.blocked | other.blocked,
            blocked_third_party=self.blocked_third_party | other.blocked_third_party,
            allowed=self.allowed | other.allowed,
            allowed_third_party=self.allowed_third_party | other.allowed_third_party,
            loaded=self.loaded + other.loaded, ignored=self.ignored + other.ignored)

    def verdict(self, host: str, third_party: bool) -> bool:
        """True when the lists block a request to `host` (already lower-case)."""
        suffixes = host_suffixes(host)
        if any(s in self.allowed for s in suffixes):
            return False
        if third_party and any(s in self.allowed_third_party for s in suffixes):
            return False
        if any(s in self.blocked for s in suffixes):
            return True
        return third_party and any(s in self.blocked_third_party for s in suffixes)

    def __len__(self) -> int:
        return len(self.blocked) + len(self.blocked_third_party)


def host_suffixes(host: str) -> list[str]:
    """`a.b.example.com` -> itself, `b.example.com`, `example.com`, `com`."""
    labels = host.rstrip(".").split(".")
    return [".".join(labels[i:]) for i in range(len(labels))]


def parse_filter_list(lines: Iterable[str]) -> FilterList:
    blocked: set[str] = set()
    blocked_3p: set[str] = set()
    allowed: set[str] = set()
    allowed_3p: set[str] = set()
    loaded = ignored = 0
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(COMMENT_PREFIXES):
            continue
        match = HOST_RULE.match(line.lower())
        options = set(match.group(3).split(",")) if match and match.group(3) else set()
        if match is None or not options <= THIRD_PARTY_OPTIONS:
            ignored += 1
            continue
        exception, host = match.group(1) is not None, match.group(2)
        third_party = bool(options)
        target = (allowed_3p if third_party else allowed) if exception else (blocked_3p if third_party else blocked)
        target.add(host)
        loaded += 1
    return FilterList(frozenset(blocked), frozenset(blocked_3p), frozenset(allowed), frozenset(allowed_3p),
                      loaded, ignored)


def load_filter_lists(paths: Iterable[Path]) -> FilterList:
    """All lists merged; a missing file is an error the user must fix, not an empty list."""
    merged = FilterList()
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            merged = merged.merge(parse_filter_list(handle))
    return merged
