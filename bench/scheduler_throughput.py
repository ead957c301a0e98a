"""End-to-end crawl throughput with 1, 2 and 4 worker processes, against bare rendering.

    .venv/bin/python bench/scheduler_throughput.py                 # PostgreSQL, 40 pages
    .venv/bin/python bench/scheduler_throughput.py --pages 80 --workers 1 2 4 --db sqlite

The demo site is served on loopback; `--pages` URLs are its pages repeated with a `?copy=N`
query (distinct pages to the queue, the same work to Chromium). Bare rendering: one Renderer in
this process renders every URL with concurrency 1 and 2 — no queue, no extraction, no database.
Then, for each worker count, a fresh database gets every URL queued as new, and that many
`rendercrawl worker --concurrency 1` processes (each with its own Chromium) crawl them: claim →
render → extract → save → settle. Pages/s is measured from the crawl log (first start to last
finish), so browser launch is excluded. Politeness is relaxed for the one loopback host
(8 pages at once, no delay). Printed, and written to bench/out/scheduler_throughput.json.
On a 2-core machine Chromium's CPU is the ceiling; the interesting number is the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import func, select

from benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite
from demosite.server import DemoSite, site_root
from loopback import LOOPBACK_ONLY
from render.browser import Renderer
from render.settings import RenderSettings
from storage import queue
from storage.db import make_engine, session_factory
from storage.models import Crawl, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason

OUT = Path(__file__).resolve().parent / "out" / "scheduler_throughput.json"
BENCH_SCHEMA = "rc_sched_throughput"
START_DELAY = timedelta(seconds=10)
"""Pages become due this long after the workers start, so every Chromium is up when they do."""


def page_urls(site: DemoSite, count: int) -> list[str]:
    names = ["/", "/about.html", "/contact.html"] + sorted(
        f"/articles/{n.name}" for n in (site_root() / "articles").iterdir() if n.name.endswith(".html"))
    return [site.url(f"{names[i % len(names)]}?copy={i // len(names)}") for i in range(count)]


async def bare_render(urls: list[str], concurrency: int) -> float:
    settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, concurrency=concurrency)
    async with Renderer(settings) as renderer:
        await renderer.render(urls[0])  # warm the browser
        gate = asyncio.Semaphore(concurrency)

        async def one(url: str) -> None:
            async with gate:
                await renderer.render(url)

        started = time.perf_counter()
        await asyncio.gather(*(one(u) for u in urls))
        return len(urls) / (time.perf_counter() - started)


def fresh_database(kind: str, postgres_url: str, tmp: str) -> str:
    if kind == "sqlite":
        return fresh_sqlite(Path(tmp) / f"throughput-{time.monotonic_ns()}.db")
    return fresh_postgres(postgres_url, BENCH_SCHEMA)


def crawl_with_workers(db_url: str, urls: list[str], workers: int) -> float:
    sessions = session_factory(make_engine(db_url))
    due = datetime.now(UTC) + START_DELAY
    with write_transaction(sessions) as session:
        for url in urls:
            queue.enqueue(session, ensure_page(session, url, due), Reason.NEW, due, datetime.now(UTC))
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": db_url, "RENDERCRAWL_RESOLVER_RULES": LOOPBACK_ONLY,
           "RENDERCRAWL_HOST_MAX_CONCURRENT": "8", "RENDERCRAWL_HOST_MIN_DELAY_MS": "0",
           "RENDERCRAWL_IDLE_POLL_SECONDS": "0.1"}
    processes = [subprocess.Popen([sys.executable, "-m", "rendercrawl.cli", "worker", "--concurrency", "1"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(workers)]
    try:
        deadline = time.monotonic() + 600
        while True:
            with sessions() as session:
                busy = session.execute(select(func.count()).where(QueueEntry.state.in_(["queued", "leased"]))).scalar_one()
            if not busy:
                break
            if time.monotonic() > deadline or any(p.poll() is not None for p in processes):
                raise RuntimeError("workers exited or did not finish")
            time.sleep(0.2)
    finally:
        for p in processes:
            p.send_signal(signal.SIGTERM)
        for p in processes:
            p.wait(timeout=60)
    with sessions() as session:
        first, last, ok = session.execute(select(func.min(Crawl.started_at), func.max(Crawl.finished_at),
                                                 func.count().filter(Crawl.outcome == "ok"))).one()
    if ok != len(urls):
        print(f"  warning: {ok} of {len(urls)} crawls ok", file=sys.stderr)
    return len(urls) / (last - first).total_seconds()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES_URL)
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    args = parser.parse_args()
    result: dict[str, float] = {}
    with DemoSite() as site, tempfile.TemporaryDirectory() as tmp:
        urls = page_urls(site, args.pages)
        for concurrency in (1, 2):
            result[f"bare_render_c{concurrency}"] = asyncio.run(bare_render(urls, concurrency))
            print(f"bare render, concurrency {concurrency}: {result[f'bare_render_c{concurrency}']:.2f} pages/s")
        for workers in args.workers:
            rate = crawl_with_workers(fresh_database(args.db, args.postgres_url, tmp), urls, workers)
            result[f"workers_{workers}"] = rate
            print(f"{workers} worker(s): {rate:.2f} pages/s end to end "
                  f"({rate / result['bare_render_c1']:.2f}x bare c1, {rate / result['bare_render_c2']:.2f}x bare c2)")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"args": vars(args), "pages_per_s": result}, indent=2))


if __name__ == "__main__":
    main()
