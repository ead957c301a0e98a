"""A listing's head: on a page read as a listing, what stands above its one `<h1>` is the site's header bar.

A listing read keeps every clean block of its region, and a shop's or a section front's region
opens with the site's bar before the page's own heading: the cart ("Cart", "No products in the
cart", "Continue shopping"), the account ("Sign in", "My account"), a free-shipping or app
banner, a region picker, a search box's live region ("loaded 83 results"). None of it belongs to
what the page lists; the listing starts at its heading, which the inclusive read keeps
(`inclusive.py`). So when the read keeps exactly one `<h1>`, the kept blocks before it are left
out (judged), provided they are a sliver of the read (`HEAD_MAX_SHARE`): a heading that comes
late, after most of the page's text (a footer's `<h1>`, a template that titles the page at its
foot), says nothing about where the listing starts. Only listings: a service page's eyebrow above
its heading ("Email marketing tools") is its own text, and a product page opens with its brand's
line above the product's name, both kept by their gold.

Stage: 6 the inclusive read
Measured: WCXB dev (2026-12-07, session 36, docs/lab/2026-12-07-s36-listings.md), static: tune
0.88639 -> 0.88645 (11 listing reads up, +0.001 to +0.009: a cart, a sign-in bar, a shipping
banner; none down), check 0.88731 -> 0.88736 (13 up, to +0.037; 3 down, -0.034, -0.007, -0.005);
rendered: tune 0.88824 -> 0.88831, check 0.88896 -> 0.88897; Zyte: no page moved; Mozilla,
article-extractor and the old-web corpus: no body changed, newspaper4k one held page +0.012.
Simulated first on the tune half's blocks: on multi-section reads 3 pages up and 4 down, on
product reads 8 up and 5 down, so only listings.
"""

from __future__ import annotations

from extraction.text.decisions import Decision
from extraction.text.layout import LISTING

__all__ = ["drop_listing_head"]

HEAD_MAX_SHARE = 0.1
"""Share of the read's kept words the blocks above the `<h1>` may hold to be its header bar."""

HEAD_WHY = "above the listing's heading (the site's header bar)"


def drop_listing_head(decisions: list[Decision], kind: str) -> list[Decision]:
    """On a listing, the kept blocks above its one kept `<h1>` left out (see the module's docstring)."""
    if kind != LISTING:
        return decisions
    headings = [i for i, d in enumerate(decisions) if d.kept and d.block.tag == "h1"]
    if len(headings) != 1:
        return decisions
    above = [i for i in range(headings[0]) if decisions[i].kept]
    kept_words = sum(d.block.words for d in decisions if d.kept)
    if not above or sum(decisions[i].block.words for i in above) > HEAD_MAX_SHARE * kept_words:
        return decisions
    out = list(decisions)
    for i in above:
        out[i] = decisions[i].judged_out(HEAD_WHY, HEAD_WHY)
    return out
