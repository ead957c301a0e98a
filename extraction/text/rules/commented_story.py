"""A story with readers' comments is an article: the comments under it are not its text, and they do not make it a thread.

A blog post or a news story followed by its readers' comments -- a WordPress comment list, a
Blogger `dl#comments-block`, a Slashdot-style nested thread, a news site's comment section --
often holds fewer words than its comments: the median story of 2008-2013 pages is about 160
words, its comments several times that. Weighed by words the page looks like a thread (its
repeated comment items) and the thread's inclusive read keeps every comment. A story followed
by replies from other people is an article with comments, whatever its length
(`commented_story`): the first read's region holds `STORY_MIN_PROSE_WORDS` of running prose
outside the repeated items, before the first of them, and the items are comments (their class
or id, or their list's, names a comment, reply or response: `threads.comment_named`). On a
forum or a Q&A page the posts are the content: the region lies inside one of the posts (a first
post printed by the same template as the replies), or its items are named posts or messages,
not comments, or comment lists hang on several posts (`threads.comment_lists`: a question and
its answers each carry comments). A comment system's mount named a thread (Disqus' `#disqus_thread`,
where its plugins print the comments) is a story's comment section, not a forum's wrapper.

A story above a board's topic printed under it is an article with comments too, though the
board names its items posts or messages, as a forum does (`board_replies`): `THREAD_MIN_POSTS`
such items, the region outside them, and the story's prose before the first, under none of a
forum's signs (its template repeated in the posts, forum-named wrappers or `<body>`, a declared
discussion). A forum's opening post is one of its items, printed by the same template; a blog's
or a paper's story is not. When a long reply won the first read's region, the story is the good
prose before the first post (`story_above_replies` chooses the region again among it); on a
forum whose best post won, the blocks before its first post are the board's chrome.

A page weighed as a listing may be a story above a message board's topic printed under it (SMF,
Invision: each post a table, its subject linked first, then the post), whose posts look like
teasers: a linked title over a paragraph. Their titles are one text, the page's own title after a
reply's mark ("Re: <headline>"), where a list of other stories has a headline for each, never the
page's (`_replied_story`): with the story above them, an article with comments.

Stage: 5 kind (after the kind is weighed)
Measured: 2026-12-04 (session 18, docs/lab/2026-12-04-s18-comments.md), static: oldweb tune 0.813 ->
0.938, held 0.769 -> 0.886 (Blogger, Movable Type, Slashdot-style, Kubrick and news templates read as
threads: precision 0.19-0.29 -> 1.00). WCXB dev with the forum guards: tune 0.8840 -> 0.8833 (one
Slashdot story WCXB labels a forum, its gold keeping the comments, -0.436), check 0.8850 -> 0.8855
(a Slashdot story it labels an article +0.860; a Lemmy post -0.491); Zyte and the other sets unchanged.
The Disqus mount: 2026-12-07 (session 31, docs/lab/2026-12-07-s31-story.md), static: old-web (405 pages)
tune 0.94265 -> 0.95684 mean page F1 (4 short stories under long Disqus threads read as threads, 0.10-0.17
-> 0.88-0.97), held unchanged; WCXB dev, Zyte and the other sets: no body changed.
The board's replies: 2026-12-07 (session 33, docs/lab/2026-12-07-s33-story.md), static: old-web (555
pages, with the smf-topic / ipb-topic pair) tune 0.94556 -> 0.95565 mean page F1 (4 smf-topic pages read
as listings, 0.10-0.22 -> 0.93-1.00), held unchanged; WCXB dev (static and rendered), Zyte and the other
sets: no body changed. Without the page's title (any one subject) a check-half listing fell 0.970 -> 0.045.
A board's posts: 2026-12-07 (session 34, docs/lab/2026-12-07-s34-oldweb.md), static: old-web (615 pages,
with the vb3-blog tune template) tune 0.95414 -> 0.95614 mean page F1 (vb3-blog-001 0.249 -> 0.969; a probe
of 16 vb3-blog pages drawn anew with 20-80 replies, precision 0.884 -> 0.992), held unchanged; WCXB dev
tune 0.88549 -> 0.88549 (one article -0.002), check 0.88705 -> 0.88730 (one article 0.818 -> 1.000); Zyte
and the other sets: no body changed. Without `_one_column` and the link share a tune listing (a magazine's
front page of cards named posts, under a consent banner's prose) fell 0.615 -> 0.155.
"""

from __future__ import annotations

import re

from lxml import etree

from extraction.ancestry import below_body
from extraction.document import Document
from extraction.text.decisions import Selection, within
from extraction.text.features import running_prose
from extraction.text.layout import (
    ARTICLE,
    LISTING,
    LISTING_MIN_LINK_SHARE,
    THREAD,
    THREAD_MIN_POSTS,
    LayoutKind,
    repeated_post_items,
    shop_page,
)
from extraction.text.score import GOOD_SCORE_WORDS
from extraction.text.teasers import (
    TEASER_MIN_ITEMS,
    TEASER_TITLE_MIN_WORDS,
    TEASER_TITLE_WITHIN_BLOCKS,
    Item,
    is_teaser_item,
    page_climb,
    sibling_runs,
)
from extraction.text.threads import comment_lists, comment_named, template_replies, words
from extraction.textutil import text_of

__all__ = ["board_replies", "commented_story"]

STORY_MIN_PROSE_WORDS = 40  # running prose the first read's region holds outside the comments: a story, not a teaser
ONE_SUBJECT_MIN_SHARE = 0.8
"""Share of a teaser list's items whose linked subject is the page's own title ("Re: <the story's
headline>"): a board's replies to the story, not other stories (each of which has a headline of its
own, never the page's)."""

FORUM_HINTS = re.compile(r"(?<![a-z])(?:forums?|topics?|threads?|discussions?|questions?)(?![a-z])", re.I)
"""Class/id words of a forum's or a Q&A site's pages (bbPress' `topic`, Drupal's `page-forums`,
`article#topic_123`): on the wrappers of the region or of the posts (not on a wrapper named a
comment too: Blogger's comments sit in a `comment-thread`), or on the page's `<body>`, they make the region
the opening post of a discussion, whose replies are the content."""
COMMENT_EMBEDS = re.compile(r"(?<![a-z])disqus_thread(?![a-z])", re.I)
"""Class/id words a comment system's embed is named by, whatever the site: Disqus mounts its
thread in `#disqus_thread` (its plugins print the comments there for readers without scripts), a
page's comment section, not a forum's thread."""
FORUM_TYPES = re.compile(r"DiscussionForumPosting|QAPage|schema\.org/Question\b|\"Question\"")
"""schema.org types of a discussion (JSON-LD or microdata)."""
_TESTIMONIALS = re.compile(r"testimonial|review", re.I)
"""Items named so are what buyers say of a product or a course (its reviews), not readers' comments on a story."""


def commented_story(doc: Document, read: Selection, kind: LayoutKind) -> LayoutKind:
    """`kind`, or an article when a page weighed as a thread is a story above its readers'
    comments (see the module's docstring)."""
    if read.container is None:
        return kind
    if kind.kind == LISTING and kind.inclusive:
        return _replied_story(doc, read, kind)
    if kind.kind != THREAD:
        return kind
    posts = repeated_post_items(doc)
    if len(posts) < 2 or _testimonials(posts):
        return kind
    named = _comments(posts)
    if not named and not board_replies(doc, read):
        return kind
    prose = _story_prose(read, posts, in_a_post=not named)
    if prose < STORY_MIN_PROSE_WORDS or comment_lists(doc.root) or _forum(doc, read.container, posts[0]) or shop_page(doc):
        return kind
    what = "readers' comments" if named else "replies in a board's posts"
    return LayoutKind(ARTICLE, (*kind.evidence, f"but the region is a story of {prose} words of prose above "
                                f"{len(posts)} {what}: an article with comments"), inclusive=False)


def board_replies(doc: Document, read: Selection) -> bool:
    """The first read's region is a story above a board's replies: `THREAD_MIN_POSTS` repeated
    post items named a post or a message (not a comment: those are `commented_story`'s readers'
    comments), the region outside them, `STORY_MIN_PROSE_WORDS` of its running prose before the
    first, and none of a forum's signs (`_forum`), a Q&A page's comment lists or a shop's."""
    posts = repeated_post_items(doc)
    if read.container is None or len(posts) < THREAD_MIN_POSTS or _testimonials(posts) or _comments(posts):
        return False
    if _link_share(posts) >= LISTING_MIN_LINK_SHARE:
        return False  # cards of other pages named posts (a magazine's front page), not replies written to the story
    if not _one_column(read, posts):
        return False
    return (_story_prose(read, posts, in_a_post=True) >= STORY_MIN_PROSE_WORDS and not comment_lists(doc.root)
            and not _forum(doc, read.container, posts[0]) and not shop_page(doc))


def _one_column(read: Selection, posts: list[etree._Element]) -> bool:
    """The replies are printed under the story: the first post and the first block of running
    prose before it share a wrapper below `<body>` (a blog's main column, a paper's news cell).
    Prose elsewhere on the page -- a consent banner, a footer's note -- is no story the posts reply to."""
    items = set(posts)
    first_post = next((d.block.index for d in read.decisions if within(d.block.element, items)), None)
    story = next((d.block.element for d in read.decisions if running_prose(d.features)
                  and (first_post is None or d.block.index < first_post) and not within(d.block.element, items)), None)
    return story is not None and any(within(post, {wrapper}) for post in posts[:1] for wrapper in below_body(story))


def _link_share(posts: list[etree._Element]) -> float:
    """The share of the posts' words that are in links."""
    total = sum(words(post) for post in posts)
    return sum(words(a) for post in posts for a in post.iter("a")) / total if total else 0.0


def _story_prose(read: Selection, posts: list[etree._Element], in_a_post: bool) -> int:
    """Words of the story's running prose outside the posts and before the first of them: the
    region's kept prose. When the region lies in one of the posts, 0 (a forum's first post); or,
    `in_a_post`, the prose the scorer finds good before the first post (a long reply outscored a
    short story: `story_above_replies` chooses the region again among those blocks), where on a
    forum whose best post won the region the blocks before its first post are the board's chrome."""
    items = set(posts)
    inside = any(within(element, items) for element in (read.container, *read.siblings) if element is not None)
    if inside and not in_a_post:
        return 0
    first_post = next((d.block.index for d in read.decisions if within(d.block.element, items)), None)
    return sum(d.block.words for d in read.decisions if running_prose(d.features)
               and not within(d.block.element, items) and (first_post is None or d.block.index < first_post)
               and (d.kept if not inside else not d.verdict.hard_bad and d.verdict.score >= GOOD_SCORE_WORDS))


def _replied_story(doc: Document, read: Selection, kind: LayoutKind) -> LayoutKind:
    """`kind` (a listing), or an article when the teaser list that makes it one is a board's
    replies to the story above it: the items' linked titles are one subject (`_one_subject`), and
    the first read's region, outside them and before the first, holds a story's prose."""
    container = read.container
    if container is None:
        return kind
    blocks = [d.block for d in read.decisions]
    titles = _page_titles(doc)
    replies = [run for run in sibling_runs(blocks, climbed=page_climb(doc, blocks)) if _one_subject(run, titles)]
    if not replies:
        return kind
    items = {item.element for run in replies for item in run}
    if any(within(element, items) for element in (container, *read.siblings)):
        return kind  # the region is one of the items: a board's first post
    first = min(block.index for run in replies for item in run for block in item.blocks)
    prose = sum(d.block.words for d in read.decisions if d.kept and running_prose(d.features)
                and d.block.index < first and not within(d.block.element, items))
    post = replies[0][0].element
    if prose < STORY_MIN_PROSE_WORDS or comment_lists(doc.root) or _forum(doc, container, post) or shop_page(doc):
        return kind
    count = sum(len(run) for run in replies)
    return LayoutKind(ARTICLE, (*kind.evidence, f"but the region is a story of {prose} words of prose above "
                                f"{count} replies to one subject: an article with comments"), inclusive=False)


def _one_subject(run: list[Item], page_titles: list[str]) -> bool:
    """A run of teaser items nearly all of which reply to the page (`_replies_to_page`)."""
    items = [item for item in run if is_teaser_item(item.blocks)]
    if len(items) < TEASER_MIN_ITEMS:
        return False
    return sum(_replies_to_page(item, page_titles) for item in items) >= ONE_SUBJECT_MIN_SHARE * len(items)


def _replies_to_page(item: Item, page_titles: list[str]) -> bool:
    """One of the item's first blocks opens with a link of a headline's length (as
    `teasers.is_teaser_item` finds one) whose words, after a reply's mark ("Re:", "AW:"), are in the
    page's `<title>` or an `<h1>` (`page_titles`, folded): the post's subject is the story's. Its first
    such link may be the poster's name of three words or more ("Anna de Boer"), so each is read."""
    for block in item.blocks[:TEASER_TITLE_WITHIN_BLOCKS]:
        if block.lead_link_words < TEASER_TITLE_MIN_WORDS:
            continue
        words = block.text.lower().split()[: block.lead_link_words]
        if words[0].endswith(":"):
            words = words[1:]
        named = " ".join(words)
        if len(words) >= TEASER_TITLE_MIN_WORDS and any(named in title for title in page_titles):
            return True
    return False


def _page_titles(doc: Document) -> list[str]:
    """The page's `<title>` and `<h1>` texts, folded as `_replies_to_page` folds a linked title."""
    found = [*doc.root.iterfind("head/title"), *doc.root.iter("h1")]
    return [" ".join(text_of(element).lower().split()) for element in found]


def _comments(posts: list[etree._Element]) -> bool:
    """The repeated items are readers' comments: their own class/id or their list's names a
    comment, reply or response (not a forum's post or message)."""
    return any(comment_named(e) for e in (posts[0], posts[0].getparent()) if e is not None)


def _testimonials(posts: list[etree._Element]) -> bool:
    """The repeated items, or their list, are named testimonials or reviews (`_TESTIMONIALS`)."""
    named = [e for e in (posts[0], posts[0].getparent()) if e is not None]
    return any(_TESTIMONIALS.search(f"{e.get('class') or ''} {e.get('id') or ''}") for e in named)


def _forum(doc: Document, container: etree._Element, post: etree._Element) -> bool:
    """The region is the opening post of a discussion: its template repeats in the replies
    (`threads.template_replies`), the page declares a discussion, or the wrappers of the region or
    of the posts, or the page's body, are named a forum's, a topic's, a thread's or a question's."""
    if template_replies(container):
        return True
    body = doc.root.find("body")
    around = [e for e in below_body(post.getparent()) if not comment_named(e)]  # not a blog's `comment-thread`
    named = [*below_body(container), *around, *([body] if body is not None else [])]
    if any(forum_named(e) for e in named):
        return True
    return declares_discussion(doc)


def forum_named(element: etree._Element) -> bool:
    """A class or id word of `element` names a forum, a topic, a thread or a question
    (`FORUM_HINTS`), other than a comment embed's (`COMMENT_EMBEDS`)."""
    names = f"{element.get('class') or ''} {element.get('id') or ''}"
    return FORUM_HINTS.search(COMMENT_EMBEDS.sub(" ", names)) is not None


def forum_page(doc: Document, element: etree._Element | None) -> bool:
    """The page is a discussion: it declares one (`declares_discussion`), or `element` and its
    wrappers up to `<body>`, or the `<body>`, are named a forum's, a topic's, a thread's or a
    question's (`forum_named`)."""
    body = doc.root.find("body")
    named = [*below_body(element), *([body] if body is not None else [])]
    return any(forum_named(e) for e in named) or declares_discussion(doc)


def declares_discussion(doc: Document) -> bool:
    """The page declares a discussion: a schema.org type of `FORUM_TYPES` in its JSON-LD or its
    microdata. Once per document: the main text's rules and the comment count all ask."""
    return doc.derive("declares_discussion", _declares_discussion)


def _declares_discussion(doc: Document) -> bool:
    scripts = (s.text or "" for s in doc.root.iter("script") if s.get("type") == "application/ld+json")
    itemtypes = (element.get("itemtype") or "" for element in doc.owners("itemtype"))
    return any(FORUM_TYPES.search(text) for text in (*scripts, *itemtypes))
