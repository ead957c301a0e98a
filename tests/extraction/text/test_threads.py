"""Issue 12: the structure of a thread (threads.py) -- a first post marked up as an article with
its replies, posters' signatures, and the comments a Q&A page hangs on each post."""

from __future__ import annotations

from dataclasses import replace

from extraction.document import Document
from extraction.maintext import main_text
from extraction.text.blocks import Gate, segment
from extraction.text.decisions import Verdict
from extraction.text.layout import THREAD, decide, posts_within, repeated_post_items
from extraction.text.pipeline import select
from extraction.text.rules.post_chrome import drop_post_chrome
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
    outside the post's body), signatures, and the join-date line over each post (a boilerplate
    phrase, `forum_chrome`). Short lines inside a post's body (a list of routes) stay."""
    posts = "".join(_feed_post(i, f"Post {i}: {p}") for i, p in enumerate((P1, P2, P3, P2, P3, P1)))
    text = main_text(page(NAV + f"<main><h1>Night buses</h1><div id='posts'>{posts}</div></main>"))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and P3 in text.body and "Route 4" in text.body
    assert "Posts: 524" not in text.body and "Member" not in text.body and "Proud owner" not in text.body
    assert "Joined: Mon Jul 24" not in text.body


def test_a_script_inside_each_post_does_not_hide_the_posts_body():
    """Forum software prints a script inside each post (an ad slot, a button's setup); its code
    is no text, and counted as words it outweighed the post's body, so no child held the body
    and the poster's panel beside it was read as the post's own lines."""
    script = "<script>var slot = {" + " ".join(f"k{i}: {i}," for i in range(60)) + "};</script>"
    posts = "".join(_feed_post(i, f"Post {i}: {p}").replace("<dl class", f"{script}<dl class", 1)
                    for i, p in enumerate((P1, P2, P3, P2, P3, P1)))
    text = main_text(page(NAV + f"<main><h1>Night buses</h1><div id='posts'>{posts}</div></main>"))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and "Route 4" in text.body
    assert "Posts: 524" not in text.body and "Member" not in text.body


def _blockpost(i: int, text: str) -> str:
    """A punBB/FluxBB post: `div.blockpost`, the poster's panel (`div.postleft`) beside the message."""
    return (f"<div id='p{1000 + i}' class='blockpost row{'odd' if i % 2 else 'even'}'><h2><span>#{i + 1}</span> "
            f"<a href='viewtopic.php?pid={1000 + i}'>2024-08-03 10:59:47</a></h2><div class='box'><div class='inbox'>"
            f"<div class='postbody'><div class='postleft'><dl><dt><strong>anna</strong></dt>"
            f"<dd class='usertitle'><strong>Member</strong></dd><dd><span>Registered: 2024-01-27</span></dd>"
            f"<dd><span>Posts: 73,365</span></dd></dl></div><div class='postright'><h3>Re: Night buses</h3>"
            f"<div class='postmsg'><p>{text}</p></div></div></div></div></div></div>")


def test_a_punbb_feed_of_blockposts_is_read_as_a_thread():
    """punBB, FluxBB and their forks print each post in a `div.blockpost`: a thread's posts,
    whose panels (rank, registration date, post count) are no text."""
    posts = "".join(_blockpost(i, f"Post {i}: {p}") for i, p in enumerate((P1, P2, P3, P2, P3, P1)))
    text = main_text(page(NAV + f"<div id='brdmain'><h1>Night buses</h1>{posts}</div>"))
    assert P1 in text.body and P3 in text.body
    assert "Posts: 73,365" not in text.body and "Registered: 2024" not in text.body


def test_a_posts_chrome_the_scorer_left_out_is_judged():
    """A poster's panel the scorer left out for where it stands (short lines beside boilerplate)
    is still judged post chrome on a thread read as an article: a second candidate keeping it
    (the peer reads every line of a post) may not put it back."""
    posts = "".join(_feed_post(i, f"Post {i}: {p}") for i, p in enumerate((P1, P2, P3, P2, P3, P1)))
    doc = page(NAV + f"<main><h1>Night buses</h1><div id='posts'>{posts}</div></main>")
    selection = select(doc, segment(doc, Gate.ALL))
    panel = ("Posts: 524", "Member")
    left_out = tuple(replace(d, kept=False, verdict=Verdict(d.verdict.score, d.verdict.reasons, False))
                     if d.block.text.startswith(panel) else d for d in selection.decisions)
    chrome = drop_post_chrome(left_out, selection.container, posts_within(selection.container))
    judged = [d for d in chrome if d.block.text.startswith(panel)]
    assert judged and all(not d.kept and d.verdict.hard_bad for d in judged)


def _invision_post(i: int, text: str) -> str:
    return (f"<article id='elComment_{i}' class='ipsEntry ipsEntry--post'><aside class='ipsEntry__author-column'>"
            f"<h3><a href='/profile/{i}-anna/'>anna</a></h3><div>Silver Partner</div></aside>"
            f"<div class='ipsEntry__post'><div class='ipsRichText'><p>{text}</p></div>"
            f"<div class='ipsEntry__signature'><p>Community leader, software engineer, designer of fine "
            f"websites and buyer of coffee for everyone who asks nicely in the forum.</p></div></div></article>")


def test_a_thread_of_two_posts_is_a_thread():
    """An opening post with one reply is a thread (its posts then lose their chrome), whether
    neither post dominates the page or one of them won it alone -- unless the page says it is an
    article: a blog prints its story beside a teaser of the next one in like boxes."""
    posts = _invision_post(1, P1) + _invision_post(2, P3)
    doc = page(NAV + f"<main><h1>Roadmap</h1><div id='elPostFeed'>{posts}</div></main>")
    assert decide(doc, 20, 10, 200, 200, 0).kind == THREAD
    first = doc.root.get_element_by_id("elComment_1")
    assert decide(doc, 180, 180, 200, 200, 0, first).kind == THREAD
    blog = page(NAV + f"<main><h1>Roadmap</h1><div id='elPostFeed'>{posts}</div></main>", ARTICLE_MARKUP)
    story = blog.root.get_element_by_id("elComment_1")
    assert decide(blog, 180, 180, 200, 200, 0, story).kind == "article"


def test_a_signature_under_a_post_read_alone_as_an_article_is_left_out():
    """One of two posts can win a page marked up as an article (a long reply, or the layout hides
    the other's text); the poster's signature under it is no more its text than under a thread's
    posts. A `signature` word outside any post is something else, and stays."""
    posts = _invision_post(1, f"{P1} {P2} {P3}") + _invision_post(2, "Thanks, that answers it.")
    text = main_text(page(NAV + f"<main><h1>Roadmap</h1><div id='elPostFeed'>{posts}</div></main>", ARTICLE_MARKUP))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and "buyer of coffee" not in text.body
    shop = main_text(page(NAV + f"<main><h1>Candles</h1><div class='story'><p>{P1}</p><p>{P2}</p>"
                               f"<div class='signature-collection'><p>{P3}</p></div></div></main>"))
    assert P3 in shop.body


def _nodebb_post(i: int, owner: bool, text: str) -> str:
    """A NodeBB post: only the topic owner's posts carry a post class; every post is a schema.org Comment."""
    return (f"<li component='post' class='pt-4 {'topic-owner-post' if owner else ''}' itemprop='comment' "
            f"itemtype='http://schema.org/Comment' itemscope><div class='d-flex'><a href='/user/u{i}'>u{i}</a>"
            f"<div class='text-muted'>Reputation 12</div></div><div class='content'><p>{text}</p></div></li>")


def test_posts_marked_up_as_schema_org_comments_are_one_thread():
    """Forum software marks each post up as a schema.org `Comment` (or `Answer`,
    `DiscussionForumPosting`) whatever its classes: NodeBB adds a post class to the topic owner's
    posts only, and the thread's posts are the items so marked, not the owner's alone."""
    texts = (P1, P2, P3, P2, P3, P1)
    posts = "".join(_nodebb_post(i, i % 3 == 0, f"Post {i}: {p}") for i, p in enumerate(texts))
    doc = page(NAV + f"<main><h1>Night buses</h1><ul class='posts timeline'>{posts}</ul></main>")
    assert len(repeated_post_items(doc)) == len(texts)
    text = main_text(doc)
    assert P1 in text.body and "Reputation 12" not in text.body


def _vb3_post(i: int, text: str) -> str:
    """A vBulletin 3 post: `table#post123` in a `div#edit123` beside the poster's hidden popup
    menu, under wrappers of its own."""
    return (f"<div><div class='page'><div><div id='edit{i}'><table id='post{i}' class='tborder'><tr>"
            f"<td class='alt2'><div id='postmenu_{i}'><a href='member.php?u={i}'>anna</a></div>"
            f"<div class='smallfont'>Registered User</div><div class='smallfont'><div>Join Date: Mar 2016</div>"
            f"<div>Posts: 701</div></div></td><td class='alt1'><div id='post_message_{i}'>{text}</div></td>"
            f"</tr></table><div class='vbmenu_popup' id='postmenu_{i}_menu' style='display:none'>"
            f"<a href='member.php?u={i}'>View Public Profile</a> <a href='search.php?u={i}'>Find More Posts</a>"
            f"</div></div></div></div></div>")


def test_posts_each_in_wrappers_of_their_own_are_one_feed():
    """vBulletin 3 wraps each post alone (beside nothing that reads but a hidden popup menu):
    the wrappers are the feed's items, and two of them make a thread whose posters' panels
    (user title, join date, post count) are no text."""
    posts = _vb3_post(1, P1) + _vb3_post(2, P3)
    doc = page(NAV + f"<div id='posts'>{posts}</div><div class='smallfont'>Posting Rules</div>")
    assert len(repeated_post_items(doc)) == 2
    assert decide(doc, 20, 10, 200, 200, 0).kind == THREAD


def test_a_story_followed_by_its_comments_is_an_article_whatever_its_length_a_topic_is_a_thread():
    """Issue 32: a short story above readers' comments is an article with comments too
    (rules/commented_story.py); a forum's opening post above its replies stays a thread."""
    from tests.extraction.text.helpers import STORY_SENTENCE

    comment = "I tried this last winter and the valley plant was indeed hiring, thanks for the write-up here. " * 3
    comments = "".join(f"<li class='comment'><p>{comment} Reply {i}.</p></li>" for i in range(16))
    story = "".join(f"<p>{STORY_SENTENCE * 5} Part {i}.</p>" for i in range(8))  # about 600 words
    blog = main_text(page(f"<div class='post'><h1>Title</h1>{story}</div><ol class='comment-list'>{comments}</ol>"))
    assert blog.explanation is not None and blog.explanation.layout_kind == "article"
    assert "Part 7." in blog.body and "Reply 2." not in blog.body
    short = "".join(f"<p>{STORY_SENTENCE * 2} Part {i}.</p>" for i in range(2))
    story = main_text(page(f"<div class='post'><h1>Title</h1>{short}</div><ol class='comment-list'>{comments}</ol>"))
    assert story.explanation is not None and story.explanation.layout_kind == "article"
    assert "Part 1." in story.body and "Reply 2." not in story.body
    thread = main_text(page(f"<div class='topic-page'><div class='post'><h1>Title</h1>{short}</div>"
                            f"<ol class='comment-list'>{comments}</ol></div>"))
    assert thread.explanation is not None and thread.explanation.layout_kind == "thread"
    assert "Reply 2." in thread.body


def _story_above_board(subject: str, title: str = "Valley plant hires again", poster: str = "member{i}") -> Document:
    """A short story above a message board's topic printed under it: each post a table of its own,
    its linked subject first, nothing named a comment (SMF, Invision)."""
    from tests.extraction.text.helpers import STORY_SENTENCE

    reply = ("I could not disagree more, the plant has been hiring for years and nobody asked the town "
             "about the traffic. ") * 2
    posts = "".join(f"<tr><td><table><tr><td><b><a href='/u/{i}'>{poster.format(i=i)}</a></b></td><td><div><a href="
                    f"'/board?topic=7.msg{i}'>{subject.format(title=title, i=i)}</a></div><div>{reply} Post {i}."
                    f"</div></td></tr></table></td></tr>" for i in range(12))
    story = "".join(f"<p>{STORY_SENTENCE * 2} Part {i}.</p>" for i in range(2))
    return page(f"<table><tr><td><div class='newsitem'><h2>{title}</h2>{story}</div><table>{posts}</table></td></tr>"
                "</table>", head=f"<title>{title} | The Gazette</title>")


def test_a_board_topic_printed_under_a_story_is_its_comments_not_a_listing():
    """Replies whose linked subjects are all the page's own title ("Re: <headline>") are a board's
    posts under the story, not a list of other stories: the page is an article and the posts stay
    out. Items titled by other headlines, or all by one text that is not the page's, stay a listing."""
    for poster in ("member{i}", "Anna de Boer"):  # a poster's name of a headline's length, linked first
        replied = main_text(_story_above_board("Re: {title}", poster=poster))
        assert replied.explanation is not None and replied.explanation.layout_kind == "article", poster
        assert "Part 1." in replied.body and "Post 3." not in replied.body
    for subject in ("Other story number {i} about the town", "Read the full story here"):
        listing = main_text(_story_above_board(subject))
        assert listing.explanation is not None and listing.explanation.layout_kind == "listing"
        assert "Post 3." in listing.body


def test_comments_a_disqus_plugin_printed_in_its_thread_mount_are_a_storys_comments():
    """WordPress' Disqus plugin prints the comments into `#disqus_thread` for readers without
    scripts: the embed's id names a thread, yet the page is a short story with its comments, not a
    forum topic; the same page in a forum's `thread` wrapper stays a thread."""
    from tests.extraction.text.helpers import STORY_SENTENCE

    comment = "I tried this last winter and the valley plant was indeed hiring, thanks for the write-up here. " * 3
    items = "".join(f"<li class='comment'><div class='dsq-comment-body'><p>{comment} Reply {i}.</p></div></li>"
                    for i in range(16))
    short = "".join(f"<p>{STORY_SENTENCE * 2} Part {i}.</p>" for i in range(2))
    comments = (f"<div id='comments'><div id='disqus_thread'><div id='dsq-content'><ul id='dsq-comments'>{items}</ul>"
                "</div></div></div>")
    story = main_text(page(f"<div class='post'><h1>Title</h1>{short}</div>{comments}"))
    assert story.explanation is not None and story.explanation.layout_kind == "article"
    assert "Part 1." in story.body and "Reply 2." not in story.body
    thread = main_text(page(f"<div class='thread'><div class='post'><h1>Title</h1>{short}</div>{comments}</div>"))
    assert thread.explanation is not None and thread.explanation.layout_kind == "thread"
    assert "Reply 2." in thread.body


def test_post_tokens_remembered_per_class_value_are_the_same():
    """`post_token` with the answers of one walk kept (`seen`): the same tokens, and each class
    value searched once."""
    from extraction.text.threads import post_token

    doc = page(_forum("".join(_reply(i) for i in range(4))) + "<div class='item item-comment' id='post-9'>x</div>")
    seen: dict[str, bool] = {}
    elements = list(doc.root.iter())
    assert [post_token(e, seen) for e in elements if isinstance(e.tag, str)] == \
        [post_token(e) for e in elements if isinstance(e.tag, str)]
    assert seen["item item-comment"] is True and seen["author"] is False


def test_the_post_candidates_hold_every_element_a_post_token_names():
    """`repeated_post_items` walks only `threads.post_candidates` (the attribute index): each
    element of the page that `post_token` names is among them, in document order, and the
    group found is the one a walk of every element finds."""
    from lxml import etree

    from extraction.text.layout import _post_group
    from extraction.text.threads import post_candidates, post_token
    replies = "".join(_reply(i) for i in range(4))
    micro = ("<div itemscope itemtype='https://schema.org/Comment' class='x'><p>Microdata comment</p></div>"
             "<div id='Message-7'><p>An id names it</p></div><div class='MESSAGE'><p>Capitals</p></div>")
    doc = page(NAV + f"<main><h1>Night buses</h1>{FIRST_POST}<ol class='comments'>{replies}</ol>{micro}</main>")
    named = [el for el in doc.root.iter(etree.Element) if post_token(el) is not None]
    candidates = post_candidates(doc)
    assert len(named) >= 7 and set(named) <= set(candidates)
    everything = list(doc.root.iter(etree.Element))
    assert candidates == sorted(candidates, key=everything.index)
    assert _post_group(doc.root, candidates) == _post_group(doc.root) and len(_post_group(doc.root)) == 4


def test_a_regions_posts_from_the_index_are_its_walks():
    """`posts_within` with the document: the page's candidates below the region
    (`post_candidates(doc, within)`), the posts the region's walk finds; a region holding none
    of the posts (the thread's title) and the last element of the page have none."""
    from lxml import etree

    from extraction.text.threads import post_candidates, post_token
    replies = "".join(_reply(i) for i in range(4))
    doc = page(NAV + f"<main><h1>Night buses</h1>{FIRST_POST}<ol class='comments'>{replies}</ol></main>"
               "<footer><div class='post-1'>last</div></footer>")
    feed = doc.root.find(".//ol")
    assert feed is not None
    assert posts_within(feed, doc) == posts_within(feed) and len(posts_within(feed)) == 4
    for top in doc.root.iter(etree.Element):
        below = [el for el in top.iter(etree.Element) if post_token(el) is not None]
        assert set(below) <= set(post_candidates(doc, top)) <= set(top.iter(etree.Element)), top.tag
        assert posts_within(top, doc) == posts_within(top), top.tag
