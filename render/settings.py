"""Typed settings of the browser layer, read once at start-up (env prefix `RENDERCRAWL_`).

Per-site settings (`sites`, keyed by host; a key also applies to its subdomains) hold what only
one publisher needs: basic-auth credentials, extra headers, hosts to block or allow on top of
the defaults, and a data-layer condition. From the environment they come as JSON, e.g.
`RENDERCRAWL_SITES='{"example.com": {"username": "bot", "password": "..."}}'`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from render import __version__
from values.hostrules import HostRules
from values.targets import TargetPolicy

DEFAULT_BOT_TOKEN = f"rendercrawlbot/{__version__}"
"""Appended to Chromium's own user agent so pages can tell the crawler apart
(`navigator.userAgent.indexOf('rendercrawlbot')`), as the crawling policy asks."""

DRIVER_MAX_OLD_SPACE_MB = 128
"""V8 old-space cap of the Playwright driver (node). Under node's own limit (~4 GB) the driver
climbs from ~126 MB to a ~190 MB plateau of garbage V8 sees no reason to collect. Every
snapshot passes through it as one string (render/snapshot.js): 5 MB for a page at
MAX_BOXES (40,000 boxes). Eight of those at once ran at a 32 MB cap and killed the driver at
24 MB (node alone does not start at 16): 64 is twice that worst case, and also carried eight
18 MB snapshots at once (a 300,000-element page; the HTML is not bounded), which killed it at
48. Past that the driver dies, its pages fail as browser crashes and the next page gets a new
driver (render/lifecycle.py). Measured in bench/RENDER.md, "## Memory". Raised from 64 to 128:
a page with 10,000 images (tests/hostile) sends the driver an event per request and killed it at
64; at 128 it renders, and the driver stays flat (`RENDERCRAWL_DRIVER_MAX_OLD_SPACE_MB=128
bench/render_memory.py --pages 400`: mean 161 MB after 200 pages, 173 at the end)."""
DRIVER_MIN_OLD_SPACE_MB = 32
"""A smaller cap (except 0, node's default) is refused: the worst snapshot needed more than 24."""

BlockingMode = Literal["auto", "proxy", "chromium", "route"]
"""`proxy` (what `auto` means): host rules in the egress proxy, path rules as Fetch patterns;
`chromium`: CDP `Network.setBlockedURLs`; `route`: a Playwright route handler asks Python about
every request (see `render/blocking.py`)."""


def listed(value: object) -> object:
    """A list setting as people write it: comma-separated (`10.0.0.0/8,intranet.example`) or
    a JSON array. Other input (a list given in code) passes as it is."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text.startswith("["):
        return json.loads(text)  # a JSONDecodeError is a ValueError: pydantic names the setting
    return [part.strip() for part in text.split(",") if part.strip()]


Listed = (NoDecode, BeforeValidator(listed))
"""The annotations of a list setting read by `listed` (pydantic-settings would only take JSON)."""


class SiteSettings(BaseModel):
    """What one publisher needs. The password is a `SecretStr`: it never appears in a repr,
    a log line or a failure message."""

    username: str | None = None
    password: SecretStr | None = None
    headers: dict[str, str] = Field(default_factory=dict, description="Sent with every request the page makes.")
    block_hosts: list[str] = Field(default_factory=list, description="Blocked in addition to the defaults.")
    allow_hosts: list[str] = Field(default_factory=list, description="Allowed although a default list blocks them.")
    datalayer_condition: str | None = Field(default=None, description="JS expression; settled once it is truthy.")


class RenderSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="RENDERCRAWL_", extra="ignore")

    chromium: str | None = Field(default=None, description="Path to a Chromium executable; found automatically when unset.")
    bot_token: str = DEFAULT_BOT_TOKEN
    navigation_timeout_ms: int = Field(default=15_000, ge=1_000, le=120_000)
    settle_quiet_ms: int = Field(default=30, ge=20, le=10_000,
                                 description="Settled once nothing holds the page (render/readiness.py) and the "
                                             "network was quiet this long.")
    settle_timer_max_ms: int = Field(default=1_000, ge=0, le=60_000,
                                     description="A setTimeout of at most this delay holds the page until it "
                                                 "ran (never past the cap).")
    settle_cap_ms: int = Field(default=4_000, ge=100, le=60_000,
                               description="Snapshot at this point even if the page is still busy.")
    scroll_steps: int = Field(default=6, ge=0, le=50, description="Viewport-high scroll steps so lazy images load.")
    call_timeout_ms: int = Field(default=10_000, ge=500, le=120_000,
                                 description="Budget of every call into the page after navigation.")
    viewport_width: int = Field(default=1280, ge=320, le=4096)
    viewport_height: int = Field(default=900, ge=320, le=4096)
    resolver_rules: str = Field(default="",
                                description="Host map in Chromium's --host-resolver-rules syntax, applied by the egress "
                                            "proxy (values/hostrules.py), e.g. to map hosts to loopback in tests.")

    @field_validator("resolver_rules")
    @classmethod
    def _rules_parse(cls, value: str) -> str:
        HostRules.parse(value)  # BadHostRules is a ValueError: pydantic names the setting
        return value

    # What the page may load
    block_piano_composer: bool = False
    block_fonts: bool = Field(default=False, description="Fonts change text metrics a little; blocking them saves bytes.")
    block_media: bool = Field(default=False, description="Audio/video never feed a profile.")
    filter_lists: Annotated[list[Path], *Listed] = Field(
        default_factory=list, examples=[["/etc/rendercrawl/easyprivacy.txt"]],
        description="Adblock-Plus lists (EasyPrivacy) loaded on top of the denylist.")
    blocking_mode: BlockingMode = "auto"
    subresource_budget_ms: int = Field(default=3_000, ge=100, le=60_000,
                                       description="A subresource still loading after this long counts as timed out.")
    slow_host_strikes: int = Field(default=3, ge=1, le=100,
                                   description="Timeouts within the window that block a third-party host.")
    slow_host_window_s: int = Field(default=600, ge=1, le=86_400)
    slow_host_block_s: int = Field(default=900, ge=1, le=86_400, description="How long an auto-blocked host stays blocked.")

    # Waiting and reading the data layer
    datalayer_condition: str | None = Field(default=None,
                                            description="JS expression; settled once it is truthy (per-site overrides).")
    datalayer_wait_cap_ms: int = Field(default=3_000, ge=100, le=60_000, description="Longest wait for the data-layer condition.")
    datalayer_globals: Annotated[list[str], *Listed] = Field(
        default_factory=lambda: ["pdl"], examples=[["pdl", "dataLayer"]], description="Globals read into DataLayer.globals.")

    # Lifecycle
    concurrency: int = Field(default=2, ge=1, le=32,
                             description="Pages rendered at once in the one browser, for a `Renderer` used on its own; "
                                         "a worker sets it from its own `worker_concurrency` (rendercrawl/crawl.py).")
    restart_after_pages: int = Field(default=100, ge=1, le=100_000, description="Browser relaunched after this many pages.")
    driver_restart_after_pages: int = Field(default=1_000, ge=1, le=1_000_000,
                                            description="The Playwright driver (node) is restarted after this many pages.")
    driver_max_old_space_mb: int | None = Field(default=DRIVER_MAX_OLD_SPACE_MB, ge=0, le=65_536,
                                                description="V8 old-space cap of the driver (node --max-old-space-size); 0 "
                                                            "or unset: node's default.")
    rss_ceiling_mb: int = Field(default=1_500, ge=100, le=64_000,
                                description="Browser relaunched when its process tree exceeds this RSS.")
    handle_signals: bool = Field(default=True, description="Close Chromium on SIGTERM/SIGINT before the process goes.")

    @field_validator("driver_max_old_space_mb")
    @classmethod
    def _driver_cap_fits_a_snapshot(cls, value: int | None) -> int | None:
        if value and value < DRIVER_MIN_OLD_SPACE_MB:
            raise ValueError(f"0 (node's default) or at least {DRIVER_MIN_OLD_SPACE_MB} MB: a 40,000-box snapshot needs more")
        return value

    sites: dict[str, SiteSettings] = Field(default_factory=dict,
                                           examples=[{"example.com": {"headers": {"X-Edition": "north"}}}])
    allow_targets: Annotated[list[str], *Listed] = Field(
        default_factory=list, examples=[["10.0.0.0/8", "intranet.example"]],
        description="Networks (CIDR) and host names that may be crawled although they are not public: loopback, "
                    "private, link-local (values/targets.py).")

    @property
    def targets(self) -> TargetPolicy:
        """What may be reached (`values.targets`): public addresses, and `allow_targets`; names
        go where `resolver_rules` maps them, for every client."""
        return TargetPolicy.of(self.allow_targets, HostRules.parse(self.resolver_rules))

    def site(self, host: str) -> SiteSettings:
        """The settings of the most specific configured site for `host` (or empty ones)."""
        labels = host.lower().rstrip(".").split(".")
        for i in range(len(labels)):
            found = self.sites.get(".".join(labels[i:]))
            if found is not None:
                return found
        return SiteSettings()
