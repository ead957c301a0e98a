"""Comment sections by their title: on an article, what a comment count heads after the story is left out, whatever its markup.

`reader_comments` finds readers' comments by their names (`comment`, `reply`). Many pages of
2005-2015 name them nothing of the kind: a table-built CMS prints each comment as a small table
(a subject and byline row over a text row), an ASP.NET `DataList` as rows of spans, a portal
prints its forum's replies (`div.post`) under the story. What they share is a title that counts
the comments over them -- "Readers' comments (12)", "7 replies", "… | Log in | 4 comments" (one
field of a bar: `COMMENT_LABELS` on the whole line or on one of its fields), or names them
("Comments", "Your comments:": `BARE_TITLE`) -- and, under it, like items each of several blocks
(a byline over a text). On an article, such a title after `STORY_MIN_PROSE_WORDS` of the story's
running prose opens the comment section: the box it stands in (its outermost element within the
region that does not hold the story's first paragraph) and everything after it in the region are
left out, judged, when `COMMENT_ITEMS_MIN` like items of `ITEM_MIN_BLOCKS` blocks follow it and
hold `ITEMS_MIN_SHARE` of the words kept after it. A count in the story's byline stands before
its prose and opens nothing, and one in a byline after a dek, or in the bar of a post the story
quotes, is followed by more of the story, which no item holds; a title over no items (comments
closed, a bare "0 comments") leaves the page as it is.

Not on a forum read as an article (its region a thread's posts, `layout.posts_within`, the
first of them holding the first paragraph: a story above its forum's replies is no forum), nor on
a discussion as `commented_story` tells one (a declared `DiscussionForumPosting` or `QAPage`, or
the region's wrappers or `<body>` named a forum's, a topic's, a thread's or a question's): there
the replies are the content.

Stage: 7 post-passes (an article's)
Measured: 2026-12-06, static (sessions 20 and 21: docs/lab/2026-12-06-s20-oldweb.md,
docs/lab/2026-12-06-s21-session.md): oldweb tune (195 pages, the three templates of unnamed
comments added) 0.897 -> 0.953 (phpnuke 0.496 -> 0.952, aspnet-cms 0.759 -> 0.894, forum-story
0.481 -> 0.970), held 0.901 -> 0.937 (two held templates, 18 pages, 0.16-0.86 -> 0.85-0.99; no
held page down). Without `ITEMS_MIN_SHARE` two WCXB tune articles lost their bodies (a count
after the dek over a side section of two cards; a quoted post's bar over the story's lists); with
it WCXB dev (both halves), Zyte, newspaper4k, Mozilla and article-extractor: every body as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from extraction.document import Document
from extraction.text.decisions import Decision, Label, Selection, within
from extraction.text.features import running_prose
from extraction.text.rules.commented_story import forum_page
from extraction.text.threads import COMMENT_LABELS
from extraction.textutil import class_shape

__all__ = ["drop_comment_sections"]

STORY_MIN_PROSE_WORDS = 40  # the story's running prose kept before a comment title: it closes a story, it is no byline's count
TITLE_MAX_WORDS = 25  # a comment section's title is a line ("5 Responses to “<the headline>”"), not a paragraph
COMMENT_ITEMS_MIN = 2  # like items under the title: the comments ...
ITEM_MIN_BLOCKS = 2  # ... each of this many blocks at least (who and when, then what they said)
ITEMS_MIN_SHARE = 0.5  # ... holding this share of the words kept after the title at least: the story does not go on between them

BARE_TITLE = re.compile(r"^(?:[^\W\d]+['’]?\s+)?(?:\w*comments?|\w*kommentare?|commentaires?|comentarios?|commenti|commento"
                        r"|reacties|\w*коммент\w*)\s*:?$", re.I)
"""A title that names the comments without counting them: the word alone or after one other
("Comments", "Readers' comments", "Your comments:", "Leserkommentare", "Reacties"). The word for
comments only: a story's own section may be titled "Reactions", "Responses" or "Replies"."""
_FIELDS = re.compile(r"\s[|•·»]\s|\s[-–—]\s")
"""What parts the fields of a bar ("“Headline” | Log in | 4 comments", "7 replies • Read more")."""

WHY = "in a comment section after the story (titled by its count)"


def drop_comment_sections(doc: Document, read: Selection,
                          posts: Sequence[etree._Element]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) a comment section its count's title opens after the story
    (see the module's docstring). `posts`: the region's `layout.posts_within` (the post-passes ask
    it of the same region: `pipeline.article_rules`)."""
    decisions = read.decisions
    if read.container is None or (start := story_start(read, posts)) is None:
        return decisions
    region = {read.container, *read.siblings}
    prose = 0
    for d in decisions:
        if d.block.index < start.block.index or not within(d.block.element, region):
            continue
        if prose >= STORY_MIN_PROSE_WORDS and d.block.words <= TITLE_MAX_WORDS and comment_title(d.block.text):
            first = _section_start(decisions, d, start.block.element, region)
            after = [j for j in range(first, len(decisions)) if within(decisions[j].block.element, region)]
            items = _items([decisions[j].block.element for j in after])
            if (len(items) < COMMENT_ITEMS_MIN or not _items_hold(decisions, after, items, d.block.element)
                    or forum_page(doc, read.container)):
                continue
            out = list(decisions)
            for j in after:
                out[j] = decisions[j].judged_out(WHY, WHY)
            return tuple(out)
        if d.kept and running_prose(d.features):
            prose += d.block.words
    return decisions


def story_start(read: Selection, posts: Sequence[etree._Element]) -> Decision | None:
    """The story's first block of running prose kept as content, where a comment section after
    it is asked for; None when there is none or it is one of the region's posts (`posts`: a
    thread's first post is no story with comments under it)."""
    start = next((d for d in read.decisions if d.kept and d.label is Label.GOOD and running_prose(d.features)), None)
    return None if start is None or within(start.block.element, set(posts)) else start


def comment_title(text: str) -> bool:
    """The line counts comments (`COMMENT_LABELS`), whole or in one of its fields."""
    line = " ".join(text.split())
    return bool(BARE_TITLE.match(line)) or any(pattern.match(part.strip(" \"'“”«»")) for part in (line, *_FIELDS.split(line))
                                               for pattern in COMMENT_LABELS)


def _section_start(decisions: tuple[Decision, ...], title: Decision, story: etree._Element,
                   region: set[etree._Element]) -> int:
    """Where the comment section starts: the first block of the box its title heads (`_box`), or the
    title itself when the title's element holds the story's first paragraph too (a table cell of
    text runs, the story's and the comments' title parted by `<br><br>`)."""
    if within(story, {title.block.element}):
        return decisions.index(title)
    box = _box(title.block.element, story, region)
    return next(j for j, e in enumerate(decisions) if within(e.block.element, {box}))


def _box(element: etree._Element, story: etree._Element, region: set[etree._Element]) -> etree._Element:
    """The outermost element around the title, inside the region, that does not hold the story's
    first paragraph: the box the title heads (a `div` with its heading and count)."""
    box = element
    for ancestor in element.iterancestors():
        if ancestor in region or within(story, {ancestor}):
            break
        box = ancestor
    return box


def _items(elements: list[etree._Element]) -> list[etree._Element]:
    """The largest group of like siblings (tag and classes, digits dropped) that each hold
    `ITEM_MIN_BLOCKS` of the blocks (`elements`: each block's element)."""
    held: dict[etree._Element, int] = {}
    for element in elements:
        for ancestor in (element, *element.iterancestors()):
            held[ancestor] = held.get(ancestor, 0) + 1
    groups: dict[tuple[etree._Element, str], list[etree._Element]] = {}
    for element, count in held.items():
        parent = element.getparent()
        if count >= ITEM_MIN_BLOCKS and parent is not None and isinstance(element.tag, str):
            groups.setdefault((parent, class_shape(element)), []).append(element)
    return max(groups.values(), key=len, default=[])


def _items_hold(decisions: tuple[Decision, ...], after: list[int], items: list[etree._Element],
                title: etree._Element) -> bool:
    """The items, and their like (the same shape, a reply nested at another depth), hold
    `ITEMS_MIN_SHARE` of the words kept after the title: under a real comment section there are
    only the comments (and a form, a footer). A count in a byline over the rest of the story, or
    the bar of a post the story quotes, is followed by the story's own text, which no item holds
    (a sidebar's related cards, the story's lists)."""
    shapes = {class_shape(e) for e in items}
    around = {title, *title.iterancestors()}
    kept = [decisions[j].block for j in after if decisions[j].kept]
    held = sum(b.words for b in kept
               if any(class_shape(e) in shapes for e in (b.element, *b.element.iterancestors()) if e not in around))
    return held >= ITEMS_MIN_SHARE * sum(b.words for b in kept)


