"""Issue 12: a `related` rail's card summaries do not add up to the prose that overrules its hint."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.blocks import segment
from extraction.text.features import HINT_OVERRULE_PROSE_WORDS, HintIndex, prose_words_below, teaser_card_blocks
from tests.extraction.text.helpers import page
from tests.extraction.text.test_layout import LONG, _story
from tests.extraction.text.test_traps import NAV

SUMMARY = ("The council voted on Tuesday to close the old bridge for repairs until the spring, and drivers "
           "will have to take the long way round.")
"""A card's summary: one running-prose line of about 25 words."""


def _rail(cards: int) -> str:
    items = "".join(f"<div class='card card-{i}'><h3>Other story number {i}</h3><p>{SUMMARY}</p>"
                    f"<a href='/s{i}'>Read more</a></div>" for i in range(cards))
    return f"<div id='rail' class='related-posts'>{items}</div>"


def test_a_related_rail_of_card_summaries_keeps_its_hint():
    doc = page(NAV + f"<article><h1>Title</h1>{_story(3)}{_rail(7)}</article>")
    blocks = segment(doc)
    rail = doc.root.get_element_by_id("rail")
    summaries = sum(b.words for b in blocks if b.text == SUMMARY)
    assert summaries >= HINT_OVERRULE_PROSE_WORDS  # without the card test, the rail's prose overrules `related`
    assert {b.index for b in blocks if b.text == SUMMARY} <= teaser_card_blocks(blocks)
    hints = HintIndex(prose_words_below(blocks))
    assert hints.of(rail[0])[1] == "related" and hints.overruled(rail[0]) is None
    body = main_text(doc).body
    assert LONG in body and SUMMARY not in body


def test_running_prose_in_a_related_wrapper_still_overrules_it():
    items = "".join(f"<div class='part'><h3>Part {i}</h3>{_story(1)}<a href='/p{i}'>Source</a></div>"
                    for i in range(3))  # sections of 90 words each: too long to be cards
    doc = page(NAV + f"<div id='w' class='related-story'><h1>Title</h1>{items}</div>")
    blocks = segment(doc)
    assert not teaser_card_blocks(blocks)
    hints = HintIndex(prose_words_below(blocks))
    assert hints.overruled(doc.root.get_element_by_id("w")[0]) == "related"
    assert main_text(doc).body.count(LONG) == 3
