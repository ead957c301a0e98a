"""A declared thread: the page-kind model's article probability does not turn a thread the page declares into an article.

The page-kind model reads a page the rules read inclusively as an article when it finds an
article likely (`inclusive.KIND_POLICY.fallback`). Its columns weigh the page as a whole (the
region's share, og:type, the URL's words), and a forum thread whose first post dominates its
page can look like a story to them. When the rules read the page as a thread on the page's own
word -- it declares a discussion in its markup (`commented_story.declares_discussion`: a
schema.org `DiscussionForumPosting`, `QAPage` or `Question`), or the first read's region is a
first post whose class repeats in `THREAD_MIN_POSTS - 1` replies under comment or reply items
(`threads.template_replies`, the evidence `layout.decide` names the thread on) -- the thread's
inclusive read stands: reading the first post alone loses every reply. A story followed by
readers' comments is not covered: `rules/commented_story` has already made it an article, and
neither a class word naming a forum nor the comments' own template is a declaration.

Stage: 5 kind (the model's fallback)
Measured: 2026-12-06 (session 21, docs/lab/2026-12-06-s21-kind.md, "Declared threads"): WCXB dev
(tune 0.88361, check 0.88548), Zyte (0.9818), newspaper4k, Mozilla, article-extractor and oldweb
unchanged page by page, bodies and kinds, with the shipped trees and with the URL-word candidate's
(no page of theirs is a declared thread the model reads as an article); the candidate's trees give
two synthetic threads of tests/extraction an article over 0.8, and they keep their replies.
"""

from __future__ import annotations

from extraction.document import Document
from extraction.text.decisions import Selection
from extraction.text.layout import THREAD, THREAD_MIN_POSTS, LayoutKind
from extraction.text.rules.commented_story import declares_discussion
from extraction.text.threads import template_replies

__all__ = ["declared_thread"]


def declared_thread(doc: Document, read: Selection, rule: LayoutKind) -> bool:
    """The rules read the page inclusively as a thread, and the page declares a discussion or its
    replies repeat the first read's region's class (see the module's docstring)."""
    if rule.kind != THREAD or not rule.inclusive:
        return False
    return declares_discussion(doc) or len(template_replies(read.container)) >= THREAD_MIN_POSTS - 1
