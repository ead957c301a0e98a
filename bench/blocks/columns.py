"""The columns a block model reads: for each block of a read, the values the stages already
computed for it (its features, its score and label, the read's decision and reason, where it
stands against the kept blocks and their runs, the read's kind) and the words its ancestors' class
and id values name.

Nothing here is parsed anew: every column is a value of a stage (`features.Features`,
`decisions.Verdict`, `decisions.Decision`, `Selection.layout`), a count over the read's decisions,
or a word of an ancestor's `class` / `id`. `dataset.py` writes them for every block of the tune
pages; `train.py` learns from them (session 33: no model kept, docs/lab/2026-12-07-s33-blocks.md).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from lxml import etree

from extraction.text.decisions import Decision, Label, Selection, within
from extraction.text.features import KEPT_CHROME, KEPT_HINTS, PROMO_HINTS
from extraction.text.kind_model import FIRST_PLURAL

KINDS = ("article", "thread", "product", "listing", "documentation", "multi-section")
"""The layout kinds a read is made as (`layout`), one column each."""
OUTSIDE = "outside the chosen container"
"""`pipeline.read_region`'s reason for a block outside the region (no rule judged it)."""
NEAR_BLOCKS = 3
"""How far, in blocks, the neighbours' decisions are read (`around`)."""
ANCESTOR_LEVELS = 12
"""How many ancestors of a block are read for their class and id words (`ancestor_words`)."""
ANCESTOR_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("comment", ("comment", "reply", "replies", "respon", "discuss", "disqus")),
    ("related", ("related", "recommend", "popular", "trending", "promo", "teaser", "more")),
    ("share", ("share", "social", "follow", "print", "email")),
    ("sidebar", ("sidebar", "widget", "aside", "rail")),
    ("author", ("author", "bio", "byline", "profile")),
    ("meta", ("meta", "tag", "categor", "date", "info")),
    ("footer", ("footer", "bottom")),
    ("header", ("header", "masthead", "top")),
    ("nav", ("nav", "menu", "breadcrumb", "pagination", "pager")),
    ("ad", ("advert", "sponsor", "banner", "ads")),
    ("subscribe", ("newsletter", "subscribe", "signup", "cta", "form")),
    ("content", ("content", "article", "entry", "post", "story", "body", "text", "main")),
    ("media", ("caption", "credit", "figure", "media", "image", "photo", "gallery")),
    ("card", ("card", "item", "list", "grid", "tile")),
    ("note", ("note", "disclaimer", "footnote", "reference", "citation", "source")),
    ("shop", ("review", "rating", "product", "price")),
)
"""Words of the class and id values of a block's ancestors, by what they name: themes of every
kind name their boxes in these words (the hints of `features.py` take the nearest one only)."""
_CLASS_WORD = re.compile(r"[a-z]+")
_LABELS = {Label.GOOD: 3.0, Label.NEAR: 2.0, Label.SHORT: 1.0, Label.BAD: 0.0}
_TAGS = ("p", "li", "td", "pre", "div")

FEATURES = (
    "log_words", "link_density", "text_density", "sentence_ends", "pipes", "dated", "copyright",
    "chrome", "kept_chrome", "strong_hint", "comment_hint", "promo_hint", "weak_hint", "positive_hint",
    "overruled_hint", "teaser", "phrase", "terms_of_sale", "font_size", "overlay", "column_offset",
    "score", "hard_bad", "label", "kept", "outside", "heading", *(f"tag_{tag}" for tag in _TAGS),
    "position", "kept_above_share", "span", "kept_distance", "kept_before", "kept_after", "near_kept_share",
    "near_score", "prev_score", "next_score", "words_of_kept", "log_kept_words", "log_page_words",
    "kept_share", "kept_blocks_share", *(f"kind_{kind}" for kind in KINDS), "inclusive", "page_article",
    "run_share", "run_side", "log_words_to_run", "depth", "container_depth", "in_container", "lead_link_share",
    *(f"up_{name}" for name, _ in ANCESTOR_WORDS),
    "we_share", "you_share", "title_overlap", "kept_overlap",
)
"""The names of `rows`' values, in order; the model file names the same (a test checks)."""


def rows(selection: Selection, among: Sequence[int]) -> list[tuple[float, ...]]:
    """The model's input for the decisions at `among` (indexes into `selection.decisions`)."""
    decisions = selection.decisions
    kept_at = [i for i, d in enumerate(decisions) if d.kept]
    page_words = sum(d.block.words for d in decisions)
    kept_words = sum(decisions[i].block.words for i in kept_at)
    first, last = (kept_at[0], kept_at[-1]) if kept_at else (-1, -1)
    layout = selection.layout
    kind = layout.kind if layout is not None else ""
    page = (
        math.log1p(kept_words), math.log1p(page_words), kept_words / page_words if page_words else 0.0,
        len(kept_at) / len(decisions) if decisions else 0.0,
        *(1.0 if kind == k else 0.0 for k in KINDS),
        1.0 if layout is not None and layout.inclusive else 0.0,
        1.0 if layout is not None and layout.page == "article" else 0.0,
    )
    above = _kept_words_above(decisions)
    runs = kept_runs(decisions)
    main = max(runs, key=lambda run: run[2]) if runs else (0, -1, 0)
    region = {selection.container, *selection.siblings} if selection.container is not None else set()
    container_depth = _depth(selection.container) if selection.container is not None else -1
    named: dict[etree._Element, int] = {}
    words_of = [_TOPIC_WORD.findall(d.block.text.lower()) for d in decisions]
    vocabulary: Counter[str] = Counter()
    for i in kept_at:
        vocabulary.update(set(words_of[i]))
    title = next((set(words_of[i]) for i, d in enumerate(decisions) if d.why.startswith("headline")),
                 next((set(words_of[i]) for i, d in enumerate(decisions) if d.block.tag == "h1"), set()))
    n = len(decisions)
    out = []
    for i in among:
        d = decisions[i]
        run = next((r for r in runs if r[0] <= i <= r[1]), None)
        side = 0.0 if main[0] <= i <= main[1] else -1.0 if i < main[0] else 1.0
        between = (above[main[0]] - above[i] - (d.block.words if d.kept else 0) if i < main[0]
                   else above[i] - above[main[1]] - decisions[main[1]].block.words if i > main[1] else 0)
        depth = _depth(d.block.element)
        out.append((*_own(d), i / n, above[i] / kept_words if kept_words else 0.0,
                    (-1.0 if i < first else 1.0 if i > last else 0.0) if kept_at else -2.0,
                    math.log1p(_distance(kept_at, i)), *around(decisions, i),
                    d.block.words / kept_words if kept_words else 0.0, *page,
                    run[2] / kept_words if run is not None and kept_words else 0.0, side,
                    math.log1p(max(0, between)), float(depth), float(depth - container_depth),
                    float(bool(region) and within(d.block.element, region)),
                    d.block.lead_link_words / d.block.words if d.block.words else 0.0,
                    *_bits(ancestor_words(d.block.element, named)), *_voice(d.block.text),
                    *_topic(words_of[i], title, vocabulary, d.kept)))
    return out


_TOPIC_WORD = re.compile(r"[^\W\d_]{4,}")
_VOICE_WORD = re.compile(r"[^\W\d_]+")
_YOU = frozenset({"you", "your", "yours", "sie", "ihr", "vous", "votre", "vos", "usted", "tu", "voi", "jij", "u"})


def _voice(text: str) -> tuple[float, float]:
    """The shares of the block's words in the first person plural (a company's "we") and the second person."""
    words = _VOICE_WORD.findall(text.lower())
    if not words:
        return 0.0, 0.0
    return sum(w in FIRST_PLURAL for w in words) / len(words), sum(w in _YOU for w in words) / len(words)


def _topic(words: list[str], title: set[str], vocabulary: Counter[str], kept: bool) -> tuple[float, float]:
    """The shares of the block's distinct words of four letters or more found in the headline, and in
    the other kept blocks (`vocabulary`: in how many kept blocks each word is)."""
    distinct = set(words)
    if not distinct:
        return 0.0, 0.0
    own = 1 if kept else 0
    return (len(distinct & title) / len(distinct),
            sum(vocabulary[w] - own > 0 for w in distinct) / len(distinct))


def ancestor_words(element: etree._Element, named: dict[etree._Element, int]) -> int:
    """The groups of `ANCESTOR_WORDS` the class and id words of the element and its
    `ANCESTOR_LEVELS` nearest ancestors name, as bits (`named`: each element's own, memoised)."""
    found = 0
    node: etree._Element | None = element
    for _ in range(ANCESTOR_LEVELS + 1):
        if node is None or node.tag in ("body", "html"):
            break
        own = named.get(node)
        if own is None:
            own = named[node] = _named_groups(node)
        found |= own
        node = node.getparent()
    return found


def _named_groups(element: etree._Element) -> int:
    value = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    if not value.strip():
        return 0
    words = _CLASS_WORD.findall(value)
    bits = 0
    for g, (_, stems) in enumerate(ANCESTOR_WORDS):
        if any(stem in word for word in words for stem in stems):
            bits |= 1 << g
    return bits


def _bits(found: int) -> tuple[float, ...]:
    return tuple(float(found >> g & 1) for g in range(len(ANCESTOR_WORDS)))


RUN_GAP_WORDS = 10
"""Kept blocks are one run while the blocks left out between them hold fewer words than this (a
dropped caption or share line does not part a story; a dropped heading and form do)."""


def kept_runs(decisions: Sequence[Decision]) -> list[tuple[int, int, int]]:
    """The runs of kept blocks: (first index, last index, words)."""
    runs: list[tuple[int, int, int]] = []
    start, end, words, gap = -1, -1, 0, 0
    for i, d in enumerate(decisions):
        if d.kept:
            if start >= 0 and gap < RUN_GAP_WORDS:
                end, words = i, words + d.block.words
            else:
                if start >= 0:
                    runs.append((start, end, words))
                start, end, words = i, i, d.block.words
            gap = 0
        else:
            gap += d.block.words
    if start >= 0:
        runs.append((start, end, words))
    return runs


def _depth(element: etree._Element) -> int:
    return sum(1 for _ in element.iterancestors())


def _own(d: Decision) -> tuple[float, ...]:
    f, v, block = d.features, d.verdict, d.block
    strong = f.strong_hint or ""
    tag = block.tag
    return (
        math.log1p(f.words), f.link_density, min(f.text_density, 30.0), float(min(f.sentence_ends, 20)),
        float(min(f.pipes, 10)), float(f.dates), float(f.copyright), float(f.chrome_ancestor is not None),
        float(f.chrome_ancestor in KEPT_CHROME), float(bool(strong)), float(KEPT_HINTS.search(strong) is not None),
        float(PROMO_HINTS.search(strong) is not None), float(f.weak_hint is not None),
        float(f.positive_hint is not None), float(f.overruled_hint is not None), float(f.teaser),
        float(f.phrase is not None), float(f.terms_of_sale),
        f.relative_font_size if f.relative_font_size is not None else -1.0,
        -1.0 if f.in_overlay is None else float(f.in_overlay),
        f.column_offset if f.column_offset is not None else -1.0,
        max(-100.0, min(v.score, 100.0)), float(v.hard_bad), _LABELS[d.label], float(d.kept),
        float(d.why == OUTSIDE), float(block.is_heading), *(float(tag == t) for t in _TAGS),
    )


def _kept_words_above(decisions: Sequence[Decision]) -> list[int]:
    above, total = [], 0
    for d in decisions:
        above.append(total)
        if d.kept:
            total += d.block.words
    return above


def _distance(kept_at: Sequence[int], i: int) -> int:
    """Blocks from `i` to the nearest other kept block (the number of decisions when none)."""
    from bisect import bisect_left

    j = bisect_left(kept_at, i)
    best = 1 << 20
    for k in (j - 1, j, j + 1):
        if 0 <= k < len(kept_at) and kept_at[k] != i:
            best = min(best, abs(kept_at[k] - i))
    return best if best < 1 << 20 else len(kept_at) + 1000


def around(decisions: Sequence[Decision], i: int) -> tuple[float, ...]:
    """Whether the block before and after are kept, the kept share of the `NEAR_BLOCKS` each
    side, their mean score, and the scores of the blocks just before and after."""
    n = len(decisions)
    before = float(i > 0 and decisions[i - 1].kept)
    after = float(i + 1 < n and decisions[i + 1].kept)
    near = [decisions[j] for j in range(max(0, i - NEAR_BLOCKS), min(n, i + NEAR_BLOCKS + 1)) if j != i]
    share = sum(d.kept for d in near) / len(near) if near else 0.0
    mean = sum(max(-100.0, min(d.verdict.score, 100.0)) for d in near) / len(near) if near else 0.0
    prev = max(-100.0, min(decisions[i - 1].verdict.score, 100.0)) if i > 0 else 0.0
    nxt = max(-100.0, min(decisions[i + 1].verdict.score, 100.0)) if i + 1 < n else 0.0
    return before, after, share, mean, prev, nxt
