"""CPU per event of the service's app storing batches of 500 page views, in-process: the ASGI
app called directly (no HTTP server, no client), with its real group commit and database, the
requests of `bench/service_load.py`'s batch phase sent `--concurrent` at a time. It prints the
process's CPU per event and each busy thread's (the event loop reads and checks bodies; the
group commit's writer runs `record_views`; on PostgreSQL a commit thread commits), so a
build's cost is seen without the noise of a loaded machine's wall clock.

`--gc freeze` freezes the objects alive after start-up (`gc.freeze`), `--gc service` (the
default) sets the collector up as `rendercrawl serve` does (frozen, and a young generation of
`rendercrawl.service.app.GC_YOUNG_THRESHOLD`) and `--gc off` turns the cyclic collector off: the collector
scanning the app's large heap was a third of the CPU. It prints the time spent in collections.

It imports the code found on PYTHONPATH, so one script measures two builds:

    PYTHONPATH=$PWD .venv/bin/python bench/service_app_cpu.py --gc freeze
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import tempfile
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from bench.benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite
from rendercrawl.service.app import create_app, settle_collector
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.settings import ServiceSettings
from scheduler.settings import SchedulerSettings
from storage.apikeys import create_key
from storage.health import bounded_engine, head_revision
from storage.queue import write_transaction
from storage.sites import upsert_site
from storage.types import utc_now
from values.targets import TargetPolicy

SITE = "bench.example"
BATCH = 500
PAGES = 5000
BODIES = 40
WARM_REQUESTS = 40
"""Sent before the clock starts: they create the 5,000 pages and warm the caches."""


def thread_cpu_seconds() -> dict[str, float]:
    """User and system CPU of each of this process's threads so far, by thread id."""
    seconds: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        seconds[task.name] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return seconds


class Collections:
    """The cyclic collector's runs and the CPU they took, from `gc.callbacks`."""

    def __init__(self) -> None:
        self.count, self.seconds, self._started = [0, 0, 0], 0.0, 0.0

    def note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        self.count[info["generation"]] += 1
        self.seconds += time.thread_time() - self._started


def measure(name: str, url: str, requests: int, concurrent: int, collector: str, batch: int = BATCH) -> None:
    ctx = ServiceContext.build(bounded_engine(url, 5), ServiceSettings(), SchedulerSettings(), TargetPolicy(),
                               head_revision(url))
    with write_transaction(ctx.sessions) as session:
        upsert_site(session, SITE, {})
        _row, key = create_key(session, SITE, "events", utc_now())
    app = create_app(ctx)
    at = utc_now().isoformat()
    items = [[{"url": f"https://{SITE}/news/{(b * batch + i) % PAGES}", "time": at} for i in range(batch)]
             for b in range(max(BODIES, PAGES // batch))]
    bodies = [json.dumps(item[0] if batch == 1 else item).encode() for item in items]
    statuses: dict[int, int] = {}

    async def post(body: bytes) -> None:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
                 "path": "/v1/events/pageview", "raw_path": b"/v1/events/pageview", "query_string": b"", "root_path": "",
                 "headers": [(b"host", b"bench"), (b"content-type", b"application/json"),
                             (b"content-length", str(len(body)).encode()), (b"authorization", f"Bearer {key}".encode())],
                 "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                statuses[message["status"]] = statuses.get(message["status"], 0) + 1

        await app(scope, receive, send)

    async def run(start: int, count: int) -> None:
        for first in range(start, start + count, concurrent):
            await asyncio.gather(*(post(bodies[n % len(bodies)]) for n in range(first, min(first + concurrent, start + count))))

    async def main() -> None:
        await run(0, WARM_REQUESTS)
        if collector == "freeze":
            gc.freeze()
        elif collector == "service":
            settle_collector()
        elif collector == "off":
            gc.disable()
        collections = Collections()
        gc.callbacks.append(collections.note)
        threads, cpu, wall = thread_cpu_seconds(), time.process_time(), time.perf_counter()
        await run(WARM_REQUESTS, requests)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        gc.callbacks.remove(collections.note)
        events = requests * batch
        print(f"{name} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}), gc {collector}, {requests} requests of "
              f"{batch}, {concurrent} at a time: process CPU {cpu * 1e6 / events:.1f} µs per event, "
              f"{events / wall:,.0f} events/s in-process; statuses {statuses}")
        print(f"  collections by generation {collections.count}: {collections.seconds * 1e6 / events:.1f} µs per event "
              "(the collecting thread's CPU)")
        for tid, seconds in thread_cpu_seconds().items():
            used = seconds - threads.get(tid, 0.0)
            if used * 1e6 / events >= 0.5:
                print(f"  thread {tid}: {used * 1e6 / events:.1f} µs per event")

    asyncio.run(main())
    ctx.engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=120)
    parser.add_argument("--concurrent", type=int, default=4)
    parser.add_argument("--batch", type=int, default=BATCH,
                        help="events per request; 1 sends single-event bodies (a JSON object), as the load "
                             "benchmark's single-event phase (with --concurrent 16 --requests 4000)")
    parser.add_argument("--gc", choices=["on", "freeze", "service", "off"], default="service",
                        help="service: as `rendercrawl serve` sets the collector up (`rendercrawl.service.app.settle_collector`)")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    parser.add_argument("--schema", default="rc_bench_app_cpu")
    args = parser.parse_args()
    if args.db == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            measure("SQLite", fresh_sqlite(Path(tmp) / "app.db"), args.requests, args.concurrent, args.gc, args.batch)
    else:
        measure("PostgreSQL", fresh_postgres(args.postgres_url, args.schema), args.requests, args.concurrent, args.gc, args.batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
