"""Typed storage settings, read once at start-up by the command that owns the process."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///rendercrawl.db"
"""A file in the working directory: zero set-up for one machine."""


class StorageSettings(BaseSettings):
    """`RENDERCRAWL_DATABASE_URL`, `RENDERCRAWL_KEEP_SNAPSHOTS`.

    `database_url` accepts `sqlite:///path.db` and `postgresql://…` (mapped to psycopg 3).
    `keep_snapshots` stores the compressed `RenderedPage` of each page's last crawl so that
    `rendercrawl reextract` can recompute profiles without recrawling; it costs roughly the
    page's HTML size again per page, hence off by default.
    """

    model_config = SettingsConfigDict(env_prefix="RENDERCRAWL_", extra="ignore")

    database_url: str = DEFAULT_DATABASE_URL
    keep_snapshots: bool = False
