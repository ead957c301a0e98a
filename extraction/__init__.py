"""Pure functions from a rendered (or merely parsed) page to a `ContentProfile`.

Nothing here does I/O, reads clocks or touches the browser: the same snapshot always gives
the same profile, which is what lets stored snapshots be re-extracted later.
"""

from __future__ import annotations

from extraction.extract import extract, extract_explained, extract_html

__all__ = ["extract", "extract_explained", "extract_html"]
