"""What a perfect keep/drop decision per block would give, within our segmentation: the bound of a
block model, before one is trained.

    .venv/bin/python bench/blocks/oracle.py                        # bench/out/blocks/tune.jsonl
    .venv/bin/python bench/blocks/oracle.py --min-share 0.5

Each page's body is rebuilt from its blocks (`dataset.py`'s lines) as the crawler's read left them
(after the second candidate; a page whose body is the peer's whole is left as it is), then with the
blocks of a set in doubt flipped to what their label says (in the gold: `share` at least
`--min-share`). The sets: every block; every block our read kept or dropped for no judged reason
(no hard-bad verdict, not the headline); kept blocks the score calls less than good; dropped
blocks that are clean (`clean`). Scores are each set's
own per page (WCXB's word F1, evaluate.py's shingle F1 for Zyte and old-web), the mean by page
type.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from functools import cache
from pathlib import Path
from statistics import fmean

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.blocks.columns import FEATURES  # noqa: E402
from bench.blocks.dataset import OUT  # noqa: E402
from bench.extraction_halves import BENCH, load_scorer  # noqa: E402

Block = dict
Doubt = Callable[[Block], bool]
_AT = {name: FEATURES.index(name) for name in FEATURES}


def hard(b: Block) -> bool:
    return b["x"][_AT["hard_bad"]] > 0 or b["why"].startswith("headline")


def clean(b: Block) -> bool:
    """Left out, though no rule judged it and the score or the label find it clean: outside the
    region and scoring above zero, or inside it labelled good or near-good."""
    return not hard(b) and (b["x"][_AT["label"]] >= 2 or (b["x"][_AT["outside"]] > 0 and b["x"][_AT["score"]] > 0))


DOUBTS: dict[str, Doubt] = {
    "every block": lambda b: True,
    "not judged": lambda b: not hard(b),
    "kept, less than good": lambda b: b["final"] and b["x"][_AT["label"]] < 3,
    "kept, any": lambda b: b["final"],
    "dropped, clean": lambda b: not b["final"] and clean(b),
    "dropped, outside, clean": lambda b: not b["final"] and clean(b) and b["x"][_AT["outside"]] > 0,
}


@cache
def _scorers() -> tuple[object, object]:
    return load_scorer("wcxb_score", BENCH / "wcxb_score.py"), load_scorer("evaluate", BENCH / "evaluate.py")


def f1(name: str, body: str, gold: str) -> float:
    wcxb, ev = _scorers()
    if name == "wcxb":
        return float(wcxb.word_prf(body, gold)[2])  # type: ignore[attr-defined]
    tp, fp, fn, _ = ev.page_counts(gold, body)  # type: ignore[attr-defined]
    return float(ev.page_scores(tp, fp, fn)[2] or 0.0)  # type: ignore[attr-defined]


def body(page: dict, keep: Callable[[Block], bool]) -> str:
    return "\n\n".join(b["text"] for b in page["blocks"] if keep(b))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=OUT / "tune.jsonl")
    ap.add_argument("--min-share", type=float, default=0.5)
    args = ap.parse_args(argv)
    pages = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines()]
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    flips: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for page in pages:
        group = page["type"] if page["set"] == "wcxb" else page["set"]
        actual = f1(page["set"], page["body"], page["gold"])
        scores[(group, "crawler's body")].append(actual)
        rebuilt = f1(page["set"], body(page, lambda b: b["final"]), page["gold"])
        scores[(group, "blocks as read")].append(rebuilt)
        for name, doubt in DOUBTS.items():
            if page["peer_body"]:
                scores[(group, name)].append(actual)
                continue

            def keep(b: Block, doubt: Doubt = doubt) -> bool:
                return (b["share"] >= args.min_share) if doubt(b) else b["final"]

            flips[name][0] += sum(1 for b in page["blocks"] if doubt(b) and keep(b) != b["final"])
            flips[name][1] += sum(b["words"] for b in page["blocks"] if doubt(b) and keep(b) != b["final"])
            scores[(group, name)].append(f1(page["set"], body(page, keep), page["gold"]))
    groups = sorted({g for g, _ in scores}, key=lambda g: -len(scores[(g, "crawler's body")]))
    columns = ["crawler's body", "blocks as read", *DOUBTS]
    print(f"{len(pages)} pages; label: share of the block's 3-grams in the gold >= {args.min_share}")
    print(f"{'group':16s} {'pages':>5s} " + " ".join(f"{c[:22]:>22s}" for c in columns))
    for group in [*groups, "all"]:
        chosen = groups if group == "all" else [group]
        values = {c: [v for g in chosen for v in scores[(g, c)]] for c in columns}
        print(f"{group:16s} {len(values[columns[0]]):5d} " + " ".join(f"{fmean(values[c]):22.4f}" for c in columns))
    print("flips (blocks, words): " + "; ".join(f"{k}: {v[0]}, {v[1]}" for k, v in flips.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
