"""Replay a stream of page views through `rendercrawl serve` (issue 14): a made-up but
plausible day of a news site — a few pages read a lot, most read a few times, some views
carrying an `article:modified_time` — sent over loopback as a publisher's pages (one event per
request, 16 at a time) or a log shipper (batches) would send them, then the queue read back
through `GET /v1/queue`.

It prints the rate and checks the outcome against the policy itself: the pages queued in the
service must be exactly those whose views hold 3 within 6 hours
(`scheduler.policy.first_crawl_due` over each page's views), whatever order and grouping the
views arrived in. Numbers are printed, not asserted; a mismatch is printed and exits 1.

    .venv/bin/python bench/service_replay.py                     # 20,000 views in batches of 200, SQLite
    .venv/bin/python bench/service_replay.py --singles --views 3000 --db postgresql
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite  # noqa: E402
from bench.service_load import CLIENTS, SITE, Run, cpu_seconds, running_server  # noqa: E402
from rendercrawl.demo_serve import view_stream  # noqa: E402
from scheduler.policy import ViewRule, first_crawl_due  # noqa: E402
from storage.types import utc_now  # noqa: E402

PAGES = 2000
SPAN = timedelta(hours=12)
"""The replayed day: well inside the service's 48-hour bound on an event's age."""
MODIFIED_SHARE = 0.05


def stream(views: int, seed: int, now: datetime) -> list[dict[str, str]]:
    """`views` events over `PAGES` pages within the last `SPAN`, in arrival order: the demo's
    stream (`rendercrawl.demo_serve.view_stream`) over a larger site."""
    return view_stream([f"https://{SITE}/story/{page}" for page in range(PAGES)], views, seed, now, SPAN, MODIFIED_SHARE)


def expected_new(events: list[dict[str, str]], rule: ViewRule = ViewRule()) -> int:
    """Pages the policy queues as new on these views (none of them was crawled before)."""
    times: dict[str, list[datetime]] = {}
    for event in events:
        times.setdefault(event["url"], []).append(datetime.fromisoformat(event["time"]))
    return sum(first_crawl_due(seen, rule) is not None for seen in times.values())


async def send(base: str, key: str, events: list[dict[str, str]], batch: int, singles: bool) -> tuple[Run, dict[str, int]]:
    run, queued = Run(), dict[str, int]()
    bodies: asyncio.Queue[list[dict[str, str]] | dict[str, str]] = asyncio.Queue()
    for start in range(0, len(events), 1 if singles else batch):
        bodies.put_nowait(events[start] if singles else events[start:start + batch])
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:

        async def one_client() -> None:
            while not bodies.empty():
                body = bodies.get_nowait()
                n = 1 if isinstance(body, dict) else len(body)
                started = time.perf_counter()
                answer = await client.post("/v1/events/pageview", json=body, headers={"X-API-Key": key})
                run.add(answer.status_code, (time.perf_counter() - started) * 1000, n)
                for reason, count in answer.json().get("queued", {}).items():
                    queued[reason] = queued.get(reason, 0) + count

        started = time.monotonic()
        await asyncio.gather(*(one_client() for _ in range(CLIENTS if singles else 4)))
        run.seconds = time.monotonic() - started
    return run, queued


def replay(name: str, url: str, views: int, batch: int, singles: bool, seed: int) -> bool:
    now = utc_now()
    events = stream(views, seed, now)
    with running_server(url) as (base, keys, server_pid):
        cpu = cpu_seconds(server_pid)
        run, queued = asyncio.run(send(base, keys["events"], events, batch, singles))
        cpu_ms = (cpu_seconds(server_pid) - cpu) * 1000
        depth = httpx.get(f"{base}/v1/queue", headers={"X-API-Key": keys["read"]}, timeout=30).json()
    how = f"one event per request, {CLIENTS} clients" if singles else f"batches of {batch}, 4 clients"
    print(f"{name} ({how}; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    per_view = cpu_ms * 1000 / max(1, run.events)
    print("  " + run.summary(f"{views:,} views of {PAGES:,} pages") + f"; server CPU {per_view:.0f} µs per view")
    want, got = expected_new(events), depth["by_state"].get("queued", 0)
    # A view arriving after a later one of its page can move the crawl earlier: the answers count
    # such views as queueing again, the queue holds the page once.
    print(f"  views whose answer queued a crawl: {json.dumps(queued, sort_keys=True)}; "
          f"queue now: {json.dumps(depth['by_state'])}")
    ok = got == want and run.events == views
    print(f"  pages the policy queues as new on these views: {want}; queued in the service: {got} "
          f"-> {'same' if ok else 'MISMATCH'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--views", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=200, help="events per request (ignored with --singles)")
    parser.add_argument("--singles", action="store_true", help="one event per request, as the beacon sends them")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    args = parser.parse_args()
    ok = True
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            ok &= replay("SQLite", fresh_sqlite(Path(tmp) / "replay.db"), args.views, args.batch, args.singles, args.seed)
    if args.db in ("postgresql", "both"):
        ok &= replay("PostgreSQL", fresh_postgres(args.postgres_url, "rc_bench_replay"), args.views, args.batch, args.singles,
                     args.seed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
