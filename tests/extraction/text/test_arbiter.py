"""The second candidate: when the peer is consulted and what it may add (extraction/text/arbiter.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from extraction.maintext import main_text
from extraction.text import layout, peer
from extraction.text.arbiter import ADDED_WHY, arbitrate
from extraction.text.layout import LayoutKind
from extraction.text.pipeline import Heuristic
from tests.extraction.text.helpers import box, page, rendered

STORY = [
    "The city council voted on Tuesday to expand the bus network, adding four routes that will connect the "
    "northern suburbs with the hospital district by the end of next year, officials said after the meeting.",
    "Officials said the plan would cost about twelve million euros, most of it paid by a regional transport "
    "fund, and that fares would not rise before the new routes open to passengers in the coming spring.",
    "Residents who spoke at the meeting welcomed the decision but asked for later evening services, which the "
    "council promised to study together with the operator during the spring and summer of next year.",
    "The operator said it would need about forty more drivers, and that training at the depot beside the old "
    "railway station would start in the autumn once the workshop there has been refurbished for the purpose.",
    "Cycling groups asked that the new routes avoid the narrow streets of the old town, where buses and "
    "bicycles already compete for space on market days, and the council agreed to publish the maps first.",
    "Shopkeepers in the hospital district said more buses would bring customers back to a quarter that lost "
    "many of them when the tram line closed, though some feared the works would block deliveries for months.",
    "The regional transport fund, which pays most of the cost, has financed similar routes in two other towns "
    "in the last five years, and a report last spring found that ridership there rose by a third on average.",
    "A second vote on the timetable is planned for March, after a public consultation that will run online "
    "and in the libraries of every district for six weeks, the council said in a statement on Wednesday.",
    "Opposition members voted for the plan but said the council should have consulted residents before "
    "choosing the routes, and asked for an independent review of the cost once the first year is over.",
]
NOTES = [
    f"Note {n}: the operator expects to hire forty new drivers, and training begins in the autumn at the depot"
    for n in range(6)
]
LINKS = "<div>" + "".join(f"<a href='/t{i}'>Topic {i}</a> " for i in range(80)) + "</div>"
ARTICLE = "<main><article>" + "".join(f"<p>{s}</p>" for s in STORY) + "</article></main>"
DISTANT = "<div class='x'><div><ul>" + "".join(f"<li>{s}</li>" for s in NOTES) + f"</ul></div>{LINKS}</div>"


def _peer_returns(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(peer, "peer_text", lambda doc, comments: text)


def test_the_peer_is_not_consulted_when_little_text_is_in_doubt(monkeypatch: pytest.MonkeyPatch):
    def refuse(doc, comments):
        raise AssertionError("the peer must not run")

    monkeypatch.setattr(peer, "peer_text", refuse)
    result = main_text(page(ARTICLE))
    assert result.body == "\n\n".join(STORY)
    assert result.explanation is not None and "peer not consulted" in result.explanation.arbiter


def test_clean_blocks_the_peer_kept_join_the_body_but_navigation_does_not(monkeypatch: pytest.MonkeyPatch):
    links = " ".join(f"Topic {i}" for i in range(80))
    _peer_returns(monkeypatch, "\n".join([*STORY, *NOTES, links]))
    result = main_text(page(ARTICLE + DISTANT))
    assert result.body == "\n\n".join([*STORY, *NOTES])
    assert result.explanation is not None and result.explanation.arbiter.startswith("ours+peer")
    added = [b for b in result.explanation.blocks if b.why == ADDED_WHY]
    assert len(added) == len(NOTES)
    assert "second candidate: ours+peer" in result.explanation.render()


def test_a_peer_that_confirms_nothing_in_doubt_changes_nothing(monkeypatch: pytest.MonkeyPatch):
    _peer_returns(monkeypatch, "\n".join(STORY))
    result = main_text(page(ARTICLE + DISTANT))
    assert result.body == "\n\n".join(STORY)
    assert result.explanation is not None
    assert result.explanation.arbiter == "ours: the peer confirms none of the blocks in doubt"


def test_a_copyright_line_the_peer_kept_stays_out(monkeypatch: pytest.MonkeyPatch):
    notice = "© 2024 Example Media Group Limited, registered in England under company number 01234567"
    _peer_returns(monkeypatch, "\n".join([*STORY, *NOTES, notice]))
    result = main_text(page(ARTICLE + DISTANT + f"<div><div><p>{notice}</p></div></div>"))
    assert result.body == "\n\n".join([*STORY, *NOTES])


def test_a_widget_label_the_peer_kept_stays_out(monkeypatch: pytest.MonkeyPatch):
    """A feedback widget's question outside the region is judged for its wording, as it is inside."""
    question = "Was this helpful?"
    _peer_returns(monkeypatch, "\n".join([*STORY, *NOTES, question]))
    result = main_text(page(ARTICLE + DISTANT + f"<div><div><p>{question}</p><button>Yes</button></div></div>"))
    assert result.body == "\n\n".join([*STORY, *NOTES])


PRODUCT_LD = ('<script type="application/ld+json">'
              '{"@context": "https://schema.org", "@type": "Product", "name": "Kettle"}</script>')
SPECS = ["Capacity: 1.7 litres of water, enough for eight cups of tea.",
         "Power: 2200 watts, boils a full kettle in about four minutes.",
         "Colour: brushed steel with a black handle and a blue water window."]
HEADING = "Steel kettle"
"""The product page's `<h1>`: a page read inclusively keeps it, its text's heading (`inclusive.inclusive_read`)."""
PRODUCT = f"<main><h1>{HEADING}</h1>" + "".join(f"<p>{s}</p>" for s in SPECS) + "</main>"
HIDDEN = ("This kettle is made of brushed steel and has a concealed element, so limescale is easy to wipe "
          "away. The lid opens at the press of a button and the filter can be washed in the dishwasher.")


def test_a_product_page_takes_the_peer_body_when_the_two_read_different_things(monkeypatch: pytest.MonkeyPatch):
    _peer_returns(monkeypatch, f"{HIDDEN}\n{HIDDEN.upper()}")
    result = main_text(page(PRODUCT, head=PRODUCT_LD))
    assert result.explanation is not None and result.explanation.layout_kind == "product"
    assert (result.body, result.source) == (f"{HIDDEN}\n\n{HIDDEN.upper()}", "peer")
    assert result.explanation.arbiter.startswith("peer: product page")


def test_a_product_page_keeps_our_body_when_the_peer_agrees(monkeypatch: pytest.MonkeyPatch):
    _peer_returns(monkeypatch, "\n".join(SPECS[:2]))
    result = main_text(page(PRODUCT, head=PRODUCT_LD))
    assert (result.body, result.source) == ("\n\n".join([HEADING, *SPECS]), "heuristic")


def test_small_print_our_layout_trimmed_stays_out_though_the_peer_kept_it(monkeypatch: pytest.MonkeyPatch):
    about = ("Example Media is a publisher of regional news, founded in 1901 and owned by its readers "
             "since the year 2003.")
    tail = len(STORY) + 2
    paragraphs = "".join(f"<p data-rc-id='{i + 2}'>{s}</p>" for i, s in enumerate(STORY))
    html = (f"<main data-rc-id='1'><article data-rc-id='{tail + 1}'>{paragraphs}"
            f"<p data-rc-id='{tail}'>{about}</p></article></main>{DISTANT}")
    boxes = {1: box(height=2000), tail + 1: box(height=2000), tail: box(y=1000, font_size=11),
             **{i + 2: box(y=100 + 50 * i) for i in range(len(STORY))}}
    _peer_returns(monkeypatch, "\n".join([*STORY, about, *NOTES]))
    result = main_text(rendered(html, boxes))
    assert result.body == "\n\n".join([*STORY, *NOTES])


def test_a_short_product_body_gives_way_to_a_peer_twice_as_long_that_holds_it(monkeypatch: pytest.MonkeyPatch):
    """Our few labels are all in the peer's body (agreement 1.0), yet the peer also read the
    description a hidden panel kept from us: the short body is not the page's text."""
    _peer_returns(monkeypatch, "\n".join([*SPECS, HIDDEN, HIDDEN.upper()]))
    result = main_text(page(PRODUCT, head=PRODUCT_LD))
    assert result.source == "peer" and HIDDEN in result.body
    assert result.explanation is not None and "our body" in result.explanation.arbiter


def test_a_short_product_body_stays_when_the_peer_is_not_twice_as_long(monkeypatch: pytest.MonkeyPatch):
    _peer_returns(monkeypatch, "\n".join([*SPECS, "Made in Sheffield."]))
    result = main_text(page(PRODUCT, head=PRODUCT_LD))
    assert (result.body, result.source) == ("\n\n".join([HEADING, *SPECS]), "heuristic")


DESCRIPTION = [
    "The kettle is made of brushed steel with a concealed element, so limescale stays off the heating plate "
    "and the inside can be wiped clean with a soft cloth after every few weeks of daily use.",
    "Its lid opens at the press of a button on the handle, and the mesh filter under the spout lifts out "
    "to be rinsed under the tap or washed in the top basket of the dishwasher.",
    "A blue window on each side shows the water level in cups and litres, so a single cup can be boiled "
    "without heating more water than needed, which saves both time and electricity.",
    "The base turns a full circle and holds the cable in a groove underneath, so the kettle can be lifted "
    "from any side and the cord kept as short as the counter needs.",
    "It switches itself off when the water boils, when it is lifted from the base and when it is switched on "
    "empty, and the handle stays cool to the touch while the water is hot.",
]
PRODUCT_LONG = (f"<main><h1>{HEADING}</h1>" + "".join(f"<p>{s}</p>" for s in SPECS)
                + "".join(f"<p>{s}</p>" for s in DESCRIPTION) + "</main>")


def test_a_product_page_keeps_our_body_when_the_peer_reads_a_shorter_part_of_it(monkeypatch: pytest.MonkeyPatch):
    """The peer kept two of our description's paragraphs and a spec line (0.3-0.5 of our words):
    a shorter reading of the same text, not a different one, so our fuller body stays."""
    _peer_returns(monkeypatch, "\n".join([*DESCRIPTION[:2], SPECS[0]]))
    result = main_text(page(PRODUCT_LONG, head=PRODUCT_LD))
    assert result.explanation is not None and "share of ours in the peer's 0.40" in " ".join(
        result.explanation.arbiter_evidence)
    assert (result.body, result.source) == ("\n\n".join([HEADING, *SPECS, *DESCRIPTION]), "heuristic")


def test_the_peer_body_taken_whole_loses_the_lines_we_left_out_for_their_wording(monkeypatch: pytest.MonkeyPatch):
    """A cookie notice without a consent class: we leave it out by its wording (`phrases.py`),
    and the peer's body, taken whole, loses it too."""
    notice = "We use cookies to improve your browsing experience and for marketing purposes."
    _peer_returns(monkeypatch, "\n".join([HIDDEN, HIDDEN.upper(), notice]))
    shop = PRODUCT.replace("</main>", f"<div><p>{notice}</p></div></main>")
    result = main_text(page(shop, head=PRODUCT_LD))
    assert result.source == "peer" and HIDDEN in result.body and notice not in result.body


def test_the_peer_reads_an_article_without_its_comments_and_other_pages_with_them(monkeypatch: pytest.MonkeyPatch):
    """Readers' comments are not an article's body (issue 32): the peer may not confirm one there;
    on a product (any kind but article) it reads the page with them, its default."""
    asked: list[bool] = []

    def record(doc, comments: bool) -> str:
        asked.append(comments)
        return "\n".join(STORY)

    monkeypatch.setattr(peer, "peer_text", record)
    article = main_text(page(ARTICLE + DISTANT))
    assert article.explanation is not None and article.explanation.page_kind == "article"
    product = main_text(page(PRODUCT, head=PRODUCT_LD))
    assert product.explanation is not None and product.explanation.layout_kind == "product"
    assert asked == [False, True]


def _shop_selection(doc):
    """Our read of ARTICLE + DISTANT as a shop's page read as one region: the model names the page
    product, the rules read one region (`arbiter.shop_read`)."""
    trace = main_text(doc).trace
    assert isinstance(trace, Heuristic)
    selection = trace.selection
    assert selection.layout is not None and selection.layout.page == layout.ARTICLE and not selection.layout.inclusive
    return selection, replace(selection, layout=LayoutKind(layout.ARTICLE, (), False, layout.PRODUCT))


def test_a_product_page_read_as_one_region_adds_none_of_the_peer_blocks(monkeypatch: pytest.MonkeyPatch):
    """The model names the page product, the read is one region (`arbiter.shop_read`): beside the
    description the peer keeps the shop's copy, so none of its blocks is added; read as an
    article, the same page's notes in doubt are put back by the peer."""
    _peer_returns(monkeypatch, "\n".join([*STORY, *NOTES]))
    doc = page(ARTICLE + DISTANT)
    selection, shop = _shop_selection(doc)
    assert arbitrate(doc, selection, set).choice == "ours+peer"
    arbitration = arbitrate(doc, shop, set)
    assert arbitration.choice == "ours" and "shop's page read as one region" in arbitration.why
    assert not any(d.why == ADDED_WHY for d in arbitration.decisions)


def test_a_shop_page_read_as_one_region_takes_the_peer_body_that_is_a_part_of_ours(monkeypatch: pytest.MonkeyPatch):
    """Every word of the peer's body is in ours and it is barely over half as long: the peer read
    the description of the region we read whole, without the panels beside it, and its body is
    taken (`SHOP_READ_MIN_CONTAINED`, `SHOP_READ_MAX_LENGTH`). Read as an article, the same page
    keeps ours."""
    _peer_returns(monkeypatch, "\n".join(STORY[:5]))
    doc = page(ARTICLE + DISTANT)
    selection, shop = _shop_selection(doc)
    assert arbitrate(doc, selection, set).choice == "ours"
    arbitration = arbitrate(doc, shop, set)
    assert (arbitration.choice, arbitration.body) == ("peer", "\n\n".join(STORY[:5]))
    assert [d.block.text for d in arbitration.decisions if d.kept] == STORY[:5]


@pytest.mark.parametrize("lines", [STORY[:8], [*STORY[:5], *NOTES[:3]]], ids=["nearly as long", "reads beyond ours"])
def test_a_shop_page_read_as_one_region_keeps_ours_when_the_peer_is_not_a_part_of_it(
        monkeypatch: pytest.MonkeyPatch, lines: list[str]):
    """The peer's body eight ninths of ours (over `SHOP_READ_MAX_LENGTH`), or holding the notes
    we left out (under `SHOP_READ_MIN_CONTAINED` of it in ours): our body stays."""
    _peer_returns(monkeypatch, "\n".join(lines))
    doc = page(ARTICLE + DISTANT)
    _, shop = _shop_selection(doc)
    arbitration = arbitrate(doc, shop, set)
    assert arbitration.choice == "ours" and arbitration.body is None
