"""Readers' comments: on an article, what lies in a comment section after the story is left out.

The score sinks a block under a comment-named class or id, but a comment's own text often
carries an article-like class word (`readertext`, `comment-text`, `commentBody`: the positive
word resets the comment hint, as it must for a story inside an oddly named wrapper), so comments
of full sentences come back as good text, and a region that holds both the story and its
comments (a table cell, `div#content`) keeps them. On an article, every block after the start
of the story (its first good paragraph) that lies inside an element named a comment or reply
(`threads.comment_named`) which does not hold that start is a reader's comment and is left out,
judged (the second candidate may not put it back). A wrapper named so around the story itself
(`has-comments`, `comments-open`) holds its start and is not a comment section, and a
documented section whose heading permalinks to its id names its topic (`features.permalinked_section`:
"Parenthesizing expressions with parameter comments"). A forum read as
an article (its region is a thread's posts: `layout.posts_within`) keeps its replies, and so
does a Q&A page whose comment lists hang on several posts (`threads.comment_lists`).

Stage: 7 post-passes (an article's)
Measured: 2026-12-04 (session 18, docs/lab/2026-12-04-s18-comments.md), static: oldweb tune 0.938 ->
0.948 (the newspaper of tables, whose `td.readertext` cells reset the comments' hint: 0.779 -> 0.906),
held unchanged; no WCXB, Zyte or other-set page moved.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from extraction.ancestry import nearest
from extraction.text.decisions import Decision, Label, within
from extraction.text.features import permalinked_section, running_prose
from extraction.text.threads import comment_lists, comment_named

__all__ = ["drop_reader_comments"]

WHY = "a reader's comment after the story"


def drop_reader_comments(decisions: tuple[Decision, ...], container: etree._Element | None,
                         posts: Sequence[etree._Element]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) the blocks after the story's first good paragraph that lie
    in a comment section not holding it (see the module's docstring). `posts`: the region's
    `layout.posts_within` (the post-passes ask it of the same region: `pipeline.article_rules`)."""
    start = next((d for d in decisions if d.kept and d.label is Label.GOOD and running_prose(d.features)), None)
    if start is None or container is None or posts:
        return decisions
    first = start.block.element

    def section(element: etree._Element) -> etree._Element | None:
        if not comment_named(element) or within(first, {element}) or permalinked_section(element):
            return None
        return element

    memo: dict[etree._Element, etree._Element | None] = {}
    found = [d.block.index > start.block.index and nearest(d.block.element, section, memo) is not None
             for d in decisions]
    if not any(f and d.kept for f, d in zip(found, decisions, strict=True)):
        return decisions
    if comment_lists(container.getroottree().getroot()):
        return decisions  # a Q&A page: comments hang on the question and each answer
    return tuple(d.judged_out(WHY, WHY) if f else d for f, d in zip(found, decisions, strict=True))
