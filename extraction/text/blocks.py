"""Segmentation: the page's visible text cut into blocks, in document order.

A block is the run of text owned by one block-level element (a paragraph, a heading, a list
item, the loose text of a div), with the inline markup inside it flattened. `<br><br>` and
`<hr>` also end a block. Hidden elements, `cxenseignore` elements and non-text elements
(scripts, forms controls, media) contribute nothing.

The walk can be gated: `Gate.CLASS` only keeps text inside `cXenseParse` elements and
`Gate.COMMENTS` only text between `cxenseparse_start` / `cxenseparse_end` comments; the
heuristic uses `Gate.ALL`.

Stage: 1 segment
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree
from lxml.html import HtmlElement

from extraction.document import Document
from extraction.jsonld import declares_paywall
from extraction.text.docs import code_line
from extraction.text.inline import CODE_TAGS, glued
from extraction.text.labels import visual_copy
from extraction.text.tabs import (
    FADED_MIN_AREA_PX,
    closed_answer,
    closed_dialog,
    closed_tab_pane,
    collapsed_body,
    controlled_panels,
    faded_section,
)
from extraction.textutil import text_of

SKIPPED_TAGS = frozenset({
    "script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas",
    "video", "audio", "map", "button", "select", "option", "textarea", "input", "head", "title",
    "meta", "link", "base", "picture", "source", "dialog",
})
"""Elements whose content is never readable article text."""

BLOCK_TAGS = frozenset({
    "html", "body", "p", "div", "section", "article", "main", "header", "footer", "nav", "aside",
    "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead",
    "tbody", "tfoot", "tr", "td", "th", "caption", "blockquote", "pre", "figure", "figcaption",
    "form", "fieldset", "legend", "address", "details", "summary", "center", "hr", "menu",
})
"""Elements that start a new block when the browser gave no `display` (a static page)."""

INLINE_DISPLAYS = frozenset({"inline", "inline-block", "inline-flex", "contents", "ruby"})
"""Computed `display` values that keep an element inside its parent's block."""

CELL_TAGS = frozenset({"td", "th"})
DATA_CELL_MAX_WORDS = 40
"""Words: a table cell with no block-level element inside and at most this much text is a data
cell, and a row of data cells is one block (a line of a data table reads as one line; its
cells are too short to be judged alone), cells separated by a space. A longer cell, or one
holding paragraphs or lists, is a layout cell and a block of its own. Set on the tune half of
bench/extraction_halves.py (run of the table change: rendered F1 0.976, static 0.976 on all 181
pages)."""

NOSCRIPT_MIN_WORDS = 50
"""Words: without layout (a static page, scripts not run) a `<noscript>` holding at least this
much text is read, as a browser with scripting off shows it -- forum and shop software put the
whole page there for crawlers; a shorter one is an "enable JavaScript" notice or a pixel."""
SHELL_NOSCRIPT_SHARE = 0.5
"""With layout, a `<noscript>` of NOSCRIPT_MIN_WORDS or more is read when everything the browser
showed holds fewer words than this share of it: the page is an app shell whose script did not
draw the content (a splash screen, a blocked or failed bundle) and the server put the page in the
`<noscript>` for crawlers, as Discourse forums do. When the script did draw the page, the visible
text is as long as the `<noscript>` (usually longer) and the duplicate stays unread. Chosen on the
WCXB tune half: forum pages rendered without their bundle went from empty bodies to the thread."""
MISNESTED_CONTROL_MIN_WORDS = 100
"""Words: a `<button>` holding block-level elements with at least this much text is a wrapper
the parser nested the page into (an unclosed control), not a control label: it is read."""
STREAMED_ID = re.compile(r"^S:\d+$")
"""Id of a server-streamed chunk (React streaming rendering: `<div hidden id="S:0">` is moved
into place by a script). A chunk still hidden in the DOM was never placed (no script ran), so it is read."""

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
PERMALINK_MARK_MAX_CHARS = 2  # a heading's in-page link this short, with no letter or digit, is its anchor mark

MARKUP_CLASS = "cxenseparse"
"""Class (compared lower-cased) of the elements that hold the whole body (spec: Sections)."""
IGNORE_CLASS = "cxenseignore"
"""Class (compared lower-cased) of elements always left out of the body."""
POPUP_CLASSES = ("elementor-location-popup", "modal", "mfp-hide")
"""Classes (compared lower-cased) of the popups a page ships shut for a script to open: a page builder's
popup templates (Elementor prints every popup of the site, a newsletter offer, "get the app", an audit
offer, at the end of `<body>`), Bootstrap's dialog (`.modal`: a region chooser, a chat helper's
welcome, a sign-up's thank-you) and Magnific Popup's inline content (`.mfp-hide`), each kept shut by
its stylesheet until a trigger fires. Open or shut, a popup is not the page's text: left out as
`cxenseignore` is, on every kind of page, so that a static read (no stylesheet) does not read them in
place."""
MIN_BOX_AREA_PX = 2.0
"""px²: an invisible box at least this large hides its whole subtree (see `is_hidden`)."""
LOADING_VEIL_SHARE = 0.5
"""Share of the body's readable characters an invisible element must hold to count as a loading veil."""
MAIN_VEIL_SHARE = 0.25
"""Share of the body's readable characters that makes an invisible `<main>` (or `role=main`) a
loading veil: a page does not hide its own main landmark with a quarter of its text in it unless
a script that did not run was to reveal it; the rest of the text is then a header's mega-menu
and a footer, which need not be smaller for the landmark to be the content."""
PAYWALLED_STORY_MIN_WORDS = 150
"""Words in paragraphs: on a page whose structured data says its text is not free to read
(`jsonld.declares_paywall`), or whose `cXenseParse` markup holds nothing visible, a hidden
element with this much paragraph text is the story the page hides from a signed-out reader until
a login script shows it (a `display:none` article body beside a "members only" notice), and it
is read: a publisher profiles its stories, paywalled or not. A hidden menu or login form holds
no such paragraphs; a teaser paragraph or two is fewer words."""
START_COMMENT = "cxenseparse_start"
END_COMMENT = "cxenseparse_end"

_STATIC_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_VISIBILITY_HIDDEN = re.compile(r"visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0*)?\s*(?:;|!|$)", re.I)
"""The inline styles of an anti-flicker veil: hidden, or faded to nothing until a script shows it."""
_FADED = re.compile(r"opacity\s*:\s*0(?:\.0*)?\s*(?:;|!|$)", re.I)
_MOVED = re.compile(r"(?:^|;|\s)transform\s*:(?!\s*none)", re.I)
"""With `_FADED`, the inline style of a scroll reveal: faded to nothing and moved off its place
until the reader scrolls to it, when a script animates it in (GSAP, ScrollReveal, Webflow write
these two properties inline). Fading alone is not enough: a rail teaser or a closed dropdown is
also `opacity:0`, and stays hidden."""
UNREAD_TAGS = ("script", "style", "template")
"""Their text is code, not page text: left out when a veil's share of the page is measured, and
when a thread's posts are weighed (`threads.words`)."""
HIDING_ATTRIBUTES = ("hidden", "aria-hidden", "style")
"""The attributes a static page's hiding tests read (`_walk_state`)."""
_UNLIT_MAX_AREA_PX = min(MIN_BOX_AREA_PX, FADED_MIN_AREA_PX)
"""px²: an invisible box below this hides nothing and is no faded section (`_walk_state`)."""
_DISPLAY_NONE = re.compile(r"display\s*:\s*none", re.I)
_WORD = re.compile(r"\w")
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
UNSPACED_CHARS_PER_WORD = 2
"""Chinese, Japanese, Korean and Thai write without spaces: this many of their characters
count as one word, so blocks in those scripts weigh like blocks in spaced scripts."""


def unspaced_chars(text: str) -> int:
    """Characters of the scripts written without spaces (see UNSPACED_CHARS_PER_WORD)."""
    return 0 if text.isascii() else len(_UNSPACED_SCRIPT.findall(text))


def count_words(text: str) -> int:
    """Words split by spaces; a run in a script written without spaces counts its characters
    (UNSPACED_CHARS_PER_WORD to a word, one at least), once: counting it as a spaced word too
    made a two-character menu label ("北京") weigh as two words, and a footer of city links
    outweigh the story above it."""
    if not unspaced_chars(text):
        return len(text.split())
    words = 0
    for token in text.split():
        unspaced = len(_UNSPACED_SCRIPT.findall(token))
        words += max(1, -(-unspaced // UNSPACED_CHARS_PER_WORD)) if unspaced else 1
    return words


class Gate(enum.Enum):
    ALL = "all"
    CLASS = "cXenseParse class"
    COMMENTS = "cxenseparse comments"


@dataclass(frozen=True, slots=True)
class Block:
    """One block of text: `element` owns it (its nearest block-level element)."""

    index: int
    element: etree._Element
    text: str
    words: int
    link_words: int
    lead_link_words: int = 0
    """Words in links before the block's first unlinked word, when that linked text stands
    apart from what follows (no full stop ends it, the text after it does not carry on its
    sentence in lower case): a block that opens with a linked headline is how a teaser (a link
    followed by its summary) starts, while a digest's link that begins a sentence is not one."""

    def __init__(self, index: int, element: etree._Element, text: str, words: int, link_words: int,
                 lead_link_words: int = 0) -> None:
        """Written out: made once a block (see extraction/native.py)."""
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "element", element)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "link_words", link_words)
        object.__setattr__(self, "lead_link_words", lead_link_words)

    @property
    def tag(self) -> str:
        tag = self.element.tag  # read once: lxml builds a new string at each read
        return tag if isinstance(tag, str) else ""

    @property
    def is_heading(self) -> bool:
        return self.tag in HEADING_TAGS


def classes(element: etree._Element) -> frozenset[str]:
    return frozenset((element.get("class") or "").lower().split())


def is_hidden(doc: Document, element: etree._Element) -> bool:
    """Hidden with everything inside it: by the browser's layout, or (without layout) by the
    `hidden` / `aria-hidden` attributes and inline `display:none` / `visibility:hidden`.
    With layout, a closed dialog (tabs.py `closed_dialog`) and an `aria-hidden` visual copy of a
    sibling's accessible label (labels.py `visual_copy`) are hidden whatever their box says.

    A zero-size box the browser calls invisible is not enough: a wrapper whose children all
    float collapses to height 0 while they show, so each child is judged by its own box.
    """
    if doc.page.has_layout and (closed_dialog(element) or visual_copy(element)):
        return True
    box = doc.box(element)
    if box is not None:
        return not box.visible and box.width * box.height >= MIN_BOX_AREA_PX
    if doc.page.has_layout:
        return False
    return statically_hidden(element)


def statically_hidden(element: etree._Element) -> bool:
    """Hidden by the markup alone. `aria-hidden` on a link is not: it hides a card's repeated
    link (round its summary, its picture) from screen readers, while the eye sees it."""
    if element.get("hidden") is not None or (element.get("aria-hidden") == "true" and element.tag != "a"):
        return True
    style = element.get("style")
    return bool(style and _STATIC_HIDDEN.search(style))


def loading_veil(element: etree._Element, body_chars: int) -> bool:
    """An invisible element holding most of the page's text is a loading state (an
    anti-flicker snippet hides the page until a script that never ran reveals it), not
    hidden boilerplate: its text is judged as if it showed."""
    landmark = element.tag == "main" or (element.get("role") or "").lower() == "main"
    return readable_chars(element) >= (MAIN_VEIL_SHARE if landmark else LOADING_VEIL_SHARE) * body_chars


def paywalled_story(element: etree._Element) -> bool:
    """A hidden element holding a story's paragraphs (see PAYWALLED_STORY_MIN_WORDS); asked only
    where hidden stories are read: a page that declares a paywall, or markup holding nothing else."""
    return sum(count_words(text_of(p)) for p in element.iter("p")) >= PAYWALLED_STORY_MIN_WORDS


def readable_chars(element: etree._Element) -> int:
    """Characters of text, spaces and the code in scripts and styles left out: the share of a
    page's text is the share of what can be read (inline scripts and indentation can be most of
    the characters of a page's source)."""
    code = sum(solid_chars(text_of(e)) for e in element.iter(*UNREAD_TAGS))
    return max(0, solid_chars(text_of(element)) - code)


def solid_chars(text: str) -> int:
    """Characters of `text`, spaces aside (`str.split` drops exactly the characters
    `str.isspace` calls spaces, in C: three times faster than a regex over a page's text)."""
    return sum(map(len, text.split()))


def static_veil(doc: Document, element: etree._Element) -> bool:
    """An element hidden only by an inline `visibility:hidden` or `opacity:0` (no `hidden`
    attribute, no `display:none`): the anti-flicker wrapper a script removes once the page has loaded (Next.js
    pages ship whole in one). With `loading_veil` it is read as shown -- rendered too: a page
    still veiled when the snapshot was taken is one whose script did not run (had it run, the
    veil would be gone), and its text is what a reader sees a moment later."""
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return False
    style = element.get("style") or ""
    return bool(_VISIBILITY_HIDDEN.search(style)) and not _DISPLAY_NONE.search(style)


def scroll_reveal(doc: Document, element: etree._Element) -> bool:
    """With layout, an element the browser calls invisible only because a script faded it out
    and moved it (inline `opacity:0` with a `transform`; no `hidden`, `aria-hidden`,
    `display:none` or `visibility:hidden`): the fade-in-on-scroll of animation libraries, which
    shows it once the reader scrolls to it.
    A static parse reads it; the rendered read lost it (WCXB product pages, tune half, bench run
    of 2026-12-01: the rendered read of a page with such sections kept 331 of static's 1,178 words)."""
    if not doc.page.has_layout or statically_hidden(element):
        return False
    style = element.get("style") or ""
    return bool(_FADED.search(style) and _MOVED.search(style)) or faded_section(doc, element)


def read_anyway(doc: Document, element: etree._Element, tag: str, shell: bool = False) -> bool:
    """A skipped element that holds page text all the same (see NOSCRIPT_MIN_WORDS,
    SHELL_NOSCRIPT_SHARE and MISNESTED_CONTROL_MIN_WORDS); `shell`: the rendered page showed
    too little text, its `<noscript>` is read as on a static page."""
    if tag == "noscript":
        return ((shell or not doc.page.has_layout)
                and count_words(text_of(element)) >= NOSCRIPT_MIN_WORDS)
    if tag == "button":
        return (any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS for d in element.iterdescendants())
                and count_words(text_of(element)) >= MISNESTED_CONTROL_MIN_WORDS)
    return False


def streamed_chunk(doc: Document, element: etree._Element) -> bool:
    """A server-streamed chunk left hidden because no script ran. Rendered too: React's script
    moves the chunk into place and removes it, so one still in the DOM was never placed."""
    return element.get("hidden") is not None and bool(STREAMED_ID.match(element.get("id") or ""))


def folded(doc: Document, element: etree._Element) -> bool:
    """With layout, content of a closed `<details>` (an FAQ answer, an accordion section): the
    browser hides it until its summary is clicked, a static parse reads it. It is the page's
    text, a click away (the summary says what it holds), so it is read -- unless the page's own
    markup hides it as well (`hidden`, inline `display:none`)."""
    parent = element.getparent()
    return (doc.page.has_layout and parent is not None and parent.tag == "details"
            and parent.get("open") is None and element.tag != "summary" and not statically_hidden(element))


def own_text_hidden(doc: Document, element: etree._Element) -> bool:
    """The element's own text (not its children's) is hidden: an invisible zero-size box."""
    box = doc.box(element)
    return box is not None and not box.visible


def is_data_cell(element: etree._Element, tag: str | None = None) -> bool:
    """`tag`: the element's tag when the caller has it (lxml builds a new string at each read)."""
    if (element.tag if tag is None else tag) not in CELL_TAGS:
        return False
    if any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS for d in element.iterdescendants()):
        return False
    return count_words(text_of(element)) <= DATA_CELL_MAX_WORDS


def starts_block(doc: Document, element: etree._Element, tag: str | None = None) -> bool:
    """`tag`: the element's tag when the caller has it (see `is_data_cell`). A page without
    boxes is answered by the tag alone, a data cell's subtree read only for a cell."""
    if tag is None:
        tag = str(element.tag)
    if not doc.page.boxes:
        return tag in BLOCK_TAGS and not is_data_cell(element, tag)
    if is_data_cell(element, tag):
        return False
    box = doc.box(element)
    if box is not None and box.display:
        return box.display not in INLINE_DISPLAYS
    return tag in BLOCK_TAGS


def permalink(link: etree._Element, owner: etree._Element) -> bool:
    """A link in a heading that points into the page itself (`href="#..."`): the heading's own
    anchor or a way back to the table of contents (MDN, Sphinx, GitHub and most documentation
    generators link every section heading so), not a way elsewhere. Its words are the heading's,
    unlinked: counted as links, every section title of such a page read as navigation."""
    return owner.tag in HEADING_TAGS and (link.get("href") or "").startswith("#")


def heading_title(block: Block) -> str:
    """A heading block's text without its permalink mark (Sphinx's `¶`, a `#` or `§` anchor at
    either end): the mark is something to click, not a character of the title. Only the text
    given out loses it; scoring reads the block as the page shows it."""
    if not block.is_heading:
        return block.text
    for link in block.element.iter("a"):
        mark = text_of(link).strip()
        if not (permalink(link, block.element) and 0 < len(mark) <= PERMALINK_MARK_MAX_CHARS
                and not any(c.isalnum() for c in mark)):
            continue
        if block.text.endswith(mark):
            return block.text[:-len(mark)].rstrip()
        if block.text.startswith(mark):
            return block.text[len(mark):].lstrip()
    return block.text


def _carries_on(link_text: str, after: str) -> bool:
    """The text after a leading link continues its sentence: the link ended one with a full
    stop and the text goes on, or the text goes on in lower case or with punctuation (the
    link was the sentence's subject, its full stop or colon just outside the link)."""
    start = after.lstrip()[:1]
    return link_text[-1:] in ".!?" or start.islower() or start in ",;.:!?)"


class _Tee:
    """Two builders fed by one walk: `shell` reads everything the walk reads, `plain` the same but
    what lies inside a `<noscript>` (`muted` while the walk is in one). Each gets the calls its
    own walk (`shell=True` or `False`) would make, so its blocks are that walk's."""

    def __init__(self) -> None:
        self.plain = _Builder()
        self.shell = _Builder()
        self.muted = False

    @property
    def parts(self) -> bool:
        """Text read and not yet ended by either builder (`_Builder.parts`)."""
        return bool(self.shell.parts or self.plain.parts)

    def line_break(self, owner: etree._Element) -> None:
        self.shell.line_break(owner)
        if not self.muted:
            self.plain.line_break(owner)

    def add(self, text: str | None, owner: etree._Element, in_link: bool) -> None:
        self.shell.add(text, owner, in_link)
        if not self.muted:
            self.plain.add(text, owner, in_link)

    def flush(self) -> None:
        self.shell.flush()
        if not self.muted:
            self.plain.flush()


class _Builder:
    """Accumulates text for the block being read; `flush` turns it into a `Block`."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.parts: list[str] = []
        self.link_words = 0
        self.lead_link_words = 0
        self.lead_tail = ""
        self.unlinked_seen = False
        self.owner: etree._Element | None = None
        self.after_break = False
        """The last thing read was a `<br>`: a second one in a row ends the block."""
        self.solid = False
        """Something other than spaces was read since the last flush: else the block's text is empty."""

    def line_break(self, owner: etree._Element) -> None:
        if self.after_break:
            self.flush()
        else:
            self.add(" ", owner, in_link=False)
            self.after_break = True

    def add(self, text: str | None, owner: etree._Element, in_link: bool) -> None:
        """Read `text` into the block `owner` starts; linked text without a letter or digit (a
        `¶` or `#` permalink, an arrow) is not counted as linked words."""
        if not text:
            return
        if self.owner is not owner and self.parts:
            self.flush()
        solid = not text.isspace()
        if solid:
            self.after_break = False
            self.solid = True
        self.owner = owner
        self.parts.append(text)
        if in_link:
            words = count_words(text) if _WORD.search(text) else 0
            self.link_words += words
            if not self.unlinked_seen:
                self.lead_link_words += words
                self.lead_tail = text.rstrip() or self.lead_tail
        elif solid:
            if not self.unlinked_seen and self.lead_link_words and _carries_on(self.lead_tail, text):
                self.lead_link_words = 0
            self.unlinked_seen = True

    def flush(self) -> None:
        """End the block being read. With nothing read since the last flush (most calls: every
        block-level element flushes on entry and exit) every field is already at its start."""
        if not self.parts:
            return
        if self.solid:  # else only spaces were read (`isspace` and `split` agree): no text, no block
            words = "".join(self.parts).split()
            text = " ".join(words)  # spaces squeezed: `split` and `\s` agree
            if self.owner is not None:
                counted = count_words(text) if unspaced_chars(text) else len(words)  # `count_words`, split once
                self.blocks.append(Block(len(self.blocks), self.owner, text, counted,
                                         self.link_words, self.lead_link_words))
        self.parts, self.link_words, self.owner = [], 0, None
        self.lead_link_words, self.lead_tail, self.unlinked_seen = 0, "", False
        self.after_break = self.solid = False


def segment(doc: Document, gate: Gate = Gate.ALL, hidden_stories: bool = False) -> list[Block]:
    """The page's blocks in document order (hidden and ignored text left out). A hidden story
    (`paywalled_story`) is read on a page that declares a paywall, or with `hidden_stories`:
    the publisher's markup holds no visible text, only such a story.

    With layout, a page whose visible text is short beside its longest `<noscript>` is read
    again with its `<noscript>`s (an app shell that did not draw: SHELL_NOSCRIPT_SHARE).
    """
    return _segment_page(doc, gate, hidden_stories or declares_paywall(doc), note_stories=False)[0]


@dataclass(frozen=True, slots=True)
class MarkedBlocks:
    """The blocks of the publisher's markup: what shows, else a story it hides (see `segment`)."""

    visible: list[Block]
    hidden_stories: list[Block]
    """Read only when nothing marked shows and the walk left a hidden story out (else empty)."""


def segment_markup(doc: Document, gate: Gate) -> MarkedBlocks:
    """The marked blocks, and when none shows, the marked blocks with hidden stories read
    (`segment(doc, gate, hidden_stories=True)`). That second walk is taken only when the first
    left out a hidden element that is such a story: otherwise it would read the same blocks."""
    stories = declares_paywall(doc)
    visible, story_left_out = _segment_page(doc, gate, stories, note_stories=not stories)
    if visible or not story_left_out:
        return MarkedBlocks(visible, [])
    return MarkedBlocks([], segment(doc, gate, hidden_stories=True))


def _segment_page(doc: Document, gate: Gate, stories: bool, note_stories: bool) -> tuple[list[Block], bool]:
    """`segment`'s blocks, and whether a walk that was read left out a hidden story (asked only
    with `note_stories`). The heuristic's walk of a page with a long `<noscript>` reads it with
    and without its `<noscript>`s at once (`_Tee`); a gated walk takes two walks."""
    body = doc.root.find("body")
    start = body if body is not None else doc.root
    longest = 0
    if doc.page.has_layout:
        longest = max((count_words(text_of(n)) for n in start.iter("noscript")), default=0)
    if longest < NOSCRIPT_MIN_WORDS:
        return _segment(doc, start, gate, shell=False, stories=stories, note_stories=note_stories)
    if gate is Gate.ALL and not note_stories:  # a comment gate's state could change inside a <noscript>
        plain, shell = _segment_both(doc, start, gate, stories)
        return (shell if sum(b.words for b in plain) < SHELL_NOSCRIPT_SHARE * longest else plain), False
    blocks, left_out = _segment(doc, start, gate, shell=False, stories=stories, note_stories=note_stories)
    if sum(b.words for b in blocks) < SHELL_NOSCRIPT_SHARE * longest:
        blocks, shell_left_out = _segment(doc, start, gate, shell=True, stories=stories, note_stories=note_stories)
        left_out = left_out or shell_left_out
    return blocks, left_out


def _segment(doc: Document, start: HtmlElement, gate: Gate, shell: bool, stories: bool,
             note_stories: bool = False) -> tuple[list[Block], bool]:
    builder = _Builder()
    state = _walk_state(doc, start, gate, shell, stories, note_stories, None)
    _walk(doc, start, start, builder, gate, state, False, gate is not Gate.CLASS, False, None)
    builder.flush()
    return builder.blocks, state.story_left_out


def _segment_both(doc: Document, start: HtmlElement, gate: Gate, stories: bool) -> tuple[list[Block], list[Block]]:
    """The blocks read without and with the page's `<noscript>`s, in one walk (see `_Tee`)."""
    tee = _Tee()
    state = _walk_state(doc, start, gate, True, stories, False, tee)
    _walk(doc, start, start, tee, gate, state, False, gate is not Gate.CLASS, False, None)
    tee.flush()
    return tee.plain.blocks, tee.shell.blocks


@dataclass(slots=True)
class _WalkState:
    """What one walk carries from element to element (see `_walk_state`); `open`, `veiled`,
    `body_chars` and `story_left_out` change as it goes."""

    open: bool
    start: HtmlElement
    shell: bool
    panels: frozenset[str]
    hiding: frozenset[etree._Element]
    unlit: frozenset[etree._Element]
    ignored: frozenset[etree._Element]
    boxes: bool
    layout: bool
    stories: bool
    note_stories: bool
    tee: _Tee | None
    veiled: bool = False
    body_chars: int | None = None
    story_left_out: bool = False


def _walk_state(doc: Document, start: HtmlElement, gate: Gate, shell: bool, stories: bool, note_stories: bool,
                tee: _Tee | None) -> _WalkState:
    """What one walk carries from element to element (see `_walk`). `hiding` holds the elements
    some hiding test may answer yes for: a `hidden` attribute, `aria-hidden="true"`, an inline
    style that hides or fades (`_STATIC_HIDDEN`, the same pattern as tabs' own; `_FADED`), a controlled
    panel's `id` (each from `Document.owners`): those are all that `streamed_chunk`,
    `closed_answer`, `closed_tab_pane`, `statically_hidden` and the panels' test read, so every
    other element skips them (most elements of a page). With layout it holds as well the children
    of a `<details>` (`folded`) and the elements whose box is invisible (`Document.invisible`),
    but for `unlit` ones: an element with no box or a visible one passes every test of the
    browser's too (`is_hidden`, `collapsed_body`, `scroll_reveal`, `own_text_hidden`), and so
    does an invisible box too small to hide anything (`MIN_BOX_AREA_PX`, tabs' `FADED_MIN_AREA_PX`)
    that is not `display: none`, only its own text unread (`own_text_hidden`): a float wrapper
    collapsed to height 0. `ignored`: the `cxenseignore` elements; `boxes`: the page has boxes
    (`starts_block` asks)."""
    panels = controlled_panels(doc)
    hiding = {element for name in HIDING_ATTRIBUTES for element in doc.owners(name, _HIDING_VALUE[name])}
    if panels:
        hiding.update(doc.owners("id", lambda ident: ident in panels))
    unlit: set[etree._Element] = set()
    if doc.page.has_layout:
        hiding.update(child for details in doc.root.iter("details") for child in details)
        for element in doc.invisible():
            box = doc.box(element)
            if box is not None and box.display != "none" and box.width * box.height < _UNLIT_MAX_AREA_PX:
                unlit.add(element)
            else:
                hiding.add(element)
    return _WalkState(gate is not Gate.COMMENTS, start, shell, panels, frozenset(hiding), frozenset(unlit),
                      _ignored(doc), bool(doc.page.boxes), doc.page.has_layout, stories, note_stories, tee)


def _hiding_style(style: str) -> bool:
    """An inline style some hiding test reads as hiding or fading its element."""
    return bool(_STATIC_HIDDEN.search(style) or _FADED.search(style))


_HIDING_VALUE: dict[str, Callable[[str], bool] | None] = {"hidden": None, "aria-hidden": "true".__eq__,
                                                          "style": _hiding_style}
"""Per attribute of `HIDING_ATTRIBUTES`, the values a hiding test reads as hiding (None: any)."""


def _ignored(doc: Document) -> frozenset[etree._Element]:
    """The elements `has_class(element, IGNORE_CLASS)` or a `POPUP_CLASSES` names, from the
    attribute index: the walk asks it of every element, and nearly no page has one: each distinct
    class value is asked once."""
    ignoring = frozenset(value for value in doc.values("class")
                         if names_class(value, IGNORE_CLASS) or _popup(value))
    return frozenset(doc.owners("class", ignoring.__contains__)) if ignoring else frozenset()


def _popup(value: str) -> bool:
    """The class attribute `value` names a `POPUP_CLASSES` word (compared lower-cased)."""
    lowered = value.lower()
    return any(name in lowered for name in POPUP_CLASSES) and any(name in POPUP_CLASSES for name in lowered.split())


def _walk(doc: Document, el: etree._Element, owner: etree._Element, builder: _Builder | _Tee, gate: Gate,  # noqa: PLR0913
          state: _WalkState, in_link: bool, in_markup: bool, in_code: bool, block: bool | None) -> bool | None:
    """Read `el` and what lies below it into `builder`. `in_code`: an ancestor is code
    (`inline.CODE_TAGS`); `block`: whether `el` starts a block, when the caller asked already
    (`glued` needs it of both elements of a pair). Returns whether `el` started a block, or None
    when it was left unread before that was asked."""
    tag = el.tag
    if not isinstance(tag, str):  # a comment or processing instruction
        if gate is Gate.COMMENTS and tag is etree.Comment:
            marker = (el.text or "").strip().lower()
            if marker == START_COMMENT:
                state.open = True
            elif marker == END_COMMENT:
                builder.flush()
                state.open = False
        return None
    source_tag, tag = tag, tag.lower()
    veiled_outside = state.veiled
    layout = state.layout  # without it no box, so no element is folded, collapsed or faded
    ignored = state.ignored
    if (tag in SKIPPED_TAGS and not read_anyway(doc, el, tag, state.shell)) or (ignored and el in ignored):
        return None
    tee = state.tee
    if tag == "noscript" and tee is not None and not tee.muted:
        tee.muted = True  # read for the shell only: the plain read skips it (`_Tee`)
        try:
            return _walk(doc, el, owner, builder, gate, state, in_link, in_markup, in_code, block)
        finally:
            tee.muted = False
    quiet = el not in state.hiding
    if quiet:
        pass  # nothing the hiding tests read is on this element (`_walk_state`)
    elif state.veiled:  # inside a loading veil only what the page's own markup hides counts
        if statically_hidden(el) and not streamed_chunk(doc, el):
            return None
    elif (streamed_chunk(doc, el) or (layout and folded(doc, el)) or el.get("id") in state.panels
          or (layout and (collapsed_body(doc, el) or scroll_reveal(doc, el)))
          or closed_answer(doc, el) or closed_tab_pane(el)):  # shown once placed, opened or scrolled to
        state.veiled = True
    elif is_hidden(doc, el) if layout else statically_hidden(el):
        if not (state.stories and paywalled_story(el)) and (  # the markup's own hiding first (`_body_chars`)
                (statically_hidden(el) and not static_veil(doc, el)) or not loading_veil(el, _body_chars(state))):
            if state.note_stories and paywalled_story(el):
                state.story_left_out = True  # a walk reading hidden stories would read this one
            return None
        state.veiled = True
    if gate is Gate.CLASS and not in_markup and has_class(el, MARKUP_CLASS):
        builder.flush()
        in_markup = True
    keep = in_markup and state.open
    own_visible = (quiet and el not in state.unlit) or state.veiled or not layout or not own_text_hidden(doc, el)
    if tag == "br":
        if keep:
            builder.line_break(owner)
        return None
    if tag == "hr":
        builder.flush()
        return None
    if block is not None:
        pass
    elif state.boxes:
        block = starts_block(doc, el, source_tag)
    else:  # `starts_block` without boxes, its call saved: the tag, a data cell's subtree for a cell
        block = source_tag in BLOCK_TAGS and (source_tag not in CELL_TAGS or not is_data_cell(el, source_tag))
    if block:
        if builder.parts:  # else nothing to end: most block elements open on an ended block
            builder.flush()
        owner = el
    elif keep and (tag in CELL_TAGS or ((in_code or source_tag == "pre") and code_line(el))):  # code_line: in a <pre>
        builder.add(" ", owner, in_link=False)
    link = in_link or (tag == "a" and not permalink(el, owner))
    text = el.text
    if text and keep and own_visible:  # the builder's calls only when they read something
        builder.add(text, owner, link)
    code = in_code or source_tag in CODE_TAGS
    glue = keep and own_visible and not code  # code keeps its characters as written (inline.py)
    previous: etree._Element | None = None
    previous_block: bool | None = None
    tail: str | None = None
    for child in el:
        child_block: bool | None = None
        if (glue and previous is not None and not tail  # the previous child's tail: nothing between them
                and isinstance(child.tag, str) and isinstance(previous.tag, str)):
            if previous_block is None:
                previous_block = starts_block(doc, previous)
            if not previous_block:
                child_block = starts_block(doc, child)
                if not child_block and glued(previous, child):
                    builder.add(" ", owner, in_link=link)
        previous_block = _walk(doc, child, owner, builder, gate, state, link, in_markup, code, child_block)
        previous = child
        tail = child.tail
        if tail and in_markup and state.open and own_visible:
            builder.add(tail, owner, in_link=link)
    if block and builder.parts:
        builder.flush()
    state.veiled = veiled_outside
    return block


def has_class(element: etree._Element, name: str) -> bool:
    """`name` (lower case) is one of the element's class words, compared lower-cased."""
    value = element.get("class")
    return value is not None and names_class(value, name)


def names_class(value: str, name: str) -> bool:
    """`name` (lower case) is one of the words of the class attribute `value`, compared
    lower-cased; the substring test first, since nearly every element of a page lacks it."""
    lowered = value.lower()
    return name in lowered and name in lowered.split()


def _body_chars(state: _WalkState) -> int:
    """`readable_chars` of the walk's start, counted when a hidden element first asks whether it
    is a loading veil: the whole page's text. The walk asks only when the markup's own hiding
    does not answer first (an element the markup hides, not by a veil's style, is left out
    whatever it holds): without layout, only a page with a static veil counts it."""
    if state.body_chars is None:
        state.body_chars = readable_chars(state.start)
    return state.body_chars
