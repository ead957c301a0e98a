"""Issue 12: the structure of a thread (threads.py) -- a first post marked up as an article with
its replies, posters' signatures, and the comments a Q&A page hangs on each post."""

from __future__ import annotations

from extraction.document import Document
from extraction.maintext import main_text
from extraction.text.threads import comment_lists
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import NAV, P1, P2, P3

ARTICLE_MARKUP = "<meta property='og:type' content='article'>"
FIRST_POST = f"<p>{P1}</p><p>{P2}</p><p>{P3}</p>"


def _reply(i: int, extra: str = "") -> str:
    return (f"<li class='item item-comment'><div class='author'>member{i}</div>"
            f"<div class='message user-content'><p>Reply number {i}: I had the same trouble with the "
            f"night buses last winter, and the operator fixed the timetable after a month.</p></div>"
            f"{extra}</li>")


def _forum(replies: str) -> str:
    return (NAV + "<main><h1>Council expands buses</h1><div class='item-body'>"
            f"<div class='message user-content'>{FIRST_POST}</div></div>"
            f"<ul class='message-list comments'>{replies}</ul></main>")


def test_a_first_post_marked_up_as_an_article_is_read_with_its_replies():
    """The first post wins as a single region (og:type says article, it dominates the page),
    yet its class repeats in the replies under comment items below: the page is a thread."""
    doc = page(_forum("".join(_reply(i) for i in range(3))), head=ARTICLE_MARKUP)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "thread"
    assert P1 in text.body and all(f"Reply number {i}:" in text.body for i in range(3))
    assert any("class repeats in 3 replies" in e for e in text.explanation.layout_evidence)


def _comment(i: int) -> str:
    return f"Comment {i}: the night buses are what this town needed for years, good news for shift workers."


def _stays_an_article(doc: Document) -> None:
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and "Comment 1:" not in text.body


def test_an_article_with_its_comments_stays_an_article():
    """An article's body and its comments have classes of their own: the comments stay out."""
    comments = "".join(f"<li class='comment'><div class='comment-content'><p>{_comment(i)}</p></div></li>"
                       for i in range(4))
    _stays_an_article(page(NAV + f"<main><article><h1>Buses</h1><div class='entry-content'>{FIRST_POST}</div>"
                           f"</article><ol class='comment-list'>{comments}</ol></main>", head=ARTICLE_MARKUP))


def test_a_short_article_whose_comments_share_a_one_word_class_stays_an_article():
    """`content` is a layout name any template uses: a short story in `div.content` with its
    comments' bodies in `div.content` too is still an article with comments."""
    comments = "".join(f"<div class='comment'><div class='content'><p>{_comment(i)}</p></div></div>" for i in range(4))
    _stays_an_article(page(NAV + f"<main><h1>Buses</h1><div class='content'>{FIRST_POST}</div>"
                           f"<div id='comments'>{comments}</div></main>", head=ARTICLE_MARKUP))


def test_a_posters_signature_is_left_out_of_a_thread():
    signature = ("<div class='signature'>Proud owner of three bicycles and a bus pass | visit my photo blog "
                 "for more pictures of trams</div>")
    doc = page(_forum("".join(_reply(i, signature) for i in range(3))), head=ARTICLE_MARKUP)
    text = main_text(doc)
    assert "Reply number 2:" in text.body and "Proud owner" not in text.body
    assert "signature" in "".join(b.why for b in text.explanation.blocks if not b.kept)  # type: ignore[union-attr]


def _post(kind: str, i: int, comments: int) -> str:
    items = "".join(f"<li class='comment'><span class='comment-body'>Comment {i}.{c}: does this still hold "
                    f"for the night routes that were added after the vote in the spring?</span></li>"
                    for c in range(comments))
    return (f"<div class='{kind}'><div class='post-layout'><div class='postcell'>"
            f"<p>{kind.title()} {i}: {P2}</p></div><div class='comments'><ul class='comments-list'>{items}"
            "</ul></div></div></div>")


def test_comments_hung_on_several_posts_of_a_q_and_a_page_are_left_out():
    """Each question and answer carries its own list of short comments: comments on posts, not
    posts. The answers stay."""
    doc = page(NAV + "<main><h1>Will the buses run at night?</h1>" + _post("question", 0, 3)
               + "<div id='answers'>" + "".join(_post("answer", i, 2) for i in range(1, 4)) + "</div></main>")
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "thread"
    assert all(f"Answer {i}:" in text.body for i in range(1, 4)) and "Question 0:" in text.body
    assert "Comment" not in text.body
    assert len(comment_lists(doc.root)) == 4


def test_nested_replies_and_one_comment_section_are_not_comments_on_posts():
    """A reply to a reply hangs inside the comment it answers, and a forum's replies hang under
    one thread: neither is a set of comments on several posts."""
    def comment(i: int, inner: str = "") -> str:
        return (f"<div class='comment'><p>Reply {i}: the new timetable works for me, though the last bus "
                f"still leaves too early for the late shift.</p><div class='child'>{inner}</div></div>")
    nested = "".join(comment(i, comment(10 + i, comment(20 + i))) for i in range(3))
    doc = page(NAV + f"<main><h1>Buses</h1><div class='topic'>{FIRST_POST}</div>"
               f"<div class='comment-area'>{nested}</div></main>")
    assert comment_lists(doc.root) == set()
    body = main_text(doc).body
    assert all(f"Reply {i}:" in body for i in (0, 11, 22))



def _feed_post(i: int, text: str) -> str:
    """A phpBB-like post: the poster's panel beside the post's body, a signature under it."""
    return (f"<div class='post bg{i % 2}'><dl class='postprofile'><dt><a href='/u/anna'>anna</a></dt>"
            f"<dd class='profile-rank'>Member</dd><dd class='profile-posts'>Posts: 524</dd>"
            f"<dd class='profile-joined'>Joined: Mon Jul 24, 2017 9:28 am</dd></dl>"
            f"<div class='postbody'><h3><a href='#p{i}'>Re: Night buses</a></h3>"
            f"<div class='content'><p>{text}</p><ul><li>Route 4</li><li>Route 9</li></ul></div>"
            f"<div class='signature'>Proud owner of three bicycles and a bus pass, see my photo blog</div>"
            f"</div></div>")


def test_a_thread_read_as_an_article_leaves_out_its_posts_chrome():
    """A forum whose posts sit in one feed wins as one dominant region and is read as an
    article; its posts' chrome is still no text: the poster's rank and post count (fragments
    outside the post's body), signatures, and the join-date line repeated over each post of
    one poster. Short lines inside a post's body (a list of routes) stay."""
    posts = "".join(_feed_post(i, f"Post {i}: {p}") for i, p in enumerate((P1, P2, P3, P2, P3, P1)))
    text = main_text(page(NAV + f"<main><h1>Night buses</h1><div id='posts'>{posts}</div></main>"))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and P3 in text.body and "Route 4" in text.body
    assert "Posts: 524" not in text.body and "Member" not in text.body and "Proud owner" not in text.body
    assert text.body.count("Joined: Mon Jul 24") == 1
