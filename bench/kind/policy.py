"""When to read a page inclusively: the page-kind model's thresholds, simulated on every page read as
every kind (bench/kind/reads.py), set on the tune halves and checked on the held ones.

    .venv/bin/python bench/kind/policy.py            # the grid, then the chosen policy by set and half
    .venv/bin/python bench/kind/policy.py --costs    # also what each kind decision costs

A policy is `kind_model.cautious`'s thresholds. Tune pages that trained the model are judged by
their out-of-fold probabilities (bench/out/kind/oof.json, written by train.py), every other page
by the shipped model. Scores are each set's own (reads.py); a page whose body comes from the
publisher's markup keeps its score.
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

from bench.kind.reads import OUT  # noqa: E402
from extraction.text.kind_model import KINDS, Policy, cautious, predict  # noqa: E402

SHINGLE_SETS = ("zyte", "oldweb")
TOLERANCE = 0.001  # a tune half's F1 may move this little (a page or two of 635) and still hold


def rule_read(row: dict) -> str:
    if row["rule_inclusive"]:
        return str(row["rule"])
    return "article" if row["rule"] == "article" else "documentation-region"


def choose(row: dict, probs: dict[str, float], policy: Policy | None) -> tuple[str, str]:
    """(read name, reported kind) for a page under `policy` (None: the rules alone), as
    `inclusive.weighed` decides it: a thread the page declares, or a page whose first region is a
    fragment of it, keeps the rules' inclusive read whatever the model says (reads.py records both)."""
    if policy is None:
        return rule_read(row), str(row["rule"])
    named, kind, inclusive = cautious(str(row["rule"]), bool(row["rule_inclusive"]), probs, policy)
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


def evaluate(rows: list[dict], probs: dict[str, dict[str, float]], policy: Policy | None) -> dict[tuple[str, str], float]:
    """F1 by (set, half), and the kind accuracy on WCXB by half (set "kind")."""
    scores: dict[tuple[str, str], list] = {}
    right: dict[str, list[bool]] = {}
    for row in rows:
        key = f"{row['set']}:{row['id']}"
        if not row["rule"]:
            score, kind = row["current"], "article"
        else:
            read, kind = choose(row, probs[key], policy)
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
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in args.reads.read_text(encoding="utf-8").splitlines()]
    oof_path = OUT / "oof.json"
    oof = json.loads(oof_path.read_text(encoding="utf-8")) if oof_path.exists() else {}
    probs = {}
    for row in rows:
        key = f"{row['set']}:{row['id']}"
        if row["rule"]:
            probs[key] = dict(zip(KINDS, oof[key], strict=True)) if key in oof else predict(row["features"])
    base = evaluate(rows, probs, None)
    grid = [Policy(*values) for values in itertools.product(
        (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01), (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.01), (0.8, 0.9, 0.95, 1.01))]
    results = [(objective(evaluate(rows, probs, p), base), p) for p in grid]
    results.sort(key=lambda t: -t[0])
    print(f"rules alone: objective {objective(base, base):.4f}")
    for value, p in results[:8]:
        print(f"  {p}: objective {value:.4f}")
    chosen = results[0][1]
    after = evaluate(rows, probs, chosen)
    print(f"\nchosen {chosen}\n")
    print("| set | half | rules | model policy |")
    print("|---|---|---|---|")
    for key in sorted(base):
        print(f"| {key[0]} | {key[1]} | {base[key]:.4f} | {after[key]:.4f} |")
    if args.costs:
        costs: dict[str, list[tuple[float, float]]] = {}
        for row in rows:
            if row["rule"] and row["set"] == "wcxb":
                read, kind = choose(row, probs[f"{row['set']}:{row['id']}"], chosen)
                costs.setdefault(read, []).append((row["reads"][read][2], row["reads"]["article"][2]))
        print("\nWCXB dev, by the read chosen: mean F1 of that read against the article read on the same pages")
        for read, pairs in sorted(costs.items()):
            print(f"  {read:22s} {len(pairs):4d} pages: {statistics.fmean(a for a, _ in pairs):.3f} vs article "
                  f"{statistics.fmean(b for _, b in pairs):.3f}")
        print(Counter(row["label"] for row in rows if row["set"] == "wcxb"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
