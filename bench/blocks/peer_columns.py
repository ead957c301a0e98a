"""The peer's agreement as a block model's columns: whether trafilatura's body (`extraction/text/peer.py`,
the second candidate the arbiter consults) holds each block, its neighbours and its run, and how the
peer's body stands against ours (issue 32, session 34).

The peer is called as the arbiter calls it (`peer.candidate`: the same parsed tree, the page's
comment section left out on an article), so a rule on these columns could reuse the arbiter's call
on the pages where it is consulted. `dataset.py --peer` writes them beside `columns.rows` (`px`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from bench.blocks.columns import NEAR_BLOCKS, kept_runs
from extraction.text.decisions import Selection
from extraction.text.peer import align

SHINGLE = 3
_WORD = re.compile(r"\w+")

PEER_FEATURES = (
    "peer_holds", "peer_share", "peer_prev_share", "peer_next_share", "peer_near_share", "peer_run_share",
    "peer_side", "log_words_to_peer_span", "log_peer_words", "peer_ratio", "peer_agreement",
    "peer_kept_held", "peer_empty", "peer_consulted",
)
"""The names of `rows`' values, in order."""


def _grams(words: Sequence[str]) -> set[tuple[str, ...]]:
    if len(words) < SHINGLE:
        return {tuple(words)} if words else set()
    return {tuple(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def shares(texts: Sequence[str], peer: str) -> list[float]:
    """Each text's share of its word 3-grams (lower-cased `\\w+`) in the peer's text; a text of one
    or two words: whether its words, in order, are in the peer's text."""
    words = _WORD.findall(peer.lower())
    theirs = _grams(words)
    haystack = " " + " ".join(words) + " "
    out = []
    for text in texts:
        mine = _WORD.findall(text.lower())
        if not mine:
            out.append(0.0)
        elif len(mine) < SHINGLE:
            out.append(1.0 if " " + " ".join(mine) + " " in haystack else 0.0)
        else:
            g = _grams(mine)
            out.append(len(g & theirs) / len(g))
    return out


def rows(selection: Selection, among: Sequence[int], peer: str, consulted: bool) -> list[tuple[float, ...]]:
    """The peer's columns for the decisions at `among` (indexes into `selection.decisions`); `peer`:
    the peer's body; `consulted`: whether the arbiter consulted the peer on this page."""
    decisions = selection.decisions
    held_blocks = align([d.block for d in decisions], peer)
    held = [d.block.index in held_blocks for d in decisions]
    share = shares([d.block.text for d in decisions], peer)
    words = [d.block.words for d in decisions]
    kept_at = [i for i, d in enumerate(decisions) if d.kept]
    kept_words = sum(words[i] for i in kept_at)
    held_kept = [i for i in kept_at if held[i]]
    peer_words = len(_WORD.findall(peer))
    ours = Counter(_WORD.findall(" ".join(decisions[i].block.text for i in kept_at).lower()))
    theirs = Counter(_WORD.findall(peer.lower()))
    page = (
        math.log1p(peer_words), math.log((peer_words + 1) / (kept_words + 1)),
        sum((ours & theirs).values()) / sum(ours.values()) if ours else 0.0,
        sum(words[i] for i in held_kept) / kept_words if kept_words else 0.0,
        float(peer_words == 0), float(consulted),
    )
    with_words = [i for i, w in enumerate(words) if w]
    place = {j: k for k, j in enumerate(with_words)}
    runs = kept_runs(decisions)
    cumulative = [0]
    for w in words:
        cumulative.append(cumulative[-1] + w)
    out = []
    for i in among:
        k = place.get(i, -1)
        prev = share[with_words[k - 1]] if k > 0 else 0.0
        nxt = share[with_words[k + 1]] if 0 <= k < len(with_words) - 1 else 0.0
        near = [j for j in with_words[max(0, k - NEAR_BLOCKS):k + NEAR_BLOCKS + 1] if j != i] if k >= 0 else []
        near_words = sum(words[j] for j in near)
        near_share = sum(share[j] * words[j] for j in near) / near_words if near_words else 0.0
        run = next((r for r in runs if r[0] <= i <= r[1]), None)
        if run is not None:
            run_words = sum(words[j] for j in range(run[0], run[1] + 1) if decisions[j].kept)
            run_share = sum(words[j] for j in range(run[0], run[1] + 1) if decisions[j].kept and held[j]) / max(1, run_words)
        else:
            run_share = -1.0
        if not held_kept:
            side, gap = -2.0, 0
        elif i < held_kept[0]:
            side, gap = -1.0, cumulative[held_kept[0]] - cumulative[i + 1]
        elif i > held_kept[-1]:
            side, gap = 1.0, cumulative[i] - cumulative[held_kept[-1] + 1]
        else:
            side, gap = 0.0, 0
        out.append((float(held[i]), share[i], prev, nxt, near_share, run_share, side, math.log1p(max(0, gap)), *page))
    return out
