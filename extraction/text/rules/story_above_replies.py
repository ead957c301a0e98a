"""A story above its replies: an article's region is the story, not the longest reply printed under it.

A blog post or a news story is sometimes printed in its forum's template, above the replies to it:
each reply a post item of the forum software (vBulletin's `table#post123` around
`div#post_message_123`, phpBB's `div.post`), the story outside every item, before the first of
them. Such a page is an article with replies (issue 32: a story followed by replies from other
people is an article with comments). Read as one, its first read's region is whichever block
scored best, and a long reply outscores a short story: the region was a reply, and the second
candidate put the other replies back. When the page is read as an article and the first read's
region lies in one of the page's repeated post items (`layout.repeated_post_items`), while the
blocks before the first item, outside every item, hold `STORY_MIN_PROSE_WORDS` words of running
prose the scorer finds good, the container is chosen again among those blocks: the story. Not on
a page that declares a discussion (`commented_story.declares_discussion`), nor where comment
lists hang on several posts (`threads.comment_lists`: a Q&A page), nor when the container chosen
again holds a post item (the story would be no story above the items). A region that is already
the story -- its kept blocks before the first item hold that much prose -- is kept as it is, when
the rules weighed the page a thread (`layout.decide`: its repeated post items) and it is read as an
article all the same, or when the region is a story above a board's replies
(`commented_story.board_replies`, which turned that thread into an article): the items that made it
a thread are the story's replies. A story above a board's replies may hold them in its region: the
blog's column, the story and then the board's topic under it, is one region when the replies' good
text climbs the first read there. The region stays, and what follows the first reply in it goes
with the replies (the topic's page switch, its reply button, who is online): the story's prose is
before the first post, so the story does not go on after it. The replies are
then left out, judged: every block of every item, and of the items of the same name however short
(`layout.items_alike`: "Great article, thanks!"), their date lines ("28 luglio 2011#2") and posters'
counts with them. Their class names a post or a message, not a comment, so neither the comment
rules nor the second candidate, which reads every line of a post, would leave them out.

A comment section can win the region too: a thread many times the story's length in a table or a
box named a comment section (`table.comments`: `threads.comment_named`) outscores the story above
it, and the climb does not reach the story, which adds too little. So does an ASP.NET
`DataList` of feedback rows named nothing of the kind, under a title counting them ("Your views
(85)"). On a page read as an article, when the region's element is so named, or the line just
before the region counts exactly as many dated items in it (`counted_comments.counted`,
`counted_comments.dated_items`), and the blocks before it hold `STORY_MIN_PROSE_WORDS` of good
running prose, the container is chosen again among those blocks and the section's blocks are
left out, judged (the second candidate may not put them back); not on a page that declares a
discussion or whose wrappers or `<body>` are named a forum's (`commented_story.forum_page`).

Stage: 7 post-passes (an article's, first: the region the others read)
Measured: 2026-12-06 (session 22, docs/lab/2026-12-06-s22-kind.md), static: with the shipped trees no
page of WCXB dev, Zyte or the four other sets moved (the rule fires where the page-kind model reads
as an article a page the rules weigh as a thread by its post items); with the URL-word trees old-web
0.94617 -> 0.94729 (a story above vBulletin-style replies, 0.331 -> 1.000, the held half), no page of
any set down. The region that is already the story (the rules' thread): old-web 0.94729 -> 0.94804, held 0.93920 ->
0.94096 (one page 0.551 -> 0.965), no other page of any set moved. Dropped: leaving out the
post items under every article's story (in `reader_comments`, without the region chosen again): a
"message"-named field group of a city's service page went with it, WCXB tune 0204 1.000 -> 0.399.
The comment section that won the region: 2026-12-07 (session 31, docs/lab/2026-12-07-s31-story.md),
static: old-web (525 pages, with the long-thread variants) tune 0.94653 -> 0.95227 mean page F1
(table-news-long 0.07 / 0.11 -> 0.86 / 0.95), held unchanged; WCXB dev, Zyte and the other sets: no
body changed. The counted title: old-web tune 0.95227 -> 0.95537 (aspnet-cms-long 0.069 -> 0.954),
held unchanged; WCXB dev, Zyte and the other sets: no body changed. Dropped: the same for a region
under any comment title (named or counted by `comment_sections.comment_title`) over like items,
without a count to match: no old-web page moved, and a WCXB check article went 0.974 -> 0.104.
The story and the board's replies in one region: 2026-12-07 (session 36, docs/lab/2026-12-07-s36-threads.md),
static: old-web (720 pages, with the vb3-postbit tune template) tune 0.95126 -> 0.95764 mean page F1
(vb3-postbit 0.837 -> 0.979, P 0.735 -> 1.000), held 0.94341 -> 0.95388 (forum-replies P 0.758 -> 0.996,
six pages 0.33-0.82 -> 1.000); WCXB dev, Zyte and the other sets: no body changed. Without the topic's tail
two tune phpbb3-story pages kept the board's "who is online" (0.951 -> 0.885).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from extraction.document import Document
from extraction.text.decisions import Selection, within
from extraction.text.features import running_prose
from extraction.text.layout import THREAD_ALONE_MIN_POSTS, items_alike, repeated_post_items
from extraction.text.rules.comment_sections import TITLE_MAX_WORDS
from extraction.text.rules.commented_story import STORY_MIN_PROSE_WORDS, board_replies, declares_discussion, forum_page
from extraction.text.rules.counted_comments import counted, dated_items
from extraction.text.score import GOOD_SCORE_WORDS
from extraction.text.threads import comment_lists, comment_named

__all__ = ["story_above_replies"]

WHY = "the story above the replies, chosen again without them"
COMMENTS_WHY = "the story above its comment section, chosen again without it"
COMMENT_WHY = "in the comment section under the story"
REPLY_WHY = "a reply under the story"
TOPIC_WHY = "after the first reply under the story, in its column: the board's topic"


def story_above_replies(doc: Document, read: Selection,
                        reread: Callable[[Sequence[int]], Selection], thread: bool) -> Selection:
    """`read`, or the read of the story above the replies when its region is one of them (see the
    module's docstring). `reread(indexes)` reads the page with the container chosen among the
    blocks of those indexes. `thread`: the rules weighed the page a thread (by its post items)."""
    if read.container is None:
        return read
    comments = _story_above_comments(doc, read, reread)
    if comments is not None:
        return comments
    posts = repeated_post_items(doc)
    if len(posts) < THREAD_ALONE_MIN_POSTS:
        return read
    items = set(posts)
    first = next((d.block.index for d in read.decisions if within(d.block.element, items)), None)
    if first is None:
        return read
    region = {read.container, *read.siblings}
    inside = any(within(element, items) for element in region)
    board = not inside and board_replies(doc, read)
    if not inside and not (thread or board):
        return read
    before = [d for d in read.decisions if d.block.index < first and not within(d.block.element, items)]
    prose = sum(d.block.words for d in before if running_prose(d.features) and not d.verdict.hard_bad
                and d.verdict.score >= GOOD_SCORE_WORDS and (inside or d.kept))
    if prose < STORY_MIN_PROSE_WORDS or declares_discussion(doc) or comment_lists(doc.root):
        return read
    story, why = read, read.container_why
    if inside:
        story = reread([d.block.index for d in before])
        if story.container is None:
            return read
        why = f"{story.container_why}; {WHY}" if story.container_why else WHY
    region = {story.container, *story.siblings} if story.container is not None else set()
    column = any(within(post, region) for post in posts)
    if column and not board:
        return read
    replies = set(items_alike(posts))
    topic = {d.block.index for d in story.decisions if column and d.block.index > first and within(d.block.element, region)}
    decisions = tuple(d.judged_out(REPLY_WHY, REPLY_WHY) if within(d.block.element, replies)
                      else d.judged_out(TOPIC_WHY, TOPIC_WHY) if d.block.index in topic else d for d in story.decisions)
    return replace(story, decisions=decisions, container_why=why)


def _story_above_comments(doc: Document, read: Selection,
                          reread: Callable[[Sequence[int]], Selection]) -> Selection | None:
    """The read of the story above the comment section that won the region, or None: the region's
    element is named a comment section (`threads.comment_named`: `table.comments`) and the blocks
    before it hold `STORY_MIN_PROSE_WORDS` of good running prose (see the module's docstring)."""
    container = read.container
    if container is None:
        return None
    region = {container, *read.siblings}
    inside = [j for j, d in enumerate(read.decisions) if within(d.block.element, region)]
    if not inside or not (comment_named(container) or _counted_region(read, inside)):
        return None
    before = [d for d in read.decisions[:inside[0]] if not within(d.block.element, region)]
    prose = sum(d.block.words for d in before if running_prose(d.features) and not d.verdict.hard_bad
                and d.verdict.score >= GOOD_SCORE_WORDS)
    if prose < STORY_MIN_PROSE_WORDS or forum_page(doc, container.getparent()):
        return None
    story = reread([d.block.index for d in before])
    if story.container is None:
        return None
    why = f"{story.container_why}; {COMMENTS_WHY}" if story.container_why else COMMENTS_WHY
    section = set(inside)
    decisions = tuple(d.judged_out(COMMENT_WHY, COMMENT_WHY) if d.block.index in section else d for d in story.decisions)
    return replace(story, decisions=decisions, container_why=why)


def _counted_region(read: Selection, inside: list[int]) -> bool:
    """The line just before the region counts what the region holds: a title with a count n
    (`counted_comments.counted`: "Your views (85)") over exactly n dated items in the region
    (`counted_comments.dated_items`), whatever their markup is named."""
    if inside[0] == 0:
        return False
    title = read.decisions[inside[0] - 1]
    count = counted(title.block.text) if title.block.words <= TITLE_MAX_WORDS else None
    return count is not None and bool(dated_items(read.decisions, inside, count, title.block.element))
