"""When to read a page inclusively: the page-kind model's thresholds, simulated on every page read as
every kind (bench/kind/reads.py), set on the tune halves and checked on the held ones.

    .venv/bin/python bench/kind/policy.py            # the grid, then the chosen policy by set and half
    .venv/bin/python bench/kind/policy.py --costs    # also what each kind decision costs, and the kinds named
    .venv/bin/python bench/kind/policy.py --policy 0,0.85,1.01,0   # one policy's table, no grid

A policy is `kind_model.cautious`'s thresholds. Tune pages that trained the model are judged by
their out-of-fold probabilities (bench/out/kind/oof.json, written by train.py), every other page
by the shipped model. Scores are each set's own (reads.py); a page whose body comes from the
publisher's markup keeps its score.

Besides `kind_model.cautious`'s thresholds, the grid weighs `unsure`, a second fallback the pipeline
does not have: a page the rules read inclusively read as an article when the model's top kind has
less than this probability, whatever the kind (no kind likely enough to claim every clean block).
Session 32 weighed it on the shipped trees and left it out: 0.45, the best on the tune halves, moved
4 WCXB tune pages (F1 +0.0001), 7 check pages (-0.0008, page kind -2) and no old-web page
(docs/lab/2026-12-07-s32-kind.md). A file of `reads.py --two-reads` holds only the rules' read and
the article read: the grid then keeps `up` at 1.01, the one value those two reads can simulate.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.kind import reads  # noqa: E402
from bench.kind.reads import OUT, READS  # noqa: E402
from extraction.text.kind_model import KINDS, Policy, cautious, predict  # noqa: E402

NAMES = ("name", "fallback", "up", "unsure")
GRID = {"name": (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01), "fallback": (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.01),
        "up": (0.8, 0.9, 0.95, 1.01), "unsure": (0.0, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6)}
"""The thresholds tried, each with every other (`up` below 1.01 only on a file of every read)."""

SHINGLE_SETS = ("zyte", "oldweb")
TOLERANCE = 0.001  # a tune half's F1 may move this little (a page or two of 635) and still hold


def rule_read(row: dict) -> str:
    return reads.rule_read(str(row["rule"]), bool(row["rule_inclusive"]))


def choose(row: dict, probs: dict[str, float], policy: Policy | None, unsure: float = 0.0) -> tuple[str, str]:
    """(read name, reported kind) for a page under `policy` and `unsure` (None: the rules alone), as
    `inclusive.weighed` decides it: a thread the page declares, or a page whose first region is a
    fragment of it, keeps the rules' inclusive read whatever the model says (reads.py records both)."""
    if policy is None:
        return rule_read(row), str(row["rule"])
    named, kind, inclusive = cautious(str(row["rule"]), bool(row["rule_inclusive"]), probs, policy)
    if row["rule_inclusive"] and inclusive and max(probs.values()) < unsure:
        named, kind, inclusive = "article", "article", False
    if row["rule_inclusive"] and not inclusive and (row.get("thin_region") or row.get("declared_thread")):
        return str(row["rule"]), str(row["rule"])
    if inclusive:
        return kind, named
    return ("documentation-region" if kind == "documentation" else "article"), named


def aggregate(name: str, scores: list[list[float | None]]) -> float:
    if not scores:
        return float("nan")
    if name in SHINGLE_SETS:
        p = statistics.fmean([s[0] for s in scores if s[0] is not None] or [0.0])
        r = statistics.fmean([s[1] for s in scores if s[1] is not None] or [0.0])
        return 2 * p * r / (p + r) if p + r else 0.0
    return statistics.fmean([s[2] or 0.0 for s in scores])


def evaluate(rows: list[dict], probs: dict[str, dict[str, float]], policy: Policy | None,
             unsure: float = 0.0) -> dict[tuple[str, str], float]:
    """F1 by (set, half), and the kind accuracy on WCXB by half (set "kind")."""
    scores: dict[tuple[str, str], list] = {}
    right: dict[str, list[bool]] = {}
    for row in rows:
        key = f"{row['set']}:{row['id']}"
        if not row["rule"]:
            score, kind = row["current"], "article"
        else:
            read, kind = choose(row, probs[key], policy, unsure)
            score = row["reads"][read]
        for half in (row["half"], "all"):
            scores.setdefault((row["set"], half), []).append(score)
            if row["set"] == "wcxb":
                right.setdefault(half, []).append(kind == row["label"])
    out = {key: aggregate(key[0], s) for key, s in scores.items()}
    out.update({("kind", half): statistics.fmean(r) for half, r in right.items()})
    return out


def objective(result: dict[tuple[str, str], float], base: dict[tuple[str, str], float]) -> float:
    """The tune halves: WCXB dev's and Zyte's may not fall (-1 when they do), then WCXB's F1 and
    the old-web corpus's, and the kind accuracy as a tie-break."""
    if any(result[(name, "tune")] < base[(name, "tune")] - TOLERANCE for name in ("wcxb", "zyte")):
        return -1.0
    return result[("wcxb", "tune")] + result[("oldweb", "tune")] + 0.1 * result[("kind", "tune")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--reads", type=Path, default=OUT / "reads.jsonl")
    ap.add_argument("--costs", action="store_true")
    ap.add_argument("--oof", type=Path, default=OUT / "oof.json", help="the training pages' out-of-fold probabilities (train.py)")
    ap.add_argument("--policy", default="", help="name,fallback,up,unsure: this policy's table alone, no grid")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in args.reads.read_text(encoding="utf-8").splitlines()]
    oof_path = args.oof
    oof = json.loads(oof_path.read_text(encoding="utf-8")) if oof_path.exists() else {}
    probs = {}
    for row in rows:
        key = f"{row['set']}:{row['id']}"
        if row["rule"]:
            probs[key] = dict(zip(KINDS, oof[key], strict=True)) if key in oof else predict(row["features"])
    judged = sum(f"{row['set']}:{row['id']}" in oof for row in rows)
    print(f"{len(rows)} pages; {judged} judged by out-of-fold probabilities ({oof_path})")
    base = evaluate(rows, probs, None)
    every_read = all(len(row["reads"]) == len(READS) for row in rows if row["rule"])
    if args.policy:
        name, fallback, up, unsure = (float(v) for v in args.policy.split(","))
        chosen, chosen_unsure = Policy(name, fallback, up), unsure
    else:
        grid = GRID if every_read else {**GRID, "up": (1.01,)}
        results = []
        for values in itertools.product(*(grid[n] for n in NAMES)):
            policy, unsure = Policy(*values[:3]), values[3]
            results.append((objective(evaluate(rows, probs, policy, unsure), base), policy, unsure))
        results.sort(key=lambda t: -t[0])
        print(f"rules alone: objective {objective(base, base):.4f}")
        for value, p, u in results[:8]:
            print(f"  {p}, unsure {u}: objective {value:.4f}")
        plain = [t for t in results if t[2] == 0.0]
        print(f"best without unsure: {plain[0][1]}: objective {plain[0][0]:.4f}")
        _, chosen, chosen_unsure = results[0]
    after = evaluate(rows, probs, chosen, chosen_unsure)
    print(f"\nchosen {chosen}, unsure {chosen_unsure}\n")
    print("| set | half | rules | model policy |")
    print("|---|---|---|---|")
    for key in sorted(base):
        print(f"| {key[0]} | {key[1]} | {base[key]:.4f} | {after[key]:.4f} |")
    if args.costs:
        costs(rows, probs, chosen, chosen_unsure)
    return 0


def costs(rows: list[dict], probs: dict[str, dict[str, float]], policy: Policy, unsure: float) -> None:
    """What each kind decision costs on WCXB dev (the F1 of the read chosen against the article read
    on the same pages), and the kinds named against WCXB's labels, by half."""
    spent: dict[tuple[str, str], list[tuple[float, float]]] = {}
    named: dict[str, Counter[tuple[str, str]]] = {}
    for row in rows:
        if row["set"] != "wcxb":
            continue
        read, kind = choose(row, probs[f"{row['set']}:{row['id']}"], policy, unsure) if row["rule"] else ("", "article")
        named.setdefault(row["half"], Counter())[(row["label"], kind)] += 1
        if read:
            spent.setdefault((row["half"], read), []).append((row["reads"][read][2], row["reads"]["article"][2]))
    print("\nWCXB dev, by half and the read chosen: mean F1 of that read against the article read on the same pages")
    for (half, read), pairs in sorted(spent.items()):
        print(f"  {half:5s} {read:22s} {len(pairs):4d} pages: {statistics.fmean(a for a, _ in pairs):.3f} vs article "
              f"{statistics.fmean(b for _, b in pairs):.3f}")
    for half, counts in sorted(named.items()):
        print(f"\nWCXB {half}, the kind named (columns) against the label (rows):")
        print("| label | " + " | ".join(KINDS) + " | right |")
        print("|---|" + "---|" * (len(KINDS) + 1))
        for label in KINDS:
            total = sum(n for (a, _), n in counts.items() if a == label)
            print(f"| {label} | " + " | ".join(str(counts[(label, k)]) for k in KINDS) +
                  f" | {counts[(label, label)]}/{total} |")


if __name__ == "__main__":
    sys.exit(main())
