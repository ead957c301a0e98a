"""Issue 32: on a page read as a listing, the site's header bar above the page's one `<h1>` is no
part of what it lists (rules/listing_head.py)."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import page

CARDS = (
    ("Walnut side table", "A small table of oiled walnut with one drawer and tapered legs for a reading corner."),
    ("Oak bookshelf", "Five shelves of solid oak that stand against a wall and hold a whole collection of books."),
    ("Linen armchair", "A deep armchair covered in washed linen, with feather cushions and a beech frame."),
    ("Ash dining chair", "A light chair of steamed ash with a woven seat that stacks four high for storage."),
    ("Pine wardrobe", "A tall wardrobe of knotty pine with two doors, a hanging rail and three inner shelves."),
    ("Teak garden bench", "A bench of weathered teak for three people that stays outside through every season."),
)
BAR = ("<div class='bar'><p>Free delivery on orders over fifty pounds</p><p>Sign in to your account</p>"
       "<p>Your basket is empty</p></div>")


def _shop(above: str, below: str = "") -> str:
    cards = "".join(f"<li class='product-card'><h2><a href='/p/{i}'>{name}</a></h2><p>{blurb}</p></li>"
                    for i, (name, blurb) in enumerate(CARDS))
    return (f"<header><nav><a href='/'>Home</a> <a href='/shop'>Shop</a></nav></header>"
            f"<main>{above}<h1>Living room furniture</h1><ul class='products'>{cards}</ul>{below}</main>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_the_header_bar_above_a_listing_heading_is_left_out() -> None:
    text = main_text(page(_shop(BAR)))
    assert text.explanation is not None and text.explanation.layout_kind == "listing"
    assert "Living room furniture" in text.body
    for name, blurb in CARDS:
        assert name in text.body and blurb in text.body
    assert "Free delivery" not in text.body
    assert "basket is empty" not in text.body


def test_text_above_a_late_heading_stays() -> None:
    intro = "".join(f"<p><a href='/p/{i}'>{name}</a> {blurb}</p>" for i, (name, blurb) in enumerate(CARDS))
    text = main_text(page(_shop(f"<div class='intro'>{intro}</div>{BAR}")))
    assert text.explanation is not None and text.explanation.layout_kind == "listing"
    assert "Free delivery" in text.body
