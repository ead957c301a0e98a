"""Train a block model on the tune pages' blocks and say what its confident word would change:
the test of a learnt keep/drop decision per block (issue 32, session 33).

    .venv/bin/python bench/blocks/dataset.py        # the tune pages' blocks (bench/out/blocks/tune.jsonl)
    .venv/bin/python bench/blocks/oracle.py         # the bound: a perfect decision per block
    .venv/bin/python bench/blocks/train.py          # cross-validated: the model against the read's decisions
    .venv/bin/python bench/blocks/train.py --population kept --config '{"n_estimators": 300, "max_depth": 5}'
    .venv/bin/python bench/blocks/train.py --data bench/out/blocks/tune-peer.jsonl --columns both   # + the peer's

What it learns from: the blocks of the tune pages `dataset.py` wrote (WCXB dev, Zyte, old-web; never
a held page) that our read kept, or left out though clean (`oracle.clean`), none judged by a rule
nor the headline, each labelled in the gold when `LABEL_MIN_SHARE` of its word 3-grams are found
there, weighed by its words (the scores count words). Gradient-boosted trees (scikit-learn's
`GradientBoostingClassifier`, a training dependency), 5-fold cross-validation grouped by page (no
page in two folds). With the out-of-fold probabilities, each pair of thresholds of `DROPS` x
`KEEPS` is tried as a rule would take the model's word -- a kept block left out below `drop`, a
clean left-out block kept above `keep` -- and each page's score rebuilt from its blocks (each
set's own score, as `oracle.py`), by page type.

Nothing is exported: in session 33 no threshold gained on the tune pages (docs/lab/2026-12-07-s33-blocks.md),
nor in session 34 with the peer's agreement as columns (`--columns both`: AUC on kept blocks 0.760 with
or without them; docs/lab/2026-12-07-s34-peer.md).
Were a model to hold, `bench/kind/train.py` shows how one ships: flat trees a pure module walks,
a manifest of the pages, a check against scikit-learn on saved rows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path
from statistics import fmean

import numpy as np
from sklearn.ensemble import GradientBoostingClassifier  # type: ignore[import-untyped]
from sklearn.metrics import roc_auc_score  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.blocks.columns import FEATURES  # noqa: E402
from bench.blocks.dataset import OUT  # noqa: E402
from bench.blocks.oracle import clean, f1, hard  # noqa: E402

SEED = 0
FOLDS = 5
LABEL_MIN_SHARE = 0.5
CONFIG: dict[str, float | int] = {"n_estimators": 150, "max_depth": 3, "learning_rate": 0.1, "subsample": 0.8,
                                  "max_features": 0.5}
"""scikit-learn's settings (`--config` changes them): each split chosen among half of the columns;
300 trees of depth 5 did worse on the tune folds (session 33's log)."""
DROPS = (0.0, 0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)
KEEPS = (1.01, 0.95)
_AT = {name: FEATURES.index(name) for name in FEATURES}


def fold_of(page: dict) -> int:
    return hashlib.sha256(f"{page['set']}:{page['id']}".encode()).digest()[1] % FOLDS


def candidate(b: dict) -> bool:
    """A block the model weighs: kept, or left out though clean (`oracle.clean`)."""
    return not hard(b) and (bool(b["kept"]) or (not b["final"] and clean(b)))


def model(seed: int = SEED) -> GradientBoostingClassifier:
    return GradientBoostingClassifier(random_state=seed, **CONFIG)


def inputs(block: dict, columns: str) -> list[float]:
    """The block's columns: the stage values (`stage`), with the peer's (`both`: `peer_columns`), or
    the peer's with the stage values a rule on them would read (`peer`: `PEER_WITH`)."""
    if columns == "stage":
        return list(block["x"])
    if columns == "both":
        return [*block["x"], *block["px"]]
    return [*(block["x"][_AT[name]] for name in PEER_WITH), *block["px"]]


PEER_WITH = ("log_words", "score", "label", "kept", "run_side", "run_share", "position", "kept_share", "page_article")
"""The stage values beside the peer's columns in `--columns peer`: the block's size, score, label and
decision, where it stands in the read, and the page's kind."""


def matrix(pages: list[dict], kept_only: bool = False, columns: str = "stage"
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, int]]]:
    x, y, w, where = [], [], [], []
    for p, page in enumerate(pages):
        for b, block in enumerate(page["blocks"]):
            if candidate(block) and (block["kept"] or not kept_only):
                x.append(inputs(block, columns))
                y.append(block["share"] >= LABEL_MIN_SHARE)
                w.append(block["words"])
                where.append((p, b))
    return np.array(x, dtype=float), np.array(y, dtype=int), np.array(w, dtype=float), where


def page_scores(pages: list[dict], prob: dict[tuple[int, int], float], drop: float, keep: float,
                base: list[float] | None = None, max_label: float = 3.0) -> list[float]:
    """Each page's score with the model's word taken at `drop` and `keep` (`base`: the scores
    without it, kept for the pages where it changes nothing; `max_label`: the highest label, as
    `columns` numbers them, of a kept block the model may drop)."""
    out = []
    for p, page in enumerate(pages):
        if page["peer_body"]:
            out.append(base[p] if base is not None else f1(page["set"], page["body"], page["gold"]))
            continue
        if base is not None and not any(
                (q < drop and page["blocks"][b]["x"][_AT["label"]] <= max_label) if page["blocks"][b]["kept"]
                else (q > keep and not page["blocks"][b]["final"])
                for b, q in page.get("_prob", ())):
            out.append(base[p])
            continue

        def kept(block: dict, b: int, p: int = p) -> bool:
            q = prob.get((p, b))
            if q is None:
                return bool(block["final"])
            if block["kept"]:
                return q >= drop or block["x"][_AT["label"]] > max_label
            if block["final"]:  # the second candidate's: the rule runs before it
                return True
            return q > keep and clean(block)

        text = "\n\n".join(block["text"] for b, block in enumerate(page["blocks"]) if kept(block, b))
        out.append(f1(page["set"], text, page["gold"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=OUT / "tune.jsonl")
    ap.add_argument("--config", type=json.loads, default={}, help="JSON: CONFIG's values to change")
    ap.add_argument("--weights", choices=("words", "none"), default="words")
    ap.add_argument("--population", choices=("doubt", "kept"), default="doubt")
    ap.add_argument("--columns", choices=("stage", "both", "peer"), default="stage",
                    help="both, peer: with the peer's columns (`dataset.py --peer`)")
    ap.add_argument("--max-label", type=float, default=3.0,
                    help="drop only kept blocks labelled this or lower (3 good, 2 near-good, 1 short, 0 bad)")
    args = ap.parse_args(argv)
    pages = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines()]
    CONFIG.update(args.config)
    x, y, w, where = matrix(pages, args.population == "kept", args.columns)
    if args.weights == "none":
        w = np.ones_like(w)
    folds = np.array([fold_of(pages[p]) for p, _ in where])
    print(f"{len(pages)} pages, {len(x)} candidate blocks ({y.mean():.3f} in the gold; by words "
          f"{(w * y).sum() / w.sum():.3f})")
    oof = np.zeros(len(x))
    for k in range(FOLDS):
        train, test = folds != k, folds == k
        oof[test] = model().fit(x[train], y[train], sample_weight=w[train]).predict_proba(x[test])[:, 1]
    right = (oof >= 0.5) == y
    stage = np.array([pages[p]["blocks"][b]["x"] for p, b in where], dtype=float)
    kept = stage[:, _AT["kept"]] > 0
    story = kept & (stage[:, _AT["run_side"]] == 0)
    for name, among in (("kept blocks", kept), ("kept blocks in the story's run", story)):
        print(f"on {name} ({among.sum()}, {1 - y[among].mean():.3f} not in the gold): AUC by words, the model "
              f"{roc_auc_score(y[among], oof[among], sample_weight=w[among]):.3f}, the score alone "
              f"{roc_auc_score(y[among], stage[among, _AT['score']], sample_weight=w[among]):.3f}; accuracy "
              f"{right[among].mean():.3f}, the read's {y[among].mean():.3f}")
    print(f"out-of-fold accuracy {right.mean():.3f} (by words {(w * right).sum() / w.sum():.3f}); "
          f"the read's own decision {(stage[:, _AT['kept']] == y).mean():.3f}")
    prob = {pw: float(q) for pw, q in zip(where, oof, strict=True)}
    (OUT / "oof.json").write_text(json.dumps([[pages[p]["set"], pages[p]["id"], b, q] for (p, b), q in prob.items()]),
                                  encoding="utf-8")
    for (p, b), q in prob.items():
        pages[p].setdefault("_prob", []).append((b, q))
    base = page_scores(pages, {}, 0.0, 1.01)
    groups = [p["type"] if p["set"] == "wcxb" else p["set"] for p in pages]
    results = []
    shares = np.array([pages[p]["blocks"][b]["share"] for p, b in where])
    for drop in DROPS:
        out = kept & (oof < drop) & (stage[:, _AT["label"]] <= args.max_label)
        print(f"drop < {drop:.2f}: {out.sum()} kept blocks, {w[out].sum():.0f} words, "
              f"{(w[out] * shares[out]).sum() / max(1.0, w[out].sum()):.3f} of their 3-grams in the gold")
        for keep in KEEPS:
            scores = page_scores(pages, prob, drop, keep, base, args.max_label)
            by: dict[str, list[float]] = defaultdict(list)
            for g, now, then in zip(groups, scores, base, strict=True):
                by[g].append(now - then)
            results.append((fmean(scores), drop, keep, {g: fmean(v) for g, v in by.items()}))
            print(f"  drop < {drop:.2f}, keep > {keep:.2f}: mean {fmean(scores):.5f} (base {fmean(base):.5f}); "
                  + ", ".join(f"{g} {fmean(v):+.4f}" for g, v in sorted(by.items())), flush=True)
    best = max(results, key=lambda r: r[0])
    print(f"best: drop < {best[1]}, keep > {best[2]}: {best[0]:.5f} against {fmean(base):.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
