"""What every request handler shares, built once by `rendercrawl serve` (or a test): the
database's sessions, the settings the CLI reads too, the rate limiters and the metrics."""

from __future__ import annotations

from dataclasses import dataclass

from rendercrawl.service.cache import TtlCache
from rendercrawl.service.group_commit import GroupCommitter
from rendercrawl.service.limits import TokenBuckets
from rendercrawl.service.metrics import ServiceMetrics
from rendercrawl.service.settings import ServiceSettings
from scheduler.settings import SchedulerSettings
from storage.apikeys import KeyRow
from storage.db import Engine, Sessions, session_factory
from storage.sites import SiteRow
from values.targets import TargetPolicy


@dataclass(frozen=True)
class ServiceContext:
    engine: Engine
    sessions: Sessions
    service: ServiceSettings
    scheduler: SchedulerSettings
    targets: TargetPolicy
    head_revision: str
    metrics: ServiceMetrics
    per_ip: TokenBuckets
    per_site: TokenBuckets
    committer: GroupCommitter
    keys: TtlCache[str, KeyRow]
    """Live keys found, by their hash (`storage.apikeys.key_hash`)."""
    sites: TtlCache[str, SiteRow]
    """Site rows found, by host: whether an origin or an event's host is a registered site."""

    @classmethod
    def build(cls, engine: Engine, service: ServiceSettings, scheduler: SchedulerSettings, targets: TargetPolicy,
              head_revision: str) -> ServiceContext:
        sessions = session_factory(engine)
        per_ip, per_site = service.keyless_events_per_ip_per_minute, service.keyless_events_per_site_per_minute
        metrics, committer = ServiceMetrics(sessions), GroupCommitter(sessions, service.max_batch_events)
        metrics.watch(committer)
        return cls(engine, sessions, service, scheduler, targets, head_revision, metrics, TokenBuckets(per_ip),
                   TokenBuckets(per_site), committer, TtlCache(service.key_cache_seconds), TtlCache(service.key_cache_seconds))
