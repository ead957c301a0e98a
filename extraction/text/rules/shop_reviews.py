"""Shop reviews: on a shop's page read as one region, the kept blocks in its customer reviews are left out.

A product whose description passes for an article keeps its buyers' reviews in the region; they
are the page's comments (`reviews.py`), as on a page read as a product. Judged (hard-bad), so
the peer may not put them back. The page is a shop's when it shows product evidence
(`layout.shop_page`: product markup, or a cart control beside a price) or when the page-kind
model names it a product: a shop's template names its cart control by an `id` the evidence does
not read (`<form id="addToCart">`), and the model weighs the page as a whole.

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 10 (`--save revs --diff base`): tune 0.87259 -> 0.87280
(product 0.64912 -> 0.65203, no page worse), check 0.87579 -> 0.87615 (one page +0.260), Zyte
0.9785 / 0.9816 unchanged. The model's kind as evidence too, session 36 (`--save products-c2 --diff
products-c1`, static): tune 0.88697 -> 0.88722 (one product +0.158: 839 words of reviews), check, Zyte
and the other sets no page moved.
"""

from __future__ import annotations

from lxml import etree

from extraction.document import Document
from extraction.text.decisions import Decision
from extraction.text.layout import PRODUCT, shop_page
from extraction.text.reviews import review_ancestor

__all__ = ["drop_shop_reviews"]


def drop_shop_reviews(doc: Document, decisions: tuple[Decision, ...], page: str) -> tuple[Decision, ...]:
    """On a shop's page read as one dominant region (a product whose description passes for an
    article), leave out the kept blocks that lie in its customer reviews (`reviews.py`): they
    are the page's comments, as on a page read as a product. Judged (hard-bad), so the peer may
    not put them back. `page`: the kind the page is (`LayoutKind.page`, the page-kind model's
    name for it); a product there is a shop's page whatever its markup shows."""
    memo: dict[etree._Element, str | None] = {}
    if not any(d.kept and review_ancestor(d.block.element, memo) for d in decisions) \
            or not (page == PRODUCT or shop_page(doc)):
        return decisions
    reviews = {d.block.index: review_ancestor(d.block.element, memo) if d.kept else None for d in decisions}
    return tuple(d.judged_out(f"customer reviews (~ {review}) of a shop's page", f"customer reviews (~ {review})")
                 if (review := reviews[d.block.index]) else d for d in decisions)
