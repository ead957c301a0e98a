"""Plain-text tables for the command line: what a person reads at a terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MAX_CELL_CHARS = 48
"""Longer cell values are cut with an ellipsis so a row fits a terminal line."""


def format_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], max_cell: int = MAX_CELL_CHARS,
                 null: str = "") -> str:
    """An aligned table; `null` is what a None cell shows (`NULL` where SQL users read it)."""
    cells = [[_cell(v, max_cell, null) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip() for row in cells]
    return "\n".join(lines)


def _cell(value: Any, max_cell: int, null: str) -> str:
    text = null if value is None else str(value)
    text = " ".join(text.split())
    return text if len(text) <= max_cell else text[: max_cell - 1] + "…"
