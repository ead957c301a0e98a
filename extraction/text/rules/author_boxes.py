"""Author boxes: on an article, the boxes about its authors below the story are left out.

A kept block inside an element whose class or id names an author's box (`AUTHOR_BOX_WORDS`:
`author`, `authors`, `bio`, `author-bio`, `AuthorsBlock_about`...), below the container and
under `BOX_MIN_WORDS_BEFORE` words of the story kept above it (outside such boxes), is left
out, judged. The author's note (`rules/author_note.py`) finds one note by its wording and stops
when 100 kept words follow it; a box of two or three writers' bios ("About the authors"), or a
bio that names its writer only by a first name, is found by its markup. A byline or an author's
line above the story (a `blog-hero_author` column) has no story above it and is left alone.

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 22 (2026-12-06, on 9a24305), found on the tune half: the
tune articles' kept blocks under an element so named held 725 words, none in the gold (boxes of
two or three writers' bios after the story, a bio plugin's box, a "By ... is a mortgage broker"
summary). `wcxb_halves --save art22b --diff art22base`: tune 0.88361 -> 0.88371 (articles
0.96142 -> 0.96163; six up), check 0.88559 -> 0.88571 (articles 0.95346 -> 0.95367; three up,
one article whose gold keeps its writer's bio 0.992 -> 0.987); Zyte, newspaper4k, Mozilla,
article-extractor and old-web: every page as before. Without `BOX_MIN_WORDS` a service page's
testimonials lost their name lines (`div.author`: tune 0.908 -> 0.900).
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.ancestry import nearest
from extraction.text.decisions import Decision

BOX_MIN_WORDS_BEFORE = 150  # words of the story kept above an author's box (as `author_note`)
BOX_MIN_WORDS = 20  # kept words a box says about the writer: a name and title line alone is an attribution

AUTHOR_BOX_WORDS = frozenset({
    "author", "authors", "bio", "bios", "biography", "authorbio", "authorbox", "authorblock",
    "authorsblock", "authorinfo", "aboutauthor", "abouttheauthor", "saboxplugin",
})
"""Tokens of a class or id value (lower-cased, cut at every character that is not a letter or
a digit) that name a box about the writer: `the-author`, `bio-box`, `AuthorsBlock_about`,
`learn-post__author-summary`; `saboxplugin` is the class of a widely used WordPress author-box
plugin (Simple Author Box). Whole tokens only: `authority`, `biology` are not."""

_TOKEN = re.compile(r"[a-z0-9]+")

__all__ = ["drop_author_boxes"]


def names_author_box(element: etree._Element) -> bool:
    """Whether `element`'s class or id names a box about the writer (`AUTHOR_BOX_WORDS`)."""
    value = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    return any(token in AUTHOR_BOX_WORDS for token in _TOKEN.findall(value))


def drop_author_boxes(decisions: tuple[Decision, ...], container: etree._Element | None) -> tuple[Decision, ...]:
    """On an article, leave out (judged) the kept blocks of a box about the writer: an element
    below the container whose class or id names an author's box, holding `BOX_MIN_WORDS` kept
    words, once `BOX_MIN_WORDS_BEFORE` words of the story (kept blocks outside such boxes) stand
    above it."""
    memo: dict[etree._Element, etree._Element | None] = {}
    story = 0
    boxes: dict[etree._Element, list[Decision]] = {}
    for d in decisions:
        if not d.kept:
            continue
        box = _author_box(d.block.element, container, memo)
        if box is None:
            story += d.block.words
        elif story >= BOX_MIN_WORDS_BEFORE or box in boxes:
            boxes.setdefault(box, []).append(d)
    drop = {d.block.index for held in boxes.values() if sum(d.block.words for d in held) >= BOX_MIN_WORDS
            for d in held}
    if not drop:
        return decisions
    return tuple(d.judged_out("a box about the author after the article") if d.block.index in drop else d
                 for d in decisions)


def _author_box(element: etree._Element, container: etree._Element | None,
                memo: dict[etree._Element, etree._Element | None]) -> etree._Element | None:
    """The nearest of `element` and its ancestors below `container` whose class or id names an
    author's box, or None (memoised in `memo`; the whole path when there is no container)."""
    return nearest(element, _named_author_box, memo, (container,) if container is not None else ())


def _named_author_box(element: etree._Element) -> etree._Element | None:
    return element if isinstance(element.tag, str) and names_author_box(element) else None
