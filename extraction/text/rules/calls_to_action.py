"""Calls to action: on an article, the boxes its markup names a call to action are left out.

Marketing sites and publishers alike set boxes into and under a story that ask the reader to do
something -- book a demo, get a quote, download the e-book, try the product, donate -- and most
themes and page builders name such a box for what it is: `cta` (`cta-container`,
`article-cta-box`, `blog_cta`, Divi's `et_pb_cta_0`, `ServiceRequestCta_root`),
`call-to-action` (WP Recipe Maker's `wprm-call-to-action`), `CallToActionBox`, `call2action`.
Its lines are full sentences ("Ready to turn short-form video into a growth engine? Partner
with ..."), so no phrase or score sinks them, and the second candidate, which reads every
sentence, puts back what the score left out. The blocks inside an element so named
(`names_call_to_action`), below the region's container, are left out, judged, when the box holds
no more than `BOX_MAX_WORDS` words (a box, not a wrapper a theme named after the button
under the story: `above-cta`) and not the story's first paragraph, and when `STORY_MIN_WORDS`
kept words stay outside such boxes. Only on a page that is an article: a service page read as
one region (the page-kind model names it multi-section) is its calls to action -- what the
business offers and how to get it -- and a thread's posts are read as they are.

Stage: 7 post-passes (an article's)
Measured: 2026-12-07 (session 32, docs/lab/2026-12-07-s32-story.md), WCXB dev static, found on
the tune half's articles read as articles: the kept blocks inside an element so named held about
1,100 words on 19 pages, 7% of them in the gold (a theme's wrapper around the whole page, also so
named, held 7,149 words, all in the gold: hence the box's size and the story's first paragraph).
`wcxb_halves --save s32s-c1b --diff s32s-base`: tune 0.88482 -> 0.88515 (articles 0.96006 ->
0.96069: 18 up, one 0.958 -> 0.954), check 0.88649 -> 0.88668 (articles 0.95377 -> 0.95420: 17
up, none down; one service page the model names an article 0.964 -> 0.938); Zyte 0.9821 ->
0.9827 (one page 0.841 -> 0.972); newspaper4k, Mozilla, article-extractor and old-web: no body
changed. Without the page kind, tune's service pages read as one region lost up to 0.397.
Its cost, as Python on the 1,112 WCXB and Zyte pages read as articles: 0.085 ms a page median (0.45
mean) since the boxes are found from the document's attribute index, against 0.53 (0.98) walking
up from every block and testing each ancestor's names; the same decisions on every page.
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.ancestry import nearest
from extraction.document import Document
from extraction.text.decisions import Decision, Label
from extraction.text.features import running_prose
from extraction.text.layout import ARTICLE

__all__ = ["drop_calls_to_action", "names_call_to_action"]

BOX_MAX_WORDS = 200  # words of a call to action at most: a pitch, a list of its offers, a button's line
STORY_MIN_WORDS = 100  # kept words outside such boxes: the page keeps a story

CALL_TO_ACTION = re.compile(r"(?<![A-Za-z])(?:cta|Cta|CTA)(?![a-z])|(?<=[a-z])(?:Cta|CTA)(?![a-z])"
                            r"|(?i:call[-_]?(?:to|2)[-_]?action)")
"""A class or id word that names a call to action: `cta` alone or as a compound's part, cased as
a word (`cta-container`, `blog_cta`, `ServiceRequestCta`, `autoscalerCTA`; not `octa`,
`dictation`, `Ctags`), or `call to action` spelled out (`call-to-action`, `CallToActionBox`,
`call2action`)."""

WHY = "a call to action (its markup names it)"


def names_call_to_action(value: str) -> bool:
    """Whether a class or id value names a call to action (`CALL_TO_ACTION`)."""
    return CALL_TO_ACTION.search(value) is not None


def drop_calls_to_action(doc: Document, decisions: tuple[Decision, ...], container: etree._Element | None,
                         page: str) -> tuple[Decision, ...]:
    """On an article, leave out (judged) the blocks of the boxes named a call to action below the
    container, kept or not: the second candidate would put back their sentences (see the module's
    docstring). `page`: the kind the page is (`LayoutKind.page`); a service page read as one
    region keeps its offers."""
    if container is None or page != ARTICLE:
        return decisions
    named = _named(doc)
    if not named:
        return decisions
    start = next((d for d in decisions if d.kept and d.label is Label.GOOD and running_prose(d.features)), None)
    first = start.block.element if start is not None else None
    stop = {container, *container.iterancestors()}
    memo: dict[etree._Element, etree._Element | None] = {}
    boxes: dict[etree._Element, list[Decision]] = {}
    story = 0
    for d in decisions:
        box = _box(d.block.element, named, stop, memo)
        if box is not None:
            boxes.setdefault(box, []).append(d)
        elif d.kept:
            story += d.block.words
    drop = {d.block.index for box, held in boxes.items()
            if sum(d.block.words for d in held) <= BOX_MAX_WORDS and not _holds(box, first) for d in held}
    if not drop or story < STORY_MIN_WORDS:
        return decisions
    return tuple(d.judged_out(WHY, WHY) if d.block.index in drop else d for d in decisions)


def _named(doc: Document) -> frozenset[etree._Element]:
    """The page's elements whose class or id names a call to action, read off the document's
    attribute index: the distinct values (`Document.values`) searched first as one string for the
    letters every spelling holds, and only on a page where they are (most have none) each value
    with the pattern, then its owners."""
    joined = " ".join(" ".join(doc.values(name)) for name in ("class", "id")).lower()
    if "cta" not in joined and "action" not in joined:  # what every spelling holds: a search in C
        return frozenset()
    return frozenset(doc.named(names_call_to_action))


def _box(element: etree._Element, named: frozenset[etree._Element], stop: set[etree._Element],
         memo: dict[etree._Element, etree._Element | None]) -> etree._Element | None:
    """The nearest of `element` and its ancestors below `stop` (the container and what holds it)
    named a call to action (`named`), or None (memoised in `memo`): a box named so inside a wrapper named so
    is a box of its own, and the wrapper that holds the story keeps what it holds outside its boxes."""
    return nearest(element, lambda node: node if node in named else None, memo, stop)


def _holds(box: etree._Element, element: etree._Element | None) -> bool:
    return element is not None and (element is box or any(a is box for a in element.iterancestors()))
