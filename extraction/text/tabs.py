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
"""

from __future__ import annotations

from lxml import etree

TAB_ROLE = "tab"
PANEL_ROLE = "tabpanel"


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


def _role(element: etree._Element) -> str:
    return (element.get("role") or "").strip().lower()
