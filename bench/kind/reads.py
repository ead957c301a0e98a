"""Every page of the benchmark sets read as every kind: the data the page-kind model learns from and
its thresholds are set on, and what each kind decision costs.

    .venv/bin/python bench/kind/reads.py                 # WCXB dev, Zyte, oldweb, other sets -> bench/out/kind/reads.jsonl
    .venv/bin/python bench/kind/reads.py --sets oldweb
    .venv/bin/python bench/kind/reads.py --features-only --out bench/out/kind/features.jsonl
    .venv/bin/python bench/kind/reads.py --sets wcxb,zyte,oldweb --two-reads --out bench/out/kind/reads2.jsonl

For each page (static): the model's features (`kind_model.features`), the rules' kind
(`layout.decide`), whether the rules' inclusive read stands whatever the model says (`thin_region`,
`declared_thread`: `inclusive.weighed`), and the body and its score read as each kind in `READS` (stages 6 to 9 run
once per kind on the same first read; the peer, trafilatura, reads the page once for each comment
setting asked of it, `peer.peer_text`, and is asked for each). A page whose body comes from the
publisher's markup has no kind (`rule` empty). Scores are each set's own: WCXB's word F1
(`../shared/bench/wcxb_score.py`), evaluate.py's shingle P/R/F1 (Zyte, oldweb), other_sets' word F1
(newspaper4k, mozilla, article-extractor).

`--features-only` stops after the first read: the features and the rules' kind, no reads and no
scores. That is all `train.py` learns from (`--reads` the file it writes), at about ten times the
pace of the full reads (1,839 pages in 13 minutes at load 25, where the reads made 13 pages a
minute); `policy.py` needs the full file.

`--two-reads` reads each page as the rules read it and as an article, nothing else: all that a
policy needs whose model never turns a one-region read inclusive (`Policy.up` above 1, as shipped
since s25), since `cautious` then chooses between those two alone. About a third of the reads'
time; `policy.py` keeps `up` at 1.01 on such a file.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import cache, partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import BENCH, half_of, load_scorer  # noqa: E402

OUT = ROOT / "bench" / "out" / "kind"
READS: dict[str, tuple[str, bool]] = {
    "article": ("article", False),
    "documentation-region": ("documentation", False),
    "thread": ("thread", True),
    "listing": ("listing", True),
    "product": ("product", True),
    "documentation": ("documentation", True),
    "multi-section": ("multi-section", True),
}
"""Read name -> (layout kind, inclusive)."""
KIND_OF_TYPE = {"article": "article", "forum": "thread", "product": "product", "collection": "listing",
                "listing": "listing", "documentation": "documentation", "service": "multi-section"}
SETS = ("wcxb", "zyte", "oldweb", "newspaper4k", "mozilla", "article-extractor")

Job = tuple[str, str, str, str, str, str, str]
"""(set, page id, url, html, gold text, half, label)."""


def jobs(sets: list[str]) -> Iterator[Job]:
    if "wcxb" in sets:
        gold = json.loads((BENCH / "wcxb-dev" / "ground-truth.json").read_text(encoding="utf-8"))
        for pid, g in gold.items():
            html = gzip.decompress((BENCH / "wcxb-dev" / "html" / f"{pid}.html.gz").read_bytes()).decode(
                "utf-8", errors="replace")
            yield "wcxb", pid, g["url"], html, g["main_content"], half_of(pid), KIND_OF_TYPE[g["page_type"]]
    if "zyte" in sets:
        from bench.extraction_render import load_benchmark

        zgold = json.loads((BENCH / "scrapinghub" / "ground-truth.json").read_text(encoding="utf-8"))
        for pid, (url, html) in load_benchmark(BENCH / "scrapinghub").items():
            yield "zyte", pid, url, html, zgold[pid]["articleBody"] or "", half_of(pid), "article"
    from bench import other_sets

    for name in ("oldweb", "newspaper4k", "mozilla", "article-extractor"):
        if name not in sets:
            continue
        page_set = other_sets.SETS[name]
        for pid, url, html, expected in page_set.load():
            if len(expected) >= other_sets.MIN_EXPECTED_CHARS:
                yield name, pid, url, html, expected, page_set.half(pid), "article"


@cache
def _scorers() -> tuple[object, object]:
    return load_scorer("wcxb_score", BENCH / "wcxb_score.py"), load_scorer("evaluate", BENCH / "evaluate.py")


def score(name: str, body: str, gold: str) -> tuple[float | None, float | None, float | None]:
    wcxb, ev = _scorers()
    if name == "wcxb":
        return wcxb.word_prf(body, gold)  # type: ignore[attr-defined]
    if name in ("zyte", "oldweb"):
        tp, fp, fn, _ = ev.page_counts(gold, body)  # type: ignore[attr-defined]
        return ev.page_scores(tp, fp, fn)  # type: ignore[attr-defined]
    from bench.other_sets import word_scores

    return word_scores(body, gold)


def rule_read(rule: str, inclusive: bool) -> str:
    """The name in `READS` of the read the rules chose."""
    if inclusive:
        return rule
    return "article" if rule == "article" else "documentation-region"


def read_page(job: Job, reads: bool = True, two: bool = False) -> dict[str, object]:
    """The page's row; `two`: read only as the rules read it and as an article (`--two-reads`)."""
    from dataclasses import replace

    from extraction.document import parse
    from extraction.maintext import main_text
    from extraction.text import peer
    from extraction.text.arbiter import arbitrate
    from extraction.text.blocks import Gate, heading_title, segment
    from extraction.text.cards import card_blocks
    from extraction.text.layout import LayoutKind
    from extraction.text.markup import markup_gate
    from extraction.text.pipeline import first_read, read_as
    from extraction.text.rules.declared_thread import declared_thread
    from extraction.text.rules.thin_region import thin_region
    from values.rendered import RenderedPage

    name, pid, url, html, gold, half, label = job
    doc = parse(RenderedPage.from_html(html, url))
    row: dict[str, object] = {"set": name, "id": pid, "half": half, "label": label, "rule": ""}
    if reads:
        row["current"] = score(name, main_text(doc).body, gold)
    if markup_gate(doc) is not None:
        return row
    original = peer.peer_text
    memo: dict[tuple[int, bool], str] = {}

    def once(d: object, comments: bool) -> str:
        if (id(d), comments) not in memo:
            memo[(id(d), comments)] = original(d, comments)  # type: ignore[arg-type]
        return memo[(id(d), comments)]

    peer.peer_text = once  # type: ignore[assignment]
    try:
        blocks = segment(doc, Gate.ALL)
        cards = cache(lambda: card_blocks(blocks))
        first = first_read(doc, blocks, cards)
        row["rule"] = first.rule.kind
        row["rule_inclusive"] = first.rule.inclusive
        row["features"] = first.features
        row["thin_region"] = thin_region(first.evidence)
        row["declared_thread"] = declared_thread(doc, first.read, first.rule)
        if not reads:
            return row
        scores: dict[str, object] = {}
        wanted = {rule_read(first.rule.kind, first.rule.inclusive), "article"} if two else set(READS)
        for read, (kind, inclusive) in READS.items():
            if read not in wanted:
                continue
            selection = read_as(doc, first, replace(LayoutKind(kind, ()), inclusive=inclusive), cards)
            arbitration = arbitrate(doc, selection, cards)
            if arbitration.body is not None:
                body = arbitration.body
            else:
                body = "\n\n".join(heading_title(d.block) for d in arbitration.decisions if d.kept)
            scores[read] = score(name, body, gold)
        row["reads"] = scores
    finally:
        peer.peer_text = original
    return row


def kind_bodies(job: tuple[str, str, str, str]) -> tuple[str, str | None, str | None]:
    """(page id, the body read inclusively as `kind`, the body read as an article: one dominant
    region, an article's post-passes), each through the second candidate as the crawler's
    read; Nones for a page read from the publisher's markup. What an inclusive read is weighed
    against (bench/extraction_quality.py)."""
    from extraction.document import parse
    from extraction.text.arbiter import arbitrate
    from extraction.text.blocks import Gate, heading_title, segment
    from extraction.text.cards import card_blocks
    from extraction.text.layout import ARTICLE, LayoutKind
    from extraction.text.markup import markup_gate
    from extraction.text.pipeline import first_read, read_as
    from values.rendered import RenderedPage

    pid, url, html, kind = job
    doc = parse(RenderedPage.from_html(html, url))
    if markup_gate(doc) is not None:
        return pid, None, None
    blocks = segment(doc, Gate.ALL)
    cards = cache(lambda: card_blocks(blocks))
    first = first_read(doc, blocks, cards)
    bodies = []
    for layout in (LayoutKind(kind, ()), LayoutKind(ARTICLE, (), inclusive=False)):
        arbitration = arbitrate(doc, read_as(doc, first, layout, cards), cards)
        bodies.append(arbitration.body if arbitration.body is not None else
                      "\n\n".join(heading_title(d.block) for d in arbitration.decisions if d.kept))
    return pid, bodies[0], bodies[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--out", type=Path, default=OUT / "reads.jsonl")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--features-only", action="store_true", help="the first read alone: features and the rules' kind")
    ap.add_argument("--two-reads", action="store_true", help="read each page as the rules read it and as an article only")
    args = ap.parse_args(argv)
    sets = args.sets.split(",")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    work = partial(read_page, reads=not args.features_only, two=args.two_reads)
    with args.out.open("w", encoding="utf-8") as out, ProcessPoolExecutor(max_workers=args.workers) as pool:
        for row in pool.map(work, jobs(sets), chunksize=4):
            out.write(json.dumps(row) + "\n")
            n += 1
            if n % 100 == 0:
                print(f"{n} pages", file=sys.stderr, flush=True)
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()[:16]
    print(f"{n} pages -> {args.out} (sha256 {digest})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
