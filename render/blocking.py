"""What a page may load, decided once per request, and how Chromium is told.

`RequestPolicy.reason()` is the one decision (also used to label failures on the
`RenderedPage`): a request is refused for its scheme, a per-site rule, a slow host, the
analytics denylist, a filter list, or its type (fonts/media by setting). Order matters: a
site's own `allow_hosts` beat every default list.

Enforcement happens inside Chromium where that is cheap: `chromium_patterns()` turns the
policy into CDP `Network.setBlockedURLs` URL patterns (first match wins, so allow entries come
first). Chromium matches them linearly — measured (bench/render_blocking.py, 2026-11-29): 100
patterns +0.26 ms per request, 1,000 +0.75 ms, 5,000 +3.8 ms, EasyPrivacy's 42,000 host rules
+54 ms per request and 2.4 s to install. Resolver rules cannot hold such a list (one argv
string is capped at 128 KB on Linux) and cannot express `$third-party` or per-site exceptions.
So above `CHROMIUM_PATTERN_LIMIT` the `auto` mode switches to a route handler that asks
`reason()` (set lookups per host label, ~10-20 us in Python) for each request — paying the
driver round trip and the lost HTTP cache only when a big list is loaded.
"""

from __future__ import annotations

import functools
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
        host = (parts.hostname or "").lower()
        if _matches(host, site.allow_hosts):
            return None
        if _matches(host, site.block_hosts):
            return "site-rule"
        if host in slow_hosts:
            return "slow-domain"
        if self.denylist.blocks_url(url):
            return "denylist"
        if self.filters and self.filters.verdict(host, third_party=site_of(host) != site_of(page_host)):
            return "filterlist"
        if self.block_fonts and (resource_type in FONT_TYPES or _has_extension(parts.path, FONT_EXTENSIONS)):
            return "font"
        if self.block_media and (resource_type in MEDIA_TYPES or _has_extension(parts.path, MEDIA_EXTENSIONS)):
            return "media"
        return None

    def chromium_patterns(self, page_host: str, site: SiteSettings,
                          slow_hosts: frozenset[str] = frozenset()) -> list[dict[str, object]]:
        """`Network.setBlockedURLs` `urlPatterns` for one page (first matching entry wins)."""
        page_site = site_of(page_host)
        filter_allow = [*self.filters.allowed, *(h for h in self.filters.allowed_third_party if site_of(h) != page_site)]
        filter_block = [*sorted(self.filters.blocked),
                        *sorted(h for h in self.filters.blocked_third_party if site_of(h) != page_site)]
        patterns = _entries(site.allow_hosts, block=False)
        patterns += _entries([*site.block_hosts, *sorted(slow_hosts)], block=True)
        patterns += self.denylist.url_patterns()
        patterns += _entries(filter_allow, block=False) + _entries(filter_block, block=True)
        if self.block_fonts:
            patterns += [{"urlPattern": f"*://*:*/*.{ext}", "block": True} for ext in FONT_EXTENSIONS]
        if self.block_media:
            patterns += [{"urlPattern": f"*://*:*/*.{ext}", "block": True} for ext in MEDIA_EXTENSIONS]
        return patterns


def _entries(hosts: list[str], block: bool) -> list[dict[str, object]]:
    return [{"urlPattern": host_pattern(h), "block": block} for h in hosts]


def _matches(host: str, hosts: list[str]) -> bool:
    return any(host == h or host.endswith("." + h) for h in hosts)


def _has_extension(path: str, extensions: tuple[str, ...]) -> bool:
    return path.rsplit(".", 1)[-1].lower() in extensions if "." in path.rsplit("/", 1)[-1] else False
