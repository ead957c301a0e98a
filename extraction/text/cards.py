"""Card rows: repeated short items that each link to another page.

A product page shows one product, then rows of others: "customers also viewed", "similar
items", "recently viewed". Each of those is a card -- a link (often round the picture only),
a short title, a price, a rating -- and the cards sit side by side as siblings of one tag
(`li` of a carousel, `div` of a grid). Their text is not the product's. The shape holds
without class names: at least `CARD_MIN_ITEMS` siblings, most of them short (at most
`CARD_MAX_WORDS` words) and each holding a link. A listing is made of the same cards, and
there they are the content: which kind of page turns a card row into boilerplate is the
layout decision's (layout.py), not this module's.

A specification table or a list of features repeats too, but its rows link nowhere; reviews
repeat, but each runs longer than a card.
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.text.blocks import Block
from extraction.text.teasers import Item, sibling_runs

# Set on the tune half of WCXB dev (bench/wcxb_halves.py, 2026-12-01), checked on its check half
# and the Zyte set (see extraction/text/README.md for the run).
CARD_MIN_ITEMS = 3  # sibling cards that make a row (two could be a "previous / next" pair)
CARD_MAX_WORDS = 40  # words in one card: a title, a price, a rating, a line of summary
CARD_ROW_SHARE = 0.8  # share of the siblings that must be cards; the rest join them (a "see all" tile)

_DIGITS = re.compile(r"\d+")


def card_blocks(blocks: list[Block]) -> set[int]:
    """Indexes of the blocks inside rows of linked cards."""
    found: set[int] = set()
    for siblings in sibling_runs(blocks, CARD_MIN_ITEMS, card_shape):
        cards = [s for s in siblings if is_card(s)]
        if len(cards) >= CARD_MIN_ITEMS and len(cards) >= CARD_ROW_SHARE * len(siblings):
            found.update(b.index for s in siblings for b in s.blocks)
    return found


def card_shape(element: etree._Element) -> str:
    """Tag and class words, digits dropped (`slide-1`, `slide-2`): the cards of one row are
    styled alike, while a page's top-level wrappers differ."""
    words = sorted(_DIGITS.sub("", word) for word in (element.get("class") or "").lower().split())
    tag = element.tag if isinstance(element.tag, str) else ""
    return f"{tag}.{'.'.join(words)}"


def is_card(item: Item) -> bool:
    """A short item that holds a picture and a link to somewhere (`href`, not a bare anchor)."""
    words = sum(b.words for b in item.blocks)
    return (0 < words <= CARD_MAX_WORDS and any(a.get("href") for a in item.element.iter("a"))
            and any(True for _ in item.element.iter("img", "picture")))
