"""Main text: the article body, without navigation, sidebars, banners, comments and footers.

Explicit publisher markup (`cXenseParse`, `cxenseparse_start/end` comments) decides first when
it holds visible text, or a story hidden from a signed-out reader;
otherwise the visual-aware boilerplate scorer of `extraction.text` chooses the blocks, and when
it left clean text out that it could not place, a peer extractor's body is consulted as a
second candidate (`extraction.text.arbiter`; the scorer's features still decide). The
body keeps paragraph breaks as blank lines; `sections` are the headings kept in the body, in
order. `explanation` records every decision for `rendercrawl extract PAGE --explain`, written
when it is read. The stages, in order, are listed in `extraction/text/pipeline.py`.
"""

from __future__ import annotations

from extraction.document import Document
from extraction.text import pipeline
from extraction.text.pipeline import MainText

__all__ = ["MainText", "explain_main_text", "main_text", "render_explanation"]


def main_text(doc: Document) -> MainText:
    """The page's main text (`pipeline.main_text`). The document holds a proxy of every element
    while it is read (`document.parse`): the walks below meet the same objects each time."""
    return pipeline.main_text(doc)


def explain_main_text(doc: Document) -> str:
    """A readable report of the chosen container and every block's score and reasons."""
    return render_explanation(main_text(doc))


def render_explanation(text: MainText) -> str:
    """The report of a main text already chosen (no second scoring pass)."""
    return text.explanation.render() if text.explanation else "no explanation"
