"""On a listing, a boilerplate class word that every card of a row carries names the cards, not a
widget round the content (`cards.item_hint`): a shop grid's `subscription-eligible` products stay.
A card's text box named its caption (`product-caption`) is no picture's caption on any page
(`features.strong_hint_of`)."""

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


def _shop_grid(n: int = 8) -> str:
    """A WooCommerce grid: WordPress names each card a post (`post-401`), and its text box beside
    the picture is its `product-caption`."""
    return "<ul class='products'>" + "".join(
        f"<li class='product type-product post-{400 + i}'><div class='product-img-wrap'>"
        f"<a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a></div>"
        f"<div class='product-caption'><h3><a href='/p/{i}'>Canvas travel bag model {i}</a></h3>"
        f"<div class='short-description'>A roomy bag for the back seat, with {i + 2} side pockets.</div>"
        f"<span class='price'>$1{i}9.00</span></div></li>"
        for i in range(n)) + "</ul>"


def test_a_cards_text_box_named_caption_is_not_a_pictures_caption() -> None:
    # Read as a thread of posts (the `post-401` classes), but the cards' text is its content:
    # before, `caption` made every card small print and the page's body came out empty.
    text = main_text(page(f"<main><h1>Travel gear</h1><p>Showing all 8 results</p>{_shop_grid()}</main>"))
    assert "with 7 side pockets." in text.body and "with 2 side pockets." in text.body


def test_a_pictures_caption_stays_small_print() -> None:
    story = " ".join(["The new ferry line to the islands opened this week with two daily crossings."] * 6)
    figure = ("<div class='wp-caption'><img src='/f.jpg' alt=''><p class='wp-caption-text'>The ferry leaves "
              "the harbour on its first morning crossing</p></div>")
    text = main_text(page(f"<main><article><h1>Ferry</h1><p>{story}</p>{figure}<p>{story}</p></article></main>"))
    assert "new ferry line" in text.body and "first morning crossing" not in text.body
