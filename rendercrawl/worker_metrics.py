"""What a worker process exposes at `rendercrawl worker --metrics-port N`: crawls by outcome,
render, extract and save latencies, blocked requests by vendor, browser and driver starts.

Each worker is its own scrape target (Prometheus labels them by instance), so nothing is
shared between processes: no multiprocess mode, no files on disk. What every worker shares —
queue depth, crawls of the last hour — is in the database, and the service's `/metrics` reads it
there (`rendercrawl/service/metrics.py`). Labels are outcomes, reasons and vendor domains only: never a URL.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from render.blocking import site_of
from render.browser import Renderer
from scheduler.worker import Crawled

LATENCY_BUCKETS_S = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""From a 10 ms save to a render at the navigation deadline (15 s) and past it."""
VENDOR_REASONS = frozenset({"denylist", "filterlist"})
"""Blocked by a vendor list: the blocked host's registrable domain names the vendor (a bounded
set, the lists' own). Other refusals (site rules, slow hosts, targets) are counted by reason only,
so a page cannot mint labels."""
KNOWN_REASONS = frozenset({"scheme", "site-rule", "slow-domain", "font", "media", "timeout", "refused target", "failed"})
"""The renderer's own reasons (`render/blocking.py`, `render/requests.py`, `render/egress.py`)."""


class WorkerMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.crawls = Counter("rendercrawl_worker_crawls", "Crawls recorded by this worker, by outcome.", ["outcome"],
                              registry=self.registry)
        self.render_seconds = Histogram("rendercrawl_worker_render_seconds", "Render time per crawl.",
                                        buckets=LATENCY_BUCKETS_S, registry=self.registry)
        self.extract_seconds = Histogram("rendercrawl_worker_extract_seconds", "Extraction time per rendered page.",
                                         buckets=LATENCY_BUCKETS_S, registry=self.registry)
        self.save_seconds = Histogram("rendercrawl_worker_save_seconds", "Time to store one crawl (and its profile).",
                                      buckets=LATENCY_BUCKETS_S, registry=self.registry)
        self.blocked = Counter("rendercrawl_worker_blocked_requests", "Requests the renderer refused, by vendor and reason.",
                               ["vendor", "reason"], registry=self.registry)
        self.browser_launches = Gauge("rendercrawl_worker_browser_launches", "Chromium launches since the worker started.",
                                      registry=self.registry)
        self.driver_starts = Gauge("rendercrawl_worker_driver_starts", "Playwright driver starts since the worker started.",
                                   registry=self.registry)

    def watch(self, renderer: Renderer) -> None:
        """Read the renderer's launch counts at scrape time."""
        self.browser_launches.set_function(lambda: renderer.host.launches)
        self.driver_starts.set_function(lambda: renderer.host.driver_starts)

    def observe(self, crawled: Crawled) -> None:
        attempt = crawled.attempt
        self.crawls.labels(str(attempt.outcome)).inc()
        if attempt.render_ms is not None:
            self.render_seconds.observe(attempt.render_ms / 1000)
        if attempt.extract_ms is not None:
            self.extract_seconds.observe(attempt.extract_ms / 1000)
        result = crawled.result
        save_ms = getattr(result, "save_ms", None)
        if save_ms is not None:
            self.save_seconds.observe(save_ms / 1000)
        page = result.page if result is not None else None
        for blocked in page.blocked if page is not None else ():
            reason = blocked.reason if blocked.reason in VENDOR_REASONS else _reason_kind(blocked.reason)
            vendor = site_of(blocked.host) if blocked.reason in VENDOR_REASONS else ""
            self.blocked.labels(vendor, reason).inc()

    def serve(self, port: int, host: str = "127.0.0.1") -> None:
        """Expose the registry over HTTP on a thread of its own (prometheus-client's server)."""
        start_http_server(port, addr=host, registry=self.registry)


def _reason_kind(reason: str) -> str:
    """A bounded label for a reason: its kind (`refused target: 10.0.0.1, ...` -> `refused
    target`, `net::ERR_NAME_NOT_RESOLVED: ...` -> the error code), else `other`."""
    head = reason.split(": ", 1)[0].strip()
    if head in KNOWN_REASONS or (head.startswith("net::ERR_") and head[9:].replace("_", "").isalnum()):
        return head
    return "other"
