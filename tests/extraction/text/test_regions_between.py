"""What belongs to the article's region though it scores low on its own: the headings, lists,
tables and linked items between its paragraphs (settled by the context pass, not left out),
and a page whose markup ends the document before its story."""

from __future__ import annotations

import lxml.html

from extraction.document import parse
from extraction.maintext import main_text
from extraction.text.blocks import Block
from extraction.text.container import climb, container_scores, span_between
from extraction.text.context import smooth
from extraction.text.decisions import Label, Verdict
from tests.extraction.text.helpers import page
from values.rendered import RenderedPage

SENTENCE = "The reviewer carried this scooter to work every day for a month and noted how it rode. "
SPECS = "".join(f"<li>Part{i}</li>" for i in range(80))
"""A long list of short, unpunctuated lines: each costs more than it scores, and together they
make the article's own container cost more than half of its best paragraph."""


def _article() -> str:
    paragraph = f"<p>{SENTENCE * 5}</p>"
    return (f"<nav><a href='/'>Home</a> <a href='/a'>About</a></nav><div class='entry'>{paragraph}{paragraph}"
            f"<h2>What is in the box</h2>{paragraph}<ul>{SPECS}</ul>{paragraph}{paragraph}</div>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_list_and_a_heading_between_the_paragraphs_are_kept():
    body = main_text(page(_article())).body
    assert "What is in the box" in body
    assert "Part0" in body and "Part79" in body
    assert "Home" not in body and "rights reserved" not in body


def test_the_span_runs_from_the_first_joined_sibling_to_the_last_and_no_further():
    doc = page("<div id='d'><p id='a'>x</p><p id='b'>x</p><ul id='c'></ul><p id='e'>x</p><p id='f'>x</p></div>")
    by_id = {el.get("id"): el for el in doc.root.iter() if el.get("id")}
    span = span_between(by_id["b"], (by_id["e"],))
    assert span == (by_id["c"], by_id["e"])
    assert span_between(by_id["b"], ()) == ()


def test_the_rows_of_a_table_beside_good_text_are_settled_together():
    table, good, short, bad = object(), Label.GOOD, Label.SHORT, Label.BAD
    rows = [good, short, short, short, bad]
    alone = [kept for kept, _ in smooth(rows, [False] * 5)]
    together = [kept for kept, _ in smooth(rows, [False] * 5, [None, table, table, table, None])]
    assert alone == [True, False, False, False, False]
    assert together == [True, True, True, True, False]
    between_boilerplate = smooth([bad, short, short, bad], [False] * 4, [None, table, table, None])
    assert [kept for kept, _ in between_boilerplate] == [False, False, False, False]
    assert between_boilerplate[1][1] == "item of a list or table between boilerplate"


def test_a_heading_over_a_kept_table_is_kept():
    table, good, short, bad = object(), Label.GOOD, Label.SHORT, Label.BAD
    settled = smooth([good, short, short, short, bad], [False, True, False, False, False],
                     [None, None, table, table, None])
    assert settled[1] == (True, "heading before a kept list or table")


def test_a_data_table_before_a_link_list_is_kept_and_the_link_list_is_not():
    rows = "".join(f"<tr><td>Firm {i}</td><td>{i * 7}</td></tr>" for i in range(12))
    links = "".join(f"<li><a href='/t{i}'>Topic {i}</a></li>" for i in range(6))
    body = main_text(page(f"<article><p>{SENTENCE * 4}</p><h2>The ranking</h2><table>{rows}</table>"
                          f"<ul>{links}</ul><p>{SENTENCE * 3}</p></article>")).body
    assert "The ranking" in body and "Firm 0 0" in body and "Firm 11 77" in body
    assert "Topic" not in body


def _card(i: int) -> str:
    return (f"<div class='card'><h3><a href='/c{i}'>Course number {i} for beginners</a></h3>"
            f"<p>This course teaches the basics of layout and colour over six weeks of lessons.</p></div>")


def test_linked_items_between_the_guides_paragraphs_are_its_own_and_a_list_after_it_is_not():
    others = "".join(f"<li><a href='/s{i}'>Another story about the city {i}</a><p>Summary of another story "
                     f"told in one line here.</p></li>" for i in range(4))
    guide = (f"<div class='post'><p>{SENTENCE * 3}</p>{_card(1)}{_card(2)}{_card(3)}"
             f"<p>{SENTENCE * 3}</p></div><ul class='more'>{others}</ul>")
    text = main_text(page(guide))
    assert text.body.count("This course teaches") == 3
    assert "Another story" not in text.body and "Summary of another story" not in text.body
    assert "teaser item between the article's paragraphs" in text.explanation.render()


def _report(i: int) -> str:
    return (f"<li><a href='/r{i}'>Report number {i} on the state of the valley's farms</a> (ER-{i}, 2024) "
            "This report counts the farms of the valley and how their harvests changed over ten years.</li>")


def test_a_list_the_story_introduces_with_a_colon_is_kept_after_its_last_paragraph():
    reports = "".join(_report(i) for i in range(4))
    story = (f"<div class='post'>{f'<p>{SENTENCE * 3}</p>' * 4}<p>{SENTENCE * 2} Reports that consider the valley "
             f"include:</p><ul>{reports}</ul></div>")
    text = main_text(page(story))
    assert text.body.count("This report counts the farms") == 4
    assert "teaser item of a list the article introduces" in text.explanation.render()
    unintroduced = main_text(page(story.replace("valley include:", "valley.")))
    assert "This report counts the farms" not in unintroduced.body


def test_a_page_after_a_premature_end_of_html_is_still_read():
    html = (f"<html><body><header><nav><a href='/'>Home</a></nav></header></body></html>"
            f"<div class='post'><h1>Title</h1><p>{SENTENCE * 3}</p></div>")
    doc = parse(RenderedPage.from_html(html, "https://example.org/a"))
    assert main_text(doc).body == (SENTENCE * 3).strip()


def test_climb_passes_through_wrappers_that_add_nothing_to_the_column_that_holds_every_part():
    root = lxml.html.fromstring(
        "<html><body><div id='col'><div id='b1'><div id='w'><div id='inner'><p id='p1'>x</p></div></div></div>"
        "<div id='b2'><p id='p2'>x</p></div><div id='b3'><p id='p3'>x</p></div></div></body></html>")
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    blocks = [Block(i, by_id[name], name, 1, 0) for i, name in enumerate(("p1", "p2", "p3"))]
    sums, good = container_scores(blocks, [Verdict(100, (), False), Verdict(60, (), False), Verdict(60, (), False)])
    assert climb(by_id["p1"], sums, good) is by_id["col"]


def test_a_responsive_copy_of_the_article_is_read_once_and_a_repeated_line_stays():
    story = "".join(f"<p>{SENTENCE * 3} Part {i}.</p>" for i in range(4))
    copies = f"<div class='desktop'>{story}</div><div class='tablet'>{story}</div><div class='mobile'>{story}</div>"
    text = main_text(page(f"<main>{copies}</main>"))
    assert text.body.count("Part 3.") == 1
    assert "a responsive copy" in text.explanation.render()
    day = "<p>Warm up: ten minutes of easy jogging, then five short strides on flat ground.</p>"
    plan = "".join(f"<h2>Day {i}</h2>{day}<p>{SENTENCE * 2} Day {i} main set.</p>" for i in range(3))
    assert main_text(page(f"<article>{plan}</article>")).body.count("Warm up") == 3


def test_a_spec_sheet_of_like_divs_after_a_link_is_settled_as_one_table():
    specs = "".join(f"<div class='spec spec-{i}'>{name}</div>" for i, name in
                    enumerate(("Tested speed 19.8 mph", "Tested range 18.7 miles", "Weight 46.3 lbs", "Max load 265 lbs")))
    story = (f"<div class='post'><p>{SENTENCE * 4}</p><p><a href='/shop/scooter'>Buy this scooter at the shop</a></p>"
             f"<div class='specs'>{specs}</div><p>{SENTENCE * 4}</p><p>{SENTENCE * 3}</p></div>")
    body = main_text(page(story)).body
    assert "Tested speed 19.8 mph" in body and "Max load 265 lbs" in body
    assert "Buy this scooter" not in body


def test_a_short_closing_line_among_the_storys_paragraphs_is_kept():
    story = f"<div class='post'>{f'<p>{SENTENCE * 3}</p>' * 4}<p>Happy riding!</p></div><p>Share this</p>"
    body = main_text(page(story)).body
    assert body.endswith("Happy riding!")
