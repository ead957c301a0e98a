"""The three decisions of the scorer, each alone: a block's score, the climb to the container
that holds the article, and the context pass that settles doubtful blocks."""

from __future__ import annotations

import dataclasses
from typing import Any

import lxml.html
import pytest

from extraction.text.blocks import Block
from extraction.text.container import best_container, climb, container_scores
from extraction.text.context import HEADING_LOOKAHEAD_BLOCKS, smooth
from extraction.text.decisions import Label, Verdict
from extraction.text.features import Features
from extraction.text.score import BLOCK_COST_WORDS, score_block

PROSE = Features(
    words=60, link_density=0.0, text_density=12.0, sentence_ends=4, pipes=0, dates=0, copyright=False,
    chrome_ancestor=None, strong_hint=None, weak_hint=None, positive_hint=None, teaser=False, phrase=None,
    relative_font_size=None, in_overlay=None, column_offset=None,
)
"""A paragraph of running text, static page (no layout), no boilerplate sign."""

GOOD, NEAR, SHORT, BAD = Label.GOOD, Label.NEAR, Label.SHORT, Label.BAD


def prose(**changes: Any) -> Features:
    return dataclasses.replace(PROSE, **changes)


# score_block


def test_a_clean_paragraph_scores_its_words_less_the_block_cost():
    verdict = score_block(PROSE)
    assert verdict.score == PROSE.words - BLOCK_COST_WORDS
    assert not verdict.hard_bad


def test_a_link_dense_block_scores_below_running_text_of_the_same_length():
    menu = prose(link_density=0.9, text_density=3.0, sentence_ends=0)
    assert score_block(menu).score < 0 < score_block(PROSE).score


def test_running_sentences_with_links_stay_content_where_the_same_words_as_a_list_do_not():
    digest = prose(link_density=0.5)  # a news digest: sentences with a link in each
    link_list = prose(link_density=0.5, sentence_ends=0)
    assert score_block(digest).score > 0 > score_block(link_list).score


@pytest.mark.parametrize("sign", [
    {"chrome_ancestor": "footer"}, {"strong_hint": "comment"}, {"teaser": True}, {"phrase": "subscribe"},
])
def test_a_boilerplate_sign_makes_the_block_hard_bad_and_cuts_its_score(sign):
    verdict = score_block(prose(**sign))
    assert verdict.hard_bad
    assert verdict.score < 0.2 * score_block(PROSE).score


def test_an_overlay_is_hard_bad_and_negative_whatever_its_text():
    verdict = score_block(prose(in_overlay=True))
    assert verdict.hard_bad and verdict.score < 0


def test_a_short_copyright_line_scores_below_zero():
    footer = prose(words=8, text_density=8.0, sentence_ends=1, copyright=True)
    assert score_block(footer).score < 0 and "copyright" in score_block(footer).reasons


def test_a_verdict_judged_by_a_rule_keeps_the_score_s_reasons_before_the_rule_s():
    verdict = score_block(prose(words=8, text_density=8.0, sentence_ends=1, copyright=True))
    judged = verdict.judged("inside a form in the article")
    assert judged.reasons == ("words=8", "link_density=0.00", "text_density=8.0", "copyright",
                              "inside a form in the article")
    assert judged.hard_bad and judged.score == verdict.score


def test_small_print_and_off_column_text_keep_only_part_of_their_score():
    full = score_block(PROSE).score
    assert 0 < score_block(prose(relative_font_size=0.7)).score < full
    assert 0 < score_block(prose(column_offset=1.0)).score < full


def test_an_article_class_raises_and_a_weak_hint_lowers_the_score():
    full = score_block(PROSE).score
    assert score_block(prose(positive_hint="article")).score > full > score_block(prose(weak_hint="widget")).score


# climb

ARTICLE_PAGE = """<div id="page">
  <div id="article">
    <div id="part1"><p id="p1">a</p><p id="p2">b</p></div>
    <div id="ad"><p id="p3">c</p></div>
    <div id="part2"><p id="p4">d</p></div>
  </div>
  <div id="sidebar"><p id="p5">e</p><p id="p6">f</p></div>
</div>"""


def _scores(html: str, scores: dict[str, float]) -> tuple[dict, dict, dict]:
    """Container sums for a page whose blocks are the elements named in `scores`."""
    root = lxml.html.fromstring(f"<html><body>{html}</body></html>")
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    blocks = [Block(i, by_id[name], name, 1, 0) for i, name in enumerate(scores)]
    verdicts = [Verdict(score, (), False) for score in scores.values()]
    sums, good = container_scores(blocks, verdicts)
    return by_id, sums, good


CUT_BY_AN_AD = {"p1": 50, "p2": 50, "p3": -90, "p4": 80, "p5": -10, "p6": -15}
"""The ad costs so much that the story's first part outscores the whole article."""


def test_climb_goes_up_from_the_best_part_to_the_container_holding_the_whole_article():
    by_id, sums, good = _scores(ARTICLE_PAGE, CUT_BY_AN_AD)
    best, _ = best_container(sums)
    assert best is by_id["part1"]
    assert climb(best, sums, good) is by_id["article"]


def test_climb_stops_where_the_parent_adds_no_good_text():
    by_id, sums, good = _scores(ARTICLE_PAGE, CUT_BY_AN_AD)
    assert climb(by_id["article"], sums, good) is by_id["article"]  # the page adds only the sidebar


def test_climb_refuses_a_parent_whose_boilerplate_costs_more_than_half_the_score():
    # The parent does hold more good text (p4) but also a long run of navigation.
    by_id, sums, good = _scores(ARTICLE_PAGE, {"p1": 50, "p2": 50, "p3": -120, "p4": 30})
    assert climb(by_id["part1"], sums, good) is by_id["part1"]


def test_climb_never_reaches_the_body():
    by_id, sums, good = _scores(ARTICLE_PAGE, {"p1": 50, "p4": 50, "p5": 50, "p6": 50})
    top = climb(by_id["part1"], sums, good)
    assert top is by_id["page"] and top.getparent().tag == "body"


# smooth


def _kept(labels: list[Label], headings: list[bool] | None = None) -> list[bool]:
    return [kept for kept, _ in smooth(labels, headings or [False] * len(labels))]


def test_smoothing_lifts_a_short_block_between_two_good_ones():
    assert _kept([GOOD, SHORT, GOOD]) == [True, True, True]


def test_a_short_block_beside_boilerplate_or_at_the_edge_is_dropped():
    assert _kept([GOOD, SHORT, BAD]) == [True, False, False]
    assert _kept([SHORT, GOOD]) == [False, True]


def test_a_near_good_block_needs_one_good_neighbour():
    assert _kept([BAD, NEAR, GOOD]) == [False, True, True]
    assert _kept([BAD, NEAR, BAD]) == [False, False, False]


def test_neighbours_are_the_nearest_decided_blocks():
    # The short block's next decided neighbour is the good one behind the near-good block.
    assert _kept([GOOD, SHORT, NEAR, GOOD]) == [True, True, True, True]
    assert _kept([GOOD, SHORT, NEAR, BAD]) == [True, False, True, False]


def test_bad_blocks_stay_out_even_between_good_ones():
    assert _kept([GOOD, BAD, GOOD]) == [True, False, True]


def test_a_heading_is_kept_only_when_good_text_follows_it_soon():
    assert _kept([SHORT, GOOD], [True, False]) == [True, True]
    assert _kept([GOOD, SHORT], [False, True]) == [True, False]
    near = [SHORT] * HEADING_LOOKAHEAD_BLOCKS + [GOOD]
    far = [SHORT] * (HEADING_LOOKAHEAD_BLOCKS + 1) + [GOOD]
    assert _kept(near, [True] + [False] * (len(near) - 1))[0] is True
    assert _kept(far, [True] + [False] * (len(far) - 1))[0] is False


def test_every_decision_says_why():
    reasons = [why for _, why in smooth([GOOD, SHORT, GOOD, NEAR, BAD], [False] * 5)]
    assert reasons == ["good", "short between good blocks", "good", "near-good beside good", "bad"]


def test_a_storys_short_paragraphs_between_its_good_ones_stay_when_a_rail_interrupts_them():
    """A story's paragraphs are one run of like rows; an inline rail of headlines (bad) between them
    cuts the run, and the short paragraphs between two rails are settled by the whole run's good
    paragraphs around them, not dropped as "between boilerplate". After the last good paragraph a
    short one beyond boilerplate (a subscription pitch) is still judged by its neighbours."""
    story, rail = object(), object()
    labels = [GOOD, BAD, SHORT, NEAR, BAD, GOOD, BAD, NEAR]
    groups = [story, rail, story, story, rail, story, None, story]
    kept = [k for k, _ in smooth(labels, [False] * len(labels), groups)]
    assert kept == [True, False, True, True, False, True, False, False]
    alone = [k for k, _ in smooth(labels, [False] * len(labels), [story, rail, None, None, rail, story, None, story])]
    assert alone[2:4] == [False, False]  # outside a run of the story's paragraphs, boilerplate settles them
