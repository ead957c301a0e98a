"""The small measurements, each alone."""

from __future__ import annotations

import re

import lxml.html
import pytest

from extraction.text.blocks import Block, count_words, segment
from extraction.text.features import HintIndex, has_copyright, has_date, link_density, sentence_ends, text_density
from tests.extraction.text.helpers import page


def _block(words: int, link_words: int) -> Block:
    return Block(0, lxml.html.fragment_fromstring("<p>x</p>"), "x", words, link_words)


def test_link_density_is_the_share_of_linked_words():
    assert link_density(_block(10, 4)) == 0.4
    assert link_density(_block(0, 0)) == 0.0


def test_text_density_of_one_line_is_its_word_count():
    assert text_density("Home News Sport") == 3.0


def test_text_density_of_prose_is_words_per_full_line():
    prose = "word " * 200
    assert text_density(prose) == 16.0  # an 80-character line holds 16 "word " tokens


def test_unspaced_scripts_count_characters_as_words():
    assert count_words("これは日本語の文章です") == 1 + 11 // 2
    assert count_words("plain ascii words") == 3


def test_sentence_marks_are_counted():
    assert sentence_ends("One. Two! Three?") == 3


def test_a_latin_stop_ends_a_sentence_before_a_space_and_a_chinese_one_without():
    assert sentence_ends("He said \u201cno.\u201d Then left. v1.2 is out") == 2
    assert sentence_ends("今天下雨。明天晴天！") == 2
    assert sentence_ends("3.5 mm") == 0


def test_blocks_split_on_double_br_and_hr_but_not_on_inline_tags():
    doc = page("<div>one <b>bold</b> line<br>same block<br><br>second block<hr>third</div>")
    assert [b.text for b in segment(doc)] == ["one bold line same block", "second block", "third"]


def test_link_words_are_counted_per_block():
    doc = page("<p>Read <a href='/x'>the full report</a> here.</p>")
    (block,) = segment(doc)
    assert (block.words, block.link_words) == (5, 3)


def test_strong_hint_wins_over_article_word_and_article_container_resets_layout_hints():
    root = lxml.html.fromstring(
        "<html><body><div class='has-sidebar'><div class='article-body'><p id='a'>x</p></div>"
        "<div class='article-comments'><p id='c'>y</p></div></div></body></html>")
    hints = HintIndex()
    assert hints.of(root.get_element_by_id("a"))[1] is None
    assert hints.of(root.get_element_by_id("c"))[1] == "comment"


def test_lead_link_words_count_a_linked_headline_standing_apart():
    blocks = segment(page("<p><a href='/x'>Three word headline</a> CITY: Summary text here.</p>"))
    assert blocks[0].lead_link_words == 3


def test_lead_link_words_are_zero_when_the_text_carries_on_the_links_sentence():
    carried = segment(page("<p><a href='/x'>The mayor resigned</a> on Monday after a vote.</p>"
                           "<p><b><a href='/y'>The vote was close</a>.</b> Members argued.</p>"
                           "<p>Plain <a href='/z'>link later</a> in text.</p>"))
    assert [b.lead_link_words for b in carried] == [0, 0, 0]


def test_boilerplate_phrases_are_classed_in_several_languages():
    from extraction.text.phrases import boilerplate_phrase

    assert boilerplate_phrase("Subscribe to our newsletter", 4) == "subscribe"
    assert boilerplate_phrase("Suivez-nous sur Facebook", 3) == "share"
    assert boilerplate_phrase("© 2024 Beispiel GmbH. Alle Rechte vorbehalten.", 6) == "rights"
    assert boilerplate_phrase("(Reporting by Jane Doe; Editing by John Roe)", 7) == "credits"
    assert boilerplate_phrase("ANZEIGE", 1) == "advert"
    assert boilerplate_phrase("The minister shared her plans with the committee.", 8) is None
    assert boilerplate_phrase("Subscribe to our newsletter " * 20, 80) is None  # too long to be a promo


def test_a_table_row_is_one_block_with_its_cells_spaced():
    blocks = segment(page("<table><tr><th>Pos</th><th>Player</th></tr><tr><td>DL</td><td>Jo Doe</td></tr></table>"))
    assert [b.text for b in blocks] == ["Pos Player", "DL Jo Doe"]


def test_datelines_are_a_phrase_class_only_at_the_start_of_a_block():
    from extraction.text.phrases import boilerplate_phrase

    assert boilerplate_phrase("Aktualisiert am 19.11.2024, 10:48 Uhr", 5) == "dateline"
    assert boilerplate_phrase("The report was published on 19 November by the ministry.", 10) is None


@pytest.mark.parametrize("text", [
    "Updated 10:30 am", "at 9.45", "2024-05-04", "May 4", "Sept. 12, 2024", "posted 4 May", "12 December",
    "3 hours ago", "JUN 3", "٣ hours ago",  # any script's digit, as `\d` reads one
])
def test_a_date_or_a_time_in_any_of_its_forms_dates_a_text(text):
    assert has_date(text)


@pytest.mark.parametrize("text", [
    "Posted on May the fourth, a Tuesday", "v10:30", "12345-05-04", "Mayday 123", "x4 May", "3 hours", "",
])
def test_a_text_without_a_date_on_a_word_boundary_is_not_dated(text):
    assert not has_date(text)


def test_a_text_without_a_digit_is_not_searched_for_dates(monkeypatch):
    """Every date `has_date` reads holds a digit: a text without one is not dated, unsearched."""
    from extraction.text import features

    searched: list[str] = []
    pattern = features._DATE_FROM_DIGIT

    class Counting:
        def search(self, text: str) -> re.Match[str] | None:
            searched.append(text)
            return pattern.search(text)

    monkeypatch.setattr(features, "_DATE_FROM_DIGIT", Counting())
    assert not features.has_date("Posted on May the fourth, a Tuesday")
    assert not features.has_date("Publié le quatre mai, un mardi")
    assert features.has_date("Posted 4 May 2024 at 10:30 am")
    assert searched == ["Posted 4 May 2024 at 10:30 am"]


def test_a_copyright_mark_is_the_sign_or_a_parenthesised_c():
    assert [has_copyright(t) for t in ("© 2024 Acme", "(c) Acme", "(C) Acme", "(a)(b)(d)", "copyright")] == [
        True, True, True, False, False]
