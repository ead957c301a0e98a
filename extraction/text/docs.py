"""Documentation pages: the structure they share and the article path misreads.

A documentation page (a reference, a guide, a wiki's how-to) is read like an article: one
dominant region (issue 12: on the WCXB tune half, what documentation pages still lost was this
structure, not their prose):

- **code samples** are short blocks with no full stop -- a command, a config line, an import --
  and the context pass kept such a block only between two good paragraphs; a sample beside a
  tab strip, a caption or a note was dropped. A `<pre>` block between the region's own good
  blocks is the text's (`code_between`). News and blog articles rarely carry one (none of the
  181 Zyte articles does);
- a highlighter wraps each **code line** in an inline element the stylesheet breaks, with no
  newline between them: a static read glued the last word of a line to the first of the next
  (`code_line`);
- a **definition term** (`<dt>`: an API member, an option) linked to its own page read as
  navigation (`defined_term`);
- **sections named after their heading** (`<section id="cookies">` under a permalinked
  "Cookies" heading) read as a cookie banner (`features.permalinked_section`);
- an API reference describes a parameter again under each endpoint, and tabbed samples repeat
  their steps: on a documentation page a second copy is read (`layout.second_copies`);
- a section **lists the pages under it** by title between its paragraphs ("Overview of Redis
  lists"): short items, one link each, dropped as navigation. On a page laid out as
  documentation (`documents_code`: code blocks without article markup, or anchored section
  headings) they are settled with their list (`page_index_items`); news stories put "read
  more" lists between their paragraphs, so elsewhere the rule takes only lists a sentence
  introduces (below). Links into the page are a table of contents, left out, unless a sentence
  ending with a colon introduces the list ("Redis implements the following data types:"): then
  it is the text's own enumeration, whose items happen to link to their sections below or to
  the pages it names ("The study draws on three reports:"), on any page;
- a **"See also" section** closes a reference under its own heading with links to other pages,
  and a **cross-reference** sentence ("See Handling errors.") is mostly its link: both read as
  navigation; on a page laid out as documentation they are the text's (`closing_sections`,
  `cross_references`). So are the **members that close a reference**, each a heading over a
  line that points elsewhere ("Implements Dispatcher.close()."): too short to score, they
  read as headings without text (`closing_members`);
- a page made by a **documentation generator**, as its generator meta says, is documentation
  even when its theme prints `og:type` article (`documentation_generator`).

Stage: 4 first read (documentation structure), and 5 kind (documentation recognised)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from lxml import etree

from extraction.document import Document
from extraction.textutil import text_of

_LINE_CLASS = re.compile(r"(?:^|[-_])line(?:$|[-_])", re.I)
"""A class word that names one line of highlighted code (`line`, `cm-line`, `ec-line`,
`highlight-line`, `gatsby-highlight-code-line`, `line-of-code`): highlighters wrap each line in
an inline element and let the stylesheet break them, with no newline between them."""
_LINE_WORD = re.compile("line", re.I)
"""`_LINE_CLASS` needs this somewhere in the class, matched the same way (the same flag)."""


def code_line(element: etree._Element) -> bool:
    """One line of a `<pre>` wrapped in its own element by a highlighter: a static read must
    part it from the line before (`npm create vite my-project` + `cd my-project` read as
    `my-projectcd`)."""
    cls = element.get("class")
    if not cls or not _LINE_WORD.search(cls):  # nearly every element: no word to split
        return False
    return any(_LINE_CLASS.search(word) for word in cls.split()) and in_code(element)


def in_code(element: etree._Element) -> bool:
    """The block is (inside) a `<pre>`: preformatted code or output, a line of it when a
    highlighter splits it into one element per line."""
    if element.tag == "pre":
        return True
    return next(element.iterancestors("pre"), None) is not None  # lxml tests the tag in C


def code_between(good: Sequence[bool], hard_bad: Sequence[bool], code: Sequence[bool],
                 bad: Sequence[bool] | None = None) -> list[int]:
    """Indexes (into the region's blocks, in document order) of the code blocks that lie
    between the region's first and last good block and carry no hard boilerplate sign (chrome,
    a boilerplate class, an overlay): the page's own samples; so are the code blocks that follow
    the last good block (a reference's closing example after its last paragraph, which the
    context pass dropped beside the footer), with only code between or, given the region's
    `bad` labels, blocks not labelled bad (the example's heading, its "GET /v1/charges/:id" and
    "Response" labels; an endpoint's near-good "Returns ..." line). Code before the first good
    block, or after a bad or hard-boilerplate block (a pager's links, a footer's badge), is left
    to the context pass."""
    goods = [i for i, flag in enumerate(good) if flag]
    if not goods:
        return []
    first, last = goods[0], goods[-1]
    closing = last + 1
    while closing < len(code) and not hard_bad[closing] and (code[closing] or (bad is not None and not bad[closing])):
        closing += 1
    return [i for i in range(first + 1, closing) if code[i] and not hard_bad[i] and not good[i]]


def defined_term(element: etree._Element) -> bool:
    """The block is a definition list's term (`<dt>`): an API member, an option, a field, linked
    to its own page. Its link does not make it navigation: it is settled with its list, kept
    when its definition is."""
    return element.tag == "dt" or next(element.iterancestors("dt"), None) is not None


def has_definition(element: etree._Element) -> bool:
    """The term (`defined_term`) is followed in its list by a `<dd>` with words of its own: an
    API member's `<dt>` linking to its page over a line on what it does; a menu has no definitions."""
    term = element if element.tag == "dt" else next(element.iterancestors("dt"))
    nxt = term.getnext()
    while nxt is not None and nxt.tag == "dt":
        nxt = nxt.getnext()
    return nxt is not None and nxt.tag == "dd" and bool(text_of(nxt).split())


_NOT_ALNUM = re.compile(r"[\W_]+")


PAGE_INDEX_MAX_WORDS = 10
"""Words of a list item that names another page of the docs ("Overview of Redis lists",
"Feature Scaling"): a section's index of pages is short titles, one link each; a title may
spell out its acronym ("RTT (Round-Trip Time Estimates on Slow Satellite Links)"), 10 words."""
LEAD_MIN_WORDS = 4
"""Words of the sentence that introduces a list with a colon ("The following types are
available:"); a bare label ("Contents:", "In this article:") names a table of contents instead."""
DOC_MIN_CODE_BLOCKS = 2
"""`<pre>` blocks that, with no article markup, show the page documents something: the layout
test of a documentation page (`layout.decide`) and of `documents_code` (60 of 89 WCXB docs, 30
of 711 articles)."""
ANCHORED_HEADINGS_MIN = 5
"""Section headings (`h2`-`h4`) named after their title (`id="data-preprocessing"`) or carrying a
link into the page (a permalink) that make a page a sectioned reference or tutorial, code or
not. The 181 Zyte news articles have at most 4; a docs generator gives every section one."""


def page_index_items(good: Sequence[bool], hard_bad: Sequence[bool], bad: Sequence[bool],
                     groups: Sequence[object | None], elements: Sequence[etree._Element],
                     led_only: bool = False) -> list[int]:
    """Indexes (into the region's blocks) of the items of a list or table that lie between the
    region's first and last good block, were labelled bad for their links only (no hard
    boilerplate sign), hold at most `PAGE_INDEX_MAX_WORDS` words and link to another page (not
    `#`: an in-page table of contents repeats the headings below it). A docs section lists the
    pages under it by title between its paragraphs; such an item is settled with its list, not
    dropped as navigation. `led_only` (every page not laid out as documentation,
    `documents_code`): only the items of lists a sentence ending with a colon introduces
    (`_led_lists`) -- a news story's "read more" lists between its paragraphs are no part of
    it, but a list its sentence announces is."""
    goods = [i for i, flag in enumerate(good) if flag]
    if not goods:
        return []
    first, last = goods[0], goods[-1]
    led = _led_lists(groups, elements)
    return [i for i in range(first + 1, last)
            if bad[i] and not hard_bad[i] and groups[i] is not None and (groups[i] in led or not led_only)
            and _page_link_item(elements[i], groups[i] in led)]


def _led_lists(groups: Sequence[object | None], elements: Sequence[etree._Element]) -> set[object]:
    """The lists introduced by the block just before their first item, a sentence ending with a
    colon ("Redis implements the following data types:"): what follows is what the sentence
    announces, the text's own enumeration, even when each item links to its section below."""
    led: set[object] = set()
    for i in range(1, len(groups)):
        if groups[i] is not None and groups[i] is not groups[i - 1]:
            lead = " ".join(text_of(elements[i - 1]).split())
            if lead.endswith(":") and len(lead.split()) >= LEAD_MIN_WORDS:
                led.add(groups[i])
    return led


def _page_link_item(element: etree._Element, in_page: bool = False, max_words: int = PAGE_INDEX_MAX_WORDS) -> bool:
    """At most `max_words` words with a link to another page, or (`in_page`, an item of a list a
    sentence introduces) to a section of this one."""
    text = " ".join(text_of(element).split())
    if not text or len(text.split()) > max_words:
        return False
    hrefs = [(a.get("href") or "").strip() for a in element.iter("a")]
    return any(href and (in_page or not href.startswith("#")) for href in hrefs)


CLOSING_LIST_MAX_WORDS = 12
"""Words of an item of a closing "See also" list: a page's or a man page's title, sometimes
with a few words on it ("Aligning items in a flex container", "pacman.conf(5)")."""


CLOSING_LIST_TAGS = frozenset({"ul", "ol"})
"""A closing section's list: its links one per item (a table there is a specification's or
compatibility data, not pointers onward)."""


def closing_sections(good: Sequence[bool], hard_bad: Sequence[bool], bad: Sequence[bool],
                     headings: Sequence[bool], groups: Sequence[object | None],
                     elements: Sequence[etree._Element]) -> list[int]:
    """Indexes (into the region's blocks) of the items of the lists that close the text under
    a heading of their own, after the region's last good block: a reference's "See also" or
    "External links" section, titles of other pages linked one per item. Each was labelled
    bad for its links; the section is the page's own pointer onward, inside the text's
    container, and its heading is kept with it (items with a line on the page they link, not
    bad, are settled by the context pass as before). Lists not under a heading of their own (a
    pager, a "related" rail), or whose bad items are long or carry a hard boilerplate sign, are
    left to the context pass."""
    goods = [i for i, flag in enumerate(good) if flag]
    if not goods:
        return []
    found: list[int] = []
    i = goods[-1] + 1
    while i + 1 < len(groups) and headings[i] and not hard_bad[i] and groups[i] is None:
        group = groups[i + 1]
        if getattr(group, "tag", None) not in CLOSING_LIST_TAGS:
            break
        end = i + 1
        while end < len(groups) and group is not None and groups[end] is group:
            end += 1
        items = range(i + 1, end)
        if not items or not all(not hard_bad[k] and (not bad[k] or _page_link_item(elements[k], max_words=CLOSING_LIST_MAX_WORDS))
                                for k in items):
            break
        found.extend(k for k in items if bad[k])
        i = end
    return found


_SENTENCE = re.compile(r"^[\"'“(]?[A-Z].*[.!?:][\"'”)]?$", re.S)


MEMBER_MAX_BLOCKS = 4
"""Blocks under one heading of a closing run of members: a signature's heading over a line or
two ("Implements Dispatcher.close().", "See Dispatcher.request().") and a short parameter list."""


def closing_members(good: Sequence[bool], hard_bad: Sequence[bool], headings: Sequence[bool],
                    elements: Sequence[etree._Element]) -> list[int]:
    """Indexes (into the region's blocks) of the blocks of the sections that close a
    documentation page's text after its last good block, each under a heading of a rank the
    text's own outline uses above: an API reference ends with the members that only point
    elsewhere ("close([callback])" over "Implements Dispatcher.close([callback])."). Each
    section is short, so no block of it scores good and its heading reads as a heading without
    text; yet it is the page's outline going on. Its heading is of the outline's highest rank
    or deeper; its blocks are sentences (a capital to a full stop), fields, code, or items of a
    list, and none carries a hard boilerplate sign; a heading with nothing under it opens
    deeper sections ("Instance Methods"). The run stops at the first section that is not such
    (a feedback widget's "Yes / No", a pager's links)."""
    goods = [i for i, flag in enumerate(good) if flag]
    if not goods:
        return []
    last = goods[-1]
    outline = [str(elements[i].tag) for i in range(last) if headings[i]]
    if not outline:
        return []
    top = min(outline)  # the outline's highest rank: "h2" sorts before "h3"
    found: list[int] = []
    i = last + 1
    while i < len(elements) and headings[i] and not hard_bad[i] and str(elements[i].tag) >= top:
        end = i + 1
        while end < len(elements) and not headings[end]:
            end += 1
        body = range(i + 1, end)
        if not body:
            deeper = end < len(elements) and str(elements[end].tag) > str(elements[i].tag)
            if not deeper:
                break
        elif len(body) > MEMBER_MAX_BLOCKS or not all(not hard_bad[k] and _member_line(elements[k]) for k in body):
            break
        found.extend((i, *body))
        i = end
    return found


_FIELD = re.compile(r"^[A-Z][\w ]{0,30}: \S.{0,60}$")
"""A member's field: a capitalised name of a few words, a colon, and a short value."""


def _member_line(element: etree._Element) -> bool:
    """A block a member's section is made of: a sentence, code, a list's or table's item, or a
    field ("Extends: DispatchOptions", "Returns: Promise")."""
    if in_code(element) or element.tag in ("li", "dt", "dd", "td", "th", "tr"):
        return True
    text = " ".join(text_of(element).split())
    return bool(_SENTENCE.match(text) or _FIELD.match(text))


CROSS_REFERENCE_MIN_WORDS = 3
"""Words of a sentence that points elsewhere ("See Handling errors.", "Read keeping components
pure to learn more."): shorter is a link's label ("Next.")."""


def cross_references(good: Sequence[bool], hard_bad: Sequence[bool], bad: Sequence[bool],
                     elements: Sequence[etree._Element]) -> list[int]:
    """Indexes (into the region's blocks) of the sentences between the region's first and last
    good block that were labelled bad for their links only: a reference points the reader to
    the page or section that explains a term ("See Handling Application Errors.", "Read
    updating objects in state to learn more."), and its link is most of its words. A sentence
    (a capital to a full stop, `CROSS_REFERENCE_MIN_WORDS` words or more) is the text's own,
    settled by its neighbours like a near-good block. It has words outside its links ("See", "to
    learn more"): a card or a button linked whole is not a reference."""
    goods = [i for i, flag in enumerate(good) if flag]
    if not goods:
        return []
    first, last = goods[0], goods[-1]
    found = []
    for i in range(first + 1, last):
        if not bad[i] or hard_bad[i] or elements[i].tag in ("li", "dt", "dd", "td", "th", "tr"):
            continue
        text = " ".join(text_of(elements[i]).split())
        linked = sum(len(text_of(a).split()) for a in elements[i].iter("a"))
        if len(text.split()) >= CROSS_REFERENCE_MIN_WORDS and _SENTENCE.match(text) and \
                0 < linked < len(text.split()):
            found.append(i)
    return found


DOC_PATH_SEGMENTS = frozenset({"doc", "docs", "documentation", "reference", "api", "manual", "wiki"})
"""Path segments under which documentation generators and wikis publish their pages (Sphinx,
MkDocs and Docusaurus sites under `/docs/`, MediaWiki under `/wiki/`, API references under
`/api/` or `/reference/`): with code blocks, a page under one is documentation even when its
theme says `og:type` article (Hugo's docs themes, Gatsby's, print it on every page). Not
`/guide/` or `/guides/`: content-marketing sites publish articles there (2 of the 332 WCXB tune
articles, none with code blocks)."""


def documentation_url(url: str) -> bool:
    """The URL's path has a segment of `DOC_PATH_SEGMENTS` (a folder, not the file's name)."""
    segments = urlsplit(url).path.lower().split("/")[:-1]
    return any(segment in DOC_PATH_SEGMENTS for segment in segments)


DOC_GENERATORS = re.compile(
    r"\b(?:docusaurus|vitepress|vuepress|starlight|mkdocs|sphinx|docutils|gitbook|docsify|nextra|mintlify|antora|"
    r"mdbook|rustdoc|docfx|doxygen|typedoc|jsdoc|javadoc|gi-docgen|pdoc)\b", re.I)
"""Documentation generators, as they name themselves in `<meta name="generator">`. Such a page
is a manual's page even when its theme prints `og:type` article on every page (Starlight does,
as Hugo's docs themes do): a blog's tutorial comes from a blog engine (WordPress, Ghost, Hugo,
Gatsby), which this list leaves out. General site builders are not documentation generators."""


def documentation_generator(doc: Document) -> bool:
    """The page's generator meta names a documentation generator (`DOC_GENERATORS`). Worked out
    once per document: the kind's evidence and `layout.blog_with_code` both ask."""
    return doc.derive("docs.documentation_generator", _documentation_generator)


def _documentation_generator(doc: Document) -> bool:
    # The document's meta index holds every `<meta>` whose name is "generator" in any case.
    return any((meta.attrs.get("name") or "").lower() == "generator" and DOC_GENERATORS.search(meta.content)
               for meta in doc.meta_tags("generator"))


def code_blocks(doc: Document) -> int:
    """`<pre>` blocks on the page: code samples, what documentation is made of. Worked out once
    per document: the kind's evidence, `layout.decide` and `documents_code` ask (2.4 times a page
    on the WCXB dev pages), and each count walks the whole tree."""
    return doc.derive("docs.code_blocks", _code_blocks)


def _code_blocks(doc: Document) -> int:
    return sum(1 for _ in doc.root.iter("pre"))


def documents_code(doc: Document, article_markup: bool) -> bool:
    """The page is laid out as documentation: `DOC_MIN_CODE_BLOCKS` `<pre>` blocks and no
    `og:type`/JSON-LD article (blogs with code samples say article; `layout.blog_with_code`
    lets a documentation path overrule it), or
    `ANCHORED_HEADINGS_MIN` anchored section headings (`anchored_heading`)."""
    if not article_markup and code_blocks(doc) >= DOC_MIN_CODE_BLOCKS:
        return True
    anchored = 0
    for heading in doc.root.iter("h2", "h3", "h4"):
        anchored += anchored_heading(heading)
        if anchored >= ANCHORED_HEADINGS_MIN:
            return True
    return False


SLUG_MIN_CHARS = 4
"""Characters an id must hold to count as a heading's slug (not `s1`, `h2`)."""


def anchored_heading(heading: etree._Element) -> bool:
    """A section heading a reader can link to: its id is its title's slug (letters and digits
    only, one inside the other: `data-preprocessing` for "1. Data Preprocessing"), or it holds
    a link into the page (a `¶`/`#` permalink)."""
    key = _NOT_ALNUM.sub("", (heading.get("id") or "").lower())
    title = _NOT_ALNUM.sub("", text_of(heading).lower())
    if len(key) >= SLUG_MIN_CHARS and title and (key in title or title in key):
        return True
    return any(len(a.get("href") or "") > 1 and (a.get("href") or "").startswith("#") for a in heading.iter("a"))
