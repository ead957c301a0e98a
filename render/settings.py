"""Typed settings of the browser layer, read once at start-up (env prefix `RENDERCRAWL_`)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from render import __version__

DEFAULT_BOT_TOKEN = f"rendercrawlbot/{__version__}"
"""Appended to Chromium's own user agent so pages can tell the crawler apart
(`navigator.userAgent.indexOf('rendercrawlbot')`), as the crawling policy asks."""


class RenderSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="RENDERCRAWL_", extra="ignore")

    chromium: str | None = Field(default=None, description="Path to a Chromium executable; found automatically when unset.")
    bot_token: str = DEFAULT_BOT_TOKEN
    navigation_timeout_ms: int = Field(default=15_000, ge=1_000, le=120_000)
    settle_quiet_ms: int = Field(default=500, ge=50, le=10_000, description="Network quiet this long after `load` means settled.")
    settle_cap_ms: int = Field(default=4_000, ge=100, le=60_000, description="Snapshot at this point even if the page is still busy.")
    scroll_steps: int = Field(default=6, ge=0, le=50, description="Viewport-high scroll steps so lazy images load.")
    call_timeout_ms: int = Field(default=10_000, ge=500, le=120_000, description="Budget of every call into the page after navigation.")
    viewport_width: int = Field(default=1280, ge=320, le=4096)
    viewport_height: int = Field(default=900, ge=320, le=4096)
    resolver_rules: str = Field(default="", description="Extra Chromium --host-resolver-rules, e.g. to map hosts to loopback in tests.")
    block_piano_composer: bool = False
