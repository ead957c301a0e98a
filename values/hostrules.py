"""Chromium's `--host-resolver-rules`, applied by the egress proxy (`render/egress.py`) and,
through the target policy (`values/targets.py`), by the plain HTTP client (robots.txt, the
cheap probe): one host map for every client.

Chromium hands every host name to its proxy and never resolves it, so the rules that map hosts
elsewhere — the tests' and the demo's stand-ins on loopback, the Google service hosts silenced
in `render/chromium.py` — must be applied where names are resolved now: in the proxy. The same
syntax and the same meaning as Chromium's (`net/base/host_mapping_rules.cc`), so the setting
reads as it always did:

- `MAP pattern replacement` (`*` globs; the pattern may carry a `:port`; the replacement is a
  `host[:port]` or `~NOTFOUND`): the first MAP rule whose pattern matches the host (or
  `host:port`) applies,
- `EXCLUDE pattern`: a host that matches any EXCLUDE rule is never mapped,
- rules are separated by commas.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase

NOT_FOUND = "~NOTFOUND"


class BadHostRules(ValueError):
    """A rule that is neither `MAP pattern replacement` nor `EXCLUDE pattern`."""


@dataclass(frozen=True, slots=True)
class Target:
    """Where a request for some host goes: a host (name or address) and port, or nowhere."""

    host: str
    port: int

    @property
    def not_found(self) -> bool:
        return self.host == NOT_FOUND


@dataclass(frozen=True, slots=True)
class HostRules:
    maps: tuple[tuple[str, str, int | None], ...] = ()
    """(pattern, replacement host, replacement port or None), in order."""
    excludes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> HostRules:
        maps: list[tuple[str, str, int | None]] = []
        excludes: list[str] = []
        for rule in (r.strip() for r in text.split(",")):
            if not rule:
                continue
            words = rule.split()
            if len(words) == 3 and words[0].upper() == "MAP":
                host, port = _host_port(words[2])
                maps.append((words[1].lower(), host, port))
            elif len(words) == 2 and words[0].upper() == "EXCLUDE":
                excludes.append(words[1].lower())
            else:
                raise BadHostRules(f"host rule {rule!r}: expected 'MAP pattern replacement' or 'EXCLUDE pattern'")
        return cls(tuple(maps), tuple(excludes))

    def target(self, host: str, port: int) -> Target:
        """Where `host:port` goes: mapped by the first matching MAP rule unless excluded."""
        host = host.lower().rstrip(".")
        for pattern, replacement, replacement_port in self.maps:
            if not (fnmatchcase(host, pattern) or fnmatchcase(f"{host}:{port}", pattern)):
                continue
            if any(fnmatchcase(host, excluded) for excluded in self.excludes):
                break
            return Target(replacement, replacement_port if replacement_port is not None else port)
        return Target(host, port)


def _host_port(text: str) -> tuple[str, int | None]:
    """`host`, `host:port`, `[v6]:port` or `~NOTFOUND`."""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        return host, int(rest[1:]) if rest.startswith(":") else None
    host, colon, port = text.rpartition(":")
    if colon and port.isdigit() and ":" not in host:
        return host.lower(), int(port)
    return text.lower() if text != NOT_FOUND else text, None
