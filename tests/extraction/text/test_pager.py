"""A listing's paging controls and result count ("Load more", "Next", "Showing 24 of 514
results") are boilerplate phrases: on an inclusive read every clean block is kept, and these
lines are the grid's controls, not its items."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.phrases import boilerplate_phrase
from tests.extraction.text.helpers import page


def _card(n: int) -> str:
    return (f"<li><a href='/lamps/{n}'><h3>Walnut desk lamp model {n}</h3></a>"
            f"<p>A warm light for a small desk, number {n}.</p></li>")


def test_a_listing_leaves_out_its_result_count_and_load_more():
    html = ("<main><h1>Desk lamps</h1><p>Showing 24 of 514 results</p>"
            f"<ul>{''.join(_card(n) for n in range(1, 7))}</ul><p>Load more</p></main>")
    body = main_text(page(html)).body
    assert "Walnut desk lamp model 6" in body
    assert "Showing" not in body and "Load more" not in body


def test_only_whole_paging_lines_are_pager_phrases():
    for line in ("Load More", "View all", "Next ›", "Previous Next", "Page 2 of 9", "Showing 1–16 of 29 results"):
        assert boilerplate_phrase(line, len(line.split())) == "pager", line
    for line in ("Next Steps", "Next, add the second block:", "View all work", "See more of the coast by bike"):
        assert boilerplate_phrase(line, len(line.split())) is None, line
