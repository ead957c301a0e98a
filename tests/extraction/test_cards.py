"""Issue 12: what a product page leaves out -- rows of linked cards (cards.py: other products)
and customer reviews (reviews.py) -- while a page made mostly of cards is a collection, and rows
that link nowhere (specs) are not cards."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.blocks import segment
from extraction.text.cards import CARD_MIN_ITEMS, card_blocks
from extraction.text.layout import LISTING, PRODUCT
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

PRODUCT_LD = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", '
              '"name": "Kettle"}</script>')
SPECS = "<table>" + "".join(f"<tr><td>Property {i}</td><td>Value {i} litres</td></tr>" for i in range(5)) + "</table>"


def _cards(n: int) -> str:
    return "<ul>" + "".join(
        f"<li class='tile tile-{i}'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3>Stainless steel kettle model {i}</h3><div>$4{i}.00</div><div>4.5 out of 5 stars</div></li>"
        for i in range(n)) + "</ul>"


def test_a_product_page_leaves_out_its_rows_of_other_products() -> None:
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p><p>{P2}</p>{SPECS}<h2>Similar items</h2>{_cards(6)}</main>",
               head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == PRODUCT
    assert P1 in text.body and "Value 3 litres" in text.body  # description and specs stay
    assert "kettle model 2" not in text.body and "$42.00" not in text.body
    assert "a row of linked cards (other products)" in text.explanation.render()


def test_a_product_page_made_mostly_of_cards_is_a_collection() -> None:
    doc = page(f"<main><h2>Kettles</h2><p>Our kettles.</p>{_cards(12)}</main>", head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == LISTING
    assert "kettle model 7" in text.body
    assert any("a collection" in e for e in text.explanation.layout_evidence)


def test_cards_need_a_link_a_picture_and_few_words_in_a_row_of_like_siblings() -> None:
    blocks = segment(page(_cards(CARD_MIN_ITEMS) + SPECS))
    found = {b.text for b in blocks if b.index in card_blocks(blocks)}
    assert "Stainless steel kettle model 1" in found
    assert not any("Property" in t for t in found)  # spec rows link nowhere
    assert not card_blocks(segment(page(_cards(CARD_MIN_ITEMS - 1))))
    unpictured = _cards(CARD_MIN_ITEMS).replace("<img", "<span").replace("alt=''>", "></span>")
    assert not card_blocks(segment(page(unpictured)))


def test_a_product_pages_customer_reviews_are_its_comments() -> None:
    reviews = "".join(f"<div itemprop='review'><p>{P2} Bought it for my mother, number {i}.</p></div>" for i in range(3))
    named = "<section id='customer-reviews'><h3>Great kettle</h3><p>Boils fast and looks good, five stars.</p></section>"
    doc = page(f"<main><p>{P1}</p>{SPECS}{reviews}{named}</main>", head=PRODUCT_LD)
    text = main_text(doc)
    assert P1 in text.body and "Value 2 litres" in text.body
    assert "my mother" not in text.body and "Boils fast" not in text.body
    assert text.explanation is not None
    assert "customer reviews (~ schema.org Review)" in text.explanation.render()
    preview = main_text(page(f"<main><p>{P1}</p><div class='preview'><p>{P2}</p></div></main>", head=PRODUCT_LD))
    assert P2 in preview.body  # `preview` is not a review


def test_a_region_of_customer_reviews_makes_a_product_page_not_an_article() -> None:
    """A shop page without product markup (a price beside an add-to-cart button) whose reviews
    outweigh its description: the reviews win the region, and they are the page's comments.
    The page is a product page, read without them; with article markup it stays an article."""
    reviews = "".join(f"<li class='review'><p>{P2} Bought it for my mother, number {i}.</p></li>" for i in range(6))
    shop = (f"<main><h2>Kettle</h2><p>A stainless steel kettle that boils a litre in two minutes.</p><div>$49.00</div>"
            f"<button>Add to Cart</button><ul class='review-list'>{reviews}</ul></main>")
    text = main_text(page(shop))
    assert text.explanation is not None and text.explanation.layout_kind == PRODUCT
    assert "boils a litre" in text.body and "my mother" not in text.body
    assert any("customer reviews (~ review-list)" in e for e in text.explanation.layout_evidence)
    marked = main_text(page(shop, head='<meta property="og:type" content="article">'))
    assert marked.explanation is not None and marked.explanation.layout_kind != PRODUCT


def test_a_long_sibling_does_not_join_a_row_of_cards() -> None:
    """A carousel of a home's photos with one slide of prose (its description): the photos are
    a card row, the description runs longer than a card and is not one of them."""
    slides = "".join(f"<li class='cell'><a href='/h/1/{i}'><img src='/i/{i}.jpg' alt=''></a>"
                     f"<span>Photo {i} of 5</span></li>" for i in range(5))
    remarks = f"<li class='cell'><p>{P1} {P2}</p></li>"
    blocks = segment(page(f"<ul>{slides}{remarks}</ul>"))
    found = {b.text for b in blocks if b.index in card_blocks(blocks)}
    assert "Photo 2 of 5" in found
    assert not any(P1[:30] in t for t in found)
    tile = "<li class='cell'><a href='/all'>See all photos</a></li>"
    blocks = segment(page(f"<ul>{slides}{tile}</ul>"))
    assert "See all photos" in {b.text for b in blocks if b.index in card_blocks(blocks)}  # a short tile joins


def test_a_shop_page_read_as_one_region_leaves_out_the_reviews_inside_it() -> None:
    """A shop page (a price beside an add-to-cart button, no product markup) whose long
    description wins as one dominant region -- read like an article -- with its customer reviews
    inside that region, below the description: the reviews are still its comments. With article
    markup the page is an article (a review of the product), and its text stays whole."""
    description = "".join(f"<p>{P1} {P2} Part {i} of the kettle's description.</p>" for i in range(4))
    reviews = "".join(f"<li><p>{P2} Bought it for my mother, number {i}.</p></li>" for i in range(2))
    shop = (f"<div id='product'><h2>Kettle</h2>{description}<div>$49.00</div><button>Add to Cart</button>"
            f"<div class='customer-reviews'><h3>What buyers say</h3><ul>{reviews}</ul></div></div>")
    text = main_text(page(shop))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert "Part 3 of the kettle's description" in text.body and "my mother" not in text.body
    assert "customer reviews (~ customer-reviews) of a shop's page" in text.explanation.render()
    marked = main_text(page(shop, head='<meta property="og:type" content="article">'))
    assert "my mother" in marked.body
