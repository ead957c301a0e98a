"""Extraction CPU, ours against in-process peers, page by page in turn: a ratio a busy machine keeps.

    .venv/bin/python bench/extraction_cpu.py --set wcxb --sample 300     # quick: a fixed sample
    .venv/bin/python bench/extraction_cpu.py --set wcxb                  # all 1,358 WCXB dev pages
    .venv/bin/python bench/extraction_cpu.py --peers trafilatura,readability-lxml   # Zyte
    .venv/bin/python bench/extraction_cpu.py --set wcxb --sample 100 --tree /work/base   # before/after

`bench/extraction_quality.py` prints each system's CPU ms/page from its own run, and a peer's
figure comes from its cache, measured whenever that was: on a two-core machine other work shares,
figures taken at different times differ by half. Here every system reads the same page one after
the other, in one process (a side peer, `bench/side_peer.py`, in its own, reporting its CPU per
call), for several rounds, so load and CPU frequency weigh on all of them alike. The figures are
CPU time (`time.process_time`) of the extraction call alone, from the static HTML:

- `ours`: the whole profile (`extraction.extract.extract_html`), what a crawl pays per page --
  parse, main text (the peer included where the arbiter consults it), every field, the language;
- `ours main text`: parse and main text only, what the main-text benchmark compares;
- each peer: its main text from the HTML;
- with `--tree DIR` (repeatable), `ours @ DIR`: the whole profile of another tree of the project
  (the base of a change), in a worker process of its own with DIR first on its PYTHONPATH
  (`bench/side_peer.py`, which reports its CPU per call): before and after a change, beside
  the peers, in one run.

The cyclic collector runs as in a crawling process (`--gc crawl`, the default; `--gc default` for
CPython's): in this process and in every side worker alike, what the set-up call loaded is frozen
out of the collector's passes, the youngest generation is collected every 50,000 allocations
rather than 700, and a full pass runs as often as in a crawl, outside the timings
(`bench/side_peer.CrawlCollector`, rendercrawl/crawl.py's `GC_YOUNG_THRESHOLD` and
rendercrawl/memory.py's `FULL_COLLECTION_EVERY`). That is what a crawl pays per page; under
CPython's defaults the collector runs dozens of times a page over the page's short-lived objects
and its full passes walk every import (trafilatura's figure moves too: compare ratios within one
setting).

With `--profile N`, ours alone reads the pages once, then once more under pyinstrument (a sampling profiler:
its cost does not weigh on small functions more than on large ones) and the N functions taking
most of its time are printed, their time inclusive and their own, in CPU ms per page (the
samples' shares of the run's measured CPU time).

Printed: the median over pages of each page's best round and of its median round, the mean over
pages of the median round (a few slow pages weigh there: an outside figure per page is often a
mean), and ours (the whole profile) divided by each system on both. Then, from one more pass
after the timings, how many pages leave objects to the cyclic collector (`cyclic_garbage`):
their free falls in the untimed full pass, so a nonzero count says ours' figure flatters it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_peers import PEERS, SideExtractor, timed  # noqa: E402
from bench.extraction_render import SETS, load_benchmark  # noqa: E402
from bench.side_peer import GC_SETTINGS, CrawlCollector  # noqa: E402

BENCH = ROOT.parent / "shared" / "bench"
OURS = "ours"
OURS_MAIN_TEXT = "ours main text"


def _ours(html: str, url: str) -> str:
    from extraction.extract import extract_html

    return extract_html(html, url).body


def _ours_main_text(html: str, url: str) -> str:
    from extraction.document import parse
    from extraction.maintext import main_text
    from values.rendered import RenderedPage

    return main_text(parse(RenderedPage.from_html(html, url))).body


def other_tree(tree: Path, gc: str) -> SideExtractor:
    """`ours` of another tree, in a worker with that tree first on its PYTHONPATH (see the docstring)."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    return SideExtractor("ours", Path(sys.executable), env, gc=gc)


def profile(pages: list[tuple[str, str]], top: int, collector: CrawlCollector | None) -> None:
    """The functions ours spends its time in, by inclusive CPU ms per page (see the docstring)."""
    from pyinstrument import Profiler

    for url, html in pages:  # warm, as the timed rounds' median is: models loaded, memos filled
        _ours(html, url)
    if collector is not None:
        collector.start()
    profiler = Profiler(interval=0.0005)
    start = time.process_time()
    profiler.start()
    for url, html in pages:
        _ours(html, url)
        if collector is not None:
            collector.page_done()
    session = profiler.stop()
    cpu_ms = 1000 * (time.process_time() - start) / len(pages)
    root = session.root_frame()
    if root is None:
        return
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()

    def walk(frame: Any, callers: frozenset[str]) -> None:
        name = f"{frame.file_path_short}:{frame.function}"
        if name not in callers:  # a recursive call's time is its outermost caller's already
            inclusive[name] += frame.time
        own[name] += frame.total_self_time
        for child in frame.children:
            walk(child, callers | {name})

    walk(root, frozenset())
    scale = cpu_ms / root.time
    print(f"ours: {len(pages)} pages, {cpu_ms:.1f} CPU ms/page under the profiler")
    print("| function | inclusive ms/page | own ms/page |")
    print("|---|---|---|")
    for name, seconds in inclusive.most_common(top):
        print(f"| {name} | {seconds * scale:.2f} | {own[name] * scale:.2f} |")


def cyclic_garbage(pages: list[tuple[str, str]], run: Callable[[str, str], str]) -> list[int]:
    """Per page, the objects one call of `run` leaves to the cyclic collector (`gc.collect()`
    after it). The collector's full pass runs outside the timings, so what a page leaves there is
    freed outside ours' figure: a reference cycle holding the page's Document (session 31: a
    mypyc closure's environment) moved its whole free out of it, about 3% of the median page,
    while a peer that frees its tree in its call pays its own. Run after the timed rounds."""
    import gc

    gc.collect()
    left = []
    for url, html in pages:
        run(html, url)
        left.append(gc.collect())
    return left


def sample(pages: dict[str, tuple[str, str]], size: int | None) -> list[tuple[str, str]]:
    """Every page, or `size` of them evenly spaced in id order: the same pages on every run."""
    ids = sorted(pages)
    if size is not None and size < len(ids):
        ids = [ids[i * len(ids) // size] for i in range(size)]
    return [pages[i] for i in ids]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=sorted(SETS), default="zyte")
    ap.add_argument("--peers", default="trafilatura", help="comma-separated peers of bench/extraction_peers.py")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sample", type=int, default=None, help="read this many pages, evenly spaced in id order")
    ap.add_argument("--bench", type=Path, default=BENCH)
    ap.add_argument("--profile", type=int, metavar="N", help="profile ours instead: its N costliest functions")
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="also time the whole profile of this tree of the project (repeatable)")
    ap.add_argument("--trees-only", action="store_true",
                    help="with --tree: leave out this tree's in-process rows (ours / system is then the first tree's)")
    ap.add_argument("--gc", choices=GC_SETTINGS, default="crawl",
                    help="the cyclic collector of every process: as a crawl runs it, or CPython's default")
    args = ap.parse_args(argv)
    pages = sample(load_benchmark(args.bench / SETS[args.set][0]), args.sample)
    collector = CrawlCollector() if args.gc == "crawl" else None
    if args.profile:
        profile(pages, args.profile, collector)
        return 0
    systems: dict[str, Callable[[str, str], str]] = {} if args.trees_only else {OURS: _ours, OURS_MAIN_TEXT: _ours_main_text}
    for tree in args.tree:
        systems[f"ours @ {tree}"] = other_tree(tree, args.gc)
    for name in filter(None, args.peers.split(",")):
        systems[name] = SideExtractor(name, gc=args.gc) if PEERS[name].side else PEERS[name].build()
    for run in systems.values():  # imports and first-call set-up outside the timings
        run(pages[0][1], pages[0][0])
    if collector is not None:
        collector.start()
    ms: dict[str, list[list[float]]] = {name: [[] for _ in pages] for name in systems}
    for _ in range(args.rounds):
        for i, (url, html) in enumerate(pages):
            for name, run in systems.items():
                ms[name][i].append(timed(run, html, url)[1])
            if collector is not None:
                collector.page_done()
    best = {name: statistics.median(min(page) for page in per_page) for name, per_page in ms.items()}
    middle = {name: statistics.median(statistics.median(page) for page in per_page)
              for name, per_page in ms.items()}
    mean = {name: statistics.fmean(statistics.median(page) for page in per_page) for name, per_page in ms.items()}
    print(f"{args.set}: {len(pages)} pages, {args.rounds} rounds, collector {args.gc}, CPU ms/page of the median round")
    if not args.trees_only:
        from extraction import native

        print(f"{OURS}: extraction {native.summary()}")
    ref = next(iter(systems))
    print(f"| system | median, best round | median | mean | {ref} / system, median | {ref} / system, mean |")
    print("|---|---|---|---|---|---|")
    for name in systems:
        print(f"| {name} | {best[name]:.1f} | {middle[name]:.1f} | {mean[name]:.1f} "
              f"| {middle[ref] / middle[name]:.2f} | {mean[ref] / mean[name]:.2f} |")
    if not args.trees_only:
        left = cyclic_garbage(pages, _ours)
        cyclic = [n for n in left if n]
        print(f"{OURS}: {len(cyclic)} of {len(pages)} pages leave objects to the cyclic collector"
              + (f" (median {statistics.median(cyclic):.0f}): their free is outside the figure" if cyclic else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
