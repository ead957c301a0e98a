"""Piano Composer values the rendered page set by script, as data-layer fields.

Pages queue `tp.push(["setContentAuthor", "A. Writer"])` before Composer loads; once it loads,
the values live on `tp` (`tp.contentAuthor`). The snapshot reads both forms; here they become
one mapping, later commands winning as they would in the browser.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.model import DataLayer

COMMAND_FIELDS = {
    "setContentAuthor": "authors",
    "setContentCreated": "createdAt",
    "setContentSection": "section",
    "setTags": "tags",
    "setContentIsNative": "isNative",
    "setContentId": "id",
    "setZone": "zone",
}
"""Composer content commands and the data-layer field each sets."""

STATE_FIELDS = {
    "contentAuthor": "authors",
    "contentCreated": "createdAt",
    "contentSection": "section",
    "tags": "tags",
    "contentIsNative": "isNative",
    "contentId": "id",
    "zone": "zone",
}
"""Properties Composer keeps on `tp` once loaded, and the field each holds."""


def composer_values(layer: DataLayer) -> Mapping[str, Any]:
    """Field name -> raw value set by Composer commands (queued form wins over loaded state,
    because it is what the page pushed last)."""
    values: dict[str, Any] = {}
    for prop, name in STATE_FIELDS.items():
        if layer.composer_state.get(prop) not in (None, "", []):
            values[name] = layer.composer_state[prop]
    for command, args in layer.composer_commands:
        name = COMMAND_FIELDS.get(command)
        if name is not None and args:
            values[name] = args[0]
    return values


def as_list(value: Any) -> list[str]:
    """Authors/tags/keywords given as an array or a comma-separated string."""
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if str(v).strip()]
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return []
