"""Pure functions from a rendered (or merely parsed) page to a `ContentProfile`.

Nothing here does I/O, reads clocks or touches the browser: the same snapshot always gives
the same profile, which is what lets stored snapshots be re-extracted later.
"""

from __future__ import annotations

from extraction import native

__path__[:0] = native.twin_path(__name__)  # the compiled modules, when built from these sources

from extraction.extract import extract, extract_explained, extract_html  # noqa: E402

__all__ = ["extract", "extract_explained", "extract_html"]
