"""Issue 32: on an inclusive read (a product, a listing), a layer a CSS framework keeps closed (Bootstrap's
`.offcanvas`; its `.modal` is a popup the walk leaves out, blocks.POPUP_CLASSES) or pins over the page
(Tailwind's `fixed`) is not the page's text (rules/closed_layers.py),
while a layer a breakpoint puts back in the flow, and a page drawn whole in a fixed pane, are read."""

from __future__ import annotations

import pytest
from lxml import etree

from extraction.maintext import main_text
from extraction.text.rules import closed_layers
from extraction.text.rules.closed_layers import layer_class
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

CHOOSER = ("<div class='modal fade' id='region' tabindex='-1'><div class='modal-dialog'><div class='modal-content'>"
           "<h3>Where are we shipping to?</h3><p>Purchasing from your country's website is the best way to "
           "connect with local offers and delivery times.</p></div></div></div>")
BAR = "<div class='fixed bottom-0 inset-x-0 z-50'><p>Repair is universal: see our shop in your region</p></div>"


def _product(layers: str) -> str:
    return f"<main><h2>Kettle</h2><p>{P1}</p>{layers}<h2>Details</h2><p>{P2}</p></main>"


def test_a_closed_modal_and_a_pinned_bar_on_a_product_page_are_left_out() -> None:
    text = main_text(page(_product(CHOOSER + BAR), head=PRODUCT_LD))
    assert text.explanation is not None and text.explanation.layout_kind == "product"
    assert P1 in text.body and P2 in text.body
    assert "shipping to" not in text.body and "local offers" not in text.body
    assert "Repair is universal" not in text.body
    assert "inside a layer the page pins over it or keeps closed" in text.explanation.render()


def test_a_layer_back_in_the_flow_and_a_page_in_a_fixed_pane_are_read() -> None:
    unpinned = BAR.replace("fixed bottom-0", "fixed lg:static bottom-0")
    text = main_text(page(_product(unpinned), head=PRODUCT_LD))
    assert "Repair is universal" in text.body
    pane = main_text(page(f"<div class='fixed inset-0 overflow-y-auto'>{_product('')}</div>", head=PRODUCT_LD))
    assert P1 in pane.body and P2 in pane.body


def test_the_frameworks_class_words_name_the_layer() -> None:
    for value in ("offcanvas offcanvas-end", "fixed top-0", "navbar fixed-top", "position-fixed"):
        assert layer_class(etree.fromstring(f"<div class='{value}'><p>x</p></div>")[0]) is not None
    for value in ("offcanvas show", "modal fade",
                  "modal-open", "fixed-width", "l-container-fixed", "sticky top-0", "fixed md:relative"):
        assert layer_class(etree.fromstring(f"<div class='{value}'><p>x</p></div>")[0]) is None


def test_each_wrapper_is_read_once_for_the_kept_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept blocks share their wrappers (the modal's dialog and content, the page's main): each
    element's class is read once per page, its answer kept for the blocks below it (issue 31, CPU)."""
    asked: list[etree._Element] = []
    original = closed_layers._own_layer_class

    def counting(element: etree._Element) -> str | None:
        asked.append(element)
        return original(element)

    monkeypatch.setattr(closed_layers, "_own_layer_class", counting)
    text = main_text(page(_product(CHOOSER + BAR), head=PRODUCT_LD))
    assert "shipping to" not in text.body and "Repair is universal" not in text.body
    assert asked and len(asked) == len(set(asked))
