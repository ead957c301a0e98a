"""A declared thread (`rules/declared_thread`): the page-kind model's article fallback does not
take a thread's replies when the page itself says it is a thread."""

from __future__ import annotations

from functools import cache

from extraction.document import Document
from extraction.text import inclusive
from extraction.text.blocks import Gate, segment
from extraction.text.cards import card_blocks
from extraction.text.inclusive import KIND_POLICY, weighed
from extraction.text.kind_model import predict
from extraction.text.layout import THREAD
from extraction.text.pipeline import FirstRead, first_read
from extraction.text.rules.declared_thread import declared_thread
from tests.extraction.text.helpers import page
from tests.extraction.text.test_threads import ARTICLE_MARKUP, FIRST_POST, NAV, P1, P2, P3, _forum, _reply, _vb3_post

DECLARED = '<script type="application/ld+json">{"@type": "DiscussionForumPosting", "headline": "Buses"}</script>'


def _first(doc: Document) -> FirstRead:
    blocks = segment(doc, Gate.ALL)
    return first_read(doc, blocks, cache(lambda: card_blocks(blocks)))


def _declared(doc: Document) -> bool:
    first = _first(doc)
    return declared_thread(doc, first.read, first.rule)


def test_a_thread_is_declared_by_its_markup_or_by_replies_repeating_the_first_posts_class():
    replies = "".join(_reply(i) for i in range(3))
    assert _declared(page(_forum(replies), head=ARTICLE_MARKUP))  # the first post's class repeats below
    posts = NAV + f"<div id='posts'>{_vb3_post(1, P1) + _vb3_post(2, P3) + _vb3_post(3, P2)}</div>"
    assert not _declared(page(posts))  # a thread by its posts' shape alone, no declaration
    assert _declared(page(posts, head=DECLARED))  # the same thread, declared by its markup
    comments = "".join(f"<li class='comment'><div class='comment-content'><p>Comment {i}: the night buses are "
                       f"what this town needed for years, good news for shift workers.</p></div></li>" for i in range(4))
    story = NAV + f"<main><article><h1>Buses</h1><div class='entry-content'>{FIRST_POST}</div>" \
                  f"<ol class='comment-list'>{comments}</ol></article></main>"
    assert not _declared(page(story))  # a story with readers' comments declares nothing
    assert not _declared(page(story, head=ARTICLE_MARKUP))


def test_the_models_article_fallback_leaves_a_declared_thread_its_replies(monkeypatch):
    """The model's probabilities are fixed above the fallback's threshold (the shipped trees' own
    move with every retraining): what is tested is the fallback and the declaration."""
    doc = page(_forum("".join(_reply(i) for i in range(3))), head=DECLARED + ARTICLE_MARKUP)
    first = _first(doc)
    assert first.rule.kind == THREAD and first.rule.inclusive
    sure = {kind: 0.0 for kind in predict(first.features)} | {"article": KIND_POLICY.fallback + 0.1}
    sure[THREAD] = 1.0 - sure["article"]
    monkeypatch.setattr(inclusive, "predict", lambda values: sure)
    fallen = weighed(first.rule, first.features, first.evidence)
    assert not fallen.inclusive and fallen.kind == "article"
    kept = weighed(first.rule, first.features, first.evidence, declared=True)
    assert kept.inclusive and kept.kind == THREAD
    assert any("declares a thread" in e for e in kept.evidence)
