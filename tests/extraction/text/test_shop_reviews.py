"""Customer reviews of a shop's page read as one region (extraction/text/rules/shop_reviews.py)."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.layout import ARTICLE, PRODUCT
from extraction.text.pipeline import Heuristic
from extraction.text.rules.shop_reviews import drop_shop_reviews
from tests.extraction.text.helpers import page

DESCRIPTION = [
    "These wireless earbuds sit lightly in the ear and hold their charge for eight hours of music, with "
    "three more full charges in the small case that closes with a magnet and fits in any pocket.",
    "Each earbud answers a single tap to pause or play and a double tap to skip a track, and the left one "
    "takes calls with two microphones that keep the wind and the street out of the conversation.",
    "The case charges over a cable or on any wireless pad, and ten minutes on the cable give another hour "
    "of listening, enough for a commute or a run before the battery needs a longer charge again.",
    "Three sizes of silicone tips come in the box, with a short cable and a printed guide in six languages, "
    "and the earbuds pair with phones, tablets and laptops that speak Bluetooth 5.0 or later.",
]
REVIEWS = [
    "Great sound for the price, and they stayed in my ears through a whole hour of running in the rain.",
    "The case feels a little cheap but the battery lasts all week for me, and pairing took a few seconds.",
    "Calls are clear on both ends, though the bass is lighter than on the pair I had before these ones.",
]
SHOP = ("<main><article><h1>Wireless earbuds</h1>" + "".join(f"<p>{s}</p>" for s in DESCRIPTION)
        + "<div class='customer-reviews'><h2>Customer reviews</h2>"
        + "".join(f"<div class='review'><p>{s}</p></div>" for s in REVIEWS) + "</div></article></main>")


def _kept(decisions) -> list[str]:
    return [d.block.text for d in decisions if d.kept]


def test_the_reviews_of_a_page_the_model_names_a_product_are_left_out_without_shop_markup():
    """No product markup and no cart control (`layout.shop_page` is false): read as an article the
    description keeps its reviews; on a page whose kind is product they are its comments and go,
    judged, so the peer may not put them back."""
    doc = page(SHOP)
    trace = main_text(doc).trace
    assert isinstance(trace, Heuristic)
    decisions = trace.selection.decisions
    assert all(r in _kept(decisions) for r in REVIEWS)
    assert _kept(drop_shop_reviews(doc, decisions, ARTICLE)) == _kept(decisions)
    dropped = drop_shop_reviews(doc, decisions, PRODUCT)
    assert not any(r in _kept(dropped) for r in REVIEWS)
    assert all(s in _kept(dropped) for s in DESCRIPTION)
    assert all(d.verdict.hard_bad for d in dropped if d.block.text in REVIEWS)
