"""Throughput of the full render (block + settle + scroll + snapshot) against a bare Playwright
loop (new context, goto `load`, `page.content()`), same Chromium, same demo pages, same
concurrency, in one run. Prints numbers; asserts nothing. The demo site runs in a child process
(bench/render_site.py) so its threads do not compete with either loop for this process's GIL;
the full render's median phase times are printed beside its throughput.

Two sets of demo pages, measured apart because they bound the ratio differently: the articles
push their Composer data layer from a 300 ms timer (a render that catches it cannot end before
the timer ran; the bare loop never waits for it), the other pages set nothing late, so there
the ratio is the cost of the render's own work (blocking, settling, snapshot).

    .venv/bin/python bench/render_throughput.py [--pages 24] [--rounds 3] [--concurrency 1 2 4 8]
    .venv/bin/python bench/render_throughput.py --big        # snapshot time of 5,000+ element pages
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from loopback import LOOPBACK_ONLY

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.async_api import async_playwright  # noqa: E402

from bench.render_site import RemoteSite, demo_site_process  # noqa: E402
from render.browser import Renderer  # noqa: E402
from render.chromium import find_chromium, launch_args  # noqa: E402
from render.settings import RenderSettings  # noqa: E402
from values.rendered import RenderedPage  # noqa: E402

PAGE_SETS = {
    "articles (300 ms timer)": (
        "/articles/harbour-bridge.html", "/articles/bakery-cooperative.html", "/articles/community-orchard.html",
        "/articles/golf-open-final.html", "/articles/rail-timetable-guide.html", "/articles/storm-coast-road.html",
        "/articles/tidal-energy-pilot.html"),
    "pages without timers": ("/index.html", "/about.html", "/contact.html"),
}
"""Third-party hosts resolve nowhere: the benchmark never leaves the machine."""
BIG_SIZES = (1_700, 2_500, 5_000)
"""Entries of render-fixtures/big.html: x3 elements each (5,100 / 7,500 / 15,000 elements)."""


async def bare_loop(urls: list[str], concurrency: int) -> float:
    """Pages/s of goto(load) + content() with a new context per page."""
    executable = find_chromium()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(executable), args=launch_args(executable))
        queue: asyncio.Queue[str] = asyncio.Queue()
        for url in urls:
            queue.put_nowait(url)

        async def worker() -> None:
            while not queue.empty():
                url = queue.get_nowait()
                context = await browser.new_context()
                page = await context.new_page()
                await page.goto(url, wait_until="load")
                await page.content()
                await page.close()
                await context.close()
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
        await browser.close()
    return len(urls) / elapsed


async def full_render(urls: list[str], settings: RenderSettings) -> tuple[float, list[RenderedPage]]:
    async with Renderer(settings) as renderer:
        await renderer.render(urls[0])  # warm-up: launch costs are not per-page costs
        started = time.perf_counter()
        results = await asyncio.gather(*(renderer.render(u) for u in urls))
        elapsed = time.perf_counter() - started
    failed = [r for r in results if not isinstance(r, RenderedPage)]
    if failed:
        print(f"  ({len(failed)} failures, e.g. {failed[0]})")
    return len(urls) / elapsed, [r for r in results if isinstance(r, RenderedPage)]


async def throughput(site: RemoteSite, pages: int, rounds: int, levels: list[int], settle_quiet_ms: int) -> None:
    print(f"{pages} pages per round, {rounds} rounds, medians; Chromium {find_chromium()}")
    print(f"{'pages':<24} {'conc':>4} {'bare p/s':>9} {'full p/s':>9} {'full/bare':>9}"
          "   full render, median ms: nav settle snap total")
    for level in levels:
        settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, concurrency=level, handle_signals=False,
                                  settle_quiet_ms=settle_quiet_ms)
        for name, paths in PAGE_SETS.items():
            urls = [site.url(paths[i % len(paths)]) for i in range(pages)]
            bare, full, rendered = [], [], []
            for _ in range(rounds):
                bare.append(await bare_loop(urls, level))
                rate, pages_done = await full_render(urls, settings)
                full.append(rate)
                rendered += pages_done
            b, f = statistics.median(bare), statistics.median(full)
            phases = [statistics.median(getattr(p.timings, field) for p in rendered) if rendered else 0.0
                      for field in ("navigation_ms", "settle_ms", "snapshot_ms", "total_ms")]
            print(f"{name:<24} {level:>4} {b:>9.2f} {f:>9.2f} {f / b:>9.2f}   "
                  + " ".join(f"{v:.0f}" for v in phases), flush=True)


async def big_pages(site: RemoteSite, rounds: int) -> None:
    settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, handle_signals=False)
    print(f"{'elements':>8} {'boxes':>6} {'snapshot ms':>11} {'total ms':>9}  (median of {rounds})")
    async with Renderer(settings) as renderer:
        for size in BIG_SIZES:
            snaps, totals, boxes = [], [], 0
            for _ in range(rounds):
                page = await renderer.render(site.url(f"/render-fixtures/big.html?n={size}"))
                assert isinstance(page, RenderedPage), page
                snaps.append(page.timings.snapshot_ms)
                totals.append(page.timings.total_ms)
                boxes = len(page.boxes)
            print(f"{size * 3 + 10:>8} {boxes:>6} {statistics.median(snaps):>11.0f} {statistics.median(totals):>9.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--settle-quiet-ms", type=int, default=RenderSettings().settle_quiet_ms)
    parser.add_argument("--big", action="store_true", help="measure snapshots of 5,000+ element pages instead")
    args = parser.parse_args()
    with demo_site_process() as site:
        if args.big:
            asyncio.run(big_pages(site, args.rounds))
        else:
            asyncio.run(throughput(site, args.pages, args.rounds, args.concurrency, args.settle_quiet_ms))


if __name__ == "__main__":
    main()
