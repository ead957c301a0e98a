"""Typed settings of the HTTP service, read once by `rendercrawl serve` (env prefix
`RENDERCRAWL_SERVICE_`). The crawl policy's own settings (view threshold, push limit, target
policy) are the scheduler's and render's, the same the CLI reads."""

from __future__ import annotations

from datetime import timedelta

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_PORT = 8711


class ServiceSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="RENDERCRAWL_SERVICE_", extra="ignore")

    max_batch_events: int = Field(default=1000, ge=1, le=100_000,
                                  description="Events in one POST; more is 413. Batches of 500 amortize commits.")
    max_body_bytes: int = Field(default=1_000_000, ge=1024, le=100_000_000,
                                description="Largest request body; 1,000 events of 1 kB each fit.")
    max_push_urls: int = Field(default=100, ge=1, le=10_000, description="URLs in one push request.")
    event_max_age_hours: float = Field(default=48, gt=0, le=24 * 365,
                                       description="A view older than this is rejected: it can no longer earn a crawl "
                                                   "(the view window is 6 h) and is more likely a replay than a late beacon.")
    event_max_future_minutes: float = Field(default=10, ge=0, le=24 * 60,
                                            description="Clock skew allowed between a client and this server.")
    database_wait_seconds: float = Field(default=5, gt=0, le=120,
                                         description="A request waiting longer than this for the database gets 503.")
    keyless_events_per_ip_per_minute: int = Field(default=120, ge=1,
                                                  description="Events without a key, per client address.")
    keyless_events_per_site_per_minute: int = Field(default=20_000, ge=1,
                                                    description="Events without a key, per site (all addresses together).")
    database_threads: int = Field(default=40, ge=1, le=1000,
                                  description="Threads doing database work; requests beyond them wait their turn.")
    key_cache_seconds: float = Field(default=5, ge=0, le=300,
                                     description="API keys and site rows are re-read at most this often "
                                                 "(a revoked key stops working within it); 0 reads them per request.")
    read_limit: int = Field(default=100, ge=1, le=10_000, description="Rows in one list answer (pages, versions, crawls…).")
    access_log: bool = Field(default=False, description="One log line per request (logger `rendercrawl.access`): client "
                                                        "address, method, path without its query, status, milliseconds; "
                                                        "never a header or a key.")

    @property
    def event_max_age(self) -> timedelta:
        return timedelta(hours=self.event_max_age_hours)

    @property
    def event_max_future(self) -> timedelta:
        return timedelta(minutes=self.event_max_future_minutes)
