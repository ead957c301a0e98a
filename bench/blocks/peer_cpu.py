"""What the peer costs a page: trafilatura's call as the arbiter makes it, against our main text, page
by page in turn (`bench/extraction_cpu.py`'s way: every system reads the same page one after the
other, for several rounds, so load weighs on both alike).

    .venv/bin/python bench/blocks/peer_cpu.py --set wcxb --sample 200
    .venv/bin/python bench/blocks/peer_cpu.py --set zyte

`ours main text`: parse and main text (`extraction.maintext.main_text`, the peer included where the
arbiter consults it). `peer`: `peer.peer_text` on the already parsed page, with the arbiter's comment
setting (left out on an article), what a rule that asks the peer on every page would add. Printed:
the median over pages of each page's median round (CPU ms, `time.process_time`), on every page, on
the pages where the arbiter does and does not consult the peer now and on the article pages it does
not, and the mean the peer would add a page if it were asked on every page or on every article page.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.extraction_cpu import BENCH, sample  # noqa: E402
from bench.extraction_render import SETS, load_benchmark  # noqa: E402
from bench.side_peer import CrawlCollector  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    from extraction.document import parse
    from extraction.maintext import main_text
    from extraction.text import pipeline
    from extraction.text.layout import ARTICLE
    from extraction.text.peer import peer_text
    from values.rendered import RenderedPage

    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--set", choices=sorted(SETS), default="zyte")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sample", type=int, default=None)
    args = ap.parse_args(argv)
    pages = sample(load_benchmark(BENCH / SETS[args.set][0]), args.sample)
    prepared = []
    for url, html in pages:
        doc = parse(RenderedPage.from_html(html, url))
        trace = pipeline.heuristic(doc).trace
        if not isinstance(trace, pipeline.Heuristic):
            continue  # read from the publisher's markup: no arbiter
        layout = trace.selection.layout
        consulted = not trace.arbitration.why.startswith("peer not consulted")
        prepared.append((url, html, doc, layout is not None and layout.page == ARTICLE, consulted))
    peer_text(prepared[0][2], comments=False)  # the import outside the timings
    collector = CrawlCollector()
    collector.start()
    ours: list[list[float]] = [[] for _ in prepared]
    peer: list[list[float]] = [[] for _ in prepared]
    for _ in range(args.rounds):
        for i, (url, html, doc, article, _) in enumerate(prepared):
            start = time.process_time()
            main_text(parse(RenderedPage.from_html(html, url)))
            ours[i].append(1000 * (time.process_time() - start))
            start = time.process_time()
            peer_text(doc, comments=not article)
            peer[i].append(1000 * (time.process_time() - start))
            collector.page_done()
    middle_ours = [statistics.median(v) for v in ours]
    middle_peer = [statistics.median(v) for v in peer]
    asked = [p[4] for p in prepared]
    articles = [p[3] for p in prepared]
    print(f"{args.set}: {len(prepared)} pages, {args.rounds} rounds, CPU ms/page of the median round; "
          f"the arbiter consults the peer on {sum(asked)}")
    print("| pages | n | ours main text, median | peer, median | peer / ours, median of pages |")
    print("|---|---|---|---|---|")
    for name, chosen in (("all", [True] * len(prepared)), ("consulted now", asked),
                         ("not consulted now", [not a for a in asked]),
                         ("articles not consulted now", [a and not c for a, c in zip(articles, asked, strict=True)])):
        o = [v for v, c in zip(middle_ours, chosen, strict=True) if c]
        q = [v for v, c in zip(middle_peer, chosen, strict=True) if c]
        if not o:
            continue
        ratio = statistics.median(b / a for a, b in zip(o, q, strict=True) if a)
        print(f"| {name} | {len(o)} | {statistics.median(o):.1f} | {statistics.median(q):.1f} | {ratio:.2f} |")
    extra = sum(q for q, a in zip(middle_peer, asked, strict=True) if not a) / len(prepared)
    on_articles = sum(q for q, a, c in zip(middle_peer, asked, articles, strict=True) if c and not a) / len(prepared)
    print(f"asked on every page, the peer adds {extra:.1f} ms a page on average (mean over all pages of the "
          f"peer's CPU on those it is not asked now), on every article page {on_articles:.1f}; ours main text's "
          f"mean {statistics.fmean(middle_ours):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
