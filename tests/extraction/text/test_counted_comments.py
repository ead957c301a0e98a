"""Issue 32: readers' comments under a title in words no phrase list holds ("Your views (3)"), or a
single comment ("Comments (1)"), are found by the count in their title matching the dated items
under it (`rules/counted_comments.py`)."""

from __future__ import annotations

import re

import pytest

from extraction.maintext import main_text
from extraction.text.rules import counted_comments
from extraction.text.rules.counted_comments import counted
from tests.extraction.text.helpers import page
from tests.extraction.text.test_reader_comments import COMMENT
from tests.extraction.text.test_traps import P1, P2, P3

STORY = f"<p>{P1}</p><p>{P2}</p><p>{P3}</p>"
SIDEBAR = "<ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8)) + "</ul>"


def _rows(n: int, dated: bool = True) -> str:
    """Items as table rows of a name, a date and a text, no class naming a comment."""
    when = "<div class='when'>May {d}, 2009</div>" if dated else "<div class='when'>Harwick branch</div>"
    return "".join(f"<tr><td><div class='who'>reader{i}, Harwick</div>{when.format(d=i + 1)}"
                   f"<div class='what'>{COMMENT}{COMMENT}</div></td></tr>" for i in range(n))


def _table_page(title: str, rows: str) -> str:
    return (f"<table><tr><td>{SIDEBAR}</td><td><h1>Council expands buses</h1><div class='story'>{STORY}</div>"
            f"<div class='feedback'><h4>{title}</h4><table class='list'>{rows}</table></div></td></tr></table>")


def test_items_a_title_counts_are_left_out_whatever_its_words() -> None:
    text = main_text(page(_table_page("Your views (3)", _rows(3))))
    assert P1 in text.body and P3 in text.body
    assert "near the river" not in text.body and "Your views" not in text.body
    assert "its title counts its dated items" in (text.explanation.render() if text.explanation else "")


def test_dated_lines_in_the_date_parsers_languages_count_as_dated() -> None:
    """The features count English month names ("May 3, 2009"); a Spanish or Dutch paper dates its
    readers' lines in its own ("12 diciembre 2006", "3 mei 2010"), and they are dated lines too."""
    for month in ("diciembre", "mei", "agosto"):
        rows = "".join(f"<tr><td><div class='who'>reader{i}, Harwick</div><div class='when'>{i + 10} {month} 2009</div>"
                       f"<div class='what'>{COMMENT}{COMMENT}</div></td></tr>" for i in range(3))
        text = main_text(page(_table_page("Your views (3)", rows)))
        assert P3 in text.body and "near the river" not in text.body, month


def test_items_a_title_counts_as_replies_are_left_out() -> None:
    """A board's topic printed under the story counts its posts in brackets with the word for them
    ("Discuss this story (3 replies)"): the count is the same."""
    text = main_text(page(_table_page("Discuss this story in our forum (3 replies)", _rows(3))))
    assert P3 in text.body and "near the river" not in text.body


def test_a_single_comment_under_its_count_is_left_out() -> None:
    text = main_text(page(_table_page("Comments (1)", _rows(1))))
    assert P3 in text.body and "near the river" not in text.body


def test_a_single_comment_under_a_bare_title_is_left_out() -> None:
    """`comment_sections` opens a bare "Comments" title over two like items or more; one comment
    is no group of like items, and its dated line says what it is."""
    text = main_text(page(_table_page("Comments", _rows(1))))
    assert P3 in text.body and "near the river" not in text.body
    undated = main_text(page(_table_page("Comments", _rows(1, dated=False))))
    assert "near the river" in undated.body


def test_a_count_the_items_do_not_match_or_items_without_dates_stay() -> None:
    """Two items under "(3)", or three items with no dated line (a story's own counted section:
    its branches, a changelog's entries), are not what readers sent in."""
    for title, rows in (("Your views (3)", _rows(2)), ("Our branches (3)", _rows(3, dated=False))):
        text = main_text(page(_table_page(title, rows)))
        assert P3 in text.body and "near the river" in text.body, title


def test_one_page_of_a_paged_list_under_its_count_is_left_out() -> None:
    """A paper that pages its readers' comments counts them all in the title ("Your views (40)") over
    the first page of them; fewer than a page (`PAGE_MIN_ITEMS`) under a larger count is no such page."""
    shown = counted_comments.PAGE_MIN_ITEMS
    text = main_text(page(_table_page("Your views (40)", _rows(shown))))
    assert P3 in text.body and "near the river" not in text.body
    short = main_text(page(_table_page("Your views (40)", _rows(shown - 1))))
    assert P3 in short.body and "near the river" in short.body
    more = main_text(page(_table_page("Your views (12)", _rows(13))))
    assert "near the river" in more.body


def test_counts() -> None:
    assert counted("Your views (9)") == 9
    assert counted("Comments (1)") == 1
    assert counted("7 comments") == 7
    assert counted("Leserbriefe (12):") == 12
    assert counted("Discuss this story in our forum (22 replies)") == 22
    assert counted("Leserbriefe (4 Kommentare)") == 4
    for line in ("Best of 2009 (3)", "Your views (0)", "No comments", "Comments", "Chapter 3", "(4)", "Photos (12 images)"):
        assert counted(line) is None, line


def test_a_counted_section_after_the_region_is_judged_so_the_peer_may_not_put_it_back() -> None:
    """Short comments fall outside the story's region; left out only as "outside the chosen
    container", the second candidate could put them back (`arbiter.py`): they are judged."""
    rows = "".join(f"<tr><td><div class='who'>reader{i}, Harwick</div><div class='when'>May {i + 1}, 2009</div>"
                   "<div class='what'>Does anyone know when the next meeting is?</div></td></tr>" for i in range(3))
    html = (f"<div id='page'><div class='col'>{SIDEBAR}</div><div class='col'><div class='story'>"
            f"<h1>Council expands buses</h1>{STORY}</div><div class='feedback'><h4>Your views (3)</h4>"
            f"<table class='list'>{rows}</table></div></div></div>")
    text = main_text(page(html))
    assert text.explanation is not None and text.explanation.container.endswith("div.story")
    assert P3 in text.body and "next meeting" not in text.body
    judged = [b for b in text.explanation.blocks if "next meeting" in b.preview]
    assert len(judged) == 3 and all("its title counts its dated items" in b.why for b in judged)


def test_a_count_line_in_the_story_cell_heads_the_comments_after_it() -> None:
    """A table CMS prints the story as `<br><br>` runs in one cell and its count line ("1 comments")
    in the same cell: the line has no box of its own, and what follows it in the region is the section."""
    runs = "<br><br>".join((P1, P2, P3))
    item = ("<div style='width: 420px'><div style='border-bottom:1px solid black'>by <b>{who}</b> @ May 3, 2009</div>"
            "<div style='padding:2px'>{text}</div></div>")
    for count, items in (("1 comments", item.format(who="reader1", text=COMMENT + COMMENT)),
                         ("2 comments", "".join(item.format(who=f"reader{i}", text=COMMENT + COMMENT) for i in range(2)))):
        html = (f"<table><tr><td>{SIDEBAR}</td><td><font size='4'><b>Council expands buses</b></font><br><br>"
                f"<font size='2'>{runs}</font><br><br><b>{count}</b><br><br>{items}</td></tr></table>")
        text = main_text(page(html))
        assert P1 in text.body and P3 in text.body, count
        assert "near the river" not in text.body and count not in text.body, count


def test_a_rail_of_dated_cards_under_a_comment_word_is_no_single_comment() -> None:
    """A sidebar tab "Last comments" over a wrapper of dated story cards: the wrapper is one element
    with a dated line, but holds four dated lines, not the one comment a bare title expects."""
    cards = "".join(f"<div class='card'><h5><a href='/n/{i}'>Harbour board reviews plan {i}</a></h5>"
                    f"<p class='meta'>{i + 2} hours ago</p></div>" for i in range(4))
    html = (f"<div id='page'><div class='col'><div class='story'><h1>Council expands buses</h1>{STORY}</div></div>"
            f"<div class='side'><h4>Last comments</h4><div class='wrap'>{cards}</div></div></div>")
    text = main_text(page(html))
    assert text.explanation is not None and P3 in text.body
    assert not any("its title counts its dated items" in b.why for b in text.explanation.blocks)


class _Asked:
    """A pattern that keeps the lines it was asked to match."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.lines = pattern, []

    def match(self, line: str) -> re.Match[str] | None:
        self.lines.append(line)
        return self.pattern.match(line)


def test_only_a_line_with_a_digit_is_read_for_a_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both shapes of a count hold a digit, and a page's short lines mostly hold none: those are
    not matched against the shapes (issue 31, CPU)."""
    asked = _Asked(counted_comments.COUNTED_TITLE)
    monkeypatch.setattr(counted_comments, "COUNTED_TITLE", asked)
    rows = re.sub(r"reader\d, Harwick", "A reader from Harwick", _rows(3))  # the items' short lines: no digit but the date's
    story = _table_page("Your views (3)", rows).replace(STORY, STORY + "<h3>More on this</h3>")
    text = main_text(page(story))
    assert "near the river" not in text.body and "A reader from Harwick" not in text.body
    assert "Your views (3)" in asked.lines
    assert asked.lines and all(re.search(r"\d", line) for line in asked.lines)


def test_the_items_are_grouped_without_a_walk_up_from_the_title_per_ancestor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The title and its ancestors are read once per section; the items' ancestors are looked up
    in them, not walked from the title again for each one (issue 31, CPU)."""
    walks: list[object] = []
    original = counted_comments.within

    def counting(element: object, region: object) -> bool:
        walks.append(element)
        return original(element, region)  # type: ignore[arg-type]

    monkeypatch.setattr(counted_comments, "within", counting)
    text = main_text(page(_table_page("Your views (3)", _rows(3))))
    assert "near the river" not in text.body
    titles = [e for e in walks if getattr(e, "tag", None) == "h4"]
    assert len(titles) <= 3  # the section's own tests (the story above it, its box, the region), not one per ancestor


def _untitled(rows: str, after: str = "") -> str:
    """A table paper's story cell: the story, then its comments as rows of one table, no title."""
    return (f"<table><tr><td>{SIDEBAR}</td><td><font size='4'><b>Council expands buses</b></font><br>{STORY}"
            f"<hr><table width='100%' cellpadding='4'>{rows}</table>{after}</td></tr></table>")


def _pairs(n: int, head: str = "<b>reader{i}</b> &mdash; May {d}, 2009") -> str:
    return "".join(f"<tr><td bgcolor='#eeeeee'><font size='1'>{head.format(i=i, d=i + 1)}</font></td></tr>"
                   f"<tr><td><font size='2'>{COMMENT}{COMMENT}</font></td></tr>" for i in range(n))


def test_an_untitled_run_of_dated_comments_after_the_story_is_left_out() -> None:
    """No title, no count: rows headed by who wrote when, each over written text, after the story
    and closing the region, are its comments (a head row over a text row, or a name cell beside
    the text; dates in another language of the date parser's too)."""
    beside = "".join(f"<tr><td width='120'><font size='1'><b>reader{i}</b><br>{i + 3} mei 2010</font></td>"
                     f"<td><font size='2'>{COMMENT}</font></td></tr>" for i in range(3))
    for rows in (_pairs(3), beside):
        text = main_text(page(_untitled(rows)))
        assert P1 in text.body and P3 in text.body
        assert "near the river" not in text.body and "reader1" not in text.body
        assert "untitled run of dated comments" in (text.explanation.render() if text.explanation else "")


def test_an_untitled_run_is_kept_when_it_is_not_a_run_of_comments() -> None:
    """A timeline's dates name no one; one dated head is no run; the story going on after the rows,
    or the text under each head being links, makes them the story's or a rail's, not comments."""
    links = "".join(f"<tr><td><font size='1'><b>reader{i}</b> May {i + 1}, 2009</font></td></tr><tr><td><a href='/s{i}'>"
                    f"{COMMENT}</a></td></tr>" for i in range(3))
    for rows, after in ((_pairs(3, "May {d}, 2009"), ""), (_pairs(1), ""), (_pairs(3), f"<p>{P1} {P2}</p><p>{P3}</p>"),
                        (links, "")):
        text = main_text(page(_untitled(rows, after)))
        assert "untitled run of dated comments" not in (text.explanation.render() if text.explanation else "")


def _one_table_each(n: int, link: str = "") -> str:
    """Comments printed one table each, one after another in the story's cell, with no title."""
    return "".join(f"<table width='100%' cellpadding='3'><tr><td bgcolor='#eeeeee'><font size='1'>Geplaatst door "
                   f"<b>reader{i}</b> op 1{i}-03-2009 om 10:42</font></td></tr><tr><td><font size='2'>{COMMENT}</font></td>"
                   f"</tr><tr><td align='right'>{link}</td></tr></table><br>" for i in range(n))


def test_an_untitled_run_of_comments_one_table_each_in_the_storys_cell_is_left_out() -> None:
    """With no box around them, the comments are the like siblings after the story (one head each,
    over written text, a "Meld misbruik" link under it); two of them are a run, one is not."""
    story = (f"<table><tr><td>{SIDEBAR}</td><td><font size='4'><b>Council expands buses</b></font><br>"
             f"<font size='2'>{STORY}</font>{{rows}}</td></tr></table>")
    text = main_text(page(story.format(rows=_one_table_each(3, "<a href='/report'>Meld misbruik</a>"))))
    assert P1 in text.body and P3 in text.body
    assert "near the river" not in text.body and "reader1" not in text.body
    assert "untitled run of dated comments" in (text.explanation.render() if text.explanation else "")
    one = main_text(page(story.format(rows=_one_table_each(1))))
    assert "untitled run of dated comments" not in (one.explanation.render() if one.explanation else "")


def test_comments_one_table_each_with_who_wrote_when_under_the_text_are_left_out() -> None:
    """The text first, then the poster and date under it ("reader1, Harwick – 11-03-2009 10:42"),
    then at most a number and a report link: the same run, its heads closing each comment."""
    rows = "".join(f"<table width='100%'><tr><td><font size='2'>{COMMENT}</font></td></tr><tr><td bgcolor='#eeeeee'>"
                   f"<font size='1'><b>reader{i}</b>, Harwick &ndash; 1{i}-03-2009 om 10:42</font></td></tr><tr><td>#{i + 1} "
                   f"<a href='/report'>Meld misbruik</a></td></tr></table>" for i in range(3))
    text = main_text(page(f"<table><tr><td>{SIDEBAR}</td><td><font size='4'><b>Council expands buses</b></font><br>"
                          f"<font size='2'>{STORY}</font>{rows}</td></tr></table>"))
    assert P1 in text.body and P3 in text.body
    assert "near the river" not in text.body and "reader1" not in text.body


def _views_box(n: int, note: str = "") -> str:
    """A paper's readers' views in one box after the story: each its paragraph, then who wrote it when
    under it, no element around each view; `note` closes the box."""
    views = "".join(f"<p>{COMMENT}</p><p class='who'><i><b>reader{i}</b>, Harwick, 1{i}/03/2009 10:42</i></p>"
                    for i in range(n))
    return (f"<table><tr><td>{SIDEBAR}</td><td><h1>Council expands buses</h1><div id='storybody'>{STORY}</div>"
            f"<div id='views'>{views}{note}</div></td></tr></table>")


def test_a_box_of_comments_each_closed_by_who_wrote_when_is_left_out() -> None:
    """No element around each comment: the heads under the texts, one after another in one box, are
    the run (a short closing line of the box's own after the last one, too); one head is no run."""
    for note in ("", "<p><small>Views are moderated and may be shortened.</small></p>"):
        text = main_text(page(_views_box(3, note)))
        assert P1 in text.body and P3 in text.body
        assert "near the river" not in text.body and "reader1" not in text.body, note
        assert "untitled run of dated comments" in (text.explanation.render() if text.explanation else "")
    one = main_text(page(_views_box(1)))
    assert "untitled run of dated comments" not in (one.explanation.render() if one.explanation else "")


def test_a_live_blogs_entries_after_its_first_are_the_story() -> None:
    """Entries alike, each headed by who wrote when, the story's first paragraph in the first of
    them: the story's own entries, not comments on it."""
    entries = "".join(f"<div class='entry'><div class='when'>Posted by Jane Roe on May {i + 1}, 2009 at 10:42</div>"
                      f"<p>{paragraph}</p></div>" for i, paragraph in enumerate((P1, P2, P3, COMMENT)))
    text = main_text(page(f"<table><tr><td>{SIDEBAR}</td><td><h1>Council expands buses</h1>{entries}</td></tr></table>"))
    assert P3 in text.body and "near the river" in text.body
    closing = "".join(f"<div class='entry'><p>{paragraph}</p><div class='when'>Jane Roe, May {i + 1}, 2009 at 10:42</div></div>"
                      for i, paragraph in enumerate((P1, P2, P3, COMMENT)))
    text = main_text(page(f"<table><tr><td>{SIDEBAR}</td><td><h1>Council expands buses</h1>{closing}</td></tr></table>"))
    assert P3 in text.body and "near the river" in text.body


def test_a_name_beside_a_date_is_what_is_left_once_the_date_is_taken_out() -> None:
    assert counted_comments.name_beside_date("Susan Parker — February 11, 2009")
    assert counted_comments.name_beside_date("by xyzzy @ 3 mai 2010 10:42")
    assert not counted_comments.name_beside_date("February 11, 2009")
    assert not counted_comments.name_beside_date("11.02.2009")
    assert not counted_comments.name_beside_date("The council met on February 11, 2009 to vote on the new budget plan")


def test_a_head_in_the_languages_own_wording_is_a_head() -> None:
    """Papers print who wrote when in their own words, the date as the country writes it, the time
    after the language's word for "at" ("Geplaatst door Jan de Vries op 12-03-2009 om 10:42",
    "Scritto da Marco Rossi il 12/03/2009 alle 10:42"): still a name beside a date."""
    assert counted_comments.name_beside_date("Geplaatst door Jan de Vries op 12-03-2009 om 10:42")
    assert counted_comments.name_beside_date("Scritto da Marco Rossi il 12/03/2009 alle 10:42")
    rows = _pairs(3, "Geplaatst door <b>Jan de Vries{i}</b> op 1{d}-03-2009 om 10:42")
    text = main_text(page(_untitled(rows)))
    assert P3 in text.body and "near the river" not in text.body and "Geplaatst door" not in text.body


def _board_replies(n: int, one_table: bool = False) -> str:
    """A board's replies under a blog's entry, named by nothing: the poster's cell (name, rank,
    messages) beside the message's cell, whose date line names no one but the verb."""
    rows = [f"<tr><td width='160'><b>reader{i}</b><br><font size='1'>Senior Member<br>{i + 30} Posts</font></td>"
            f"<td><font size='1'>Posted - 0{i + 1}/12/2009 : 10:42:15</font><hr><font size='2'>{COMMENT}{COMMENT}</font>"
            "</td></tr>" for i in range(n)]
    replies = (f"<table cellspacing='1'>{''.join(rows)}</table>" if one_table
               else "".join(f"<table cellspacing='1'>{row}</table><br>" for row in rows))
    return (f"<table><tr><td class='main'><div class='entry'><h2>Council expands buses</h2><div class='entrybody'>{STORY}"
            f"</div><div class='entryfoot'>Posted by Jane Roe</div></div>{replies}</td><td>{SIDEBAR}</td></tr></table>")


def test_replies_whose_posters_panel_stands_before_the_date_line_are_left_out() -> None:
    """A board prints who wrote in a cell beside the message and the date line over the text: the
    poster's panel before the date line belongs to the head (a table a reply, or one table of all)."""
    for one_table in (False, True):
        text = main_text(page(_board_replies(3, one_table)))
        assert P1 in text.body and P3 in text.body, one_table
        assert "near the river" not in text.body and "Senior Member" not in text.body, one_table
        assert "untitled run of dated comments" in (text.explanation.render() if text.explanation else "")


def test_a_one_line_replys_cell_around_its_head_is_no_head_of_its_own() -> None:
    """A reply of two words and a signature ("Well said. ----- Westerby 1993") makes its whole
    message cell a short line with a date in it: the head inside is the head, the cell no second one,
    and the run of replies goes on past it."""
    short = ("<table cellspacing='1'><tr><td width='160'><b>quietreader</b><br><font size='1'>Member<br>9 Posts</font></td>"
             "<td><font size='1'>Posted - 02/12/2009 : 10:57:24</font><hr><font size='2'>Well said.<br>-----<br>"
             "Westerby 1993</font></td></tr></table><br>")
    html = _board_replies(4).replace("<table cellspacing='1'>", short + "<table cellspacing='1'>", 2).replace(short, "", 1)
    assert html.count("Well said.") == 1
    text = main_text(page(html))
    assert P3 in text.body and "near the river" not in text.body and "Well said" not in text.body
