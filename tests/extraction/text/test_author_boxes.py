"""Issue 32: the boxes about an article's writers below the story (rules/author_boxes.py) are
left out by their markup -- a box of three writers' bios, which the author's note
(rules/author_note.py) does not reach: 100 kept words follow its first note --, while a byline
above the story, a word like `authority` and a story without such a box are left alone."""

from __future__ import annotations

from lxml import etree

from extraction.maintext import main_text
from extraction.text.layout import ARTICLE
from extraction.text.rules.author_boxes import names_author_box
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

STORY = "".join(f"<p>{p}</p>" for p in (P1, P2, P3, P1.replace("Tuesday", "Monday"), P2.replace("euros", "dollars"),
                                        P3.replace("Residents", "Neighbours")))
BIOS = ("Shannon is the senior content manager at the agency. She believes all writing, from long reports "
        "to short posts, should help a reader decide something, and she has edited guides for ten years.",
        "Patrick leads the strategy team for the agency's largest clients as its vice president. He has "
        "spent two decades helping companies plan their growth and writes about markets and their history.",
        "Zack is the search lead at a retailer and is passionate about everything from content to the "
        "technical side. He has spoken at many conferences and mentors young analysts in his spare time.")
BOX = ("<div class='AuthorsBlock_root__x1'><h3>About the authors</h3>"
       + "".join(f"<div class='AuthorsBlock_author__k2'><div class='AuthorsBlock_about__b3'><p>{b}</p></div></div>"
                 for b in BIOS) + "</div>")


def _article(inside: str, before: str = "") -> str:
    return (f"<main><article><h1>Buses</h1>{before}<div class='content'>{STORY}</div>{inside}</article></main>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_box_of_the_writers_bios_after_the_story_is_left_out() -> None:
    text = main_text(page(_article(BOX)))
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
    assert P1 in text.body and P3 in text.body
    assert "senior content manager" not in text.body and "vice president" not in text.body
    assert "passionate about" not in text.body
    assert "a box about the author after the article" in text.explanation.render()


def test_a_box_above_the_story_is_not_its_author_box() -> None:
    intro = f"<div class='post-author-intro'><p>{BIOS[0]}</p></div>"
    text = main_text(page(_article("", before=intro)))
    assert text.explanation is not None
    assert "a box about the author after the article" not in text.explanation.render()


def test_whole_tokens_name_the_box() -> None:
    for value in ("the-author", "bio-box", "AuthorsBlock_about__b3", "learn-post__author-summary", "saboxplugin-desc"):
        assert names_author_box(etree.fromstring(f"<div class='{value}'/>"))
    for value in ("authority-links", "biology", "entry-content", "coauthored"):
        assert not names_author_box(etree.fromstring(f"<div class='{value}'/>"))
