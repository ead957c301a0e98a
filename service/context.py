"""What every request handler shares, built once by `rendercrawl serve` (or a test): the
database's sessions, the settings the CLI reads too, the rate limiters and the metrics."""

from __future__ import annotations

from dataclasses import dataclass

from render.targets import TargetPolicy
from scheduler.settings import SchedulerSettings
from service.group_commit import GroupCommitter
from service.limits import TokenBuckets
from service.metrics import ServiceMetrics
from service.settings import ServiceSettings
from storage.db import Engine, Sessions, session_factory


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

    @classmethod
    def build(cls, engine: Engine, service: ServiceSettings, scheduler: SchedulerSettings, targets: TargetPolicy,
              head_revision: str) -> ServiceContext:
        sessions = session_factory(engine)
        per_ip, per_site = service.keyless_events_per_ip_per_minute, service.keyless_events_per_site_per_minute
        return cls(engine, sessions, service, scheduler, targets, head_revision, ServiceMetrics(sessions),
                   TokenBuckets(per_ip), TokenBuckets(per_site), GroupCommitter(sessions, service.max_batch_events))
