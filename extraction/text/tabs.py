"""Tab panels: the page's text one click away, read as shown.

Documentation shows the same step for each platform ("Windows / macOS / Linux"), a product
page its description and specifications, a service page one tab per offer: the WAI-ARIA tabs
pattern, a `role="tablist"` of `role="tab"` controls, each naming the `role="tabpanel"` it shows
(`aria-controls`, or the panel's `aria-labelledby` naming its tab). Every panel but the selected
one is hidden (`hidden`, `aria-hidden`, or by the browser's layout), yet each is the page's own
text, a click away -- like a closed `<details>` (blocks.py `folded`). A hidden element that
only says `role="tabpanel"`, with no tab naming it, is not read: the explicit link between tab
and panel is what tells a tab set from a dialog or a menu that happens to use the role.
"""

from __future__ import annotations

from lxml import etree

TAB_ROLE = "tab"
PANEL_ROLE = "tabpanel"


def tab_panel(element: etree._Element) -> bool:
    """A `role="tabpanel"` element that a `role="tab"` control of the same page names, by
    the tab's `aria-controls` or the panel's `aria-labelledby`."""
    if (element.get("role") or "").strip().lower() != PANEL_ROLE:
        return False
    root = element.getroottree()
    panel_id = element.get("id")
    if panel_id and _has_tab(root, "aria-controls", panel_id):
        return True
    return any(_has_tab(root, "id", label) for label in (element.get("aria-labelledby") or "").split())


def _has_tab(root: etree._ElementTree, attribute: str, value: str) -> bool:
    """Whether a `role="tab"` element's `attribute` holds `value` (aria-controls may name several ids)."""
    for tab in root.iterfind(f".//*[@role='{TAB_ROLE}']"):
        if value in (tab.get(attribute) or "").split():
            return True
    return False
