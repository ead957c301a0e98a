"""A widget's label kept between an article's blocks (a contents box's title, a script's
"Loading paragraph..." placeholder, a view counter) is left out, after the context pass: the
blocks around it are settled as if it were text, not boilerplate. On an inclusive read (product,
listing, multi-section pages) it is left out too."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.phrases import boilerplate_phrase, widget_label
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import STORY_SENTENCE as SENTENCE
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2


def _story(between: str) -> str:
    paragraph = f"<p>{SENTENCE * 4}</p>"
    return (f"<article>{paragraph}{between}<h2>The first year</h2>{paragraph}{paragraph}</article>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_contents_box_title_between_the_lead_and_a_section_is_left_out():
    body = main_text(page(_story("<p>Table of Contents</p>"))).body
    assert "Table of Contents" not in body
    assert "The first year" in body and SENTENCE.strip() in body


def test_a_loading_placeholder_is_left_out():
    body = main_text(page(_story("<p>Loading paragraph...</p>"))).body
    assert "Loading" not in body


def test_only_whole_lines_are_labels():
    assert widget_label("Table of Contents")
    assert widget_label("Advertisement. Scroll to continue reading.")
    assert widget_label("Listen to this article in summarized format")
    assert not widget_label("The contents of the box were odd.")
    assert not widget_label("Loading the truck took hours. We left.")
    assert not widget_label("Contents of the kit")


def test_view_counters_and_typo_prompts_are_labels_in_several_languages():
    assert widget_label("Viewed 314 times") and widget_label("1,204 views") and widget_label("Visto 314 veces")
    assert widget_label("Просмотров: 314") and widget_label("Found a typo?")
    assert not widget_label("The video was viewed 314 times before the channel took it down.")


def test_a_typo_reporter_prompt_is_a_boilerplate_phrase_in_any_language():
    assert boilerplate_phrase("Iezīmējiet tekstu un spiediet Ctrl+Enter, lai nosūtītu to redaktoram!", 11) == "typo_report"
    assert boilerplate_phrase("Выделите текст и нажмите Ctrl + Enter", 7) == "typo_report"


def test_a_widget_label_is_left_out_of_an_inclusive_read_too() -> None:
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p><p>Viewed 2,345 times</p><h2>Details</h2><p>{P2}</p></main>",
               head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "product"
    assert P1 in text.body and P2 in text.body and "Viewed" not in text.body


def test_a_skip_link_a_bare_follow_button_and_a_tag_box_title_are_labels() -> None:
    assert widget_label("Skip to content") and widget_label("Skip to main content")
    assert widget_label("Skip to search results") and widget_label("Follow") and widget_label("Tags")
    assert widget_label("Loading") and widget_label("FOLLOW +")
    assert not widget_label("Follow the river north for two miles.") and not widget_label("Tags: kettles, tea")
    assert not widget_label("Skip to navigation")


def test_a_like_counter_and_a_contact_link_on_their_own_line_are_labels() -> None:
    assert widget_label("1 Like") and widget_label("23 Likes") and widget_label("1.2k likes")
    assert widget_label("Contact Us") and widget_label("contact us »")
    assert not widget_label("2 likes and a share made her day.") and not widget_label("Contact us to book a table.")


def test_a_skip_link_kept_between_an_articles_blocks_is_left_out() -> None:
    body = main_text(page(_story("<p>Skip to content</p>"))).body
    assert "Skip to" not in body and "The first year" in body
