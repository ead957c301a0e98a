"""What a page may load, decided once per request, and how Chromium is told.

`RequestPolicy.reason()` is the one decision (also used to label failures on the
`RenderedPage`): a request is refused for its scheme, then by the first rule of `ORDER` that
has a verdict on it: a site's own `allow_hosts` (which beat every default list), a per-site
rule, a slow host, the analytics denylist, a filter list, or its type (fonts/media by setting).

Enforcement, by default (`proxy` mode), is split by what each side can see. Every rule that
decides on the host alone — a site's allow and block hosts, slow hosts, the denylist's hosts,
every filter-list rule — is applied by the egress proxy (`render/egress.py`), which holds every
connection of the page's context: `host_reason()` on the host of a `CONNECT` or of a plain-HTTP
request, before the name is resolved. A set lookup per host label, so a filter list of 45,000
hosts costs what the default list costs, and Chromium needs no CDP Network session (whose
events Playwright forwarded to Python, 78 a page) and no route handler. A tunnel hides paths,
so the few rules that need one (the denylist's 7 path rules of 84 entries; fonts and media by
type or extension when blocked) are Fetch-domain patterns (`path_patterns()`): Chromium pauses
only the requests they match and `reason()` decides those. The analytics a page loads are
recorded all the same: the refused request fails in Chromium and the request tracker labels it
with `reason()`.

Two older enforcements stay selectable (`blocking_mode`): `chromium` turns `ORDER` into CDP
`Network.setBlockedURLs` URL patterns, rule after rule (Chromium's first match wins, as
`reason()`'s first verdict does). Chromium matches them linearly — measured
(bench/render_blocking.py, 2026-11-29): 100 patterns +0.26 ms per request, 1,000 +0.75 ms,
5,000 +3.8 ms, EasyPrivacy's 42,000 host rules +54 ms per request and 2.4 s to install.
Resolver rules cannot hold such a list (one argv string is capped at 128 KB on Linux) and
cannot express `$third-party` or per-site exceptions. `route` is a route handler that asks
`reason()` for each request (the driver round trip and no HTTP cache on every request).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from render.denylist import PIANO_COMPOSER_HOSTS, Denylist
from render.filterlist import FilterList, load_filter_lists
from render.settings import RenderSettings, SiteSettings
from values.domains import split_host

NETWORK_SCHEMES = ("http", "https")
"""The only schemes whose requests may leave the browser. WebSockets, WebTransport and WebRTC
never reach Chromium's request blocking; `render/guards.js` refuses them in the page."""
LOCAL_SCHEMES = ("data", "blob", "about", "chrome-error")
"""Schemes that never leave the browser: not requests to refuse."""
FONT_EXTENSIONS = ("woff2", "woff", "ttf", "otf", "eot")
MEDIA_EXTENSIONS = ("mp4", "webm", "m4v", "mov", "mp3", "m4a", "aac", "ogg", "oga", "wav", "m3u8", "mpd", "m4s")
FONT_TYPES = ("font",)
MEDIA_TYPES = ("media",)


@functools.lru_cache(maxsize=65_536)
def site_of(host: str) -> str:
    """The registrable domain (`news.example.co.uk` -> `example.co.uk`); an IP is its own site."""
    return split_host(host).registrable or host


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
    paths: Callable[[RequestPolicy], list[Pattern]] = lambda policy: []
    """Fetch-domain `RequestPattern`s for the requests of this rule a host cannot decide (a
    superset: `reason()` decides each request they pause); empty for rules on hosts only."""


@dataclass(frozen=True, slots=True)
class RequestPolicy:
    denylist: Denylist
    filters: FilterList
    block_fonts: bool = False
    block_media: bool = False
    mode: str = "proxy"
    """`proxy`, `chromium` or `route`, resolved from the `blocking_mode` setting."""

    @classmethod
    def from_settings(cls, settings: RenderSettings) -> RequestPolicy:
        extra = PIANO_COMPOSER_HOSTS if settings.block_piano_composer else ()
        denylist = Denylist.default(extra=extra)
        filters = load_filter_lists(settings.filter_lists)
        mode = "proxy" if settings.blocking_mode == "auto" else settings.blocking_mode
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

    def host_reason(self, host: str, page_host: str, site: SiteSettings,
                    slow_hosts: frozenset[str] = frozenset()) -> str | None:
        """Why every request to `host` must not load, whatever its path and type, or None: the
        verdict the egress proxy applies to a connection. The rules see the host with the root
        path and no type, on which no path, extension or type rule has a verdict."""
        page = PageScope(page_host, site, slow_hosts)
        request = Request(f"http://[{host}]/" if ":" in host else f"http://{host}/", host.lower(), "/", "")
        for rule in ORDER:
            verdict = rule.verdict(self, page, request)
            if verdict is not None:
                return rule.name if verdict else None
        return None

    def path_patterns(self) -> list[dict[str, object]]:
        """Fetch `RequestPattern`s of the rules `host_reason()` cannot apply (see the module)."""
        return [pattern for rule in ORDER for pattern in rule.paths(self)]

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


def _typed_paths(types: tuple[str, ...], extensions: tuple[str, ...]) -> list[Pattern]:
    """Fetch patterns for a type rule: the CDP resource types, and the extensions anywhere in
    the URL (a query after them too; `reason()` looks at the path)."""
    by_type: list[Pattern] = [{"urlPattern": "*", "resourceType": t.capitalize()} for t in types]
    return by_type + [{"urlPattern": f"*.{ext}*"} for ext in extensions]


ORDER: tuple[Rule, ...] = (
    Rule("site-allow", lambda policy, page, request: False if _matches(request.host, page.site.allow_hosts) else None,
         lambda policy, page: _entries(page.site.allow_hosts, block=False)),
    Rule("site-rule", lambda policy, page, request: _matches(request.host, page.site.block_hosts) or None,
         lambda policy, page: _entries(page.site.block_hosts, block=True)),
    Rule("slow-domain", lambda policy, page, request: request.host in page.slow_hosts or None,
         lambda policy, page: _entries(sorted(page.slow_hosts), block=True)),
    Rule("denylist", lambda policy, page, request: policy.denylist.blocks_url(request.url) or None,
         lambda policy, page: policy.denylist.url_patterns(), lambda policy: policy.denylist.path_patterns()),
    Rule("filterlist", _filter_verdict, _filter_patterns),
    Rule("font", lambda policy, page, request: (policy.block_fonts and _typed(request, FONT_TYPES, FONT_EXTENSIONS)) or None,
         lambda policy, page: _extensions(FONT_EXTENSIONS) if policy.block_fonts else [],
         lambda policy: _typed_paths(FONT_TYPES, FONT_EXTENSIONS) if policy.block_fonts else []),
    Rule("media", lambda policy, page, request: (policy.block_media and _typed(request, MEDIA_TYPES, MEDIA_EXTENSIONS)) or None,
         lambda policy, page: _extensions(MEDIA_EXTENSIONS) if policy.block_media else [],
         lambda policy: _typed_paths(MEDIA_TYPES, MEDIA_EXTENSIONS) if policy.block_media else []),
)
"""The blocking order after the scheme: the first rule with a verdict decides a request, and
Chromium gets each rule's patterns in this order (its first matching pattern decides)."""


def _entries(hosts: list[str], block: bool) -> list[Pattern]:
    return [{"urlPattern": host_pattern(h), "block": block} for h in hosts]


def _matches(host: str, hosts: list[str]) -> bool:
    return any(host == h or host.endswith("." + h) for h in hosts)


def _has_extension(path: str, extensions: tuple[str, ...]) -> bool:
    return path.rsplit(".", 1)[-1].lower() in extensions if "." in path.rsplit("/", 1)[-1] else False
