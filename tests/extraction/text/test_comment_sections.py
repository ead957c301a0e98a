"""Issue 32: readers' comments in markup that names nothing a comment -- a table per comment, a
`DataList`'s rows, a forum's `div.post` replies under a story -- are found by the title that counts
or names them after the story (`rules/comment_sections.py`)."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.rules.comment_sections import comment_title
from tests.extraction.text.helpers import page
from tests.extraction.text.test_reader_comments import COMMENT
from tests.extraction.text.test_traps import P1, P2, P3

STORY = f"<p>{P1}</p><p>{P2}</p><p>{P3}</p>"
SIDEBAR = "<ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8)) + "</ul>"


def _rows(n: int) -> str:
    """Comments as table rows of a name, a date and a text, no class naming a comment."""
    return "".join(f"<tr><td><div class='who'>reader{i}, Harwick</div><div class='when'>May {i + 1}, 2009</div>"
                   f"<div class='what'>{COMMENT}{COMMENT}</div></td></tr>" for i in range(n))


def _table_page(title: str, n: int = 5) -> str:
    return (f"<table><tr><td>{SIDEBAR}</td><td><h1>Council expands buses</h1><div class='story'>{STORY}</div>"
            f"<div class='feedback'><h4>{title}</h4><table class='list'>{_rows(n)}</table></div></td></tr></table>")


def test_comments_under_a_title_that_counts_them_are_left_out_whatever_their_markup() -> None:
    text = main_text(page(_table_page("Readers' comments (5)")))
    assert P1 in text.body and P3 in text.body
    assert "near the river" not in text.body
    assert "in a comment section after the story" in (text.explanation.render() if text.explanation else "")


def test_a_bare_comments_title_opens_the_section_too() -> None:
    text = main_text(page(_table_page("Comments")))
    assert P3 in text.body and "near the river" not in text.body


def test_a_title_over_the_story_in_one_cell_of_text_runs_leaves_the_story() -> None:
    """The story and the comments' title are runs of one cell parted by <br><br>: the section
    starts at the title, not at the cell (which holds the story too)."""
    runs = f"<font>{P1}<br><br>{P2}<br><br>{P3}<br><br><b>Comments (4)</b><br><br></font>"
    body = (f"<table><tr><td>{SIDEBAR}</td><td><b>Council expands buses</b><br><br>{runs}"
            f"<table class='list'>{_rows(4)}</table></td></tr></table>")
    text = main_text(page(body))
    assert P1 in text.body and P3 in text.body
    assert "near the river" not in text.body


def test_a_count_in_the_byline_before_the_story_opens_nothing() -> None:
    body = (f"<div class='story'><h1>Council expands buses</h1><p class='meta'>By Jane Roe | 5 comments</p>{STORY}"
            f"<div class='sect'><h3>Timeline</h3><p>{P2}</p></div><div class='sect'><h3>Costs</h3><p>{P3}</p></div></div>")
    text = main_text(page(body))
    assert text.body.count(P2) == 2 and text.body.count(P3) == 2


def test_a_forums_replies_under_a_story_are_left_out_but_not_on_a_forum() -> None:
    posts = "".join(f"<div id='p{i}' class='post bg{i % 2 + 1}'><div class='postbody'><h3>Re: Council expands buses</h3>"
                    f"<p class='author'>by reader{i} » May {i + 1}, 2009</p><div class='content'>{COMMENT}{COMMENT}</div>"
                    f"</div><dl class='postprofile'><dt>reader{i}</dt><dd>Posts: {i * 7}</dd></dl></div>" for i in range(6))
    story = (f"<div id='main'><div class='newsitem'><h1>Council expands buses</h1>{STORY}</div>"
             f"<div class='boardhead'><h2>Discuss this story</h2><p>6 replies</p></div><div id='board'>{posts}</div></div>")
    text = main_text(page(story))
    assert P1 in text.body and P3 in text.body and "near the river" not in text.body
    forum = main_text(page(story, '<script type="application/ld+json">{"@type": "DiscussionForumPosting"}</script>'))
    assert "near the river" in forum.body


def test_comment_titles() -> None:
    for title in ("Comments", "Readers' comments", "Leserkommentare (3)", "7 replies • Read more",
                  "\u201cHeadline\u201d | Log in | 4 comments", "Comments (12)", "No Comments"):
        assert comment_title(title), title
    for line in ("Reactions", "Responses", "Leave a comment", "Code comments make a program easier to read",
                 "1,234 views"):
        assert not comment_title(line), line


def test_a_count_of_reactions_is_a_comment_title_in_each_language() -> None:
    """Papers count their readers' reactions in their own word for them, as English ones do
    ("Reactions (12)"); a bare "Reaktionen" may title a story's own section (what others said)."""
    for title in ("Reactions (12)", "Réactions (12)", "Reaktionen (12)", "Leserreaktionen (12)", "Reacciones (12)",
                  "12 reacciones", "Reazioni (12)", "Reacties (12)", "12 comentários", "Reações (12)"):
        assert comment_title(title), title
    for line in ("Reaktionen", "Reacciones de los vecinos", "Reazioni chimiche in 12 passi"):
        assert not comment_title(line), line
    text = main_text(page(_table_page("Reaktionen (5)")))
    assert P3 in text.body and "near the river" not in text.body


def test_a_count_over_more_of_the_story_opens_nothing() -> None:
    """A count after the dek ("124 Comments" linking down) with two related cards in a side
    section after it, or a quoted post's bar ("a year ago · 241 likes · 4 comments") inside the
    story: more of the story follows, which no item holds, so nothing is left out."""
    cards = "".join(f"<article><h3><a href='/r{i}'>Related piece {i}</a></h3><p>By Ann Lee, 2019</p></article>"
                    for i in range(2))
    byline = (f"<article class='story'><h1>Council expands buses</h1><p>{P1}</p><p class='meta'>124 Comments</p>"
              f"<section class='rel'>{cards}</section><p>{P2}</p><p>{P3}</p><p>{P2} {P3}</p></article>")
    text = main_text(page(byline))
    assert P1 in text.body and P3 in text.body and f"{P2} {P3}" in text.body
    runs = (f"{P1} {P3}", f"{P3} {P1}", f"{P2} {P1}")
    lists = "".join(f"<ul><li>Lesson {i}: {P2}</li><li>Essay {i}: {P3}</li></ul><p>{run}</p><p>{i}. {P1}</p>"
                    for i, run in enumerate(runs))
    quoted = (f"<article class='story'><h1>Council expands buses</h1><p>{P1}</p><p>{P2}</p>"
              f"<p>a year ago · 241 likes · 4 comments · Jane Roe</p>{lists}</article>")
    text = main_text(page(quoted))
    assert all(run in text.body for run in runs)
