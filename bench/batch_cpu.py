"""CPU per event of a batch of 500 page views in-process, the two stages the service runs for
`POST /v1/events/pageview` with a batch: reading and checking the body (`service.ingest`) and
storing the views (`scheduler.events.record_views`, in a transaction on a kept connection
as the group commit runs it, so on PostgreSQL the views' insert travels with the commit and is
not timed; the commit is not timed either). No HTTP, no group commit's threads: a steady measure on a machine other work shares, where the load benchmark's
rates are noisy. The batches are the load benchmark's (`bench/service_load.py`): 500 events
over 5,000 pages, cycling, so the pages keep gathering views (still new, waiting for a worker)
as a run goes on.

It imports the code found on PYTHONPATH, so one script measures two builds:

    PYTHONPATH=$PWD .venv/bin/python bench/batch_cpu.py --db postgresql
    PYTHONPATH=/path/to/other/worktree .venv/bin/python bench/batch_cpu.py --db postgresql
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite
from scheduler import events
from service.ingest import PageViewIn, check_view, decode_items
from service.settings import ServiceSettings
from storage.db import make_engine, session_factory
from storage.queue import write_transaction
from storage.sites import upsert_site
from storage.types import utc_now
from storage.writer import KeptConnection

SITE = "bench.example"
BATCH = 500
PAGES = 5000
SETTINGS = ServiceSettings()
IDLE_SECONDS = 60.0
BODIES = 40
"""As in `bench/service_load.py`: 40 distinct bodies, 20,000 events over the 5,000 pages."""


def bodies() -> list[bytes]:
    at = utc_now().isoformat()
    return [json.dumps([{"url": f"https://{SITE}/news/{(b * BATCH + i) % PAGES}", "time": at} for i in range(BATCH)]).encode()
            for b in range(BODIES)]


def checked_views(body: bytes) -> list[events.ViewEvent]:
    """The body read and checked as the route does, as the views `record_views` takes."""
    now = utc_now()
    items, _batch = decode_items(body, 1000)
    max_age, max_future = SETTINGS.event_max_age, SETTINGS.event_max_future
    checked = [check_view(i, item, now, max_age, max_future) for i, item in enumerate(items)]
    return [events.ViewEvent(c.url, c.time or now, c.modified_time, c.event_id) for c in checked if isinstance(c, PageViewIn)]


def measure(name: str, url: str, batches: int) -> None:
    engine = make_engine(url)
    sessions = session_factory(engine)
    with write_transaction(sessions) as session:
        upsert_site(session, SITE, {})
    payloads = bodies()
    kept = KeptConnection(sessions)
    ingest_us: list[float] = []
    store_us: list[float] = []
    for n in range(batches):
        body = payloads[n % BODIES]
        cpu = time.thread_time()
        views = checked_views(body)
        middle = time.thread_time()
        with kept.transaction(IDLE_SECONDS) as session:
            events.record_views(session, views, utc_now(), registered_only=True)
            stored = time.thread_time()
        ingest_us.append((middle - cpu) * 1e6 / BATCH)
        store_us.append((stored - middle) * 1e6 / BATCH)
    engine.dispose()
    half = batches // 2
    print(f"{name} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}), {batches} batches of {BATCH}: CPU µs per event, "
          f"median (first half / second half)")
    print(f"  ingest (decode + check): {statistics.median(ingest_us):6.1f} "
          f"({statistics.median(ingest_us[:half]):.1f} / {statistics.median(ingest_us[half:]):.1f})")
    print(f"  record_views:            {statistics.median(store_us):6.1f} "
          f"({statistics.median(store_us[:half]):.1f} / {statistics.median(store_us[half:]):.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=160, help="batches stored (160: 16 views per page)")
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    parser.add_argument("--schema", default="rc_bench_batch_cpu")
    args = parser.parse_args()
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            measure("SQLite", fresh_sqlite(Path(tmp) / "batch.db"), args.batches)
    if args.db in ("postgresql", "both"):
        measure("PostgreSQL", fresh_postgres(args.postgres_url, args.schema), args.batches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
