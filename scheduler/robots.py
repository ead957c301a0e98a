"""robots.txt, parsed by Protego (Scrapy's parser: wildcards, `Allow` precedence by length,
`Crawl-delay`), fetched once per host and cached.

Fetch failures follow RFC 9309 §2.3.1: a 4xx robots.txt means no rules (crawl everything);
a 5xx or an unreachable server means "assume everything is disallowed" for a short while,
since the site may be telling crawlers to stay away while it is in trouble.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from protego import Protego

from scheduler import http
from values.targets import PUBLIC_ONLY, TargetPolicy

FETCH_TIMEOUT_S = 10
"""The whole fetch: a robots.txt is a few kB; a server slower than this is treated as unreachable."""
MAX_ROBOTS_BYTES = 500 * 1024
"""RFC 9309 asks parsers to read at least 500 KiB; more is ignored."""
UNREACHABLE_RETRY = timedelta(minutes=1)
"""How long an unreachable robots.txt keeps the host disallowed before asking again."""

MAX_CACHED_ORIGINS = 4096
"""Origins whose rules one worker keeps. A worker runs for days and meets a long tail of origins
(sites added, redirects, aliases); each kept a parsed robots.txt (up to `MAX_ROBOTS_BYTES`) for
the life of the process. Past this many the least recently used is dropped and fetched again
should it come back."""

Fetcher = Callable[[str], tuple[int, str]]
"""url -> (HTTP status, body); raises OSError when the server cannot be reached."""


@dataclass(frozen=True, slots=True)
class RobotsVerdict:
    allowed: bool
    reason: str


def fetch_robots(url: str, targets: TargetPolicy = PUBLIC_ONLY) -> tuple[int, str]:
    """robots.txt within a whole-response deadline, redirects followed (RFC 9309 §2.3.1.2) but
    never to a target the policy refuses."""
    response = http.fetch(url, {"User-Agent": "rendercrawlbot"}, max_bytes=MAX_ROBOTS_BYTES,
                          deadline_s=FETCH_TIMEOUT_S, follow_redirects=True, targets=targets)
    return response.status, response.body.decode("utf-8", "replace") if 200 <= response.status < 300 else ""


class RobotsCache:
    """Per-host robots.txt rules, refreshed after `ttl`. Not shared between processes."""

    def __init__(self, user_agent: str, ttl: timedelta, fetch: Fetcher = fetch_robots,
                 max_origins: int = MAX_CACHED_ORIGINS) -> None:
        self.user_agent = user_agent
        self.ttl = ttl
        self.fetch = fetch
        self.max_origins = max_origins
        self._rules: OrderedDict[str, tuple[datetime, Protego | None, str]] = OrderedDict()

    def verdict(self, url: str, now: datetime) -> RobotsVerdict:
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        cached = self._rules.get(origin)
        if cached is None or cached[0] <= now:
            cached = self._load(origin, now)
            self._rules[origin] = cached
            while len(self._rules) > self.max_origins:
                self._rules.popitem(last=False)
        self._rules.move_to_end(origin)
        _, rules, note = cached
        if rules is None:
            return RobotsVerdict(False, note)
        if rules.can_fetch(url, self.user_agent):
            return RobotsVerdict(True, note)
        return RobotsVerdict(False, f"robots.txt of {origin} disallows it for {self.user_agent}")

    def _load(self, origin: str, now: datetime) -> tuple[datetime, Protego | None, str]:
        try:
            status, body = self.fetch(f"{origin}/robots.txt")
        except OSError as error:
            return now + UNREACHABLE_RETRY, None, f"robots.txt unreachable ({error}); assuming disallowed"
        if 200 <= status < 300:
            return now + self.ttl, Protego.parse(body), "robots.txt allows it"
        if 400 <= status < 500:
            return now + self.ttl, Protego.parse(""), f"no robots.txt ({status})"
        return now + UNREACHABLE_RETRY, None, f"robots.txt answered {status}; assuming disallowed"
