"""Issue 32: a tab set built without ARIA -- panes a script shows and hides with an inline
`display:none` -- holds the product's specifications one click away (tabs.closed_tab_pane); its
hidden panes are read as shown, while a lone hidden element and a pane without a shown sibling are not."""

from __future__ import annotations

from lxml import etree

from extraction.maintext import main_text
from extraction.text.tabs import closed_tab_pane
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1

SPECS = ("<table><caption>Chipset</caption>" + "".join(
    f"<tr><th>Property {i}</th><td>Value {i} megahertz</td></tr>" for i in range(6)) + "</table>")


def _tabs(second: str) -> str:
    return ("<main><h2>Graphics card</h2><div class='tab-navs'><div class='tab-nav'>Overview</div>"
            "<div class='tab-nav'>Specs</div></div><div class='tab-panes'>"
            f"<div class='tab-pane' style='display:block'><p>{P1}</p></div>{second}</div></main>")


def test_a_hidden_pane_beside_a_shown_one_is_read() -> None:
    text = main_text(page(_tabs(f"<div class='tab-pane' style='display:none'>{SPECS}</div>"), head=PRODUCT_LD))
    assert P1 in text.body
    assert "Value 3 megahertz" in text.body


def test_only_a_tab_pane_beside_a_shown_pane_is_read() -> None:
    def pane(html: str) -> bool:
        return closed_tab_pane(etree.fromstring(f"<div>{html}</div>")[-1])
    assert pane("<div class='tab-pane active'>a</div><div class='tab-pane' style='display:none'>b</div>")
    assert pane("<div class='tabs__content'>a</div><div class='tabs__content' hidden=''>b</div>")
    assert not pane("<div class='tab-pane' style='display:none'>a</div><div class='tab-pane' style='display:none'>b</div>")
    assert not pane("<div class='promo'>a</div><div class='promo' style='display:none'>b</div>")
    assert not pane("<div class='tab-pane'>a</div><div class='tab-pane' aria-hidden='true' style='display:none'>b</div>")
