"""Issue 12: the hidden panels of a tab set (the WAI-ARIA tabs pattern) are the page's text one
click away and are read; a hidden element that only claims `role="tabpanel"`, with no tab naming
it, stays hidden."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.tabs import tab_panel
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

LINUX = "Install the package with the system package manager and then restart the service once."


def _tabs(controls: bool) -> str:
    named = ' aria-controls="panel-linux"' if controls else ""
    return ('<ul role="tablist"><li><a role="tab" aria-controls="panel-windows" aria-selected="true">Windows</a></li>'
            f'<li><a role="tab"{named}>Linux</a></li></ul>'
            f'<section id="panel-windows" role="tabpanel"><p>{P2}</p></section>'
            f'<section id="panel-linux" role="tabpanel" hidden><p>{LINUX}</p></section>')


def test_a_hidden_tab_panel_named_by_its_tab_is_read() -> None:
    text = main_text(page(f"<main><h1>Install</h1><p>{P1}</p>{_tabs(controls=True)}</main>"))
    assert P2 in text.body and LINUX in text.body


def test_a_hidden_panel_no_tab_names_stays_hidden() -> None:
    text = main_text(page(f"<main><h1>Install</h1><p>{P1}</p>{_tabs(controls=False)}</main>"))
    assert P2 in text.body and LINUX not in text.body


def test_a_panel_is_named_by_aria_labelledby_too() -> None:
    doc = page('<div><button role="tab" id="t1">One</button></div>'
               '<div role="tabpanel" aria-labelledby="t1" hidden><p>x</p></div><div role="tabpanel" hidden></div>')
    panels = [el for el in doc.root.iter() if el.get("role") == "tabpanel"]
    assert [tab_panel(el) for el in panels] == [True, False]
