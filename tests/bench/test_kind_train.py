"""bench/kind/train.py: the shipped page-kind model is the one the script writes, at its settings."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from bench.kind import train
from extraction.text import kind_trees

MANIFEST = Path(__file__).resolve().parents[2] / "bench" / "kind" / "manifest.json"


def test_the_shipped_model_blends_the_regression_at_the_share_train_py_sets():
    """A share set in train.py but not retrained (or the reverse) would ship a model whose CV and
    check numbers are another's."""
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert kind_trees.LINEAR_SHARE == train.LINEAR_SHARE == manifest["linear"]["share"]
    assert manifest["config"] == {**train.GRID[0], "learning_rate": 0.1, "subsample": 0.8}


def test_the_blend_gives_the_regression_its_share_of_every_kinds_probability():
    raw = [[10.0, 0.0, 0.0, 0.0, 0.0, 0.0]]  # the trees sure of an article
    lin = [[0.0, 1.0, 0.0, 0.0, 0.0, 0.0]]  # the regression sure of a thread
    p = train.blend(np.array(raw), np.array(lin), 1.0)[0]
    assert abs(p[1] - train.LINEAR_SHARE) < 1e-3
    assert abs(p.sum() - 1.0) < 1e-9
