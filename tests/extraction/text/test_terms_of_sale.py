"""A product page's buy box prints the shop's terms of sale beside the price (shipping, delivery
dates, returns, stock left): short lines about the shop, not the product, left out of a product
read. A longer block or another kind of page naming shipping is judged as text."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.phrases import fulfilment_line
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

TERMS = ("Free 90-day returns", "Arrives by Tomorrow", "Low in stock, only 2 left", "Cost to ship: USD 14.40",
         "Returns & exchanges accepted within 14 days")


def test_the_shops_terms_of_sale_are_left_out_of_a_product_read() -> None:
    terms = "".join(f"<p>{t}</p>" for t in TERMS)
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p>{terms}<h2>Details</h2><p>{P2}</p></main>", head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "product"
    assert P1 in text.body and P2 in text.body
    assert not [t for t in TERMS if t in text.body]


def test_only_short_lines_are_terms_of_sale() -> None:
    assert all(fulfilment_line(t, len(t.split())) for t in TERMS)
    policy = ("We offer free shipping on every order placed before noon, and our team packs each kettle by hand "
              "in recycled paper so that it reaches you safely.")
    assert not fulfilment_line(policy, len(policy.split()))
    assert not fulfilment_line("A sturdy kettle with a walnut handle", 6)
