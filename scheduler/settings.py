"""Typed settings of the scheduler, read once at start-up (env prefix `RENDERCRAWL_`).

Units are in the names. The settings only carry numbers; `scheduler.policy` owns the rules and
their reasons, and the defaults here are the policy's constants so the two cannot drift.
Per-site rows (`rendercrawl sites add`) override the recrawl bounds and the politeness.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from render.settings import Listed
from scheduler import policy


def _seconds(delta: timedelta) -> float:
    return delta.total_seconds()


class SchedulerSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="RENDERCRAWL_", extra="ignore")

    view_threshold: int = Field(default=policy.VIEW_THRESHOLD, ge=1, le=1000)
    view_window_hours: float = Field(default=_seconds(policy.VIEW_WINDOW) / 3600, gt=0, le=24 * 30)
    modified_max_future_minutes: float = Field(default=_seconds(policy.MODIFIED_MAX_FUTURE) / 60, ge=0, le=24 * 60)
    modified_limit_per_url: int = Field(default=policy.MODIFIED_LIMIT, ge=1, le=10_000)
    modified_window_minutes: float = Field(default=_seconds(policy.MODIFIED_WINDOW) / 60, gt=0, le=24 * 60 * 7)

    recrawl_ladder_hours: Annotated[tuple[float, ...], *Listed] = Field(
        default=tuple(_seconds(s) / 3600 for s in policy.RECRAWL_LADDER), min_length=1
    )
    recrawl_min_interval_minutes: float = Field(default=_seconds(policy.RECRAWL_MIN_INTERVAL) / 60, gt=0)
    recrawl_max_interval_days: float = Field(default=_seconds(policy.RECRAWL_MAX_INTERVAL) / 86400, gt=0, le=3650)

    push_limit_per_url: int = Field(default=policy.PUSH_LIMIT, ge=1, le=10_000)
    push_window_minutes: float = Field(default=_seconds(policy.PUSH_WINDOW) / 60, gt=0, le=24 * 60 * 7)

    host_max_concurrent: int = Field(default=policy.HOST_MAX_CONCURRENT, ge=1, le=1000)
    host_min_delay_ms: int = Field(default=int(_seconds(policy.HOST_MIN_DELAY) * 1000), ge=0, le=600_000)

    retry_base_delay_seconds: float = Field(default=_seconds(policy.RETRY_BASE_DELAY), gt=0)
    retry_max_delay_hours: float = Field(default=_seconds(policy.RETRY_MAX_DELAY) / 3600, gt=0)
    retry_jitter_fraction: float = Field(default=policy.RETRY_JITTER_FRACTION, ge=0, lt=1)
    park_after_failures: int = Field(default=policy.PARK_AFTER_FAILURES, ge=1, le=1000)

    lease_seconds: float = Field(default=120, ge=1, le=3600,
                                 description="A claimed page returns to the queue this long after its "
                                             "worker was last heard from.")
    lease_renew_seconds: float = Field(default=30, ge=0.1, le=1800,
                                       description="In-flight leases are renewed this often; well under lease_seconds.")
    idle_poll_seconds: float = Field(default=1.0, gt=0, le=60,
                                     description="A worker that found nothing due waits this long before asking again.")
    worker_concurrency: int = Field(default=1, ge=1, le=32,
                                    description="Pages a worker has open in Chromium at once (its pages in flight).")

    enqueue_every_seconds: float = Field(default=60, ge=1, description="How often the scheduler looks for due recrawls.")
    budget_every_seconds: float = Field(default=300, ge=1, le=3600,
                                        description="How often each budgeted site's recrawls are bought (its budget's "
                                                    "share of the period).")
    reap_every_seconds: float = Field(default=30, ge=0.1, description="How often expired leases are returned to the queue.")
    prune_every_hours: float = Field(default=24, gt=0)
    prune_crawls_older_than_days: float = Field(default=90, gt=0,
                                                description="Crawl log and finished queue rows older than this are deleted.")

    accept_unregistered_hosts: bool = Field(default=False,
                                            description="Accept views and pushes of hosts that have no site row "
                                                        "(`rendercrawl sites add`); refused by default.")
    cheap_recrawls: bool = Field(default=True,
                                 description="Probe routine recrawls with a conditional GET / raw-HTML hash before rendering.")
    robots_cache_minutes: float = Field(default=60, gt=0, description="A fetched robots.txt is trusted this long.")

    @model_validator(mode="after")
    def _bounds_agree(self) -> SchedulerSettings:
        if self.recrawl_min_interval_minutes > self.recrawl_max_interval_days * 24 * 60:
            raise ValueError("recrawl_min_interval_minutes exceeds recrawl_max_interval_days")
        if self.lease_renew_seconds >= self.lease_seconds:
            raise ValueError("lease_renew_seconds must be shorter than lease_seconds, or leases expire mid-crawl")
        if list(self.recrawl_ladder_hours) != sorted(self.recrawl_ladder_hours):
            raise ValueError("recrawl_ladder_hours must be increasing")
        return self

    # The rules the policy functions take.

    def view_rule(self) -> policy.ViewRule:
        return policy.ViewRule(self.view_threshold, timedelta(hours=self.view_window_hours),
                               timedelta(minutes=self.modified_max_future_minutes), self.modified_limit_per_url,
                               timedelta(minutes=self.modified_window_minutes))

    def recrawl_rule(self) -> policy.RecrawlRule:
        return policy.RecrawlRule(
            ladder=tuple(timedelta(hours=h) for h in self.recrawl_ladder_hours),
            min_interval=timedelta(minutes=self.recrawl_min_interval_minutes),
            max_interval=timedelta(days=self.recrawl_max_interval_days),
        )

    def push_rule(self) -> policy.PushRule:
        return policy.PushRule(self.push_limit_per_url, timedelta(minutes=self.push_window_minutes))

    def host_rule(self) -> policy.HostRule:
        return policy.HostRule(self.host_max_concurrent, timedelta(milliseconds=self.host_min_delay_ms))

    def retry_rule(self) -> policy.RetryRule:
        return policy.RetryRule(
            base_delay=timedelta(seconds=self.retry_base_delay_seconds),
            max_delay=timedelta(hours=self.retry_max_delay_hours),
            jitter_fraction=self.retry_jitter_fraction,
            park_after=self.park_after_failures,
        )

    @property
    def lease(self) -> timedelta:
        return timedelta(seconds=self.lease_seconds)
