"""The arbiter: whether a second candidate, the peer's body (`peer.py`), changes our main text.

Our scorer has chosen its blocks. What it left out falls in two kinds: blocks it judged for
what they are -- boilerplate (a chrome ancestor, a boilerplate class, a teaser, a phrase, an
overlay: hard-bad), navigation (link-heavy), a copyright line, the headline, and on the inclusive
read of a listing, thread, product or multi-section page anything inside its region it left
out (that read keeps every clean block there, so what it drops it judged: cards of other
products, say) -- and clean blocks left out for where they stand (outside the chosen container
or region, near-good or short blocks beside boilerplate). Only the second kind is in doubt, so:

1. **Gate.** The peer is consulted only when those doubtful blocks hold at least
   PEER_POOL_MIN_WORDS words; on every other page it could change nothing worth its cost
   (it runs in about as long as our whole scorer).
2. **Combination.** A doubtful block the peer also kept joins the body, in document order.
   Nothing the scorer judged boilerplate or navigation is taken in, whatever the peer says,
   nor the `h1` (the title field holds it): the final decision stays the scorer's, and each
   added block says why in `--explain`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from lxml import etree

from extraction.document import Document
from extraction.text.layout import INCLUSIVE_MAX_LINK_DENSITY
from extraction.text.peer import PeerCandidate, candidate
from extraction.text.scoring import Decision, Selection

PEER_POOL_MIN_WORDS = 100
"""Words in doubtful blocks (left out, yet neither boilerplate nor navigation by our features)
from which the peer is consulted. Set on the WCXB dev tune half with the Zyte tune half not to
get worse (bench/wcxb_halves.py, 2026-12-01): 0 words WCXB tune +0.0107 but Zyte tune -0.0001
with the peer called on 93% of Zyte pages; 50 Zyte tune -0.0005; 100 WCXB tune +0.0094, Zyte
tune +0.0003, called on 25% of WCXB and 10% of Zyte pages; 200 WCXB tune +0.0082."""

ADDED_WHY = "left out, but the peer kept it and our features find no boilerplate"
WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Arbitration:
    choice: str
    """`ours` (the peer not consulted, or adding nothing) or `ours+peer` (blocks added)."""
    why: str
    evidence: tuple[str, ...]
    decisions: tuple[Decision, ...]
    """Our decisions, with the blocks the peer confirmed now kept."""


def doubtful(d: Decision, region: etree._Element | None) -> bool:
    """Left out for where it stands, not for what it is (see above). `region`: the root of an
    inclusive read, whose blocks are never in doubt; None for a single-region read."""
    if d.kept or d.verdict.hard_bad or d.block.tag == "h1" or d.features.copyright:
        return False
    if d.features.link_density > INCLUSIVE_MAX_LINK_DENSITY:
        return False
    return region is None or not (d.block.element is region or region in d.block.element.iterancestors())


def arbitrate(doc: Document, selection: Selection) -> Arbitration:
    decisions = selection.decisions
    region = selection.container if selection.layout is not None and selection.layout.inclusive else None
    pool = sum(d.block.words for d in decisions if doubtful(d, region))
    if pool < PEER_POOL_MIN_WORDS:
        return Arbitration("ours", f"peer not consulted: {pool} words in doubt < {PEER_POOL_MIN_WORDS}",
                           (), decisions)
    peer = candidate(doc, [d.block for d in decisions])
    added = [d for d in decisions if d.block.index in peer.blocks and doubtful(d, region)]
    judged = sum(1 for d in decisions if d.block.index in peer.blocks and not d.kept and not doubtful(d, region))
    evidence = _evidence(decisions, peer, pool, added, judged)
    if not added:
        return Arbitration("ours", "the peer confirms none of the blocks in doubt", evidence, decisions)
    chosen = {d.block.index for d in added}
    merged = tuple(replace(d, kept=True, why=ADDED_WHY) if d.block.index in chosen else d for d in decisions)
    return Arbitration("ours+peer", f"{len(added)} blocks in doubt confirmed by the peer", evidence, merged)


def _evidence(decisions: tuple[Decision, ...], peer: PeerCandidate, pool: int,
              added: list[Decision], judged: int) -> tuple[str, ...]:
    ours = Counter(WORD.findall(" ".join(d.block.text for d in decisions if d.kept).lower()))
    theirs = Counter(WORD.findall(peer.text.lower()))
    shared = sum((ours & theirs).values())
    return (
        f"words in doubt {pool}",
        f"ours {sum(ours.values())} words, peer {sum(theirs.values())} words, shared {shared}",
        f"peer blocks {len(peer.blocks)}, of which left out by our judgement {judged}",
        f"added {len(added)} blocks, {sum(d.block.words for d in added)} words",
    )
