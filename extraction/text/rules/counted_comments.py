"""Counted comments: on an article, a section after the story whose title counts its dated items is its comments.

`comment_sections` opens a comment section at a title that names or counts comments in the
words of `phrases.py`'s languages, over two like items or more. Many sites title theirs
otherwise -- "Your views (9)", "Have your say (4)", "Leserbriefe (3)" -- and a story often has a
single comment ("Comments (1)", or one under a bare "Comments"), which no group of like items
shows. What holds on any site and in any language is the count: a title line ending in a
bracketed number n (`COUNTED_TITLE`), or a comment count (`threads.COMMENT_LABELS`), over
exactly n like items (tag and classes, digits dropped: `textutil.class_shape`; one under a bare
comment title, `comment_sections.BARE_TITLE`; or one page of a paged list: `PAGE_MIN_ITEMS` or
more, fewer than n), each of `ITEM_MIN_BLOCKS` blocks or more, one of them a short line holding a
date in any language the date parser reads (who wrote when: `ITEM_DATE_MAX_WORDS`). That is a list of what
readers sent in; a story's own counted sections ("Enhancements (2)" in a changelog, "Our
branches (3)") carry no dated line on each item.

After `STORY_MIN_PROSE_WORDS` of the story's running prose, such a title in the region opens the
section: the box it heads and everything after it in the region are left out, judged, when the
items hold `ITEMS_MIN_SHARE` of the words kept after the title (as in `comment_sections`: the
story does not go on between them). A title after the region heads only its box, left out
already as outside the region: it is judged, so the second candidate may not put the comments
back (`arbiter.py`). A title that is a text run of the story's own element -- a table CMS prints
the story as `<br><br>` runs in one cell and its count line ("1 comments") after them in the same
cell -- has no box of its own: its section is the title and what follows it in the region. Not on
a forum read as an article, nor on a page that declares or names a discussion (as
`comment_sections`): there the replies are the content.

Some scripts print no title at all: after the story, a box of rows each headed by who wrote when
("Susan Parker — February 11, 2009" over the text). Without a count the run itself must show
what it is, so all of these hold (`untitled_run`): the box follows `STORY_MIN_PROSE_WORDS` of the
story's prose and does not hold it; its first block is such a head, a short dated line that
also names someone (`name_beside_date`: a timeline's "March 3, 2010" names no one); there are
`UNTITLED_MIN_ITEMS` heads or more, of one element shape, each followed by text before the next,
and the box's text written (under `UNTITLED_TEXT_MAX_LINK_SHARE` of its words in links; each
head's own share until session 35); and the box holds
`ITEMS_MIN_SHARE` of the words kept from its first head to the region's end, and no running
prose is kept after it there (the story does not go on after it). Then the box and what follows
it in the region are left out, judged. A script that prints each comment as a table or a `div` of
its own, one after another in the story's own cell, gives no box around them: then the run is the
box of one head over text and the like siblings after it (`_sibling_run`: one shape, each one
head over text, `UNTITLED_MIN_ITEMS` or more, under `UNTITLED_TEXT_MAX_LINK_SHARE` of their words
in links), unless the story's first paragraph lies in a sibling of that shape (a live blog's
entries are the story). Such siblings may also close with their head (the text, then "Jan, Town –
12-03-2009 10:42", then at most `ITEM_TAIL_MAX_WORDS` of tools), each alike. So may the comments of
a box that holds them one after another with no element around each (a paper's readers' views
signed as letters are: the text, then the name, the town and the date): the box is a run when its
heads close the texts before them, with at most `BOX_TAIL_MAX_WORDS` after the last (the box's own
closing line, a moderation note); a box that opens with a head is read head first, as before.
A board prints who wrote in a cell of its own beside the message ("reader42 / Senior Member / 381
Posts"), and the date line in the message's cell names no one but its verb ("Posted - 03/06/2012 :
11:51:21"): a box or an item that opens with such a poster's panel before its first head
(`POSTER_PANEL_MAX_WORDS` at most, in a table cell beside the head's in its row: not a title over it,
nor a comment's text in a row above its head) opens with the head all the same -- a story followed
by replies is an article with comments, whether or not their markup names them.

Stage: 7 post-passes (an article's)
Measured: 2026-12-06, static (docs/lab/2026-12-06-s24-quality.md): oldweb tune 0.95346 -> 0.95643
(aspnet-cms 0.894 -> 0.937, P 0.848 -> 0.930: five pages), held 0.94096 -> 0.94205 (one page of a held template,
0.697 -> 0.860); WCXB dev (both halves), Zyte, newspaper4k, Mozilla, article-extractor: every
body as before. Dated lines in the date parser's languages: 2026-12-07 (session 31,
docs/lab/2026-12-07-s31-story.md), static: old-web (435 pages) tune 0.94904 -> 0.95598 mean page F1
(regional-news: a Spanish and a Dutch "Your views (n)" over 85 and 60 comments, 0.09 / 0.17 -> 0.98 /
0.95), held unchanged; WCXB dev, Zyte and the other sets: no body changed. A count of replies in the
brackets ("(22 replies)"): 2026-12-07 (session 33, docs/lab/2026-12-07-s33-story.md): no body changed on
any set, static and rendered; a probe of the tune template smf-topic without its posts' subject lines (12
pages drawn anew, seeds 500-511) precision 0.427 -> 0.995. The count line in the story's cell: 2026-12-07
(session 34, docs/lab/2026-12-07-s34-oldweb.md), static: old-web (615 pages) tune 0.95372 -> 0.95414 mean
page F1 (a CuteNews story with one comment, 0.803 -> 0.953), held 0.92534 -> 0.92602 (one page, 0.813 ->
0.987); WCXB dev, Zyte and the other sets: no body changed. The untitled run: 2026-12-07 (session 34,
docs/lab/2026-12-07-s34-oldweb2.md), static: old-web (630 pages) tune 0.94260 -> 0.95593 mean page F1
(fusion-news 0.618 -> 0.951), held 0.92602 -> 0.93129 (two pages, 0.34 / 0.23 -> 0.99 / 0.92); WCXB dev,
Zyte and the other sets: no body changed. Heads in a paper's own words (10 words, 7 beside the date; were 8
and 5): the same day and log, static: old-web (660 pages) tune 0.95412 -> 0.95651 (fusion-news-local 0.886 ->
0.950), held 0.93129 -> 0.93408 (one page 0.268 -> 0.979); WCXB dev (static and rendered), Zyte and the other
sets: no body changed. One page of a paged list under its count: 2026-12-07 (session 35,
docs/lab/2026-12-07-s35-oldweb3.md), static: old-web (705 pages) tune 0.94616 -> 0.95693 (seven
reacties-paper-long pages), held unchanged; WCXB dev, Zyte and the other sets: no body changed. Comments
one table each in the story's cell (`_sibling_run`; the link share the run's, not each head's): the same
day and log: old-web tune 0.94349 -> 0.95456, held 0.93408 -> 0.94341 (three Dutch pages, 0.32 / 0.16 /
0.06 -> 0.99 / 0.98 / 0.95); WCXB dev (static and rendered), Zyte and the other sets: no body changed.
Such siblings closing with their head: the same day and log: old-web tune 0.95456 -> 0.95693 (two pages,
0.48 / 0.38 -> 0.96 / 0.96), held unchanged; WCXB dev (static and rendered), Zyte and the other sets: no
body changed. A box of comments each closed by its head: 2026-12-07 (session 36,
docs/lab/2026-12-07-s36-threads.md), static: old-web (735 pages, with the views-box tune template) views-box
0.624 -> 0.939 (P 0.476 -> 0.989), no other old-web page moved; WCXB dev, Zyte and the other sets: no body
changed. The poster's panel beside the head: 2026-12-07 (session 36, docs/lab/2026-12-07-s36-replies.md), static:
old-web (750 pages, with the reply-tables tune template) reply-tables 0.684 -> 0.972 (P 0.601 -> 0.991), no other
old-web page moved (held 0.95388 unchanged); WCXB dev and Zyte (static and rendered), the other sets: no body changed.
An element around a head no head of its own (`_heads`): the same day and log, a probe of reply-tables drawn anew with
20-80 replies (16 pages, seeds 800-815) precision 0.930 -> 0.990; no body changed on any set, static and rendered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import takewhile

from lxml import etree

from extraction.dateparse import TEXT_PATTERNS, find_text_dates
from extraction.document import Document
from extraction.text.decisions import Decision, Selection, within
from extraction.text.features import running_prose
from extraction.text.rules.comment_sections import (
    BARE_TITLE,
    ITEMS_MIN_SHARE,
    STORY_MIN_PROSE_WORDS,
    TITLE_MAX_WORDS,
    _box,
    story_start,
)
from extraction.text.rules.commented_story import forum_page
from extraction.text.threads import COMMENT_LABELS, COMMENT_WORDS
from extraction.textutil import class_shape

__all__ = ["drop_counted_comments"]

COUNTED_TITLE = re.compile(rf"^\D{{2,60}}?\s*\((\d{{1,4}})(?:\s+{COMMENT_WORDS})?\)\s*:?$", re.I)
"""A title line that ends in a bracketed count, bare or of comments or replies, and holds no other
number: "Your views (9)", "Comments (1)", "Discuss this story (22 replies)". A year or a price
elsewhere in the line ("Best of 2009 (3)") makes it no count."""
ITEM_MIN_BLOCKS = 2  # an item is who wrote when, then what they wrote
ITEM_DATE_MAX_WORDS = 10
"""The item's dated line: a name and a date, not a sentence that names a day. Ten words: a head in a paper's own
words runs to nine ("Geplaatst door Jan de Vries op 12-03-2009 om 10:42")."""
COUNT_MAX = 500  # a count above this is no list printed on the page
PAGE_MIN_ITEMS = 10
"""A paper that pages its comments ("Your views (74)" over the latest 25, a page switch under them)
shows this many a page at least; fewer items than the count are a whole list cut short, not a page."""
_DIGIT = re.compile(r"\d")
UNTITLED_MIN_ITEMS = 2  # an untitled run: one dated head could be a story's own dateline; two heads alike are a list
NAME_MAX_WORDS = 7
"""The words of a head beside its date: a poster's name and the words around it ("Geplaatst door Jan de Vries op",
"Scritto da Marco Rossi il"), not a sentence."""
UNTITLED_TEXT_MAX_LINK_SHARE = 0.3  # the text under each head is written, not a card's links
ITEM_TAIL_MAX_WORDS = 5  # after a comment's closing head only its tools: "#3 · Report abuse", "Reply | Quote"
POSTER_PANEL_MAX_WORDS = 12
"""Before an item's dated line, the poster's panel at most: a board prints who wrote in a cell beside
the message ("lurker42 / Senior Member / 381 Posts", "Join Date: Mar 2005"), and the date line under it names
no one but the verb ("Posted - 03/06/2012 : 11:51:21"). More is a title or text of its own."""
BOX_TAIL_MAX_WORDS = 12
"""After the last closing head in a box of comments, the box's own closing line at most ("Views are
moderated and may be shortened.", "Add your view"): more is text of its own, not a box of comments."""
_NAME_WORD = re.compile(r"[^\W\d_]{2,}")
_UNSHOWN = frozenset({"script", "style", "noscript", "template"})
_BETWEEN_ITEMS = _UNSHOWN | {"br", "hr", "a"}  # a break, a rule or an anchor (`<a name>`) between two comments

WHY = "in a comment section after the story (its title counts its dated items)"
WHY_UNTITLED = "in an untitled run of dated comments after the story"


def drop_counted_comments(doc: Document, read: Selection,
                          posts: Sequence[etree._Element]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) a section after the story whose title counts the dated
    items under it (see the module's docstring). `posts`: the region's `layout.posts_within`."""
    decisions = read.decisions
    if read.container is None or (start := story_start(read, posts)) is None:
        return decisions
    region = {read.container, *read.siblings}
    prose = 0
    for i, d in enumerate(decisions):
        if d.block.index < start.block.index:
            continue
        count = _expected(d.block.text) if prose >= STORY_MIN_PROSE_WORDS and d.block.words <= TITLE_MAX_WORDS else None
        if count:
            section, in_region = _section(decisions, i, start.block.element, region)
            under = [j for j in section if j > i]
            items = dated_items(decisions, under, count, d.block.element) if under else []
            if items and _items_hold(decisions, under, items, in_region) and not forum_page(doc, read.container):
                out = list(decisions)
                for j in section:
                    out[j] = decisions[j].judged_out(WHY, WHY)
                return tuple(out)
        if d.kept and running_prose(d.features) and within(d.block.element, region):
            prose += d.block.words
    section = untitled_run(decisions, start, region)
    if not section or forum_page(doc, read.container):
        return decisions
    out = list(decisions)
    for j in section:
        out[j] = decisions[j].judged_out(WHY_UNTITLED, WHY_UNTITLED)
    return tuple(out)


def _section(decisions: tuple[Decision, ...], title: int, start: etree._Element,
             region: set[etree._Element]) -> tuple[list[int], bool]:
    """The decisions a counted title at `title` heads, and whether it lies in the region. In the
    region the section runs to the region's end; after it, it is the title's box (left out already
    as outside the region: judged, the peer may not put it back). A title that is a text run of the
    story's own element (`start`'s, or an element around it: a story of `<br><br>` runs with the
    title in one cell) has no box of its own: its section is the title and what follows it in the
    region."""
    element = decisions[title].block.element
    in_region = within(element, region)
    if within(start, {element}):
        return ([j for j in range(title, len(decisions)) if within(decisions[j].block.element, region)]
                if in_region else []), in_region
    box = _box(element, start, region)
    first = next(j for j, e in enumerate(decisions) if within(e.block.element, {box}))
    scope = region if in_region else {box}
    return [j for j in range(first, len(decisions)) if within(decisions[j].block.element, scope)], in_region


def untitled_run(decisions: tuple[Decision, ...], start: Decision, region: set[etree._Element]) -> list[int]:
    """The decisions of an untitled run of dated comments after the story and what follows it
    in the region (see the module's docstring); [] when there is none."""
    prose = 0
    seen: set[etree._Element] = set()
    for i, d in enumerate(decisions):
        if d.block.index < start.block.index or not within(d.block.element, region):
            continue
        if prose >= STORY_MIN_PROSE_WORDS and d.kept and not within(d.block.element, seen):
            box = _box(d.block.element, start.block.element, region)
            if within(start.block.element, {box}):  # the story's own element: a run is a box after it
                prose += d.block.words if running_prose(d.features) else 0
                continue
            seen.add(box)
            items = [box] if _run_of_comments(box) else _sibling_run(box, start.block.element)
            if items:
                section = [j for j in range(i, len(decisions)) if within(decisions[j].block.element, region)]
                run = [j for j in section if within(decisions[j].block.element, set(items))]
                return section if run[0] == i and _holds(decisions, run, section) else []
        if d.kept and running_prose(d.features):
            prose += d.block.words
    return []


def name_beside_date(text: str) -> bool:
    """The line names someone beside its date: once the dates (`dateparse.TEXT_PATTERNS`) and
    numbers are taken out, 1 to `NAME_MAX_WORDS` words are left ("Susan Parker — February 11,
    2009", "by xyzzy @ 3 mai 2010"); a bare date or a dateline's sentence is not such a line."""
    rest = " ".join(text.split())
    for _, pattern, _ in TEXT_PATTERNS:
        rest = pattern.sub(" ", rest)
    return 1 <= len(_NAME_WORD.findall(rest)) <= NAME_MAX_WORDS


def _head_line(text: str) -> bool:
    """Who wrote when: a short line (`ITEM_DATE_MAX_WORDS`) holding a date in a language of the
    date parser's and a name beside it."""
    return (len(text.split()) <= ITEM_DATE_MAX_WORDS and next(find_text_dates(text), None) is not None
            and name_beside_date(text))


def _sibling_run(box: etree._Element, story: etree._Element) -> list[etree._Element]:
    """`box` and the like siblings after it (one shape, `textutil.class_shape`: a table or a `div`
    a comment, printed one after another in the story's own cell), each one head over text
    (`_written`), when they are `UNTITLED_MIN_ITEMS` or more, under `UNTITLED_TEXT_MAX_LINK_SHARE`
    of their words in links, and the story's first paragraph lies in no sibling of theirs of that
    shape (a live blog's entries, the story's first among them, are the story); [] otherwise."""
    last = False
    if (first := _written(box, 1)) is None:
        last = True  # the text first, then who wrote it when
        if (first := _written(box, 1, last)) is None:
            return []
    shape = class_shape(box)
    items, words, linked = [box], first[0], first[1]
    for sibling in box.itersiblings():
        if not isinstance(sibling.tag, str) or sibling.tag in _BETWEEN_ITEMS:
            continue
        if class_shape(sibling) != shape or (more := _written(sibling, 1, last)) is None:
            break
        items.append(sibling)
        words, linked = words + more[0], linked + more[1]
    parent = box.getparent()
    if (len(items) < UNTITLED_MIN_ITEMS or linked > UNTITLED_TEXT_MAX_LINK_SHARE * words
            or any(el.getparent() is parent and class_shape(el) == shape for el in (story, *story.iterancestors()))):
        return []
    return items


def _run_of_comments(box: etree._Element) -> bool:
    """`box` is a run of comments: `UNTITLED_MIN_ITEMS` heads or more over text (`_written`), under
    `UNTITLED_TEXT_MAX_LINK_SHARE` of its words in links (a rail of dated cards is links)."""
    found = _written(box, UNTITLED_MIN_ITEMS) or _written(box, UNTITLED_MIN_ITEMS, last=True, tail=BOX_TAIL_MAX_WORDS)
    return found is not None and found[1] <= UNTITLED_TEXT_MAX_LINK_SHARE * found[0]


def _written(box: etree._Element, least: int, last: bool = False, tail: int = ITEM_TAIL_MAX_WORDS) -> tuple[int, int] | None:
    """The words in `box` and those of them in links, when it holds `least` heads or more (who
    wrote when, `_head_line`: the innermost element whose text is such a line) of one shape
    (`textutil.class_shape`) and words with each head: after it, before the next, when the box
    opens with a head; or, `last`, before it (the text, then who wrote it when), with at most
    `tail` words after the last head (an item's number and report link; a box's closing line); else None."""
    if not any(_DIGIT.search(text) for text in box.itertext()):
        return None  # no date in it: most boxes are turned away here
    if not last and not _opens_with_head(box):
        return None
    panel = 0  # the poster's words before the first head, in a cell beside it (`_poster_panel`)
    heads = _heads(box)
    if len(heads) < least or len({class_shape(el) for el in heads}) != 1:
        return None
    order = {el: n for n, el in enumerate(heads)}
    words = [0] * (len(heads) + 1)  # with each head; the last slot: after the last head, when `last`
    linked = 0
    current = 0 if last else -1
    for node in box.xpath(".//text()"):
        holder = node.getparent()
        inside = holder.getparent() if holder is not None and node.is_tail else holder
        if inside is None or inside.tag in _UNSHOWN:
            continue
        around = [inside, *takewhile(lambda el: el is not box, inside.iterancestors())] if inside is not box else [box]
        head = next((order[el] for el in around if el in order), None)
        if head is not None:
            current = head + 1 if last else head
            continue
        count = len(str(node).split())
        if count and current < 0:
            panel += count
            if panel > POSTER_PANEL_MAX_WORDS or not _poster_panel(inside, heads[0], box):
                return None  # text before the first head: a title, or the story's
            continue
        words[current] += count
        if any(el.tag == "a" for el in around):
            linked += count
    if not all(words[:len(heads)]) or words[-1] > tail:
        return None
    return sum(words), linked


def _heads(box: etree._Element) -> list[etree._Element]:
    """The heads in `box`, in document order: for each text holding a digit, the innermost element
    around it, up to `box`, whose text is a head line (`_head_around`). An element around a head
    is none of its own: a one-line reply's cell ("Posted - 11/10/2005 : 10:57:24 Well said.")
    reads as a head line only with the head in it, and a signature's year below climbs to it."""
    heads: dict[etree._Element, None] = {}
    for node in box.xpath(".//text()"):
        if _DIGIT.search(str(node)) and (head := _head_around(node, box)) is not None:
            heads[head] = None
    return [head for head in heads if not any(other is not head and within(other, {head}) for other in heads)]


def _opens_with_head(box: etree._Element) -> bool:
    """The box opens with a head (`_head_around`): nothing comes before it but the poster's panel
    (`POSTER_PANEL_MAX_WORDS`), no title, no text."""
    before: list[etree._Element] = []
    words = 0
    for node in box.xpath(".//text()"):
        holder = node.getparent()
        inside = holder.getparent() if holder is not None and node.is_tail else holder
        if str(node).strip() and inside is not None and inside.tag not in _UNSHOWN:
            if (head := _head_around(node, box)) is not None:
                return all(_poster_panel(element, head, box) for element in before)
            before.append(inside)
            words += len(str(node).split())
            if words > POSTER_PANEL_MAX_WORDS:
                return False
    return False


def _poster_panel(element: etree._Element, head: etree._Element, box: etree._Element) -> bool:
    """`element`, holding text before the item's `head`, is in the poster's panel: a table cell of
    its own in `box`, in the head's row beside the head's cell (a board's poster's cell beside the
    message), not a title or a line over the head, nor a comment's text in a row above its head."""
    cell = next((el for el in (element, *element.iterancestors()) if el.tag in ("td", "th") or el is box), box)
    row = cell.getparent()
    return cell is not box and row is not None and within(head, {row}) and not within(head, {cell})


def _head_around(node: etree._ElementUnicodeResult, box: etree._Element) -> etree._Element | None:
    """The innermost element around the text `node`, up to `box`, whose text is a head line
    (`_head_line`); the climb stops once the text is longer than one (`ITEM_DATE_MAX_WORDS`)."""
    holder = node.getparent()
    if holder is None:
        return None
    for element in (holder, *holder.iterancestors()) if not node.is_tail else holder.iterancestors():
        if element is box.getparent():
            return None
        text = _short_text(element)
        if text is None:
            return None
        if _head_line(text):
            return element
    return None


def _short_text(element: etree._Element) -> str | None:
    """The element's text, its pieces parted by spaces, when it is `ITEM_DATE_MAX_WORDS` words at
    most; None (read no further) when it is longer."""
    pieces: list[str] = []
    words = 0
    for piece in element.itertext():
        words += len(piece.split())
        if words > ITEM_DATE_MAX_WORDS:
            return None
        pieces.append(piece)
    return " ".join(pieces)


def _holds(decisions: tuple[Decision, ...], run: list[int], section: list[int]) -> bool:
    """The story does not go on after the run: no running prose is kept after it in `section` (the
    run and what follows it in the region), and the run holds `ITEMS_MIN_SHARE` of the words kept
    there."""
    inside = set(run)
    if any(decisions[j].kept and running_prose(decisions[j].features) for j in section if j not in inside):
        return False
    kept = sum(decisions[j].block.words for j in section if decisions[j].kept)
    return sum(decisions[j].block.words for j in run if decisions[j].kept) >= ITEMS_MIN_SHARE * kept


def counted(text: str) -> int | None:
    """The number of items a title line says follow it: its bracketed count at the end
    (`COUNTED_TITLE`), or the count of a comment label ("7 comments", "Comments (3)")."""
    if _DIGIT.search(text) is None:  # both shapes need a digit: most lines are turned away here
        return None
    line = " ".join(text.split())
    found = COUNTED_TITLE.match(line)
    if found is None and any(pattern.match(line) for pattern in COMMENT_LABELS):
        found = re.search(r"(\d{1,4})", line.replace(",", "").replace(".", ""))
    if found is None:
        return None
    count = int(found.group(1))
    return count if 0 < count <= COUNT_MAX else None


def _expected(text: str) -> int | None:
    """The items a title says follow it: its count (`counted`), or one under a bare comment
    title ("Comments": `comment_sections.BARE_TITLE`), where `comment_sections` sees no group
    of like items."""
    count = counted(text)
    if count is None and BARE_TITLE.match(" ".join(text.split())):
        return 1
    return count


def dated_items(decisions: tuple[Decision, ...], after: list[int], count: int,
                 title: etree._Element) -> list[etree._Element]:
    """The group of like elements (one shape, at any depth: a reply nested under a comment is a
    comment too) after the title, not around it, that are `count` items (or one page of them:
    `_one_page_of`) holding as many short dated lines between them (who wrote when, one a comment), each item
    `ITEM_MIN_BLOCKS` blocks or more with one of those lines; of several such groups the one
    holding the most words; [] when none is. A wrapper round a rail of dated cards is one element,
    but holds many dated lines."""
    around = {title, *title.iterancestors()}  # the title and what holds it: not an item after it
    blocks: dict[etree._Element, list[Decision]] = {}
    for j in after:
        element = decisions[j].block.element
        for ancestor in (element, *element.iterancestors()):
            if ancestor in around:
                break
            blocks.setdefault(ancestor, []).append(decisions[j])
    groups: dict[str, list[etree._Element]] = {}
    for element, held in blocks.items():
        if isinstance(element.tag, str) and len(held) >= ITEM_MIN_BLOCKS and any(map(_dated_line, held)):
            groups.setdefault(class_shape(element), []).append(element)
    counted_groups = [items for items in groups.values() if _one_page_of(len(items), count)
                      and len({h.block.index for e in items for h in blocks[e] if _dated_line(h)}) == len(items)]
    return max(counted_groups, key=lambda items: sum(h.block.words for e in items for h in blocks[e]), default=[])


def _one_page_of(items: int, count: int) -> bool:
    """`items` are what a title counting `count` heads: all of them, or one page of a paged list
    (`PAGE_MIN_ITEMS` or more, fewer than the count)."""
    return items == count or PAGE_MIN_ITEMS <= items < count


def _dated_line(decision: Decision) -> bool:
    """A short line holding a date: one the features count (`features.dates`: English month
    names, numeric forms), or a day, a month and a year in another language of the date parser's
    (`dateparse.find_text_dates`: "12 diciembre 2006", "3 mei 2010")."""
    if decision.block.words > ITEM_DATE_MAX_WORDS:
        return False
    return bool(decision.features.dates) or next(find_text_dates(decision.block.text), None) is not None


def _items_hold(decisions: tuple[Decision, ...], after: list[int], items: list[etree._Element], kept: bool) -> bool:
    """The items hold `ITEMS_MIN_SHARE` of the words kept after the title (`kept`; of every word
    after it when the section lies after the region, where nothing is kept): under a comment
    section there are only the comments (and a form, a footer)."""
    under = [decisions[j].block for j in after if decisions[j].kept or not kept]
    held = sum(b.words for b in under if within(b.element, set(items)))
    return held >= ITEMS_MIN_SHARE * sum(b.words for b in under)
