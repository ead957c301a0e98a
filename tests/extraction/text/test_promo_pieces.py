"""Issue 32: a promotion of other pieces -- a slideshow of other stories ("Also on ..."), each slide
with a paragraph -- keeps its `promo` or `related` hint however much prose its slides add up to
(features.repeated_pieces); one story's prose under such a wrapper still overrules it."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

SLIDE = ("The harbour festival drew a record crowd this year, and the organisers already plan a longer "
         "one for next summer with more stages. ")
STORY = f"<h1>Buses</h1><div class='story'><p>{P1}</p><p>{P2}</p><p>{P3}</p></div>"


def _slides(n: int) -> str:
    return "".join(f"<div class='slide slide-{i}'><h3><a href='/s/{i}'>Festival story {i}</a></h3>"
                   f"<p>{SLIDE * 2}Number {i}.</p></div>" for i in range(n))


def test_a_slideshow_of_other_pieces_keeps_its_promo_hint() -> None:
    body = f"<div id='main'>{STORY}<div class='promo-slideshow'><h2>Also on the site</h2>" \
           f"<div class='slides'>{_slides(8)}</div></div></div>"
    text = main_text(page(body))
    assert P1 in text.body and P3 in text.body
    assert "harbour festival" not in text.body


def test_one_storys_prose_under_a_promo_wrapper_is_still_read() -> None:
    prose = "".join(f"<p>{SLIDE}{SLIDE}Part {i}.</p>" for i in range(6))
    text = main_text(page(f"<div class='promo-page'><h1>Festival</h1>{prose}</div>"))
    assert "harbour festival" in text.body
