"""Box titles: on an inclusive read, the title of a box whose content was all left out is chrome.

A page read inclusively keeps every clean block of its region. A sidebar of an old blog or
newspaper has no class word to give it away (`div#beta > div.module`, `td width=200`): its lists
of links go as navigation on a multi-section or product read, and its boxes' titles ("Archives",
"Most read", "Mehr zum Thema") stay, a word or two each above nothing. A short heading
(`BOX_TITLE_MAX_WORDS`, no sentence end; not the page's `h1`) whose box -- its parent element --
holds other blocks, every one of them left out, titles nothing the page keeps. Not on a thread,
whose posts' own fragments are `post_chrome`'s, nor on documentation, whose reference sections
("Ancestors", "Implements") are read as its generator prints them (the Debian manuals' gi-docgen
pages lost 11 such titles and kind labels).

Stage: 6 the inclusive read
Measured: 2026-12-04 (session 18, docs/lab/2026-12-04-s18-comments.md), static, with the promotion
hint of `features.repeated_pieces`: WCXB tune 0.88329 -> 0.88327 (a listing -0.011, an article
-0.008; eleven product pages +0.002 to +0.021 across the halves), check 0.88553 -> 0.88556; Zyte,
newspaper4k, Mozilla and article-extractor unchanged; oldweb tune precision 0.973 -> 0.974. Dropped
with it: menus' entries (all links of under 3.5 words a link) left out of listings too -- WCXB
listing tune 0.725 -> 0.715 (an A-Z index, a collection's category links are a listing's content).
"""

from __future__ import annotations

from lxml import etree

from extraction.text.decisions import Decision
from extraction.text.layout import DOCUMENTATION, THREAD

__all__ = ["drop_box_titles"]

BOX_TITLE_MAX_WORDS = 5  # a box's title: "Blogroll", "Most e-mailed", "Recent Posts"

TITLE_WHY = "the title of a box whose content was left out"


def drop_box_titles(decisions: list[Decision], kind: str) -> list[Decision]:
    """Empty boxes' titles left out of an inclusive read (see the module's docstring)."""
    if kind in (THREAD, DOCUMENTATION):
        return decisions
    titles = [i for i, d in enumerate(decisions)
              if d.kept and d.block.is_heading and d.block.tag != "h1" and d.block.words <= BOX_TITLE_MAX_WORDS
              and not d.features.sentence_ends]
    parents = {decisions[i].block.element.getparent() for i in titles}
    boxes: dict[etree._Element, list[int]] = {}  # the blocks inside each title's parent, only those
    if titles:
        for i, d in enumerate(decisions):
            for ancestor in d.block.element.iterancestors():
                if ancestor in parents:
                    boxes.setdefault(ancestor, []).append(i)
    out = list(decisions)
    for i in titles:
        d = decisions[i]
        parent = d.block.element.getparent()
        others = [j for j in boxes.get(parent, []) if j != i] if parent is not None else []
        if others and parent is not None and parent.tag not in ("body", "html") \
                and not any(decisions[j].kept for j in others):
            out[i] = d.left_out(TITLE_WHY)
    return out
