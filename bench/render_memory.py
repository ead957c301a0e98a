"""Memory over many renders: RSS of the Chromium tree, the Playwright driver (node) and this
Python process, at the start (after the first page), after 200 pages and at the end. The
target is flat: end within 10% of the after-200 value. Prints numbers; asserts nothing.

    .venv/bin/python bench/render_memory.py [--pages 2000] [--concurrency 2]

Chromium is relaunched every `restart_after_pages` (100) and the driver every
`driver_restart_after_pages` (1000), as in production; a sample taken right after a relaunch
shows a fresh browser, so each checkpoint reports the mean of the last 20 samples (one per
10 pages) too. The demo site runs in a child process (bench/render_site.py): in this process its
request log alone grew Python's RSS by ~17 KB per page.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections import deque
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render.browser import Renderer  # noqa: E402
from render.model import RenderedPage  # noqa: E402
from render.processes import tree_rss_mb  # noqa: E402
from render.settings import RenderSettings  # noqa: E402

from bench.render_site import RemoteSite, demo_site_process  # noqa: E402
from bench.render_throughput import LOOPBACK_ONLY, PATHS  # noqa: E402

SAMPLE_EVERY_PAGES = 10
WINDOW_SAMPLES = 20
CHECKPOINT_PAGES = 200
BYTES_PER_MB = 1024 * 1024


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    with demo_site_process() as site:
        asyncio.run(run(site, args.pages, args.concurrency))


if __name__ == "__main__":
    main()
