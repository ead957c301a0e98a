"""The arbiter: whether a second candidate, the peer's body (`peer.py`), changes our main text.

Our scorer has chosen its blocks. What it left out falls in two kinds: blocks it judged for
what they are -- boilerplate (a chrome ancestor, a boilerplate class, a teaser, a phrase, an
overlay: hard-bad), navigation (link-heavy), a copyright line, the headline, with layout small
print and text beside the main column (a peer without layout cannot see either), and on the inclusive
read of a listing, thread, product or multi-section page anything inside its region it left
out (that read keeps every clean block there, so what it drops it judged: cards of other
products, say) -- and clean blocks left out for where they stand (outside the chosen container
or region, near-good or short blocks beside boilerplate). Only the second kind is in doubt, so:

1. **Gate.** The peer is consulted only when those doubtful blocks hold at least
   PEER_POOL_MIN_WORDS words; on every other page it could change nothing worth its cost
   (it runs in about as long as our whole scorer).
   On a page whose layout kind is product it is always consulted (step 3), and so it is on a
   page the model names product but that is read as one region (`shop_read`, step 4).
2. **Combination.** A doubtful block the peer also kept joins the body, in document order.
   Nothing the scorer judged boilerplate or navigation is taken in, whatever the peer says,
   nor the `h1` (the title field holds it), nor on an article a block in an `<address>`
   (`contact_details`; it still counts towards the gate): the final decision stays the
   scorer's, and each added block says why in `--explain`. On an article the peer reads
   without the page's comment section (trafilatura's `include_comments` off): readers'
   comments are not an article's body (issue 32), so the peer may not confirm one our scorer
   left in doubt; on other kinds it keeps them, as a thread's posts are its content (off there
   too, a WCXB tune thread lost 0.024). Measured on WCXB dev static (2026-12-06): no WCXB body
   changed, Zyte tune 0.9797 -> 0.9798 (one page), the other sets unchanged.
3. **The peer's body whole, on product pages that disagree.** Our read of a product page is
   inclusive (every clean block of the region: specifications, reviews, recommendations), and
   a static parse cannot see a description behind a tab the markup hides. When the peer's
   body holds less than PRODUCT_MAX_AGREEMENT of the words of our read (`read_words`: our body
   and the buy box's price lines), the two read different things and the peer's body is taken;
   our blocks it covers are marked kept for `--explain`.
   So it is, whatever the agreement, when our body is short (under PRODUCT_SHORT_BODY_WORDS)
   and the peer's at least PRODUCT_PEER_MIN_RATIO times longer: a product's description fills
   more than a price and a few labels, and what we then miss is text our features could not
   read as content -- a panel the rendered page keeps hidden (a closed tab or accordion: the
   browser's layout hides it, the peer reads the markup), a description under a promotional
   class word. Agreement alone cannot tell, since those few labels are in the peer's body too.
4. **A shop's page read as one region** (`shop_read`) adds none of the peer's blocks: beside the
   description the peer keeps the shop's copy. Its body is taken whole only when it is a part of
   ours -- nearly all its words (SHOP_READ_MIN_CONTAINED) in our body, and SHOP_READ_MAX_LENGTH
   of its length or less: the region holds the description and the shop's panels around it (a
   specifications sheet, storage tips, an authorized dealer's pitch, the tabs of a shop's
   template), and the peer, reading the same region, kept the description alone.

Stage: 8 second candidate
Measured: each constant's docstring below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from lxml import etree

from extraction.document import Document
from extraction.text.decisions import Decision, Selection
from extraction.text.layout import ARTICLE, INCLUSIVE_MAX_LINK_DENSITY, PRICE_LINE_WHY, PRODUCT
from extraction.text.peer import PeerCandidate, align, candidate
from extraction.text.phrases import disclaimer, widget_label
from extraction.text.reviews import review_ancestor
from extraction.text.score import PROSE_MIN_WORDS, off_column, small_print
from extraction.text.tokens import WORD

PEER_POOL_MIN_WORDS = 80
"""Words in doubtful blocks (left out, yet neither boilerplate nor navigation by our features)
from which the peer is consulted. Set on the WCXB dev tune half with the Zyte tune half not to
get worse (bench/wcxb_halves.py, 2026-12-01): 0 words WCXB tune +0.0107 but Zyte tune -0.0001
with the peer called on 93% of Zyte pages; 50 Zyte tune -0.0005; 100 WCXB tune +0.0094, Zyte
tune +0.0003, called on 25% of WCXB and 10% of Zyte pages; 200 WCXB tune +0.0082. Lowered to 80
in session 7 (on 89a6af6): WCXB tune 0.86522 -> 0.86540, check 0.86959 -> 0.87027, Zyte tune
0.9761 -> 0.9768, held 0.9814 unchanged, the peer called on 29% of WCXB pages (24% at 100) and
15 of 181 Zyte pages (11); 60 words tune 0.86554 but Zyte tune 0.9761 -> 0.9752."""

PRODUCT_MAX_AGREEMENT = 0.3
"""Share of our body's words (a multiset of lower-cased `\\w+` tokens) the peer's body also
holds, below which a product page takes the peer's body. Set on the WCXB dev tune half
(2026-12-01, after the combination above): taking the peer's body on every product page
+0.0032 (check +0.0063); below 0.8 agreement +0.0029; below 0.5 +0.0045 (check +0.0047).
The same rule on any other layout kind lost on the tune half (articles -0.002, listings -0.011,
multi-section -0.006) or on the check half (threads -0.001, documentation -0.001).
Lowered to 0.3 in session 8 (simulated from both bodies of the 82 product-kind pages, static
and rendered from the cache): between 0.3 and 0.5 the peer's body is mostly a shorter reading of
ours -- the description without its feature lines, specifications or FAQ, which the annotators
keep -- not a different text (a rendered page's agreement moves by 0.05-0.2 with what the
browser showed, and 0.46 against 0.5 flipped pages). Sums of product-page F1 against 0.5,
static tune +0.26, check +0.40; rendered tune +0.62, check +0.40; 0.4: static tune +0.26,
check +0.01, rendered tune +0.40; 0.2 against 0.3: static tune -0.82 and check -0.85 (descriptions
only the peer read), rendered tune +0.45."""

PRODUCT_SHORT_BODY_WORDS = 150
PRODUCT_PEER_MIN_RATIO = 2.0
"""A product page whose body holds fewer words than PRODUCT_SHORT_BODY_WORDS takes the peer's
body when that is PRODUCT_PEER_MIN_RATIO times longer or more, whatever their agreement. Set on
the WCXB dev tune half, static and rendered (2026-12-01, simulated from the two bodies of every
product page): 100 words static tune +0.0000, rendered tune +0.0000; 150 and 200 +0.0000 and
+0.0007 (a rendered page whose description sits in a hidden panel: 0.25 -> 0.71); 250 static
tune -0.0007; ratios 1.5 and 2 tie, 3 loses the rendered page. The narrower of the tied bounds
is kept. The containment test alone, at any length (our words mostly in the peer's, the peer's
twice as long), lost static tune -0.0018: pages where the peer reads a whole catalogue."""

SHOP_READ_MIN_CONTAINED = 0.9
SHOP_READ_MAX_LENGTH = 0.8
"""A shop's page read as one region (`shop_read`) takes the peer's body whole when at least
SHOP_READ_MIN_CONTAINED of its words (a multiset of lower-cased `\\w+` tokens) are in our body
and it holds at most SHOP_READ_MAX_LENGTH of our body's words: the peer read a part of our
region, the description without the shop's panels beside it. Simulated on the WCXB dev tune
half from both bodies of the 12 such pages (static, 2026-12-07): the peer's share inside ours is
0.99-1.0 on five pages and 0.96 or less on the rest, its length 0.38-0.72 of ours on four and
0.88 or more on the rest; each bound sits in its gap. Sum of page F1 +0.37 (0.808 -> 0.998,
0.748 -> 0.992, 0.323 -> 0.354; 0.434 -> 0.334 where the peer kept the shop's panels and left
part of the description). Without those bounds the peer does worse than ours on these pages
(7.40 against 7.84, session 33), hence no combination (step 2) on such a page."""

CONTACT_TAG = "address"
"""The element HTML defines as the contact information of its nearest article or of the page: its
owner's offices, telephone numbers, e-mail. Left out of an article by our scorer, it is the site's,
not the story's, whatever the peer read, so on an article the peer does not put it back; it
still counts towards the words in doubt that call the peer (the gate is unchanged, only what
may be added is). Our own decision on such a block stands: a kept `<address>` (a byline in one)
stays. Measured on WCXB dev static (2026-12-06, on f0fc0c5): tune 0.88516 -> 0.88521 (articles
0.96163 -> 0.96173: one page's forty office lines, +0.033), check, Zyte and the other sets: no
page moved."""

ADDED_WHY = "left out, but the peer kept it and our features find no boilerplate"
PEER_BODY_WHY = "in the peer's body (taken whole)"


@dataclass(frozen=True, slots=True)
class Arbitration:
    choice: str
    """`ours` (the peer not consulted, or adding nothing), `ours+peer` (blocks added) or `peer`
    (the peer's body taken whole)."""
    why: str
    evidence: tuple[str, ...]
    decisions: tuple[Decision, ...]
    """Our decisions, with the blocks the peer confirmed now kept (for `peer`: the blocks its
    body covers)."""
    body: str | None = None
    """The peer's body when it is taken whole, paragraphs separated by blank lines."""


def doubtful(d: Decision, region: etree._Element | None, kept: frozenset[str]) -> bool:
    """Left out for where it stands, not for what it is (see above). `region`: the root of an
    inclusive read, whose blocks are never in doubt; None for a single-region read. `kept`: the
    kept blocks' texts (whitespace folded): a second copy of a kept paragraph (PROSE_MIN_WORDS
    or more: a responsive page's tablet copy of the article) is never in doubt, since the peer's
    text holding its words once says nothing about a second copy. Short repeated lines (a
    heading, a label) stay in doubt: barring them too cost the Zyte held half 0.9814 -> 0.9804.
    A widget's label or a disclaimer (`phrases.widget_label`, `phrases.disclaimer`) is judged for
    its wording wherever it stands, as the scorer judges a kept one: a documentation page's
    "Was this helpful?" under its text, outside the region, is not in doubt."""
    if d.kept or d.verdict.hard_bad or d.block.tag == "h1" or d.features.copyright:
        return False
    f = d.features  # the features' tests before the text's: each says no alone, the cheap ones first
    if f.link_density > INCLUSIVE_MAX_LINK_DENSITY:
        return False
    if small_print(f) or off_column(f):
        return False  # with layout: small print (an "about us" tail) or beside the main column (`score.py`)
    if d.block.words >= PROSE_MIN_WORDS and " ".join(d.block.text.split()) in kept:
        return False
    if widget_label(d.block.text) or disclaimer(d.block.text):
        return False
    return region is None or not (d.block.element is region or region in d.block.element.iterancestors())


def read_words(decisions: Sequence[Decision]) -> Counter[str]:
    """The words (lower-cased `\\w+` tokens) of what our read of the page holds, which the peer's
    body is compared with (`PRODUCT_MAX_AGREEMENT`): the kept blocks, and a product page's price
    lines (`layout.price_line`), left out of our text but not of our read. The agreement asks
    whether the two candidates read the same part of the page, and a buy box's prices sit beside
    the description whichever reads it; counted, they keep the agreement where it stood before
    they were left out of the text, so that rule changes the body without turning the choice of
    candidate on a few hundred words of prices (a collection read as a product, rendered: 0.27
    of its 1,383 words in the peer's body, whose whole grid is taken; 0.30 of the 1,143 left
    without its 240 words of prices, and the grid lost). The short-body test counts the text
    alone: a description fills more than a price."""
    return Counter(WORD.findall(" ".join(d.block.text for d in decisions
                                         if d.kept or d.why == PRICE_LINE_WHY).lower()))


def contact_details(element: etree._Element) -> bool:
    """Whether the block is, or sits inside, an `<address>` (`CONTACT_TAG`)."""
    return element.tag == CONTACT_TAG or any(e.tag == CONTACT_TAG for e in element.iterancestors())


def other_voices(decisions: Sequence[Decision], cards: set[int]) -> frozenset[str]:
    """The token strings of a product page's blocks we left out as its customer reviews
    (`reviews.py`), as rows of other products' cards (`cards.py`) or for their wording
    (`phrases.py`: a cookie notice, a script's error message, a sign-up pitch, the shop's terms of sale): the peer's body,
    taken whole, keeps none of them -- a line of it that is one of those blocks is dropped --
    since what the page says about other products, buyers about this one, or the site about
    itself is not the page's text whichever candidate read it. `cards`: the blocks in rows of
    linked cards (`cards.card_blocks`)."""
    return frozenset(" ".join(WORD.findall(d.block.text.lower())) for d in decisions
                     if not d.kept and (d.block.index in cards or review_ancestor(d.block.element)
                                        or d.features.phrase or d.features.terms_of_sale))


def shop_read(selection: Selection) -> bool:
    """A page the page-kind model names product, read as one region (the rules read a story): the
    region is the product's description, and what the peer keeps beside it on a shop's page is the
    shop's copy -- the currency and shipping lines, the marketing tiles of a launch page, the
    "why buy here" boxes -- which the annotators leave out (tune: 595 of the 674 words the peer
    put back on 5 such pages), so none of its blocks is added; its body may replace ours whole
    (step 4, `SHOP_READ_MIN_CONTAINED`). The inclusive product read has its own use of the peer (step 3).
    Measured: WCXB dev static tune 0.88521 -> 0.88534 (4 products up, 3063 -0.011), check 0.88618
    -> 0.88619 (3 up, none down), Zyte and the other sets no body changed (2026-12-06)."""
    layout = selection.layout
    return layout is not None and layout.page == PRODUCT and not layout.inclusive


def arbitrate(doc: Document, selection: Selection, cards: Callable[[], set[int]]) -> Arbitration:
    """Our decisions, possibly changed by the peer's body (see the module's docstring). `cards`
    gives the blocks in rows of linked cards (`cards.card_blocks`), worked out once per page."""
    decisions = selection.decisions
    region = selection.container if selection.layout is not None and selection.layout.inclusive else None
    kept = frozenset(" ".join(d.block.text.split()) for d in decisions if d.kept)
    doubts = {d.block.index for d in decisions if doubtful(d, region, kept)}
    pool = sum(d.block.words for d in decisions if d.block.index in doubts)
    product = selection.layout is not None and selection.layout.kind == PRODUCT and selection.layout.inclusive
    shop = shop_read(selection)
    if pool < PEER_POOL_MIN_WORDS and not (product or shop):
        return Arbitration("ours", f"peer not consulted: {pool} words in doubt < {PEER_POOL_MIN_WORDS}",
                           (), decisions)
    article = selection.layout is not None and selection.layout.page == ARTICLE
    peer = candidate(doc, [d.block for d in decisions], comments=not article)
    if shop:
        return _shop_arbitration(decisions, peer, cards)
    added = {d.block.index for d in decisions if d.block.index in peer.blocks and d.block.index in doubts
             and not (article and contact_details(d.block.element))}
    merged = tuple(replace(d, kept=True, why=ADDED_WHY) if d.block.index in added else d for d in decisions)
    ours = Counter(WORD.findall(" ".join(d.block.text for d in merged if d.kept).lower()))
    read = read_words(merged)
    theirs = Counter(WORD.findall(peer.text.lower()))
    ours_words, their_words = sum(ours.values()), sum(theirs.values())
    agreement = sum((read & theirs).values()) / sum(read.values()) if read else 0.0
    judged = sum(1 for d in decisions if d.block.index in peer.blocks and not d.kept and d.block.index not in doubts)
    evidence = (
        f"words in doubt {pool}",
        f"ours {ours_words} words, peer {their_words}, share of ours in the peer's {agreement:.2f}",
        f"peer blocks {len(peer.blocks)}, of which left out by our judgement {judged}",
        f"added {len(added)} blocks, {sum(d.block.words for d in merged if d.block.index in added)} words",
    )
    short = ours_words < PRODUCT_SHORT_BODY_WORDS and their_words >= PRODUCT_PEER_MIN_RATIO * max(ours_words, 1)
    if product and theirs and (agreement < PRODUCT_MAX_AGREEMENT or short):
        why = (f"product page, the peer holds {agreement:.2f} of our words < {PRODUCT_MAX_AGREEMENT}"
               if agreement < PRODUCT_MAX_AGREEMENT else
               f"product page, our body {ours_words} words < {PRODUCT_SHORT_BODY_WORDS}, the peer's "
               f"{their_words} >= {PRODUCT_PEER_MIN_RATIO:g}x")
        return _peer_body(decisions, peer, cards, why, evidence)
    if not added:
        return Arbitration("ours", "the peer confirms none of the blocks in doubt", evidence, decisions)
    return Arbitration("ours+peer", f"{len(added)} blocks in doubt confirmed by the peer", evidence, merged)


def _shop_arbitration(decisions: tuple[Decision, ...], peer: PeerCandidate,
                      cards: Callable[[], set[int]]) -> Arbitration:
    """A shop's page read as one region (step 4): the peer's body whole when it is a part of ours
    (`SHOP_READ_MIN_CONTAINED`, `SHOP_READ_MAX_LENGTH`), else our decisions as they stand."""
    ours = Counter(WORD.findall(" ".join(d.block.text for d in decisions if d.kept).lower()))
    theirs = Counter(WORD.findall(peer.text.lower()))
    ours_words, their_words = sum(ours.values()), sum(theirs.values())
    contained = sum((ours & theirs).values()) / their_words if their_words else 0.0
    evidence = (f"ours {ours_words} words, peer {their_words}, share of the peer's in ours {contained:.2f}",)
    if their_words and contained >= SHOP_READ_MIN_CONTAINED and their_words <= SHOP_READ_MAX_LENGTH * ours_words:
        why = (f"a shop's page read as one region, the peer's body a part of ours ({contained:.2f} of its words "
               f"in ours, {their_words / ours_words:.2f} of our length)")
        return _peer_body(decisions, peer, cards, why, evidence)
    return Arbitration("ours", "a shop's page read as one region: the peer's blocks are the shop's copy, none added",
                       evidence, decisions)


def _peer_body(decisions: tuple[Decision, ...], peer: PeerCandidate, cards: Callable[[], set[int]],
               why: str, evidence: tuple[str, ...]) -> Arbitration:
    """The peer's body taken whole, without the lines we left out as other voices (`other_voices`);
    our blocks it covers marked kept for `--explain`."""
    others = other_voices(decisions, cards())
    lines = [line.strip() for line in peer.text.splitlines()
             if line.strip() and " ".join(WORD.findall(line.lower())) not in others]
    taken = align([d.block for d in decisions], "\n".join(lines))
    covered = tuple(replace(d, kept=d.block.index in taken and d.block.tag != "h1",
                            why=PEER_BODY_WHY if d.block.index in taken else "not in the peer's body")
                    for d in decisions)
    return Arbitration("peer", f"{why}: its body is taken", evidence, covered, "\n\n".join(lines))
