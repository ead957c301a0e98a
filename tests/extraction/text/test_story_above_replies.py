"""Issue 32: a story printed in its forum's template above the replies to it, read as an article,
keeps the story and leaves the replies out (rules/story_above_replies.py),
however long a reply is and whatever the second candidate reads."""

from __future__ import annotations

import pytest

from extraction.maintext import main_text
from extraction.text import inclusive
from extraction.text.layout import items_alike, repeated_post_items
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

REPLY = ("I was at the meeting and it did not go the way the paper says, the people from the harbour side "
         "asked about the ferry twice and nobody on the council had an answer for them that evening. ")
"""One reply's sentence: full prose, as a story's paragraph is."""

DECLARED = '<script type="application/ld+json">{"@type": "DiscussionForumPosting", "headline": "Buses"}</script>'


def _post(n: int, text: str) -> str:
    return (f"<table class='tborder' id='post{n}'><tr><td class='thead'>{n % 28 + 1} July 2011 #{n}</td></tr>"
            f"<tr><td class='alt2'><a class='bigusername' href='/member.php?u={n}'>poster{n}</a>"
            f"<div class='smallfont'>Joined: 2009 Posts: {n * 7}</div></td>"
            f"<td class='alt1'><div id='post_message_{n}'>{text}</div></td></tr>"
            f"<tr><td class='alt2' colspan='2'><a href='/newreply.php?p={n}'>Quote</a> "
            f"<a href='/report.php?p={n}'>Report abuse</a></td></tr></table>")


def _page(story_in_a_post: bool = False, story: str = f"<div class='blogbody'>{P1}<br><br>{P2}</div>",
          replies: tuple[str, ...] = ("Great article, thanks!", REPLY, REPLY * 2 + P3, "Me too. " + REPLY)) -> str:
    head = _post(4999, story) if story_in_a_post else (
        f"<table class='tborder'><tr><td class='tcat'>Council expands the bus network</td></tr>"
        f"<tr><td class='alt1'><div class='smallfont'>Posted by Ann Lee</div>{story}</td></tr></table>")
    posts = [_post(5000 + i, text) for i, text in enumerate(replies)]
    related = "".join(f"<li><a href='/story-{i}.html'>Another story of the harbour town, number {i} of the week</a></li>"
                      for i in range(5))
    return (f"<div class='page'><div class='navbar'><a href='/'>Home</a></div>{head}{''.join(posts)}"
            f"<table class='tborder'><tr><td class='alt2'>Related stories: <ul class='related'>{related}</ul>"
            "</td></tr></table></div>")


@pytest.fixture
def article(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page-kind model sure of an article (its trees' own probabilities move with every retraining)."""
    monkeypatch.setattr(inclusive, "predict", lambda values: {"article": 0.95, "thread": 0.05})


@pytest.mark.usefixtures("article")
def test_a_story_above_longer_replies_read_as_an_article_keeps_the_story_alone() -> None:
    text = main_text(page(_page()))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and P2 in text.body
    assert "harbour side" not in text.body and "Great article" not in text.body and P3 not in text.body
    assert "July 2011" not in text.body and "Joined" not in text.body
    rendered = text.explanation.render()
    assert "the story above the replies" in rendered
    assert "a reply under the story" in rendered


@pytest.mark.usefixtures("article")
def test_replies_under_a_story_that_won_the_region_are_left_out_when_they_made_the_rules_name_a_thread() -> None:
    story = f"<div class='blogbody'>{P1}<br><br>{P2}<br><br>{P3}</div>"
    text = main_text(page(_page(story=story, replies=("Great article, thanks!", *(REPLY,) * 4))))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    rendered = text.explanation.render()
    assert "replies in a board's posts" in rendered and "the story above the replies" not in rendered
    assert P1 in text.body and P3 in text.body
    assert "harbour side" not in text.body and "Great article" not in text.body and "Joined" not in text.body
    assert "a reply under the story" in rendered


@pytest.mark.usefixtures("article")
def test_a_forum_whose_first_post_is_one_of_the_items_is_not_a_story_above_replies() -> None:
    text = main_text(page(_page(story_in_a_post=True)))
    assert text.explanation is not None
    assert "the story above the replies" not in text.explanation.render()


@pytest.mark.usefixtures("article")
def test_a_declared_discussion_is_not_a_story_above_replies() -> None:
    text = main_text(page(_page(), DECLARED))
    assert text.explanation is not None
    assert "the story above the replies" not in text.explanation.render()


def test_the_replies_are_every_item_of_the_posts_name_however_short() -> None:
    doc = page(_page())
    posts = repeated_post_items(doc)
    assert "post5000" not in {p.get("id") for p in posts}  # a one-line reply: under the thread's word floor
    assert [p.get("id") for p in items_alike(posts)] == [f"post{n}" for n in range(5000, 5004)]


def _commented(n: int, wrapper: str = "") -> str:
    """A short story in a table cell above a long readers' table named `comments`: each reader's
    name and date row over a row of what they wrote."""
    rows = "".join(f"<tr><td class='readername'><b>reader{i}</b> - {i % 28 + 1} July 2011</td></tr>"
                   f"<tr><td class='readertext'><p>{REPLY * 2}</p><p>Reply {i}.</p></td></tr>" for i in range(n))
    related = "".join(f"<li><a href='/story-{i}.html'>Another story of the harbour town, number {i}</a></li>" for i in range(4))
    return (f"<div{wrapper}><table width='100%'><tr><td><font size='5'><b>Council expands the bus network</b></font>"
            f"<p>{P1}</p><p>{P2}</p><ul class='related'>{related}</ul><table width='100%' class='comments'>"
            f"<tr><td><b>Readers' comments ({n})</b></td></tr>{rows}</table></td></tr></table></div>")


def test_a_comment_section_that_outweighs_the_story_is_left_out() -> None:
    """Forty readers' comments in `table.comments` outscore the story above them as a region; the
    story is chosen again without them, and the second candidate may not put them back."""
    text = main_text(page(_commented(40)))
    assert P1 in text.body and P2 in text.body
    assert "Reply 3." not in text.body
    assert "the story above its comment section" in (text.explanation.render() if text.explanation else "")


def test_a_forums_topic_named_so_keeps_its_comments() -> None:
    """The same page inside a wrapper named a forum's topic is a discussion: the replies stay."""
    text = main_text(page(_commented(40, " class='forum-topic'")))
    assert "Reply 3." in text.body


def _counted(n: int, items: int) -> str:
    """A short story above a feedback table whose markup names no comment, under a title counting
    `n`, with `items` rows of a name, a date and what the reader wrote."""
    rows = "".join(f"<tr><td><div class='fbName'>reader{i}, Harwick</div><div class='fbDate'>{i % 28 + 1} July 2011</div>"
                   f"<div class='fbText'>{REPLY * 2} Reply {i}.</div></td></tr>" for i in range(items))
    related = "".join(f"<tr><td><a href='/story-{i}.html'>Another story of the harbour town, number {i}</a></td></tr>"
                      for i in range(8))
    return (f"<table><tr><td><div class='story'><h1>Council expands the bus network</h1><p>{P1}</p><p>{P2}</p></div>"
            f"<h4>More on this</h4><table class='gridRelated'>{related}</table>"
            f"<div class='feedback'><h4>Your views ({n})</h4><table class='list'>{rows}</table></div></td></tr></table>")


def test_a_feedback_table_its_title_counts_is_left_out_when_it_outweighs_the_story() -> None:
    """Forty rows under "Your views (40)" win the region; the title's count matches the dated rows,
    so the story is chosen again without them. Under a count they do not match (more rows than it
    counts: no page of a paged list either), they stay."""
    text = main_text(page(_counted(40, 40)))
    assert P1 in text.body and "Reply 3." not in text.body
    assert "the story above its comment section" in (text.explanation.render() if text.explanation else "")
    mismatched = main_text(page(_counted(39, 40)))
    assert "the story above its comment section" not in (mismatched.explanation.render() if mismatched.explanation else "")


@pytest.fixture
def unsure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page-kind model leaning to an article but not sure of it: the rules' thread stands."""
    monkeypatch.setattr(inclusive, "predict", lambda values: {"article": 0.6, "thread": 0.4})


def _board_post(n: int) -> str:
    """A vBulletin 3 post: a head row (date, number), the poster's cell of short lines, the message, a quote button."""
    return (f"<table class='tborder' id='post{n}'><tr><td class='thead'>{n % 28 + 1} July 2011</td>"
            f"<td class='thead'>#{n}</td></tr>"
            f"<tr><td class='alt2'><div id='postmenu_{n}'><a class='bigusername' href='/member.php?u={n}'>poster{n}</a></div>"
            "<div class='smallfont'>Member</div><div class='smallfont'><div>Join Date: Mar 2009</div>"
            "<div>Location: Harwick</div>"
            f"<div>Posts: {n * 7}</div></div></td><td class='alt1' id='td_post_{n}'><div id='post_message_{n}'>{REPLY}</div>"
            f"<div>__________________<br>Harwick since 1990</div></td></tr><tr><td class='alt2'></td><td class='alt1'>"
            f"<a href='/newreply.php?p={n}'>Quote</a></td></tr></table>")


def _blog_above_board(replies: int, story: str = f"<p>{P1}</p><p>{P2}</p>", body: str = "") -> str:
    """A blog post, then a board's topic printed under it: each reply a post table, none named a comment."""
    posts = "".join(f"<div align='center'><div class='page'>{_board_post(7000 + i)}</div></div>" for i in range(replies))
    return (f"<table{body}><tr><td class='main'><div class='entry'><h2>Council expands the bus network</h2>"
            f"<div class='entrybody'>{story}</div></div><h3>Discuss this story in our forum</h3><div id='posts'>{posts}</div>"
            "</td><td class='side'><ul><li><a href='/a'>Archives</a></li><li><a href='/b'>Blogroll</a></li></ul></td></tr>"
            "</table>")


@pytest.mark.usefixtures("unsure")
def test_a_story_above_a_boards_posts_is_an_article_whose_replies_are_left_out() -> None:
    """The rules weigh the page a thread by its post items; the story above them, outside every item,
    makes it an article with comments (`commented_story.board_replies`), and the replies are left out,
    whichever of them won the first read's region."""
    for replies in (6, 30):
        text = main_text(page(_blog_above_board(replies)))
        assert text.explanation is not None and text.explanation.layout_kind == "article", replies
        assert "replies in a board's posts" in text.explanation.render()
        assert P1 in text.body and P2 in text.body
        assert "harbour side" not in text.body and "Join Date" not in text.body, replies


@pytest.mark.usefixtures("unsure")
def test_a_board_whose_page_is_named_a_forum_keeps_its_posts() -> None:
    text = main_text(page(_blog_above_board(6, body=" id='forum'")))
    assert text.explanation is not None and "replies in a board's posts" not in text.explanation.render()
    assert "harbour side" in text.body


@pytest.mark.usefixtures("unsure")
def test_prose_in_another_column_than_the_posts_is_no_story_they_reply_to() -> None:
    """A consent banner's or a footer's prose before post-named items that lie elsewhere on the page."""
    html = _blog_above_board(6, story="")
    text = main_text(page(f"<div class='banner'><p>{P1}</p><p>{P2}</p></div>{html}"))
    assert text.explanation is not None and "replies in a board's posts" not in text.explanation.render()


@pytest.mark.usefixtures("unsure")
def test_two_posts_under_a_story_are_no_board_of_replies() -> None:
    """`THREAD_MIN_POSTS` post items: two may be the page's own parts."""
    text = main_text(page(_blog_above_board(2)))
    assert text.explanation is not None and "replies in a board's posts" not in text.explanation.render()



OWN_REPLIES = (
    "We waited for the number twelve every morning last winter, and more than once it never came at all, so any new "
    "route sounds good to me as long as the drivers are there to run it.",
    "Twelve million is a lot of money for four routes. The regional fund is still our money, and the paper should ask "
    "how many people are expected to ride them before the council signs anything.",
    "My mother goes to the hospital twice a week and takes two buses and a long walk to get there. A direct line from "
    "the northern suburbs would change her week completely.",
    "Later evening services matter more than new routes. The last bus leaves the centre before ten, which is useless "
    "for anyone who works in a shop or a restaurant in town.",
    "I sat in on the meeting and the operator seemed far less sure than the council about the timetable, so I would not "
    "count on the end of next year either.",
    "Good news for once. The harbour side has been asking for this since the old tram line closed, and it is nice to "
    "see somebody finally listening to the people who live out there.",
)
"""Replies of other people, each its own prose, as a board's posts under a story are."""


def _board_column() -> str:
    """A blog's column holding the story and the board's topic under it (each reply of two paragraphs: the
    replies' good text climbs the first read's region to the column), then the board's note."""
    texts = (f"{text}<br /><br />{OWN_REPLIES[(i + 3) % len(OWN_REPLIES)]}" for i, text in enumerate(OWN_REPLIES))
    posts = "".join(_board_post(7000 + i).replace(REPLY, text) for i, text in enumerate(texts))
    return (f"<table><tr><td class='main'><div class='entry'><h2>Council expands the bus network</h2>"
            f"<div class='entrybody'><p>{P1}</p><p>{P2}</p><p>{P3}</p></div><div class='entryfoot'>Posted by Ann Lee</div>"
            f"</div><h3>Discuss this story in our forum</h3><div id='posts'>{posts}</div><p>The moderators of this board read "
            "every thread and take out the posts that break the house rules, usually within the day.</p></td>"
            "<td class='side'><ul><li><a href='/a'>Archives</a></li><li><a href='/b'>Blogroll</a></li></ul></td></tr></table>")


@pytest.mark.usefixtures("article")
def test_a_story_and_a_boards_replies_in_one_region_lose_the_replies_and_the_topic_after_them() -> None:
    """Read as an article from the start, the region is the blog's column: the story, then the board's
    posts under it (`commented_story.board_replies`). The replies are left out, and so is the topic's
    tail in the column after the first of them (the board's note under the posts)."""
    text = main_text(page(_board_column()))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert P1 in text.body and P3 in text.body
    assert not any(reply[:40] in text.body for reply in OWN_REPLIES)
    assert "Join Date" not in text.body and "house rules" not in text.body
