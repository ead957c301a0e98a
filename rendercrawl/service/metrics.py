"""`GET /metrics`: what this service counts itself (events accepted and rejected, pushes
honoured and declined, keyless requests rate limited, every request by route template and
status, and a latency histogram: `rendercrawl/service/observe.py`), and what the database knows, read at
scrape time (queue depth by state, crawls of the last hour by outcome, due now).

Workers are separate processes and the database already holds what they did, so the service
reads it from there instead of running prometheus-client's multiprocess mode: one scrape
target, nothing shared on disk. Labels are codes and states only, never a URL, a key or a
credential."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from rendercrawl.service.group_commit import GroupCommitter
from storage.db import DatabaseError, Sessions
from storage.status import read_status
from storage.types import utc_now


class _DatabaseCollector(Collector):
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    def collect(self) -> Iterator[GaugeMetricFamily]:
        up = GaugeMetricFamily("rendercrawl_database_up", "Whether the database answered this scrape.")
        try:
            with self.sessions() as session:
                status = read_status(session, utc_now())
        except DatabaseError:
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        queue = GaugeMetricFamily("rendercrawl_queue_depth", "Queue rows by state.", labels=["state"])
        for state, count in sorted(status.queue_by_state.items()):
            queue.add_metric([state], count)
        yield queue
        due = GaugeMetricFamily("rendercrawl_queue_due", "Queued pages due now.")
        due.add_metric([], status.due_now)
        yield due
        crawls = GaugeMetricFamily("rendercrawl_crawls_last_hour", "Crawls started in the last hour, by outcome.",
                                   labels=["outcome"])
        for outcome, count in sorted(status.outcomes_last_hour.items()):
            crawls.add_metric([str(outcome)], count)
        yield crawls


class _CommitCollector(Collector):
    """The group commit's own counts: requests answered per transaction is how much they share."""

    def __init__(self, committer: GroupCommitter) -> None:
        self.committer = committer

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily("rendercrawl_group_commits", "Write transactions committed by the group commit.",
                                  value=self.committer.groups)
        yield CounterMetricFamily("rendercrawl_group_commit_requests", "Write requests answered by those transactions.",
                                  value=self.committer.requests)
        yield CounterMetricFamily("rendercrawl_group_commit_rounds",
                                  "Store calls made for those transactions (a group's first, and one per top-up).",
                                  value=self.committer.rounds)
        yield CounterMetricFamily("rendercrawl_group_commit_seconds",
                                  "Wall time the pipelined (PostgreSQL) commits of those transactions took.",
                                  value=self.committer.commit_seconds)


LATENCY_BUCKETS_S = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 15.0)
"""From a remembered-key page view (about a millisecond) to a request that waited out the
database's bound (`database_wait_seconds` times the commit waits, 15 s)."""


class ServiceMetrics:
    """One registry per app, so tests can build several apps in one process."""

    def __init__(self, sessions: Sessions) -> None:
        self.registry = CollectorRegistry()
        self.events_accepted = Counter("rendercrawl_events_accepted", "Page views stored.", registry=self.registry)
        self.events_duplicate = Counter("rendercrawl_events_duplicate", "Page views whose event_id was stored before.",
                                        registry=self.registry)
        self.events_rejected = Counter("rendercrawl_events_rejected", "Page views rejected, by reason.", ["reason"],
                                       registry=self.registry)
        self.pushes = Counter("rendercrawl_pushes", "Force pushes, by result (honoured, declined).", ["result"],
                              registry=self.registry)
        self.rate_limited = Counter("rendercrawl_keyless_rate_limited", "Keyless event requests refused, by limit.",
                                    ["limit"], registry=self.registry)
        self.refused = Counter("rendercrawl_requests_refused", "Requests answered with an error, by code.", ["code"],
                               registry=self.registry)
        self.requests = Counter("rendercrawl_http_requests", "HTTP requests answered, by route template, method and status.",
                                ["route", "method", "status"], registry=self.registry)
        self.latency = Histogram("rendercrawl_http_request_seconds",
                                 "Time from a request's arrival to the end of its answer, by route template.", ["route"],
                                 buckets=LATENCY_BUCKETS_S, registry=self.registry)
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}
        self.registry.register(_DatabaseCollector(sessions))

    def answered(self, route: str, method: str, status: int, seconds: float) -> None:
        """Count and time one request. The labelled children are kept by their labels: asking
        prometheus-client for them per request cost more than the counting itself."""
        children = self._children.get((route, method, status))
        if children is None:
            children = self._children[(route, method, status)] = (
                self.requests.labels(route=route, method=method, status=str(status)), self.latency.labels(route=route))
        children[0].inc()
        children[1].observe(seconds)

    def watch(self, committer: GroupCommitter) -> None:
        self.registry.register(_CommitCollector(committer))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
