"""Post chrome: a thread read as an article loses its posts' chrome as a thread's read does.

Signatures, fragments outside each post's body (the poster's rank and post count beside it) and
second copies (a quoted post, a poster's join date over each of their posts) are left out,
judged; text around the posts stays. A region that is no thread's feed still loses a poster's
signature inside a post (`threads.post_signature`).

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 10 (threads, base fb44cec): 50 of 112 WCXB forum pages are
read as articles; phpBB's "Posts: 524", XenForo's "Ultra Member", Invision signatures, quoted
posts left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from extraction.text.decisions import Decision, within
from extraction.text.layout import THREAD, post_body, post_chrome, second_copies
from extraction.text.threads import post_signature, signature_ancestor

__all__ = ["drop_post_chrome"]


def drop_post_chrome(decisions: tuple[Decision, ...], container: etree._Element | None,
                     posts: Sequence[etree._Element]) -> tuple[Decision, ...]:
    """On an article whose region is a thread's posts (`layout.posts_within`), leave out (judged)
    what a thread's read leaves out of its posts: signatures, fragments outside each post's body
    (`layout.post_body`: the poster's rank and post count in the panel beside it; short lines
    inside it, a list's items, are the post's own) and second copies (`layout.second_copies`: a
    quoted post, a poster's join date over each of their posts). Text around the posts stays
    the article's read. Chrome the scorer already left out is judged too: the peer reads a
    post's every line and would put back a poster's post count and join date. A region that is
    no thread's feed still loses a poster's signature inside a post (`threads.post_signature`):
    one of two posts can win the page alone. `posts`: the region's `posts_within` (the post-passes
    ask it of the same region: `pipeline.article_rules`)."""
    if not posts:
        memo: dict[etree._Element, tuple[etree._Element, str] | None] = {}
        signed = {d.block.index: f"a poster's signature (~ {word})" for d in decisions
                  if (word := post_signature(d.block.element, memo))}
        return tuple(d.judged_out(reason) if (reason := signed.get(d.block.index)) else d for d in decisions)
    in_posts, bodies = set(posts), {post_body(p) for p in posts}
    inside = {d.block.index for d in decisions if within(d.block.element, in_posts)}
    why = {d.block.index: post_chrome(d.features, d.block.element) for d in decisions if d.block.index in inside
           and (signature_ancestor(d.block.element) or not within(d.block.element, bodies))}
    texts = [d.block.text if d.kept and not why.get(d.block.index) else None for d in decisions]
    for i in second_copies(texts, THREAD):
        if decisions[i].block.index in inside:
            why[decisions[i].block.index] = "a second copy of a kept block"
    return tuple(d.judged_out(reason) if (reason := why.get(d.block.index)) else d for d in decisions)
