"""Small-print tail: a run of small print that ends the kept text is trimmed.

A company's "about" note, a letters policy, a credit line set smaller than the story, when
normal-size text precedes it. Needs layout: without font sizes nothing is small print. Not asked
on documentation: a reference ends with notes and warnings its theme sets in smaller type
(MkDocs Material's and furo's admonitions, at 0.8 of the body), and its chrome lies outside its
content element.

Stage: 4 first read (after the context pass; not on documentation)
Measured: Zyte, tune half (bench/extraction_halves.py, 2026-11-29): rendered F1 0.978 (tune
0.977, held 0.979). Not on documentation (session 15): the modern documentation sets' closing
admonitions kept.
"""

from __future__ import annotations

from extraction.text.blocks import Block
from extraction.text.features import Features
from extraction.text.score import SMALL_PRINT_RATIO

TAIL_SMALL_PRINT_MIN_WORDS = 40  # words of normal-size text the article must keep before its small-print tail

__all__ = ["trim_small_print_tail"]


def trim_small_print_tail(settled: dict[int, tuple[bool, str]], members: list[int], blocks: list[Block],
                          features: list[Features]) -> dict[int, tuple[bool, str]]:
    """Drop the run of small-print blocks that ends the kept text (a company's 'about' note, a
    letters policy, a credit line set smaller than the story), when normal-size text precedes it.
    Needs layout: without font sizes nothing is small print. Not asked on documentation: a
    reference ends with notes and warnings its theme sets in smaller type (MkDocs Material's and
    furo's admonitions, at 0.8 of the body), and its chrome lies outside its content element."""
    settled = dict(settled)
    kept = [i for i in members if settled[i][0]]
    tail: list[int] = []
    for i in reversed(kept):
        size = features[i].relative_font_size
        if size is None or size >= SMALL_PRINT_RATIO:
            break
        tail.append(i)
    body_words = sum(blocks[i].words for i in kept if i not in tail)
    if tail and body_words >= TAIL_SMALL_PRINT_MIN_WORDS:
        for i in tail:
            settled[i] = (False, f"small print after the article x{features[i].relative_font_size:.2f}")
    return settled
