"""A rule on the peer's agreement, simulated on `dataset.py --peer`'s blocks: drop a kept block the
peer's body lacks, when the peer otherwise agrees with our read (issue 32, session 34).

    .venv/bin/python bench/blocks/peer_rule.py                                    # the grid, tune
    .venv/bin/python bench/blocks/peer_rule.py --articles --data bench/out/blocks/held-peer.jsonl --only 0.2,0.9,1,1,0

The rule: a kept block (not the headline, not hard-bad) is dropped when the share of its word
3-grams in the peer's body is under `share`, the peer's body holds at least `held` of our kept
words (the two read the same story, and the peer leaves this block out of it), the block stands
`side` (0: anywhere; 1: outside the span of kept blocks the peer holds -- before the first or after
the last -- where a pitch, a bio or a list of links trails a story), with at least `words` words,
and only on pages where the arbiter already consulted the peer when `free` (no extra peer call);
with `--articles` only on pages read as an article (session 34's candidate rule,
docs/lab/2026-12-07-s34-peer.md).
Each page's body is rebuilt from its blocks (as `oracle.py`: a page whose body is the peer's whole
is left as it is) and scored with its set's own score; the mean change by page type.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import defaultdict
from pathlib import Path
from statistics import fmean

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.blocks.columns import FEATURES  # noqa: E402
from bench.blocks.dataset import OUT  # noqa: E402
from bench.blocks.oracle import f1, hard  # noqa: E402
from bench.blocks.peer_columns import PEER_FEATURES  # noqa: E402

_P = {name: PEER_FEATURES.index(name) for name in PEER_FEATURES}
_AT = {name: FEATURES.index(name) for name in FEATURES}
SHARES = (0.05, 0.2, 0.5)
HELD = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98)
SIDES = (0, 1)
WORDS = (1, 10, 30)
FREE = (0, 1)


def drops(page: dict, share: float, held: float, side: int, words: int, free: int, articles: bool = False) -> list[int]:
    """The blocks (indexes into the page's blocks) the rule drops (`articles`: on pages read as an article only)."""
    if page["peer_body"] or not page["blocks"] or (articles and not page["blocks"][0]["x"][_AT["page_article"]]):
        return []
    first = page["blocks"][0]["px"]
    if first[_P["peer_kept_held"]] < held or first[_P["peer_empty"]] or (free and not first[_P["peer_consulted"]]):
        return []
    return [b for b, block in enumerate(page["blocks"])
            if block["final"] and block["kept"] and not hard(block) and block["words"] >= words
            and block["px"][_P["peer_share"]] < share and not block["px"][_P["peer_holds"]]
            and (side == 0 or abs(block["px"][_P["peer_side"]]) == 1)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=OUT / "tune-peer.jsonl")
    ap.add_argument("--only", help="share,held,side,words,free: one setting, with its pages listed")
    ap.add_argument("--articles", action="store_true", help="on pages read as an article only (`page_article`)")
    args = ap.parse_args(argv)
    pages = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines()]
    groups = [p["type"] if p["set"] == "wcxb" else p["set"] for p in pages]
    base = [f1(p["set"], "\n\n".join(b["text"] for b in p["blocks"] if b["final"]) if not p["peer_body"] else p["body"],
               p["gold"]) for p in pages]
    consulted = sum(1 for p in pages if p.get("consulted"))
    print(f"{len(pages)} pages (the arbiter consults the peer on {consulted}); base mean {fmean(base):.5f}")
    settings = ([tuple(float(v) for v in args.only.split(","))] if args.only
                else list(itertools.product(SHARES, HELD, SIDES, WORDS, FREE)))
    results = []
    for share, held, side, words, free in settings:
        scores = list(base)
        moved = []
        dropped_words = 0
        for p, page in enumerate(pages):
            gone = set(drops(page, share, held, int(side), int(words), int(free), args.articles))
            if not gone:
                continue
            dropped_words += sum(page["blocks"][b]["words"] for b in gone)
            text = "\n\n".join(b["text"] for i, b in enumerate(page["blocks"]) if b["final"] and i not in gone)
            scores[p] = f1(page["set"], text, page["gold"])
            moved.append((scores[p] - base[p], page["set"], page["id"], groups[p], len(gone)))
        by: dict[str, list[float]] = defaultdict(list)
        for g, now, then in zip(groups, scores, base, strict=True):
            by[g].append(now - then)
        up = sum(1 for m in moved if m[0] > 1e-9)
        down = sum(1 for m in moved if m[0] < -1e-9)
        results.append((fmean(scores), (share, held, side, words, free)))
        print(f"share<{share} held>={held} side={side:g} words>={words:g} free={free:g}: {fmean(scores):.5f} "
              f"({fmean(scores) - fmean(base):+.5f}), pages {len(moved)} (+{up} -{down}), words {dropped_words}; "
              + ", ".join(f"{g} {fmean(v):+.4f}" for g, v in sorted(by.items()) if any(v)), flush=True)
        if args.only:
            for m in sorted(moved):
                print(f"  {m[0]:+.4f} {m[1]} {m[2]} {m[3]} ({m[4]} blocks)")
    best = max(results)
    print(f"best {best[1]}: {best[0]:.5f} against {fmean(base):.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
