"""What a page may load, decided once per request, and how Chromium is told.

`RequestPolicy.reason()` is the one decision (also used to label failures on the
`RenderedPage`): a request is refused for its scheme, then by the first rule of `ORDER` that
has a verdict on it: a site's own `allow_hosts` (which beat every default list), a per-site
rule, a slow host, the analytics denylist, a filter list, or its type (fonts/media by setting).

Enforcement happens inside Chromium where that is cheap: `chromium_patterns()` turns the same
`ORDER` into CDP `Network.setBlockedURLs` URL patterns, rule after rule (Chromium's first
match wins, as `reason()`'s first verdict does). Chromium matches them linearly — measured
(bench/render_blocking.py, 2026-11-29): 100 patterns +0.26 ms per request, 1,000 +0.75 ms,
5,000 +3.8 ms, EasyPrivacy's 42,000 host rules +54 ms per request and 2.4 s to install.
Resolver rules cannot hold such a list (one argv string is capped at 128 KB on Linux) and
cannot express `$third-party` or per-site exceptions.
So above `CHROMIUM_PATTERN_LIMIT` the `auto` mode switches to a route handler that asks
`reason()` (set lookups per host label, ~10-20 us in Python) for each request — paying the
driver round trip and the lost HTTP cache only when a big list is loaded.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import tldextract

from render.denylist import PIANO_COMPOSER_HOSTS, Denylist
from render.filterlist import FilterList, load_filter_lists
from render.settings import RenderSettings, SiteSettings

CHROMIUM_PATTERN_LIMIT = 1_000
"""At 1,000 patterns Chromium's matcher adds ~0.75 ms per request, below a route handler's
2-4 ms CPU per request; at 5,000 (3.8 ms) it is above. Set from bench/render_blocking.py."""
NETWORK_SCHEMES = ("http", "https")
"""The only schemes whose requests may leave the browser. WebSockets, WebTransport and WebRTC
never reach Chromium's request blocking; `render/guards.js` refuses them in the page."""
LOCAL_SCHEMES = ("data", "blob", "about", "chrome-error")
"""Schemes that never leave the browser: not requests to refuse."""
FONT_EXTENSIONS = ("woff2", "woff", "ttf", "otf", "eot")
MEDIA_EXTENSIONS = ("mp4", "webm", "m4v", "mov", "mp3", "m4a", "aac", "ogg", "oga", "wav", "m3u8", "mpd", "m4s")
FONT_TYPES = ("font",)
MEDIA_TYPES = ("media",)

_EXTRACT = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)  # bundled list: never fetched


@functools.lru_cache(maxsize=65_536)
def site_of(host: str) -> str:
    """The registrable domain (`news.example.co.uk` -> `example.co.uk`); an IP is its own site."""
    parts = _EXTRACT(host)
    return parts.top_domain_under_public_suffix or host


def host_pattern(host: str) -> str:
    """A URLPattern for `host` and its subdomains, any scheme, port and path."""
    return f"*://{{*.}}?{host}:*/*"


@dataclass(frozen=True, slots=True)
class PageScope:
    """What the rules of one page depend on besides the policy."""

    host: str
    """Decides first or third party."""
    site: SiteSettings
    slow_hosts: frozenset[str]


@dataclass(frozen=True, slots=True)
class Request:
    url: str
    host: str
    """Lower case."""
    path: str
    resource_type: str


Pattern = dict[str, object]


@dataclass(frozen=True, slots=True)
class Rule:
    """One step of the blocking order, written once for both enforcements."""

    name: str
    """The reason a request it refuses is labelled with."""
    verdict: Callable[[RequestPolicy, PageScope, Request], bool | None]
    """True: refused; False: allowed, whatever later rules say; None: the next rule decides."""
    patterns: Callable[[RequestPolicy, PageScope], list[Pattern]]
    """The same rule as `Network.setBlockedURLs` URL patterns (`block: False` allows)."""


@dataclass(frozen=True, slots=True)
class RequestPolicy:
    denylist: Denylist
    filters: FilterList
    block_fonts: bool = False
    block_media: bool = False
    mode: str = "chromium"
    """`chromium` or `route`, resolved from the `blocking_mode` setting."""

    @classmethod
    def from_settings(cls, settings: RenderSettings) -> RequestPolicy:
        extra = PIANO_COMPOSER_HOSTS if settings.block_piano_composer else ()
        denylist = Denylist.default(extra=extra)
        filters = load_filter_lists(settings.filter_lists)
        mode = settings.blocking_mode
        if mode == "auto":
            mode = "route" if len(denylist.url_patterns()) + len(filters) > CHROMIUM_PATTERN_LIMIT else "chromium"
        return cls(denylist, filters, settings.block_fonts, settings.block_media, mode)

    def reason(self, url: str, resource_type: str, page_host: str, site: SiteSettings,
               slow_hosts: frozenset[str] = frozenset()) -> str | None:
        """Why a request must not load, or None. `page_host` decides first/third party."""
        parts = urlsplit(url)
        if parts.scheme in LOCAL_SCHEMES:
            return None
        if parts.scheme not in NETWORK_SCHEMES:
            return "scheme"
        page = PageScope(page_host, site, slow_hosts)
        request = Request(url, (parts.hostname or "").lower(), parts.path, resource_type)
        for rule in ORDER:
            verdict = rule.verdict(self, page, request)
            if verdict is not None:
                return rule.name if verdict else None
        return None

    def chromium_patterns(self, page_host: str, site: SiteSettings,
                          slow_hosts: frozenset[str] = frozenset()) -> list[dict[str, object]]:
        """`Network.setBlockedURLs` `urlPatterns` for one page (first matching entry wins)."""
        page = PageScope(page_host, site, slow_hosts)
        return [pattern for rule in ORDER for pattern in rule.patterns(self, page)]


def _filter_verdict(policy: RequestPolicy, page: PageScope, request: Request) -> bool | None:
    """A filter list's block; its exceptions (`@@`) only keep the lists from blocking."""
    third_party = site_of(request.host) != site_of(page.host)
    return True if policy.filters and policy.filters.verdict(request.host, third_party=third_party) else None


def _filter_patterns(policy: RequestPolicy, page: PageScope) -> list[Pattern]:
    filters, page_site = policy.filters, site_of(page.host)
    allow = [*filters.allowed, *(h for h in filters.allowed_third_party if site_of(h) != page_site)]
    block = [*sorted(filters.blocked), *sorted(h for h in filters.blocked_third_party if site_of(h) != page_site)]
    return _entries(allow, block=False) + _entries(block, block=True)


def _typed(request: Request, types: tuple[str, ...], extensions: tuple[str, ...]) -> bool:
    return request.resource_type in types or _has_extension(request.path, extensions)


def _extensions(extensions: tuple[str, ...]) -> list[Pattern]:
    return [{"urlPattern": f"*://*:*/*.{ext}", "block": True} for ext in extensions]


ORDER: tuple[Rule, ...] = (
    Rule("site-allow", lambda policy, page, request: False if _matches(request.host, page.site.allow_hosts) else None,
         lambda policy, page: _entries(page.site.allow_hosts, block=False)),
    Rule("site-rule", lambda policy, page, request: _matches(request.host, page.site.block_hosts) or None,
         lambda policy, page: _entries(page.site.block_hosts, block=True)),
    Rule("slow-domain", lambda policy, page, request: request.host in page.slow_hosts or None,
         lambda policy, page: _entries(sorted(page.slow_hosts), block=True)),
    Rule("denylist", lambda policy, page, request: policy.denylist.blocks_url(request.url) or None,
         lambda policy, page: policy.denylist.url_patterns()),
    Rule("filterlist", _filter_verdict, _filter_patterns),
    Rule("font", lambda policy, page, request: (policy.block_fonts and _typed(request, FONT_TYPES, FONT_EXTENSIONS)) or None,
         lambda policy, page: _extensions(FONT_EXTENSIONS) if policy.block_fonts else []),
    Rule("media", lambda policy, page, request: (policy.block_media and _typed(request, MEDIA_TYPES, MEDIA_EXTENSIONS)) or None,
         lambda policy, page: _extensions(MEDIA_EXTENSIONS) if policy.block_media else []),
)
"""The blocking order after the scheme: the first rule with a verdict decides a request, and
Chromium gets each rule's patterns in this order (its first matching pattern decides)."""


def _entries(hosts: list[str], block: bool) -> list[Pattern]:
    return [{"urlPattern": host_pattern(h), "block": block} for h in hosts]


def _matches(host: str, hosts: list[str]) -> bool:
    return any(host == h or host.endswith("." + h) for h in hosts)


def _has_extension(path: str, extensions: tuple[str, ...]) -> bool:
    return path.rsplit(".", 1)[-1].lower() in extensions if "." in path.rsplit("/", 1)[-1] else False
