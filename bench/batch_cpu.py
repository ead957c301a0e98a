"""CPU per event of a batch of 500 page views in-process, the two stages the service runs for
`POST /v1/events/pageview` with a batch: reading and checking the body (`rendercrawl.service.ingest`, as
the route does) and storing the views (`rendercrawl.service.writes.record_view_requests`, which calls
`scheduler.events.record_views`, in a transaction on a kept connection as the group commit
runs it: on PostgreSQL the views' insert travels with the commit; the commit is not timed),
and on PostgreSQL the CPU of the writer's backend process (statements and commits).
No HTTP, no group commit's threads: a steady measure on a machine other work shares, where
the load benchmark's rates are noisy. The batches are the load benchmark's
(`bench/service_load.py`): 500 events over 5,000 pages, cycling, so the pages keep gathering
views (still new, waiting for a worker) as a run goes on.

It imports the code found on PYTHONPATH, so one script measures two builds:

    PYTHONPATH=$PWD .venv/bin/python bench/batch_cpu.py --db postgresql
    PYTHONPATH=/path/to/other/worktree .venv/bin/python bench/batch_cpu.py --db postgresql

`--singles 8` stores groups of 8 one-event requests instead, as the load benchmark's 16 clients
make them (8 requests per commit): the writer's fixed cost per group, which single events pay.
`--profile FILE` writes a cProfile of the run.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite
from rendercrawl.service.auth import Principal
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.ingest import check_view, decode_items
from rendercrawl.service.settings import ServiceSettings
from rendercrawl.service.writes import ViewsRequest, record_view_requests
from scheduler.settings import SchedulerSettings
from storage.db import make_engine
from storage.health import head_revision
from storage.queue import write_transaction
from storage.sites import upsert_site
from storage.types import utc_now
from storage.writer import KeptConnection
from values.targets import TargetPolicy

SITE = "bench.example"
BATCH = 500
PAGES = 5000
SETTINGS = ServiceSettings()
PRINCIPAL = Principal(SITE, "events", "bench")
IDLE_SECONDS = 60.0
BODIES = 40
"""As in `bench/service_load.py`: 40 distinct bodies, 20,000 events over the 5,000 pages."""


def bodies(singles: int) -> list[list[bytes]]:
    """Each group's request bodies: one batch of 500, or `singles` one-event requests (the
    load benchmark's single-event phase: a group of that many requests, pages cycling)."""
    at = utc_now().isoformat()
    if singles:
        return [[json.dumps({"url": f"https://{SITE}/news/{(g * singles + i) % PAGES}", "time": at}).encode()
                 for i in range(singles)] for g in range(PAGES // singles * 4)]
    return [[json.dumps([{"url": f"https://{SITE}/news/{(b * BATCH + i) % PAGES}", "time": at} for i in range(BATCH)]).encode()]
            for b in range(BODIES)]


def checked(body: bytes) -> ViewsRequest:
    """The body read and checked as the route does, as the group commit gets it."""
    now = utc_now()
    items, _batch = decode_items(body, SETTINGS.max_batch_events)
    max_age, max_future = SETTINGS.event_max_age, SETTINGS.event_max_future
    return ViewsRequest(PRINCIPAL, [check_view(i, item, now, max_age, max_future) for i, item in enumerate(items)], now)


def measure(name: str, url: str, batches: int, singles: int = 0) -> None:
    engine = make_engine(url)
    ctx = ServiceContext.build(engine, SETTINGS, SchedulerSettings(), TargetPolicy(), head_revision(url))
    with write_transaction(ctx.sessions) as session:
        upsert_site(session, SITE, {})
    payloads = bodies(singles)
    per_group = singles or BATCH
    kept = KeptConnection(ctx.sessions)
    ingest_us: list[float] = []
    store_us: list[float] = []
    backend, database_cpu = None, 0.0
    for n in range(batches):
        group = payloads[n % len(payloads)]
        cpu = time.thread_time()
        requests = [checked(body) for body in group]
        middle = time.thread_time()
        with kept.transaction(IDLE_SECONDS) as session:
            if backend is None and session.get_bind().dialect.name == "postgresql":
                backend = session.connection().exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
            before = process_cpu_seconds(backend)
            results = record_view_requests(ctx, session, requests, settled=lambda _pages: None)
            stored = time.thread_time()
        database_cpu += process_cpu_seconds(backend) - before
        assert sum(r.accepted + r.duplicates for r in results) == per_group, results[0].rejected[:3]
        ingest_us.append((middle - cpu) * 1e6 / per_group)
        store_us.append((stored - middle) * 1e6 / per_group)
    engine.dispose()
    half = batches // 2
    what = f"groups of {singles} one-event requests" if singles else f"batches of {BATCH}"
    print(f"{name} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}), {batches} {what}: CPU µs per event, "
          f"median (first half / second half)")
    print(f"  ingest (decode + check): {statistics.median(ingest_us):6.1f} "
          f"({statistics.median(ingest_us[:half]):.1f} / {statistics.median(ingest_us[half:]):.1f})")
    print(f"  store (writes):          {statistics.median(store_us):6.1f} "
          f"({statistics.median(store_us[:half]):.1f} / {statistics.median(store_us[half:]):.1f})")
    if backend is not None:
        database_us = database_cpu * 1e6 / (batches * per_group)
        print(f"  PostgreSQL backend of the writer (its statements and commits): {database_us:.1f} "
              "µs per event, over the run")
    print(f"  store per group: {statistics.median(store_us) * per_group:.0f} µs")


def process_cpu_seconds(pid: int | None) -> float:
    """User and system CPU of process `pid` so far (0 for None): the database's work for this
    writer alone, which other processes on the machine do not inflate."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=160, help="batches stored (160: 16 views per page)")
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    parser.add_argument("--schema", default="rc_bench_batch_cpu")
    parser.add_argument("--singles", type=int, default=0,
                        help="groups of this many one-event requests instead of batches of 500 (8: the load benchmark's)")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the run here")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            measure("SQLite", fresh_sqlite(Path(tmp) / "batch.db"), args.batches, args.singles)
    if args.db in ("postgresql", "both"):
        measure("PostgreSQL", fresh_postgres(args.postgres_url, args.schema), args.batches, args.singles)
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
