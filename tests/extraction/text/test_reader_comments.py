"""Issue 32: readers' comments are not the body of an article, whatever the story's length and
whatever the comment system prints (rules/commented_story.py, rules/reader_comments.py); on a
forum or a Q&A page the posts stay the content."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.layout import ARTICLE, THREAD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

COMMENT = ("I read this twice and I still think the council should have asked the people who live "
           "near the river before it signed anything, because we are the ones who pay for it. ")
"""One reader's comment: full sentences, as long as a story's paragraph."""

SHORT_STORY = f"<p>{P1}</p><p>{P2}</p>"
"""A story of about 80 words: shorter than its comments, as most 2008-2013 stories are."""


def _comments(n: int, item: str = "li", wrapper: str = "ol", cls: str = "commentlist") -> str:
    items = "".join(f"<{item} id='comment-{i}' class='comment'><p class='author'>reader{i} says:</p>"
                    f"<p>{COMMENT}{COMMENT}{'Number ' + str(i) + '.'}</p></{item}>" for i in range(n))
    return f"<h3 id='comments'>{n} Responses</h3><{wrapper} class='{cls}'>{items}</{wrapper}>"


def _blog(comments: str, sidebar: str = "") -> str:
    return (f"<div id='page'><div id='content'><div class='post' id='post-1'><h2>Flood plan</h2>"
            f"<div class='entry'>{SHORT_STORY}</div></div>{comments}</div>{sidebar}</div>")


def test_a_short_story_above_many_comments_is_an_article_without_them() -> None:
    text = main_text(page(_blog(_comments(8))))
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
    assert P1 in text.body and P2 in text.body
    assert "near the river" not in text.body
    assert "readers' comments: an article with comments" in text.explanation.render()


def test_comments_in_a_table_whose_text_cells_carry_an_article_word_are_left_out() -> None:
    rows = "".join(f"<tr><td class='readername'><b>reader{i}</b> - May {i + 1}, 2009</td></tr>"
                   f"<tr><td class='readertext'><p>{COMMENT}{COMMENT}</p></td></tr>" for i in range(6))
    body = (f"<table><tr><td><h1>Flood plan</h1>{SHORT_STORY}<p>{P1.replace('Tuesday', 'Friday')}</p>"
            f"<table class='comments'><tr><td><b>Readers' comments (6)</b></td></tr>{rows}</table></td></tr></table>")
    text = main_text(page(body))
    assert P2 in text.body and "Friday" in text.body
    assert "near the river" not in text.body
    assert "a reader's comment after the story" in (text.explanation.render() if text.explanation else "")


def test_a_wrapper_named_for_comments_around_the_story_itself_keeps_the_story() -> None:
    body = f"<div class='single has-comments'><div class='entry-content'>{SHORT_STORY}<p>{P2}</p></div></div>"
    text = main_text(page(body))
    assert P1 in text.body and P2 in text.body


def test_a_forum_topic_keeps_its_replies() -> None:
    replies = _comments(6).replace("class='comment'", "class='reply'")
    body = f"<div class='topic-page'><article id='topic_1' class='topic'>{SHORT_STORY}</article>{replies}</div>"
    text = main_text(page(body))
    assert text.explanation is not None and text.explanation.layout_kind == THREAD
    assert "near the river" in text.body


def test_a_discussion_the_page_declares_keeps_its_replies() -> None:
    head = '<script type="application/ld+json">{"@type": "DiscussionForumPosting", "headline": "x"}</script>'
    text = main_text(page(_blog(_comments(6)), head))
    assert "near the river" in text.body


def test_testimonials_are_no_readers_comments() -> None:
    testimonials = _comments(6).replace("class='comment'", "class='testimonials-comment'")
    text = main_text(page(_blog(testimonials)))
    assert "near the river" in text.body
