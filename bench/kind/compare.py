"""Compare page-kind models by cross-validation on the tune pages alone: the shipped configuration
with and without groups of features, over several fold seeds. What a candidate feature or
setting is chosen on before the check half is spent (issue 32's discipline).

    .venv/bin/python bench/kind/reads.py --features-only --out bench/out/kind/features.jsonl
    .venv/bin/python bench/kind/compare.py --reads bench/out/kind/features.jsonl --drop url_,made_with_
    .venv/bin/python bench/kind/compare.py --seeds 0 --drop log_iframe      # one seed: a fifth of the time
    .venv/bin/python bench/kind/compare.py --model-seeds 0,1,2 --drop url_  # the trees' draws too: 3x the time

Each candidate is the shipped model (`train.GRID[0]`'s trees blended with the regression,
calibrated as `train.py` does) fit on the tune pages of `train.TRAIN_SETS` (the training data of
`train.py`), 5 stratified folds, out-of-fold accuracy on WCXB's tune half and on all tune pages,
per seed as it finishes (a run on a starved machine still says something) and the mean. `--drop`
names feature-name prefixes: each is compared left out, and all of them together. One WCXB tune
page is 0.0016; the spread between fold seeds is printed beside the mean, so a difference under it
is no difference. Nor is one under the spread of the trees' own draws (`--model-seeds`: which rows
and columns each tree sees), which moves the mean about as much as most candidates do: a candidate
that wins on the shipped draw alone may only have drawn better.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.kind.reads import OUT  # noqa: E402
from bench.kind.train import GRID, SEED, TRAIN_SETS, blend, calibrated, load, out_of_fold  # noqa: E402
from extraction.text.kind_model import FEATURES, KINDS  # noqa: E402


def accuracy(x: np.ndarray, y: np.ndarray, wcxb: np.ndarray, seed: int, model_seed: int = SEED) -> tuple[float, float]:
    """(WCXB tune, all tune pages) out-of-fold accuracy of the shipped model (GRID[0] blended with
    the regression, calibrated as train.py does) with folds drawn by `seed` and the trees' rows and
    columns by `model_seed`."""
    raw, lin = out_of_fold(GRID[0], x, y, seed, model_seed)
    right = blend(raw, lin, calibrated(raw, lin, y)).argmax(axis=1) == y
    return float(right[wcxb].mean()), float(right.mean())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--reads", type=Path, default=OUT / "reads.jsonl")
    ap.add_argument("--drop", default="", help="comma-separated feature-name prefixes to compare left out")
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--model-seeds", default=str(SEED), help="the trees' own draws (train.SEED: the shipped one's)")
    args = ap.parse_args(argv)
    warnings.filterwarnings("ignore", message="The least populated class")
    rows = [r for r in load(args.reads) if r.get("features") is not None and r["set"] in TRAIN_SETS
            and r["half"] == "tune"]
    x = np.array([r["features"] for r in rows], dtype=float)
    if x.shape[1] != len(FEATURES):
        ap.error(f"{args.reads} has {x.shape[1]} features, kind_model.FEATURES {len(FEATURES)}: read it anew")
    y = np.array([KINDS.index(r["label"]) for r in rows])
    wcxb = np.array([r["set"] == "wcxb" for r in rows])
    prefixes = [p for p in args.drop.split(",") if p]
    candidates: list[tuple[str, tuple[str, ...]]] = [("all features", ())]
    candidates += [(f"without {p}*", (p,)) for p in prefixes]
    if len(prefixes) > 1:
        candidates.append(("without " + ", ".join(f"{p}*" for p in prefixes), tuple(prefixes)))
    print(f"{len(rows)} tune pages ({int(wcxb.sum())} WCXB); {GRID[0]}; seeds {args.seeds}")
    for name, dropped in candidates:
        keep = [i for i, f in enumerate(FEATURES) if not any(f.startswith(p) for p in dropped)]
        results = []
        for model_seed in (int(s) for s in args.model_seeds.split(",")):
            for seed in (int(s) for s in args.seeds.split(",")):
                results.append(accuracy(x[:, keep], y, wcxb, seed, model_seed))
                print(f"  {name} ({len(keep)} features), seed {seed}, model seed {model_seed}: "
                      f"WCXB tune {results[-1][0]:.4f}, all {results[-1][1]:.4f}", flush=True)
        w = [r[0] for r in results]
        spread = statistics.pstdev(w) if len(w) > 1 else 0.0
        print(f"{name}: WCXB tune {statistics.fmean(w):.4f} (spread {spread:.4f}), "
              f"all {statistics.fmean(r[1] for r in results):.4f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
