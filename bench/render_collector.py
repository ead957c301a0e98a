"""The crawler's full passes of the cyclic collector (`rendercrawl.memory.CycleCollector`), every N
pages: what they cost the worker and what they leave in its memory. Prints numbers; asserts nothing.

    .venv/bin/python bench/render_collector.py --every 8 32 --rounds 40 --concurrency 2

Each setting runs in a child process: the worker as bench/render_budget.py's worker child runs it
(`rendercrawl worker` on SQLite, the budget's 24 pages a round, `--rounds` rounds), the pass every
N pages (0: never, CPython's own thresholds only). Per page: the full passes (`page_done`, with
the `malloc_trim` after each), every pass of the collector on the event loop and on the other
threads (young ones too, by `gc.callbacks`), the event loop's CPU; the child's RSS sampled every
half second, as means over 10-20%, 45-55% and the last 10% of the run, and its highest.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

import render_budget  # noqa: E402

RSS_SAMPLE_S = 0.5


def child(spec: dict[str, Any]) -> dict[str, Any]:
    import rendercrawl.memory as memory
    if spec["every"]:
        memory.CycleCollector.__init__.__defaults__ = (spec["every"],)
    else:
        memory.CycleCollector.page_done = lambda self: None  # type: ignore[method-assign]
    render_budget.CHILD_TIMEOUT_S = 3600  # the whole run is one child here
    process = psutil.Process()
    samples: list[float] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(RSS_SAMPLE_S):
            samples.append(process.memory_info().rss / 2**20)
    threading.Thread(target=sample, daemon=True).start()
    result = asyncio.run(render_budget.ours_child(spec["urls"], spec["concurrency"], spec["rules"], spec["db"]))
    stop.set()
    result.pop("outcomes", None)
    return {**result, "rss": samples}


def summary(every: int, run: dict[str, Any]) -> str:
    pages, steps, rss = run["pages"], run["steps"], run["rss"]

    def mean_rss(low: float, high: float) -> float:
        start = int(len(rss) * low)
        return statistics.mean(rss[start:max(int(len(rss) * high), start + 1)])
    ms = {label: 1000 * seconds / pages for label, seconds in steps.items()}
    return (f"every {every:3d}: {pages} pages in {run['wall']:.0f} s; CPU-ms a page: full passes "
            f"{ms.get('full collections (CycleCollector)', 0.0):.2f}, collector on the event loop "
            f"{ms['collector, event loop']:.2f}, on other threads {ms['collector, other threads']:.2f}, "
            f"event loop {1000 * run['parts']['python: event loop'] / pages:.1f}; RSS MB 10-20% {mean_rss(.1, .2):.0f}, "
            f"45-55% {mean_rss(.45, .55):.0f}, last 10% {mean_rss(.9, 1):.0f}, highest {max(rss):.0f}; "
            f"load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--every", type=int, nargs="+", default=[8, 32], help="pages between two full passes (0: never)")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=1, help="each setting this many times, the order reversed each time")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(json.loads(args.child))))
        return
    from bench.render_site import demo_site_process
    from demosite.server import ConnectionLogger

    with demo_site_process() as site, ConnectionLogger() as logger, tempfile.TemporaryDirectory() as tmp:
        rules = render_budget.host_rules(logger.port)
        urls = [url for r in range(args.rounds) for url in render_budget.page_urls(site.base_url, r)]
        order = [e for rep in range(args.repeat) for e in (args.every if rep % 2 == 0 else args.every[::-1])]
        for i, every in enumerate(order):
            spec = {"every": every, "urls": urls, "concurrency": args.concurrency, "rules": rules,
                    "db": f"sqlite:///{Path(tmp) / f'collector-{i}.db'}"}
            done = subprocess.run([sys.executable, __file__, "--child", json.dumps(spec)], cwd=ROOT,
                                  capture_output=True, text=True)
            if done.returncode:
                print(f"every {every}: the child failed\n{done.stderr[-2000:]}", flush=True)
                continue
            run = json.loads([line for line in done.stdout.splitlines() if line.startswith("{")][-1])
            print(summary(every, run), flush=True)


if __name__ == "__main__":
    main()
