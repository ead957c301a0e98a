"""The headline: a page's `h1` is left out of an article's body and a thread's, as the title field holds it.

An inclusive read of any other kind keeps it: a shop's, a section front's or a service page's
heading opens the text it heads (`inclusive.py`).

Stage: 4 first read, and 6 the inclusive read of a thread
Measured: WCXB dev static, session 16 (e530066): the inclusive read keeps the page's h1, tune
0.88354 -> 0.88397, check 0.88357 -> 0.88498, Zyte unchanged; the gold of 5 of 30 forum pages
holds a thread's title, of 40 of 59 service pages their h1.
"""

from __future__ import annotations

from extraction.text.blocks import Block

HEADLINE_TAG = "h1"
HEADLINE_WHY = "headline (the title field holds it)"

__all__ = ["is_headline"]


def is_headline(block: Block) -> bool:
    return block.tag == HEADLINE_TAG
