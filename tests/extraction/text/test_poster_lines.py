"""An item's poster line ("Wilson 11 hours ago": who posted it, how long ago) is left out of an
inclusive read; a bare relative time (an item's date), a line that opens with the time and a
sentence that mentions one stay."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.rules.poster_lines import POSTER_LINE_WHY, poster_line
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2


def test_a_name_or_a_source_before_a_relative_time_is_a_poster_line():
    for line in ("Wilson 11 hours ago", "KGW • 21 hours ago", "Need2KnowLion 2 years ago #1",
                 "Geoff Meakin 1 week ago in Internet Marketing", "karri· 4 min ago", "Lance S. 2min ago",
                 "1 point by rbanffy 13 minutes ago | hide | past | discuss"):
        assert poster_line(line), line


def test_a_date_a_line_opening_with_the_time_and_prose_are_not_poster_lines():
    for line in ("3 days ago", "1d ago 3 min read", "10 hours ago, R C-R said:",
                 "I asked the same thing on the old board 2 days ago.", "Wilson, an hour later",
                 "The council voted on the plan that the mayor put forward to the city three weeks "
                 "earlier, 2 days ago, after a long debate"):
        assert not poster_line(line), line


def test_poster_lines_are_left_out_of_an_inclusive_read() -> None:
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p><p>Wilson 11 hours ago</p><h2>Details</h2><p>{P2}</p>"
               "<p>3 days ago</p></main>", head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "product"
    assert P1 in text.body and P2 in text.body and "3 days ago" in text.body
    assert "Wilson" not in text.body
    assert any(b.why == POSTER_LINE_WHY for b in text.explanation.blocks)
