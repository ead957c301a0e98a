"""How much render time cheap recrawls save on a recrawl of the demo site.

    .venv/bin/python bench/scheduler_cheap_recrawl.py [--runs 3]

The demo site (front page + every article + about/contact) is served on loopback and crawled
once with real Chromium through the real worker (SQLite, fresh file). Then every page is queued
as a scheduled recrawl twice: once with cheap recrawls off (every page rendered again) and once
on (a GET + raw-HTML hash first; the demo site does not change, so nothing is rendered). Prints
wall time of each recrawl pass, the render milliseconds the crawl log records, and the share of
time saved; the median over `--runs`. Numbers are printed and written to
bench/out/scheduler_cheap_recrawl.json, not asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from sqlalchemy import func, select

from demosite.server import DemoSite, site_root
from loopback import LOOPBACK_ONLY
from render.browser import Renderer
from render.settings import RenderSettings
from rendercrawl.crawl import crawl_url
from scheduler.freshness import CheapRecrawls
from scheduler.settings import SchedulerSettings
from scheduler.worker import Worker
from storage import queue
from storage.db import make_engine, session_factory, upgrade
from storage.models import Crawl, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason
from storage.types import utc_now

OUT = Path(__file__).resolve().parent / "out" / "scheduler_cheap_recrawl.json"


def demo_urls(site: DemoSite) -> list[str]:
    articles = sorted(f"/articles/{n.name}" for n in (site_root() / "articles").iterdir() if n.name.endswith(".html"))
    return [site.url("/"), site.url("/about.html"), site.url("/contact.html"), *map(site.url, articles)]


async def crawl_pass(sessions, renderer, urls, reason, cheap: CheapRecrawls | None) -> tuple[float, int]:
    """Queue every URL with `reason`, crawl until all are settled; (wall seconds, render ms)."""
    with write_transaction(sessions) as session:
        first_id = session.execute(select(func.coalesce(func.max(Crawl.id), 0))).scalar_one()
        for url in urls:
            queue.enqueue(session, ensure_page(session, url, utc_now()), reason, utc_now(), utc_now())
    settings = SchedulerSettings(idle_poll_seconds=0.02, host_max_concurrent=4, host_min_delay_ms=0, worker_concurrency=2,
                                 lease_renew_seconds=5)
    stop = asyncio.Event()
    started = time.perf_counter()
    running = asyncio.create_task(Worker(sessions, partial(crawl_url, renderer, sessions), settings, cheap=cheap).run(stop))
    while True:
        with sessions() as session:
            busy = session.execute(select(func.count()).where(QueueEntry.state.in_(["queued", "leased"]))).scalar_one()
        if not busy:
            break
        await asyncio.sleep(0.02)
    wall = time.perf_counter() - started
    stop.set()
    await running
    with sessions() as session:
        render_ms = session.execute(select(func.coalesce(func.sum(Crawl.render_ms), 0)).where(Crawl.id > first_id)).scalar_one()
    return wall, int(render_ms)


async def one_run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp, DemoSite() as site:
        url = f"sqlite:///{tmp}/bench.db"
        upgrade(url)
        engine = make_engine(url)
        sessions = session_factory(engine)
        cheap = CheapRecrawls(sessions, "Mozilla/5.0 (compatible; rendercrawlbot)", lambda: datetime.now(UTC),
                              RenderSettings().targets)
        urls = demo_urls(site)
        async with Renderer(RenderSettings(resolver_rules=LOOPBACK_ONLY)) as renderer:
            await crawl_pass(sessions, renderer, urls, Reason.NEW, cheap)  # first crawl, stores baselines
            full_wall, full_render = await crawl_pass(sessions, renderer, urls, Reason.SCHEDULED, None)
            cheap_wall, cheap_render = await crawl_pass(sessions, renderer, urls, Reason.SCHEDULED, cheap)
        with sessions() as session:
            unchanged = session.execute(select(func.count()).where(Crawl.outcome == "unchanged")).scalar_one()
        engine.dispose()
    return {"pages": len(urls), "full_wall_s": full_wall, "full_render_ms": full_render,
            "cheap_wall_s": cheap_wall, "cheap_render_ms": cheap_render, "unchanged": unchanged,
            "wall_saved_share": 1 - cheap_wall / full_wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = []
    for i in range(args.runs):
        r = asyncio.run(one_run())
        runs.append(r)
        print(f"run {i + 1}: {r['pages']} pages; full recrawl {r['full_wall_s']:.2f} s ({r['full_render_ms']} ms rendering), "
              f"cheap recrawl {r['cheap_wall_s']:.2f} s ({r['cheap_render_ms']} ms rendering, {r['unchanged']} unchanged); "
              f"{r['wall_saved_share']:.0%} of the wall time saved")
    median = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    print(f"median of {args.runs}: full {median['full_wall_s']:.2f} s vs cheap {median['cheap_wall_s']:.2f} s "
          f"-> {median['wall_saved_share']:.0%} saved; "
          f"render ms {median['full_render_ms']:.0f} -> {median['cheap_render_ms']:.0f}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"runs": runs, "median": median}, indent=2))


if __name__ == "__main__":
    main()
