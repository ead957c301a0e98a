"""Issue 32: on a page read as a listing, the `<article>`s nested in the page's `<article>` are the
listing's items (rules/listing_articles.py), not a rail of other stories beside a story."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import page

SUMMARIES = (
    "The resort group reopened its beach hotel after a year of work on rooms, pools and restaurants.",
    "Operators plan a hotel in the valley for 2028 with villas, a spa and a winery on the hillside.",
    "Weekly results show occupancy rising for the third week while room rates held close to last year.",
    "The chain certified every hotel it runs under the new label after audits of energy and water.",
    "A new collection brand opens its first lodge in the region with forty rooms and a safari camp.",
    "The planning calendar lists the deadlines and events hotel managers should track next year.",
)


APPOINTMENTS = "<h3>Recent appointments</h3><ul>" + "".join(
    f"<li><a href='/people/{i}'>New general manager named at the harbour hotel number {i}</a></li>"
    for i in range(8)) + "</ul>"


def _front(items: str) -> str:
    return (f"<header><nav><a href='/'>Home</a> <a href='/news'>News</a></nav></header>"
            f"<main><article><h1>Hotel news</h1><div class='list'>{items}</div>{APPOINTMENTS}</article></main>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def _items(extra: str = "") -> str:
    return "".join(f"<article class='list-item'><h2><a href='/news/{i}'>Hotel story number {i} of the week</a></h2>"
                   f"{extra}<p>{s}</p></article>" for i, s in enumerate(SUMMARIES))


def test_the_nested_articles_of_a_listing_are_its_items() -> None:
    text = main_text(page(_front(_items())))
    assert text.explanation is not None and text.explanation.layout_kind == "listing"
    for summary in SUMMARIES:
        assert summary in text.body
    assert "Hotel story number 3 of the week" in text.body


def test_a_chrome_tag_inside_an_item_stays_chrome() -> None:
    aside = "<aside><p>Rooms for your next offsite meeting at partner hotels nearby</p></aside>"
    text = main_text(page(_front(_items(aside))))
    assert SUMMARIES[0] in text.body
    assert "offsite meeting" not in text.body
