"""On a listing, a boilerplate class word that every card of a row carries names the cards, not a
widget round the content (`cards.item_hint`): a shop grid's `subscription-eligible` products stay."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.layout import LISTING
from tests.extraction.text.helpers import page


def _grid(wrapper: str, n: int = 8) -> str:
    return "<ul class='product-grid'>" + "".join(
        f"<li class='grid__item'><div class='{wrapper}'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='/p/{i}'>Dark roast coffee blend number {i}</a></h3><div>$1{i}.99</div></div></li>"
        for i in range(n)) + "</ul>"


def test_a_class_word_on_every_card_does_not_drop_the_cards() -> None:
    text = main_text(page(f"<main><h1>Coffee</h1><p>{8} products</p>{_grid('card-wrapper subscription-eligible')}</main>"))
    assert text.explanation is not None and text.explanation.layout_kind == LISTING
    assert "blend number 5" in text.body and "$15.99" in text.body


def test_a_rail_named_by_its_wrapper_stays_boilerplate() -> None:
    rail = ("<div class='related-products'><h2>You may also like</h2><ul>" + "".join(
        f"<li class='tile'><a href='/r/{i}'><img src='/r/{i}.jpg' alt=''></a><a href='/r/{i}'>Mug design {i}</a></li>"
        for i in range(4)) + "</ul></div>")
    text = main_text(page(f"<main><h1>Coffee</h1>{_grid('card-wrapper')}{rail}</main>"))
    assert text.explanation is not None and text.explanation.layout_kind == LISTING
    assert "blend number 5" in text.body and "Mug design 2" not in text.body
