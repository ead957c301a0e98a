"""Memory over many renders: RSS of the Chromium tree, the Playwright driver (node) and this
Python process, at the start (after the first page), after 200 pages and at the end. The
target is flat: end within 10% of the after-200 value. Prints numbers; asserts nothing.

    .venv/bin/python bench/render_memory.py [--pages 2000] [--concurrency 2]

Chromium is relaunched every `restart_after_pages` (100) and the driver every
`driver_restart_after_pages` (1000), as in production; a sample taken right after a relaunch
shows a fresh browser, so each checkpoint reports the mean of the last 20 samples (one per
10 pages) too. The demo site runs in a child process (bench/render_site.py): in this process its
request log alone grew Python's RSS by ~17 KB per page.

    .venv/bin/python bench/render_memory.py --driver-heap [--caps 32 48 64 96] [--entries 20000]

The worst case for the driver instead: rounds of `concurrency` (8) copies of the biggest page at
once (render-fixtures/big.html, 3 elements per entry; 20,000 entries = 60,000 elements, so the
snapshot hits MAX_BOXES), under each old-space cap (0 = node's default). Every snapshot passes
through the driver as one JSON string. Reports the driver's peak RSS (sampled every 50 ms),
failures, and driver starts: more than one means the driver died (out of memory) and was
restarted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections import Counter, deque
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render_site import RemoteSite, demo_site_process
from loopback import LOOPBACK_ONLY
from render.browser import Renderer
from render.proctree import tree_rss_mb
from render.settings import RenderSettings
from values.rendered import RenderedPage

PATHS = (
    "/articles/harbour-bridge.html", "/articles/bakery-cooperative.html", "/articles/community-orchard.html",
    "/articles/golf-open-final.html", "/articles/rail-timetable-guide.html", "/articles/storm-coast-road.html",
    "/articles/tidal-energy-pilot.html", "/index.html", "/about.html",
)
"""The demo pages rendered in turn (the same nine in every run recorded in bench/RENDER.md)."""
SAMPLE_EVERY_PAGES = 10
WINDOW_SAMPLES = 20
CHECKPOINT_PAGES = 200
BYTES_PER_MB = 1024 * 1024
DRIVER_SAMPLE_S = 0.05
BOX_ROW_BYTES = 45
"""A box row as snapshot.js writes it, e.g. `[12345,8,1234,1264,18,1,16,400,"block","static",0,0]`."""


def sample(renderer: Renderer) -> tuple[float, float, float]:
    """(Chromium tree, driver, Python) RSS in MB."""
    pid = renderer.host.browser_pid
    chromium = tree_rss_mb(pid) if pid else 0.0
    driver = 0.0
    if pid:
        try:
            driver = psutil.Process(pid).parent().memory_info().rss / BYTES_PER_MB
        except psutil.NoSuchProcess:
            pass
    python = psutil.Process(os.getpid()).memory_info().rss / BYTES_PER_MB
    return chromium, driver, python


def line(label: str, pages: int, now: tuple[float, float, float], window: deque) -> str:
    means = [statistics.mean(s[i] for s in window) for i in range(3)] if window else list(now)
    return (f"{label:>10} {pages:>6}  chromium {now[0]:7.0f} (mean {means[0]:5.0f})  "
            f"driver {now[1]:5.0f} (mean {means[1]:5.0f})  python {now[2]:5.0f} MB")


async def run(site: RemoteSite, pages: int, concurrency: int) -> None:
    settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, concurrency=concurrency, handle_signals=False)
    print(f"driver old-space cap {settings.driver_max_old_space_mb or 'node default'} MB", flush=True)
    urls = [site.url(PATHS[i % len(PATHS)]) for i in range(pages)]
    window: deque[tuple[float, float, float]] = deque(maxlen=WINDOW_SAMPLES)
    done = failures = 0
    started = time.perf_counter()
    async with Renderer(settings) as renderer:
        queue: asyncio.Queue[str] = asyncio.Queue()
        for url in urls:
            queue.put_nowait(url)

        async def worker() -> None:
            nonlocal done, failures
            while not queue.empty():
                result = await renderer.render(queue.get_nowait())
                failures += not isinstance(result, RenderedPage)
                done += 1
                if done == 1:
                    print(line("start", done, sample(renderer), window), flush=True)
                if done % SAMPLE_EVERY_PAGES == 0:
                    window.append(sample(renderer))
                if done == CHECKPOINT_PAGES or done % 500 == 0:
                    print(line("after", done, sample(renderer), window), flush=True)
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        print(line("end", done, sample(renderer), window))
        print(f"{done} pages, {failures} failures, {time.perf_counter() - started:.0f} s, "
              f"browser launches {renderer.host.launches}, driver starts {renderer.host.driver_starts}")


async def driver_heap(site: RemoteSite, caps: list[int], entries: int, concurrency: int, rounds: int) -> None:
    url = site.url(f"/render-fixtures/big.html?n={entries}")
    print(f"big.html?n={entries} ({entries * 3 + 10} elements), {concurrency} at once, {rounds} rounds per cap")
    print(f"{'cap MB':>6} {'ok':>4} {'failed':>6} {'driver starts':>13} {'peak driver MB':>14} "
          f"{'snapshot MB':>11} {'boxes':>6}  failure kinds")
    for cap in caps:
        settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, concurrency=concurrency, handle_signals=False,
                                  driver_max_old_space_mb=cap, call_timeout_ms=120_000, navigation_timeout_ms=120_000)
        ok, kinds, peak, size, boxes = 0, Counter[str](), 0.0, 0.0, 0
        async with Renderer(settings) as renderer:
            stop = asyncio.Event()

            async def watch(renderer: Renderer, stop: asyncio.Event) -> None:
                nonlocal peak
                while not stop.is_set():
                    peak = max(peak, sample(renderer)[1])
                    await asyncio.sleep(DRIVER_SAMPLE_S)
            watcher = asyncio.create_task(watch(renderer, stop))
            for _ in range(rounds):
                for result in await asyncio.gather(*(renderer.render(url) for _ in range(concurrency))):
                    if isinstance(result, RenderedPage):
                        ok += 1
                        boxes = len(result.boxes)
                        size = max(size, snapshot_mb(result))
                    else:
                        kinds[result.kind.value] += 1
            stop.set()
            await watcher
            starts = renderer.host.driver_starts
        print(f"{cap:>6} {ok:>4} {sum(kinds.values()):>6} {starts:>13} {peak:>14.0f} {size:>11.1f} {boxes:>6}  "
              f"{dict(kinds) or ''}", flush=True)


def snapshot_mb(page: RenderedPage) -> float:
    """Approximate size of the snapshot's JSON: the HTML plus ~45 bytes per box row."""
    return (len(page.html) + BOX_ROW_BYTES * len(page.boxes)) / BYTES_PER_MB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=None, help="2 for the page run, 8 for --driver-heap")
    parser.add_argument("--driver-heap", action="store_true", help="the driver's worst case under old-space caps instead")
    parser.add_argument("--caps", type=int, nargs="+", default=[32, 48, 64, 96])
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with demo_site_process() as site:
        if args.driver_heap:
            asyncio.run(driver_heap(site, args.caps, args.entries, args.concurrency or 8, args.rounds))
        else:
            asyncio.run(run(site, args.pages, args.concurrency or 2))


if __name__ == "__main__":
    main()
