"""Issue 32: chrome is chrome on every page kind. On an inclusive read the titles of a sidebar's
boxes -- "Most read", "Archives" -- go when the boxes' links go as navigation
(rules/box_titles.py); a heading over text the page keeps stays."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.layout import ARTICLE
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3


def test_the_titles_of_boxes_whose_links_went_go_too() -> None:
    links = "".join(f"<li><a href='/s/{i}'>Story {i}</a></li>" for i in range(3))
    parts = [f"<div class='{cls}'><h2>{title}</h2><p>{text}</p></div>"
             for cls, title, text in (("lead", "Buses", P1), ("money", "Money", P2), ("night", "Evenings", P3))]
    body = (f"{parts[0]}<div class='box'><h3>Most read</h3><ul>{links}</ul></div>{parts[1]}"
            f"<div class='box'><h3>Archives</h3><ul>{links}</ul></div>{parts[2]}")
    text = main_text(page(body))
    assert text.explanation is not None and text.explanation.layout_kind != ARTICLE
    assert "Buses" in text.body and "Evenings" in text.body and P3 in text.body
    assert "Most read" not in text.body and "Archives" not in text.body
    assert "the title of a box whose content was left out" in text.explanation.render()
