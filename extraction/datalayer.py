"""Piano Composer values the rendered page set by script, as data-layer fields.

Pages queue `tp.push(["setContentAuthor", "A. Writer"])` before Composer loads; once it loads,
the values live on `tp` (`tp.contentAuthor`). The snapshot reads both forms; here they become
one mapping, later commands winning as they would in the browser. These are the "data layer"
level that heads several of the spec's priority lists (title, description, keywords, authors)
and the Composer level of the publish time.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from values.rendered import DataLayer

if TYPE_CHECKING:
    from extraction.document import Document

CONTENT_FIELDS = (
    "id", "type", "zone", "createdAt", "modifiedAt", "authors", "section", "tags", "keywords",
    "title", "description", "isNative",
)
"""Piano's content data layer: exactly these twelve fields."""

COMMAND_FIELDS = {
    "setContentAuthor": "authors",
    "setContentCreated": "createdAt",
    "setContentSection": "section",
    "setTags": "tags",
    "setContentIsNative": "isNative",
    "setContentId": "id",
    "setZone": "zone",
}
"""Composer content commands and the data-layer field each sets (the web script has no title,
type, keywords or modified-date command)."""

STATE_FIELDS = {
    "contentAuthor": "authors",
    "contentCreated": "createdAt",
    "contentSection": "section",
    "tags": "tags",
    "contentIsNative": "isNative",
    "contentId": "id",
    "zone": "zone",
}
"""Properties Composer keeps on `tp` once loaded, and the field each holds. A state key that
is itself one of the twelve field names (a render adapter that read Piano's `content` object)
counts as that field."""

CREATED_SELECTOR_COMMAND = "setContentCreatedSelector"
CREATED_SELECTOR_STATE = "contentCreatedSelector"
"""Composer's pointer to the element that holds the creation date (a CSS selector). Not one of
the twelve fields — Piano's content object has no such field — so it is read on its own, for
the publish time only."""


def composer_values(layer: DataLayer) -> Mapping[str, Any]:
    """Field name -> raw value set by Composer (queued commands win over loaded state,
    because they are what the page pushed last)."""
    values: dict[str, Any] = {}
    for prop, raw in layer.composer_state.items():
        name = STATE_FIELDS.get(prop) or (prop if prop in CONTENT_FIELDS else None)
        if name is not None and raw not in (None, "", [], ()):
            values[name] = raw
    for command, args in layer.composer_commands:
        name = COMMAND_FIELDS.get(command)
        if name is not None and args and args[0] not in (None, "", [], ()):
            values[name] = args[0]
    return values


def layer_then_metas(doc: Document, layer_key: str, meta_keys: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """`(source, raw value)` in the spec's order for a text field: the Composer data layer's
    `layer_key` first (when it is a string), then every value of each meta key in turn."""
    layer = composer_values(doc.page.datalayer).get(layer_key)
    if isinstance(layer, str):
        yield "datalayer", layer
    for key in meta_keys:
        for value in doc.meta_values(key):
            yield key, value


def created_selector(layer: DataLayer) -> Any:
    """The raw `setContentCreatedSelector` argument (None if the page gave none), with the
    precedence of `composer_values`: the last queued command over the loaded property."""
    empty: tuple[Any, ...] = (None, "", [], ())
    state = layer.composer_state.get(CREATED_SELECTOR_STATE)
    value = None if state in empty else state
    for command, args in layer.composer_commands:
        if command == CREATED_SELECTOR_COMMAND and args and args[0] not in empty:
            value = args[0]
    return value


def as_list(value: Any) -> list[str]:
    """Tags/keywords given as an array or a comma-separated string, trimmed, empties dropped."""
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if v is not None and str(v).strip()]
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return []


def as_bool(value: Any) -> bool | None:
    """Piano's rule: only `true` or `"true"` is true; any other present value is false."""
    if value is None:
        return None
    return value is True or (isinstance(value, str) and value.strip().lower() == "true")
