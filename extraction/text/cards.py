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

An article ends, often inside the story's own element, with a rail of other stories ("Explore
more", "Related posts"): like siblings, each a card with a title -- a heading, or a linked
line -- a short summary and a link. When the title is an unlinked heading and the only link is
a "Learn more" button, or the cards' classes read like the article's, neither the teaser lists
(teasers.py: a linked headline) nor the class hints catch them, and their summaries score as
prose. `story_rails` finds those runs by shape (titles that read as headlines); the scorer
drops them only on an article, after the story's last good paragraph, and when a class word
names one of them as other stories (`related`, `recommend`...: a hint their summaries
overruled), since a service page closes with cards of its offers in the same shape
(rules/story_rails.py). Neither the shape nor the class word is enough alone.

Stage: 6 the inclusive read (card rows), and 7 post-passes (story rails)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import re
import statistics

from lxml import etree

from extraction.text.blocks import Block
from extraction.text.features import SCREEN_READER_HINTS, strong_hint_of
from extraction.text.teasers import Climb, Item, runs_among, sibling_runs
from extraction.textutil import class_shape, text_of

# Set on the tune half of WCXB dev (bench/wcxb_halves.py, 2026-12-01), checked on its check half
# and the Zyte set (docs/lab/2026-12-01-issue-12-main-text.md has the run).
CARD_MIN_ITEMS = 3  # sibling cards that make a row (two could be a "previous / next" pair)
CARD_MAX_WORDS = 40  # words in one card: a title, a price, a rating, a line of summary
RAIL_TITLE_WITHIN_BLOCKS = 2  # a rail card's title is among its first blocks (after a category label)
RAIL_TITLE_MIN_WORDS = 3  # a linked title has this many words (a bare "Read more" is not a title)
RAIL_SUMMARY_MAX_WORDS = 40  # words after the title: a line of summary, a date, a "Learn more"
RAIL_STORY_MIN_WORDS = 150  # kept words of story above a rail: a page of cards alone is a listing's
RAIL_HEADLINE_MIN_WORDS = 5  # median words of a rail's card titles: other stories' headlines, not the
# names of a business's services or products ("Web Design", "Tax Help") that close a service page
CARD_ROW_SHARE = 0.8  # share of the siblings that must be cards; the rest join them when short (a "see all" tile)

ITEM_CONTROL_HINTS = re.compile(
    r"nav|menu|comment|disqus|share|sharing|social|newsletter|signup|cookie|consent|modal|popup|" + SCREEN_READER_HINTS,
    re.I)
"""Boilerplate hints that name a control or a hidden label inside an item even when every item
carries one (a card's menu, its comment count, its screen-reader label): `item_hint` never
clears them. The others name what the item is (related, sponsored, a subscription offer)."""

ITEM_HINT_MIN_SHARE = 0.5  # the hinted element holds this share of its item's words: it names the item



def card_blocks(blocks: list[Block], climbed: Climb | None = None) -> set[int]:
    """Indexes of the blocks inside rows of linked cards (`climbed`: see `teasers.sibling_runs`)."""
    found: set[int] = set()
    for siblings in sibling_runs(blocks, CARD_MIN_ITEMS, class_shape, climbed):
        cards = [s for s in siblings if is_card(s)]
        if len(cards) >= CARD_MIN_ITEMS and len(cards) >= CARD_ROW_SHARE * len(siblings):
            found.update(b.index for s in siblings if _joins(s) for b in s.blocks)
    return found


def is_card(item: Item) -> bool:
    """A short item that holds a picture and a link to somewhere (`href`, not a bare anchor)."""
    words = sum(b.words for b in item.blocks)
    return (0 < words <= CARD_MAX_WORDS and any(a.get("href") for a in item.element.iter("a"))
            and any(True for _ in item.element.iter("img", "picture")))


def story_rails(blocks: list[Block], climbed: Climb | None = None) -> list[list[int]]:
    """Runs of like siblings (`class_shape`) that are each a titled card with a link and at most a
    short summary: block indexes of each run, in document order. Where a run stands (after a
    story, or as the page's listing) is the caller's question. `climbed`: the climb of a list
    `blocks` are part of (the page's, `teasers.page_climb`), read for them alone
    (`teasers.runs_among`); else they are climbed here."""
    runs = (sibling_runs(blocks, CARD_MIN_ITEMS, class_shape) if climbed is None
            else runs_among(climbed, {b.index for b in blocks}, CARD_MIN_ITEMS, class_shape))
    rails: list[list[int]] = []
    for siblings in runs:
        titles = [t for t in (rail_title(s) for s in siblings) if t is not None]
        if (len(titles) >= CARD_MIN_ITEMS and len(titles) >= CARD_ROW_SHARE * len(siblings)
                and statistics.median(t.words for t in titles) >= RAIL_HEADLINE_MIN_WORDS):
            rails.append(sorted(b.index for s in siblings for b in s.blocks))
    return rails


def rail_title(item: Item) -> Block | None:
    """The title of a rail card: among the first blocks, a heading or a line that opens with a
    link of a few words, with at most `RAIL_SUMMARY_MAX_WORDS` words after it in an item that
    links somewhere; None when the item is not such a card."""
    if not any(a.get("href") for a in item.element.iter("a")):
        return None
    for i, block in enumerate(item.blocks[:RAIL_TITLE_WITHIN_BLOCKS]):
        if block.is_heading or block.lead_link_words >= RAIL_TITLE_MIN_WORDS:
            after = sum(b.words for b in item.blocks[i + 1:])
            return block if block.words > 0 and after <= RAIL_SUMMARY_MAX_WORDS else None
    return None


def rails_after_story(kept: list[Block], good: set[int], named: set[int], climbed: Climb | None = None) -> set[int]:
    """Indexes of the kept blocks (`kept`, in document order) that make up story rails standing
    after the story's last good paragraph (`good`: indexes of the good blocks) below at least
    `RAIL_STORY_MIN_WORDS` words of story and ending the kept text, with the headings between
    that paragraph and the rail ("Explore more"). A run of cards between two good paragraphs is
    the story's own (a guide's picks), and cards followed by more of the page's text (a closing
    note, a call to act on a service page) are part of what the page says: both stay. So do
    the rails after a story when none of them is named as other stories (`named`: indexes of
    blocks under a `related`-like hint, kept or overruled; most of a rail's blocks): a service
    page closes with cards of its offers in the same shape. One named rail is enough for the
    rails beside it (a "related" slider, then a "latest" one). `climbed`: see `story_rails`."""
    rails = story_rails(kept, climbed)
    in_rail = {i for rail in rails for i in rail}
    story_end = max((b.index for b in kept if b.index in good and b.index not in in_rail), default=None)
    if story_end is None:
        return set()
    drop: set[int] = set()
    for rail in rails:
        story = sum(b.words for b in kept if b.index < rail[0] and b.index not in in_rail)
        after = any(b.index > rail[-1] and b.index not in in_rail for b in kept)
        if rail[0] > story_end and story >= RAIL_STORY_MIN_WORDS and not after:
            drop.update(rail)
    if not any(2 * sum(i in named for i in rail) > len(rail) for rail in rails if drop.issuperset(rail)):
        return set()
    drop.update(b.index for b in kept if story_end < b.index < min(drop) and b.is_heading)
    return drop


def _joins(item: Item) -> bool:
    """A sibling of a card row is one of its cards unless it runs longer than a card: a "see all"
    tile joins the row, a carousel's slide of prose (a home's description among its photos) does not."""
    return sum(b.words for b in item.blocks) <= CARD_MAX_WORDS


def item_hint(element: etree._Element) -> bool:
    """The boilerplate class/id word in force at `element` names each item of a row, not a widget
    around the content: the element carrying it lies inside one of `CARD_MIN_ITEMS` or more like
    siblings (`class_shape`), and `CARD_ROW_SHARE` of them hold an element with that class word too
    (a shop grid's `subscription-eligible` card, a store's `as-util-relatedlink` tile). A rail of
    related stories carries its word above its items (`div.related > ul > li`), or on each item
    itself (`li.related-post`), never only inside them. The element carrying the word holds
    `ITEM_HINT_MIN_SHARE` of its item's words (it wraps the card, not a part of it), and the word
    is not one of `ITEM_CONTROL_HINTS`. Read on listings only (`layout.inclusive_keep`)."""
    carrier = next((e for e in (element, *element.iterancestors()) if strong_hint_of(e)), None)
    if carrier is None:
        return False
    hint = strong_hint_of(carrier) or ""
    if ITEM_CONTROL_HINTS.search(hint):
        return False
    words = [w for w in f"{carrier.get('class') or ''} {carrier.get('id') or ''}".split() if hint in w.lower()]
    if not words:
        return False
    word = words[0]
    for item in carrier.iterancestors():
        parent = item.getparent()
        if parent is None or item.tag in ("body", "html"):
            return False
        shape = class_shape(item)
        like = [s for s in parent if isinstance(s.tag, str) and class_shape(s) == shape]
        if len(like) >= CARD_MIN_ITEMS:
            holding = sum(1 for s in like if any(word in f"{e.get('class') or ''} {e.get('id') or ''}".split()
                                                 for e in s.iter() if isinstance(e.tag, str)))
            own = len(text_of(carrier).split())
            whole = len(text_of(item).split())
            return holding >= CARD_ROW_SHARE * len(like) and own >= ITEM_HINT_MIN_SHARE * whole
    return False
