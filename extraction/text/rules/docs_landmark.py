"""Documentation's main landmark: the region widened to `<main>` when it holds more of the page's prose.

A reference split into sections, each with its own code samples and callouts, scores each
section apart, and the best one with its siblings can leave the others out. Every documentation
generator and wiki prints the page's text in its main landmark and its navigation trees beside
it; chrome inside the landmark is still left out block by block.

Stage: 4 first read (the container, documentation only)
Measured: WCXB dev static, session 13 (`--save d2-lm1 --diff base13`): tune 0.88195 -> 0.88222
(documentation 0.93856 -> 0.93785, service +0.0023); set on the tune half (2026-12-03): 0.2 and
50 words tune +0.0003, 0.05/20 took in a sidebar's prose, 0.5/100 missed split service pages.
On every page, not only documentation: 0.88258 -> 0.88172 (dropped).
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from extraction.document import Document
from extraction.text.blocks import Block
from extraction.text.decisions import Verdict, within
from extraction.text.features import is_running_prose
from extraction.text.layout import main_root

DOC_LANDMARK_MIN_OUTSIDE_SHARE = 0.2  # on documentation, prose in <main> outside the region, this share of the region's ...
DOC_LANDMARK_MIN_OUTSIDE_WORDS = 50  # ... and this many words, widen the region to <main> (`docs_landmark`)

__all__ = ["docs_landmark"]


def docs_landmark(doc: Document, best: etree._Element, blocks: Sequence[Block], verdicts: Sequence[Verdict],
                   inside: Sequence[bool]) -> etree._Element | None:
    """On a page laid out as documentation (`documents_code`), the page's main content landmark
    (`<main>`, `role=main`: `layout.main_root`) when it holds the chosen region and
    `DOC_LANDMARK_MIN_OUTSIDE_WORDS` words of running prose outside it, at least
    `DOC_LANDMARK_MIN_OUTSIDE_SHARE` of the region's own: a reference split into sections,
    each with its own code samples and callouts, scores each section apart, and the best one
    with its siblings can leave the others out. Every documentation generator and wiki prints
    the page's text in its main landmark and its navigation trees beside it; chrome inside
    the landmark (a table of contents in a `<nav>` or `<aside>`) is still left out block by block."""
    landmark = main_root(doc)
    if landmark is None or landmark is best or not within(best, {landmark}):
        return None
    inside_words = outside = 0
    for block, verdict, flag in zip(blocks, verdicts, inside, strict=True):
        if not is_running_prose(block) or verdict.hard_bad:
            continue
        if flag:
            inside_words += block.words
        elif within(block.element, {landmark}):
            outside += block.words
    if outside >= DOC_LANDMARK_MIN_OUTSIDE_WORDS and outside >= DOC_LANDMARK_MIN_OUTSIDE_SHARE * inside_words:
        return landmark
    return None
