"""Tab panels and disclosure panels: the page's text one click away, read as shown.

Documentation shows the same step for each platform ("Windows / macOS / Linux"), a product
page its description and specifications, a service page one tab per offer: the WAI-ARIA tabs
pattern, a `role="tablist"` of `role="tab"` controls, each naming the `role="tabpanel"` it shows
(`aria-controls`, or the panel's `aria-labelledby` naming its tab). Every panel but the selected
one is hidden (`hidden`, `aria-hidden`, or by the browser's layout), yet each is the page's own
text, a click away -- like a closed `<details>` (blocks.py `folded`). The WAI-ARIA disclosure
pattern (an accordion's questions, a "show more" button) is the same: a control with
`aria-expanded` names by `aria-controls` the panel it opens. A hidden element that only says
`role="tabpanel"`, with no control naming it, is not read: the explicit link between control
and panel is what tells a tab set from a dialog or a menu that happens to use the role. An FAQ
built without ARIA hides its answers with a stylesheet (`collapsed_body`, with layout) or an
inline style (`closed_answer`, after a question), and they are read the same way. So is a tab set
built without ARIA, whose script hides every pane but one with an inline `display:none`
(`closed_tab_pane`: a shop's "Specifications" tab beside its "Overview"; WCXB static, session 23:
tune 0.88484 -> 0.88516, a product's specifications +0.117, a service page's tabs +0.095, a
product's 19-word pane -0.007; check 0.88592 -> 0.88618, two pages up, none down; Zyte and the
other sets: no page moved).

A closed dialog is the opposite case (`closed_dialog`): a `role="dialog"` the page marks
`aria-hidden="true"` is a modal no one opened -- a report form, a privacy-settings panel, a
"save to a list" box. A static parse never reads `aria-hidden`; with layout, the browser shows it
whenever the stylesheet that hides it was not there (the saved pages carry none), and its form
labels and legal text were read as the page's (WCXB rendered, tune half: two product pages
0.45 -> 0.70 and 0.67 -> 0.86). Any other `aria-hidden` element keeps the browser's word: carousel
slides and a `<main>` a script hid behind an open modal are the page's.

Stage: 1 segment (panels one click away)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.document import Document
from extraction.textutil import class_shape, text_of

TAB_ROLE = "tab"
PANEL_ROLE = "tabpanel"
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
ACCORDION_MIN_ITEMS = 2  # like sibling items, each a visible title over a body, that make an accordion ...
ACCORDION_TITLE_MAX_WORDS = 20  # ... the title a line (a question, a section's name) ...
ACCORDION_BODY_MAX_LINK_DENSITY = 0.5  # ... the body not a list of links (a menu's closed submenu) ...
ACCORDION_BODY_MIN_WORDS = 10  # ... and some prose: a sentence (a filter's closed list of options has none)

FADED_MIN_AREA_PX = 2.0  # a faded section has a real box in the flow (blocks.MIN_BOX_AREA_PX)
FADED_DISPLAYS = frozenset({"block", "flex", "grid"})  # ... laid out as a section, not a ticker's inline items

_SENTENCE = re.compile(r"\w[.!?](?:\s|$)")
_INLINE_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)


def controlled_panels(doc: Document) -> frozenset[str]:
    """Ids of the panels a tab or a disclosure control names: its `aria-controls` (a tab, or any
    control with `aria-expanded`), or a `role="tabpanel"`'s `aria-labelledby` naming a tab."""
    tabs: set[str] = set()
    panels: set[str] = set()
    named = _named_by_aria(doc)
    for control in named:
        if control.get("aria-controls") is not None and (_role(control) == TAB_ROLE or control.get("aria-expanded") is not None):
            panels.update((control.get("aria-controls") or "").split())
    for tab in named:
        if tab.get("role") == TAB_ROLE and tab.get("id"):
            tabs.add(tab.get("id") or "")
    for panel in named:
        if (panel.get("aria-labelledby") is not None and _role(panel) == PANEL_ROLE and panel.get("id")
                and tabs.intersection((panel.get("aria-labelledby") or "").split())):
            panels.add(panel.get("id") or "")
    return frozenset(panels)


def _named_by_aria(doc: Document) -> list[etree._Element]:
    """The elements below the root that `controlled_panels` reads (`aria-controls`, `role="tab"`,
    `aria-labelledby`), each once, from the document's attribute index (`Document.owners`); in
    no particular order: `controlled_panels` gathers sets."""
    named = dict.fromkeys([*doc.owners("aria-controls"), *doc.owners("aria-labelledby"),
                           *doc.owners("role", lambda role: role == TAB_ROLE)])
    named.pop(doc.root, None)
    return list(named)


def closed_dialog(element: etree._Element) -> bool:
    """A WAI-ARIA dialog its page marks hidden (`aria-hidden="true"`): a modal no one opened,
    hidden with layout too, whatever box a browser without the page's stylesheet gave it."""
    return element.get("aria-hidden") == "true" and _role(element) in DIALOG_ROLES


def collapsed_body(doc: Document, element: etree._Element) -> bool:
    """With layout, the closed body of an accordion built without ARIA or `<details>`: the
    browser does not display it (the page's stylesheet says `display: none` until a script
    opens it), its item shows a short title before it, and the item repeats among like siblings
    (tag and classes, digits dropped) -- an FAQ or a service page's sections. A static parse
    reads it. Not when the markup itself hides it, nor when it is mostly links (a submenu)."""
    box = doc.box(element) if doc.page.has_layout else None
    if box is None or box.visible or box.display != "none":  # the cheap test first: most elements show
        return False
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return False
    item = element.getparent()
    if _INLINE_HIDDEN.search(element.get("style") or "") or item is None or not _shown(doc, item):
        return False
    title = _title_before(element)
    if title is None or not _shown(doc, title):
        return False
    return _accordion_body(element, item, text_of(title))


def closed_answer(doc: Document, element: etree._Element) -> bool:
    """An FAQ's closed answer its markup hides inline (`style="visibility:hidden"` or
    `display:none`, which a script lifts when the question is clicked), statically or rendered:
    the item shows a question (its title ends with "?") before it and repeats among like siblings,
    and the answer is a sentence or more, not a list of links -- what `collapsed_body` asks of a
    body the stylesheet hides. Inline hiding alone says nothing of a menu or a teaser; after a
    question, in a run of questions, it is the answer."""
    style = element.get("style")
    if not style or not _INLINE_HIDDEN.search(style):  # the cheap test first
        return False
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return False
    item = element.getparent()
    title = _title_before(element)
    if item is None or title is None or _INLINE_HIDDEN.search(title.get("style") or ""):
        return False
    if doc.page.has_layout and not (_shown(doc, item) and _shown(doc, title)):
        return False
    question = text_of(title).strip()
    return question.endswith("?") and _accordion_body(element, item, question)


def _title_before(element: etree._Element) -> etree._Element | None:
    title = element.getprevious()
    while title is not None and not isinstance(title.tag, str):
        title = title.getprevious()
    return title


def _accordion_body(element: etree._Element, item: etree._Element, title: str) -> bool:
    """The tests an accordion's body passes beside its title (ACCORDION_*): a one-line title,
    some prose that is not a list of links, and an item repeated among like siblings."""
    if not 0 < len(title.split()) <= ACCORDION_TITLE_MAX_WORDS:
        return False
    text = text_of(element)
    words = len(text.split())
    linked: int = sum(len(text_of(a).split()) for a in element.iter("a"))
    if words < ACCORDION_BODY_MIN_WORDS or linked > ACCORDION_BODY_MAX_LINK_DENSITY * words or not _SENTENCE.search(text):
        return False
    holder = item.getparent()
    shape = class_shape(item)
    return holder is not None and sum(1 for sib in holder if class_shape(sib) == shape) >= ACCORDION_MIN_ITEMS


def faded_section(doc: Document, element: etree._Element) -> bool:
    """With layout, a section the page's stylesheet faded out until a script reveals it on
    scroll (an animation class such as `step-up` or `fade-in`: opacity 0 from a `<style>` rule,
    not an inline style): a `div` or `section` under a heading of its own (`h2`-`h4`), laid out
    in the flow (a block, flex or grid box of real size, static or relative, no overlay) under a
    parent the browser shows, yet invisible itself. A static parse reads it. A lone invisible
    paragraph, a ticker's inline items, a picture gallery without headings and every absolutely
    placed or fixed layer (menus, tooltips, modals) keep the browser's word."""
    if element.tag not in ("div", "section"):
        return False
    box, parent = doc.box(element), element.getparent()
    if (box is None or box.visible or box.display not in FADED_DISPLAYS or box.position not in ("static", "relative")
            or box.overlay or box.width * box.height < FADED_MIN_AREA_PX or parent is None):
        return False
    parent_box = doc.box(parent)
    return (parent_box is not None and parent_box.visible
            and any(True for _ in element.iter("h2", "h3", "h4")))  # the subtree walk last: it costs most


def _shown(doc: Document, element: etree._Element) -> bool:
    box = doc.box(element)
    return box is not None and box.visible


def _role(element: etree._Element) -> str:
    return (element.get("role") or "").strip().lower()


TAB_PANE_CLASS = re.compile(r"(?<![a-z])tabs?[-_]*(?:panes?|panels?|contents?|body)(?![a-z])", re.I)
"""A class word naming the pane of a tab set (`tab-pane`, `tab__content`, `tabs-panel`)."""
_STATE_CLASS = re.compile(r"^(?:active|is-active|show|shown|in|open|is-open|selected|is-selected|current|hidden|d-none|fade)$")


def closed_tab_pane(element: etree._Element) -> bool:
    """A tab set built without ARIA: a pane its markup hides (`hidden`, inline `display:none`) until
    its tab is clicked, named a tab's pane by its class (`TAB_PANE_CLASS`), beside a like pane
    (tag and classes, digits and state words dropped) that shows -- a product's "Specifications"
    beside its "Overview". Its text is the page's, one click away, as a WAI-ARIA panel's is."""
    if not TAB_PANE_CLASS.search(element.get("class") or ""):
        return False
    if element.get("aria-hidden") == "true" or not _pane_hidden(element):
        return False
    parent = element.getparent()
    if parent is None:
        return False
    shape = class_shape(element, _STATE_CLASS)
    return any(sib is not element and class_shape(sib, _STATE_CLASS) == shape and not _pane_hidden(sib) for sib in parent)


def _pane_hidden(element: etree._Element) -> bool:
    return element.get("hidden") is not None or bool(_INLINE_HIDDEN.search(element.get("style") or ""))
