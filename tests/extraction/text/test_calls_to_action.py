"""Issue 32: chrome is chrome. A box a story's markup names a call to action (rules/calls_to_action.py)
-- a pitch of full sentences under the story, which no phrase or score sinks -- is left out of an
article, while a wrapper named after its button that holds the story, a box too large to be one, and
class words that only contain the letters are left alone."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.layout import ARTICLE
from extraction.text.rules.calls_to_action import WHY, names_call_to_action
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

STORY = "".join(f"<p>{p}</p>" for p in (P1, P2, P3, P1.replace("Tuesday", "Monday"), P2.replace("euros", "dollars"),
                                        P3.replace("Residents", "Neighbours")))
PITCH = ("Ready to plan the routes of your own city with less guesswork? Our planners have helped forty "
         "councils redraw their networks, and the first consultation is free for every public body.")
HEAD = "<meta property='og:type' content='article'>"
"""A story's own markup: the page-kind model names the page an article, which the rule asks."""
BOX = f"<div class='article-cta-box'><h3>Plan your network</h3><p>{PITCH}</p><a href='/demo'>Book a demo</a></div>"


def _article(inside: str, wrapper: str = "content") -> str:
    return (f"<main><article><h1>Buses</h1><div class='{wrapper}'>{STORY}{inside}</div></article></main>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_call_to_action_under_the_story_is_left_out() -> None:
    text = main_text(page(_article(BOX), HEAD))
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
    assert P1 in text.body and P3 in text.body
    assert "Our planners" not in text.body and "Plan your network" not in text.body
    assert WHY in text.explanation.render()


def test_a_wrapper_named_after_its_button_keeps_the_story_it_holds() -> None:
    text = main_text(page(_article(BOX, wrapper="above-cta"), HEAD))
    assert P1 in text.body and P3 in text.body
    assert "Our planners" not in text.body


def test_a_box_as_long_as_a_story_is_no_call_to_action() -> None:
    long_box = f"<div class='cta-section'>{STORY}{STORY}</div>"
    text = main_text(page(_article(long_box), HEAD))
    assert text.explanation is not None
    assert WHY not in text.explanation.render()


def test_a_service_page_keeps_its_calls_to_action() -> None:
    """Without the story's markup the model names this page multi-section (a service page read as one
    region): its offers are its content."""
    text = main_text(page(_article(BOX)))
    assert text.explanation is not None and text.explanation.page_kind != ARTICLE
    assert "Our planners" in text.body


def test_the_word_is_read_whole_or_as_a_compound_part() -> None:
    for value in ("cta-container", "blog_cta", "et_pb_cta_0", "ServiceRequestCta_root", "autoscalerCTA",
                  "wprm-call-to-action", "CallToActionBox_text", "call2action-bar"):
        assert names_call_to_action(value)
    for value in ("octagon", "dictation", "Ctags", "actual", "contact-form"):
        assert not names_call_to_action(value)
