"""Every block of our read of the tune pages, with a block model's input and a label: the data
a block model learns from (`train.py`).

    .venv/bin/python bench/blocks/dataset.py                       # -> bench/out/blocks/tune.jsonl
    .venv/bin/python bench/blocks/dataset.py --sets oldweb --out bench/out/blocks/oldweb.jsonl
    .venv/bin/python bench/blocks/dataset.py --peer --out bench/out/blocks/tune-peer.jsonl   # + the peer's columns
    .venv/bin/python bench/blocks/dataset.py --peer --half held --out bench/out/blocks/held-peer.jsonl

The pages: the tune half of WCXB dev, of the Zyte 2019 set and of the old-web corpus's templates
(`bench/corpora/oldweb`, halves by template). Never a held page. Each page is read statically as
the crawler reads it (`pipeline.heuristic`): the blocks are those a post-pass after
`rules/repeats` would weigh (`MainText.trace`: the read before the second candidate, and the
arbiter's decisions after it); a page read from the publisher's markup is left out. One line a
page: its set, id, page type (WCXB's label), gold text, whether the second candidate's body was
taken whole, and its blocks in order, each with its body text
(`heading_title`), words, our decision (kept), whether the arbiter kept it, the share of its word
3-grams found in the gold (`share`; a block of one or two words: its words together), and the
model's input (`columns.rows`). With `--peer`, trafilatura's body is read as the arbiter reads it
and each block gets the peer's columns too (`peer_columns.rows`, as `px`), each page the peer's CPU
(`peer_ms`) and whether the arbiter consulted it; `--half held` reads the check half instead (only
to check a rule chosen on the tune pages).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import BENCH  # noqa: E402

OUT = ROOT / "bench" / "out" / "blocks"
SETS = ("wcxb", "zyte", "oldweb")
SHINGLE = 3
_WORD = re.compile(r"\w+")

Job = tuple[str, str, str, str, str, str]
"""(set, page id, url, html, gold text, page type)."""


def jobs(sets: list[str], half: str = "tune") -> Iterator[Job]:
    """The pages of `sets` in `half`, as bench/kind/reads.py reads them, each with WCXB's page type
    (reads names the page kind a type maps to; collections and listings are both a listing)."""
    from bench.kind.reads import jobs as read_jobs

    gold = json.loads((BENCH / "wcxb-dev" / "ground-truth.json").read_text(encoding="utf-8"))
    for name, pid, url, html, expected, page_half, _ in read_jobs(sets):
        if page_half == half:
            yield name, pid, url, html, expected, gold[pid]["page_type"] if name == "wcxb" else "article"


def grams(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    if len(words) < SHINGLE:
        return {tuple(words)} if words else set()
    return {tuple(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def gold_share(text: str, gold: set[tuple[str, ...]], gold_text: str) -> float:
    """The share of the block's word 3-grams in the gold's (a block of fewer words: whether its
    words, in order, are in the gold's text)."""
    mine = grams(text)
    if not mine:
        return 0.0
    if len(next(iter(mine))) < SHINGLE:
        words = " ".join(next(iter(mine)))
        return 1.0 if words and re.search(r"(?<!\w)" + re.escape(words) + r"(?!\w)",
                                          " ".join(_WORD.findall(gold_text.lower()))) else 0.0
    return len(mine & gold) / len(mine)


def read_page(job: Job, peer: bool = False) -> dict[str, object] | None:
    from bench.blocks import columns, peer_columns
    from extraction.document import parse
    from extraction.text import pipeline
    from extraction.text.blocks import heading_title
    from extraction.text.markup import markup_gate
    from values.rendered import RenderedPage

    name, pid, url, html, gold, page_type = job
    doc = parse(RenderedPage.from_html(html, url))
    if markup_gate(doc) is not None:
        return None
    mt = pipeline.heuristic(doc)
    trace = mt.trace
    assert isinstance(trace, pipeline.Heuristic)
    selection, arbitration = trace.selection, trace.arbitration
    decisions = selection.decisions
    among = [i for i, d in enumerate(decisions) if d.block.words]
    values = columns.rows(selection, among)
    peer_values: list[tuple[float, ...]] = [() for _ in among]
    page_peer: dict[str, object] = {}
    if peer:
        import time

        from extraction.text.layout import ARTICLE
        from extraction.text.peer import peer_text

        article = selection.layout is not None and selection.layout.page == ARTICLE
        consulted = not arbitration.why.startswith("peer not consulted")
        start = time.process_time()
        text = peer_text(doc, comments=not article)
        page_peer = {"peer_ms": round(1000 * (time.process_time() - start), 2), "consulted": consulted,
                     "choice": arbitration.choice}
        peer_values = peer_columns.rows(selection, among, text, consulted)
    gold_grams = grams(gold)
    final = {d.block.index: d.kept for d in arbitration.decisions}
    blocks = []
    for i, x, px in zip(among, values, peer_values, strict=True):
        d = decisions[i]
        text = heading_title(d.block)
        blocks.append({"i": i, "text": text, "words": d.block.words, "kept": d.kept, "final": final.get(d.block.index, d.kept),
                       "why": d.why, "share": round(gold_share(text, gold_grams, gold), 4), "x": [round(v, 6) for v in x],
                       **({"px": [round(v, 6) for v in px]} if peer else {})})
    layout = selection.layout
    return {"set": name, "id": pid, "type": page_type, "kind": layout.kind if layout else "",
            "inclusive": bool(layout and layout.inclusive), "gold": gold, "body": mt.body,
            "peer_body": arbitration.body is not None, **page_peer, "blocks": blocks}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--out", type=Path, default=OUT / "tune.jsonl")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--peer", action="store_true", help="add the peer's columns (`peer_columns.rows`) as `px`")
    ap.add_argument("--half", choices=("tune", "held"), default="tune", help="held: the check half")
    args = ap.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with args.out.open("w", encoding="utf-8") as out, ProcessPoolExecutor(max_workers=args.workers) as pool:
        for row in pool.map(partial(read_page, peer=args.peer), jobs(args.sets.split(","), args.half), chunksize=4):
            if row is None:
                continue
            out.write(json.dumps(row) + "\n")
            n += 1
            if n % 100 == 0:
                print(f"{n} pages", file=sys.stderr, flush=True)
    print(f"{n} pages -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
