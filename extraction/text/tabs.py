"""Tab panels and disclosure panels: the page's text one click away, read as shown.

Documentation shows the same step for each platform ("Windows / macOS / Linux"), a product
page its description and specifications, a service page one tab per offer: the WAI-ARIA tabs
pattern, a `role="tablist"` of `role="tab"` controls, each naming the `role="tabpanel"` it shows
(`aria-controls`, or the panel's `aria-labelledby` naming its tab). Every panel but the selected
one is hidden (`hidden`, `aria-hidden`, or by the browser's layout), yet each is the page's own
text, a click away -- like a closed `<details>` (blocks.py `folded`). The WAI-ARIA disclosure
pattern (an accordion's questions, a "show more" button) is the same: a control with
`aria-expanded` names by `aria-controls` the panel it opens. A hidden element that only says
`role="tabpanel"`, with no control naming it, is not read: the explicit link between control
and panel is what tells a tab set from a dialog or a menu that happens to use the role.

A closed dialog is the opposite case (`closed_dialog`): a `role="dialog"` the page marks
`aria-hidden="true"` is a modal no one opened -- a report form, a privacy-settings panel, a
"save to a list" box. A static parse never reads `aria-hidden`; with layout, the browser shows it
whenever the stylesheet that hides it was not there (the saved pages carry none), and its form
labels and legal text were read as the page's (WCXB rendered, tune half: two product pages
0.45 -> 0.70 and 0.67 -> 0.86). Any other `aria-hidden` element keeps the browser's word: carousel
slides and a `<main>` a script hid behind an open modal are the page's.
"""

from __future__ import annotations

from lxml import etree

TAB_ROLE = "tab"
PANEL_ROLE = "tabpanel"
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})


def controlled_panels(root: etree._Element) -> frozenset[str]:
    """Ids of the panels a tab or a disclosure control names: its `aria-controls` (a tab, or any
    control with `aria-expanded`), or a `role="tabpanel"`'s `aria-labelledby` naming a tab."""
    tabs: set[str] = set()
    panels: set[str] = set()
    for control in root.iterfind(".//*[@aria-controls]"):
        if _role(control) == TAB_ROLE or control.get("aria-expanded") is not None:
            panels.update((control.get("aria-controls") or "").split())
    for tab in root.iterfind(f".//*[@role='{TAB_ROLE}']"):
        if tab.get("id"):
            tabs.add(tab.get("id") or "")
    for panel in root.iterfind(".//*[@aria-labelledby]"):
        if _role(panel) == PANEL_ROLE and panel.get("id") and tabs.intersection((panel.get("aria-labelledby") or "").split()):
            panels.add(panel.get("id") or "")
    return frozenset(panels)


def closed_dialog(element: etree._Element) -> bool:
    """A WAI-ARIA dialog its page marks hidden (`aria-hidden="true"`): a modal no one opened,
    hidden with layout too, whatever box a browser without the page's stylesheet gave it."""
    return element.get("aria-hidden") == "true" and _role(element) in DIALOG_ROLES


def _role(element: etree._Element) -> str:
    return (element.get("role") or "").strip().lower()
