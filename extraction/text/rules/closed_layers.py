"""Closed and pinned layers: on an inclusive read, what a CSS framework keeps shut or pins over the page is not the page's.

A shop or a listing carries layers a reader sees only when something opens them, or that float
over the page while it scrolls: a region chooser ("Where are we shipping to?"), a size picker, a
chat helper's welcome, a sign-up's thank-you, a promo bar. A browser shows a framework's off-canvas
drawer (Bootstrap's `.offcanvas`) only once a script adds `show` (its dialog, `.modal`, is a popup the
walk leaves out on every page: `blocks.POPUP_CLASSES`), and
draws a layer with `position: fixed` (Tailwind's `fixed`, Bootstrap's `fixed-top`,
`fixed-bottom`, `position-fixed`) over the page. A static parse reads them all in place, and an
inclusive read keeps every clean block. The class is the framework's own name for the behaviour,
so it says what the stylesheet would: a layer whose class pins it (`PINNED_CLASS`) or shuts it
(`CLOSED_CLASSES`, not `OPEN_CLASSES`) is left out, judged. A breakpoint that unpins it
(`md:static`) makes it part of the flow on a wide screen, and it stays. Layers holding
`LAYERS_PAGE_MIN_SHARE` of the kept words are the page itself (an app drawn in a fixed pane),
as `features.LAYERS_PAGE_MAX_FREE_SHARE` says of rendered layers. An article's read is left
alone: its region is one story, chosen by its prose.

Stage: 6 the inclusive read
Measured: 2026-12-06 (session 23, docs/lab/2026-12-06-s23-quality.md), static `bench/wcxb_halves.py`
against main cf68213: WCXB tune 0.88371 -> 0.88384 (7 pages up, none down: a chat helper's closed modal
on a listing +0.043, a region chooser on a collection, a region bar pinned over three product pages,
a listing's promo bar, a service page's pinned menu +0.003..+0.008), check 0.88571 -> 0.88592 (5 up,
none down: a product page +0.123, an article read inclusively +0.022); Zyte, newspaper4k, Mozilla,
article-extractor and the old-web corpus: no page moved.
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.ancestry import nearest
from extraction.text.decisions import Decision

__all__ = ["drop_closed_layers"]

PINNED_CLASS = re.compile(r"fixed|fixed-top|fixed-bottom|position-fixed")
"""Whole class words that give an element `position: fixed` (Tailwind, Bootstrap)."""
CLOSED_CLASSES = frozenset({"offcanvas"})
"""Bootstrap's drawer: off screen until a script opens it."""
OPEN_CLASSES = frozenset({"show", "in", "open", "is-open", "active", "is-active", "visible", "is-visible"})
"""The state classes a script adds to an opened drawer (Bootstrap 5 `show`, 3 `in`)."""
UNPINNED_AT_BREAKPOINT = re.compile(r"[a-z0-9]+:(?:static|relative|absolute|sticky)")
"""A responsive class putting the element back in the flow from a breakpoint on (Tailwind `lg:static`)."""
LAYERS_PAGE_MIN_SHARE = 0.5  # layers holding this share of the kept words are the page, not layers over it

LAYER_WHY = "inside a layer the page pins over it or keeps closed"


def layer_class(element: etree._Element,
                memo: dict[etree._Element, str | None] | None = None) -> str | None:
    """The class word of the nearest ancestor-or-self of `element` (below `<body>`) that a CSS
    framework pins over the page or keeps closed, if any. `memo`: the answers on the way up,
    shared by the calls for one page, whose kept blocks share most of their wrappers
    (`ancestry.nearest`)."""
    if not isinstance(element.tag, str):
        return None
    return nearest(element, _own_layer_class, memo)


def _own_layer_class(e: etree._Element) -> str | None:
    """The element's own class word that pins it or keeps it closed (not the ancestors')."""
    words = (e.get("class") or "").split()
    if not words:
        return None
    pinned = next((w for w in words if PINNED_CLASS.fullmatch(w)), None)
    if pinned and not any(UNPINNED_AT_BREAKPOINT.fullmatch(w) for w in words):
        return pinned
    closed = next((w for w in words if w in CLOSED_CLASSES), None)
    if closed and not OPEN_CLASSES.intersection(words):
        return closed
    return None


def drop_closed_layers(decisions: list[Decision]) -> list[Decision]:
    """The kept blocks inside closed or pinned layers left out, judged (see the module's docstring)."""
    memo: dict[etree._Element, str | None] = {}
    found = {i: word for i, d in enumerate(decisions) if d.kept and (word := layer_class(d.block.element, memo))}
    if not found:
        return decisions
    kept_words = sum(d.block.words for d in decisions if d.kept)
    if sum(decisions[i].block.words for i in found) >= LAYERS_PAGE_MIN_SHARE * kept_words:
        return decisions
    out = list(decisions)
    for i, word in found.items():
        out[i] = decisions[i].judged_out(LAYER_WHY, f"{LAYER_WHY} (~ {word})")
    return out
