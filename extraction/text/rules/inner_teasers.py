"""Teasers inside the story: linked items between the article's own paragraphs scored as its text.

A list of other stories sits after or beside the story; linked headlines each followed by a
summary *between* its paragraphs are the story's own items (the courses or products a guide
reviews). So are the items of a list a good paragraph of the region introduces, ending with a
colon right above it ("Publications on the topic include:"). They are scored again without the
teaser penalty; a linked headline stays out by its links.

Stage: 4 first read (before the context pass)
Measured: WCXB dev static, session 13 (`--save d1-intro --diff base13`): the colon-introduced
list, tune 0.88195 -> 0.88215 (one page 0.879 -> 1.000), check and Zyte unchanged.
"""

from __future__ import annotations

import dataclasses

from lxml import etree

from extraction.text.blocks import Block
from extraction.text.decisions import Verdict
from extraction.text.features import Features
from extraction.text.score import GOOD_SCORE_WORDS, score_block

__all__ = ["readmit_inner_teasers"]


def readmit_inner_teasers(members: list[int], blocks: list[Block], features: list[Features],
                          verdicts: list[Verdict]) -> list[Verdict]:
    """Score again, without the teaser penalty, the teaser-list blocks of the chosen region that
    lie between the article's own good paragraphs (in a new list of verdicts). A list of other
    stories sits after or beside the story; linked headlines each followed by a summary *between*
    its paragraphs are the story's own items (the courses or products a guide reviews). So are
    the items of a list a good paragraph of the region introduces, ending with a colon right
    above it ("Publications on the topic include:"), wherever the list stands: the sentence
    goes on into it (`_introduced_list`). A linked headline stays out by its links."""
    out = list(verdicts)
    own_good = [i for i in members if verdicts[i].score >= GOOD_SCORE_WORDS and not verdicts[i].hard_bad]
    if not own_good:
        return out
    first, last = own_good[0], own_good[-1]
    introducers = {blocks[i].element for i in own_good if blocks[i].text.rstrip().endswith(":")}
    for i in members:
        f = features[i]
        if not f.teaser or f.chrome_ancestor or f.strong_hint or f.phrase:
            continue
        if first < i < last:
            why = "teaser item between the article's paragraphs"
        elif introducers and _introduced_list(blocks[i].element, introducers):
            why = "teaser item of a list the article introduces"
        else:
            continue
        again = score_block(dataclasses.replace(f, teaser=False))
        out[i] = Verdict(again.score, (*again.reasons, why), again.hard_bad)
    return out


def _introduced_list(element: etree._Element, introducers: set[etree._Element]) -> bool:
    """Whether `element` lies in a `ul`/`ol` whose previous sibling element is one of
    `introducers` (good paragraphs ending with a colon)."""
    listing = next(element.iterancestors("ul", "ol"), None)
    previous = listing.getprevious() if listing is not None else None
    while previous is not None and not isinstance(previous.tag, str):
        previous = previous.getprevious()
    return previous is not None and previous in introducers
