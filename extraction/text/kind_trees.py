"""The page-kind model's numbers, for `kind_model.predict`: read from `kind_trees.json`, which
bench/kind/train.py writes (edit neither by hand).

They are data rather than Python source because a module's source is compiled again at every
import where no bytecode is cached (PYTHONDONTWRITEBYTECODE, as in CI): these 0.7 MB of numbers
cost 0.63 CPU-s that way, in every `rendercrawl crawl URL`, and 8 ms as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_MODEL: dict[str, Any] = json.loads(Path(__file__).with_name("kind_trees.json").read_text(encoding="utf-8"))

CLASSES: tuple[str, ...] = tuple(_MODEL["CLASSES"])
FEATURES: tuple[str, ...] = tuple(_MODEL["FEATURES"])
INIT: tuple[float, ...] = tuple(_MODEL["INIT"])
LEARNING_RATE: float = _MODEL["LEARNING_RATE"]
TEMPERATURE: float = _MODEL["TEMPERATURE"]
LINEAR_SHARE: float = _MODEL["LINEAR_SHARE"]
LINEAR_MEAN: tuple[float, ...] = tuple(_MODEL["LINEAR_MEAN"])
LINEAR_SCALE: tuple[float, ...] = tuple(_MODEL["LINEAR_SCALE"])
LINEAR_INTERCEPT: tuple[float, ...] = tuple(_MODEL["LINEAR_INTERCEPT"])
LINEAR_WEIGHTS: tuple[tuple[float, ...], ...] = tuple(tuple(row) for row in _MODEL["LINEAR_WEIGHTS"])
CLASS_TREES: list[int] = _MODEL["CLASS_TREES"]
TREE_ROOT: list[int] = _MODEL["TREE_ROOT"]
FEATURE: list[int] = _MODEL["FEATURE"]
THRESHOLD: list[float] = _MODEL["THRESHOLD"]
LEFT: list[int] = _MODEL["LEFT"]
RIGHT: list[int] = _MODEL["RIGHT"]
VALUE: list[float] = _MODEL["VALUE"]
