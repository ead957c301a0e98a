"""Issue 32: a story saved as one run of text and closed by its agency's copyright line is one block
with a copyright mark; on an inclusive read it was dropped as a footer (`rules/credited_story.py`)."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.rules.credited_story import credited_story
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

LINKS = "<ul>" + "".join(f"<li><a href='/s{i}'>Another story about section number {i}</a></li>" for i in range(14)) + "</ul>"
CREDIT = "Copyright &copy; 2009 The Harwick Gazette. All rights reserved."


def test_a_story_one_block_long_closed_by_its_copyright_line_is_kept_on_an_inclusive_read() -> None:
    story = f"{P1}<br>&nbsp;&nbsp;{P2}<br>&nbsp;&nbsp;{P3}<br>{CREDIT}"
    text = main_text(page(f"<table><tr><td>{LINKS}</td><td><b>Council expands buses</b><br>{story}</td>"
                          f"<td>{LINKS.replace('/s', '/r')}</td></tr></table>"))
    assert text.explanation is not None and text.explanation.layout_kind != "article"
    assert P1 in text.body and P3 in text.body
    assert "a story closed by its credit line" in text.explanation.render()


def test_a_footer_that_opens_with_its_mark_is_still_a_copyright_line() -> None:
    footer = (f"© 2009 The Harwick Gazette. All rights reserved. {P1} {P2}")
    assert not credited_story(footer)
    assert not credited_story(f"{P1} Nothing else here.")  # no mark at all
    assert credited_story(f"{P1} {P2} {P3} © 2009 The Harwick Gazette.")
