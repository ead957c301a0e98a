"""What "what the crawler saw" costs per page, two ways side by side on the demo site's pages,
rendered in one run by the crawler's own Renderer (same Chromium, same blocking):

- the console's way: the picture drawn in the operator's browser from the snapshot the crawl
  already keeps (`RENDERCRAWL_KEEP_SNAPSHOTS`): per page view, the service's CPU for
  `extraction.seen.what_was_seen` (the main text read again from the snapshot, boxes looked up)
  and the bytes of its JSON answer; nothing at crawl time beyond the snapshot itself;
- a screenshot taken at crawl time (full page, JPEG quality 70 and PNG), as an opted-in site
  would have it: the wall time `page.screenshot` adds to the render and the bytes to store.

    PYTHONPATH=$PWD .venv/bin/python bench/console_picture.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
import zlib
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
os.environ.setdefault("RENDERCRAWL_ALLOW_TARGETS", '["127.0.0.0/8"]')

from playwright.async_api import async_playwright  # noqa: E402

from demosite.server import DemoSite  # noqa: E402
from extraction.seen import what_was_seen  # noqa: E402
from render.browser import Renderer  # noqa: E402
from render.chromium import find_chromium, launch_args  # noqa: E402
from render.settings import RenderSettings  # noqa: E402
from values.rendered import RenderedPage  # noqa: E402

PAGES = ["/", "/articles/bakery-cooperative.html", "/articles/community-orchard.html", "/articles/golf-open-final.html",
         "/articles/harbour-bridge.html", "/articles/rail-timetable-guide.html", "/articles/storm-coast-road.html",
         "/articles/tidal-energy-pilot.html"]
JPEG_QUALITY = 70


async def snapshots(site: DemoSite, settings: RenderSettings) -> dict[str, RenderedPage]:
    found: dict[str, RenderedPage] = {}
    async with Renderer(settings) as renderer:
        for path in PAGES:
            page = await renderer.render(site.url(path))
            assert isinstance(page, RenderedPage), page
            found[path] = page
    return found


def seen_cost(page: RenderedPage, rounds: int) -> tuple[float, int]:
    """Median CPU ms of `what_was_seen` and the bytes of its JSON."""
    times = []
    for _ in range(rounds):
        started = time.process_time()
        picture = what_was_seen(page)
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times), len(json.dumps(asdict(picture), separators=(",", ":")).encode())


async def screenshot_cost(site: DemoSite, settings: RenderSettings, rounds: int) -> dict[str, tuple[float, int, float, int]]:
    """Per page: median wall ms and bytes of a full-page JPEG, then of a PNG."""
    chromium = find_chromium(settings.chromium)
    out: dict[str, tuple[float, int, float, int]] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(chromium), args=launch_args(chromium))
        page = await browser.new_page(viewport={"width": 1280, "height": 800})
        await page.route("**/*", lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort())
        for path in PAGES:
            await page.goto(site.url(path), wait_until="load")
            jpeg, png = [], []
            for _ in range(rounds):
                started = time.perf_counter()
                jpeg_bytes = await page.screenshot(full_page=True, type="jpeg", quality=JPEG_QUALITY)
                jpeg.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                png_bytes = await page.screenshot(full_page=True, type="png")
                png.append((time.perf_counter() - started) * 1000)
            out[path] = (statistics.median(jpeg), len(jpeg_bytes), statistics.median(png), len(png_bytes))
        await browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    settings = RenderSettings(resolver_rules="EXCLUDE 127.0.0.1, MAP * ~NOTFOUND")
    with DemoSite() as site:
        pages = asyncio.run(snapshots(site, settings))
        shots = asyncio.run(screenshot_cost(site, settings, args.rounds))
    print("| page | snapshot kept (zlib) | seen: CPU ms | seen: JSON | screenshot JPEG: ms | JPEG bytes | PNG: ms | PNG bytes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    rows = []
    for path, page in pages.items():
        kept = len(zlib.compress(page.to_json().encode("utf-8")))
        cpu, size = seen_cost(page, args.rounds)
        jpeg_ms, jpeg_bytes, png_ms, png_bytes = shots[path]
        rows.append((kept, cpu, size, jpeg_ms, jpeg_bytes, png_ms, png_bytes))
        print(f"| {path} | {kept / 1024:.0f} KB | {cpu:.1f} | {size / 1024:.0f} KB | {jpeg_ms:.0f} | {jpeg_bytes / 1024:.0f} KB "
              f"| {png_ms:.0f} | {png_bytes / 1024:.0f} KB |")
    med = [statistics.median(col) for col in zip(*rows, strict=True)]
    print(f"| **median** | {med[0] / 1024:.0f} KB | {med[1]:.1f} | {med[2] / 1024:.0f} KB | {med[3]:.0f} "
          f"| {med[4] / 1024:.0f} KB | {med[5]:.0f} | {med[6] / 1024:.0f} KB |")


if __name__ == "__main__":
    main()
