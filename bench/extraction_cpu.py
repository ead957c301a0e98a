"""Extraction CPU, ours against in-process peers, page by page in turn: a ratio a busy machine keeps.

    .venv/bin/python bench/extraction_cpu.py                      # Zyte, ours (static) vs trafilatura, 3 rounds
    .venv/bin/python bench/extraction_cpu.py --set wcxb --peers trafilatura,readability-lxml

`bench/extraction_quality.py` prints each system's CPU ms/page from its own run, and a peer's
figure comes from its cache, measured whenever that was: on a two-core machine other work shares,
figures taken at different times differ by half. Here every system reads the same page one after
the other, in one process (a side peer, `bench/side_peer.py`, in its own, reporting its CPU per
call), for several rounds, so load and CPU frequency weigh on all of them alike. The figures are
CPU time (`time.process_time`) of the extraction call alone -- for ours, parse and main text of
the static HTML, the peer (`extraction/text/peer.py`) included where the arbiter consults it.
Printed: the median over pages of each page's best round, and of its median round, and ours
divided by each peer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_peers import PEERS, timed  # noqa: E402
from bench.extraction_render import SETS, load_benchmark  # noqa: E402

BENCH = ROOT.parent / "shared" / "bench"


def _ours(html: str, url: str) -> str:
    from extraction.document import parse
    from extraction.maintext import main_text
    from values.rendered import RenderedPage

    return main_text(parse(RenderedPage.from_html(html, url))).body


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=sorted(SETS), default="zyte")
    ap.add_argument("--peers", default="trafilatura", help="comma-separated peers of bench/extraction_peers.py")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bench", type=Path, default=BENCH)
    args = ap.parse_args(argv)
    pages = list(load_benchmark(args.bench / SETS[args.set][0]).values())
    systems: dict[str, Callable[[str, str], str]] = {"ours": _ours}
    for name in filter(None, args.peers.split(",")):
        systems[name] = PEERS[name].build()
    for run in systems.values():  # imports and first-call set-up outside the timings
        run(pages[0][1], pages[0][0])
    ms: dict[str, list[list[float]]] = {name: [[] for _ in pages] for name in systems}
    for _ in range(args.rounds):
        for i, (url, html) in enumerate(pages):
            for name, run in systems.items():
                ms[name][i].append(timed(run, html, url)[1])
    best = {name: statistics.median(min(page) for page in per_page) for name, per_page in ms.items()}
    middle = {name: statistics.median(statistics.median(page) for page in per_page)
              for name, per_page in ms.items()}
    print(f"{args.set}: {len(pages)} pages, {args.rounds} rounds, CPU ms/page (median over pages)")
    print("| system | best round | median round | ours / system (median round) |")
    print("|---|---|---|---|")
    for name in systems:
        print(f"| {name} | {best[name]:.1f} | {middle[name]:.1f} | {middle['ours'] / middle[name]:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
