"""Reading a live page in one `evaluate` (render/snapshot.js) and turning the rows it returns
into a `PageReading`, the part of a `RenderedPage` that comes from inside the page.

The script returns one string: the rows as JSON, arrays not objects (Playwright's object
serializer costs ~10x more than `JSON.stringify` on large pages: 280-415 ms against 35 ms on
3,000 elements), the boxes as one flat array of small integers (`BOX_FIELDS`), then
`READING_SEPARATOR` and the HTML as it is. Inside the JSON the HTML was
escaped once more at every hop (the page, Chromium's protocol, the driver's, then our
`json.loads`): on a page of 15,010 elements, 1.7 MB of HTML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from itertools import accumulate, islice
from typing import Any

from values.rendered import Box, DataLayer, Image, boxes_by_node

SNAPSHOT_JS = (files("render") / "snapshot.js").read_text(encoding="utf-8")

COMPOSER_PROPERTIES = (
    "contentAuthor", "contentCreated", "contentCreatedSelector", "contentSection", "tags", "contentIsNative",
    "contentId", "zone", "customPageUrl", "customVariables", "customParams",
)
"""Properties Piano Composer keeps on `tp` once its script has run the queued commands."""

MAX_BOXES = 40_000
"""Elements measured per page. Each costs ~15-25 us (computed style + box); past this the page
is a data dump, not an article, and the rest only get ids. bench/render_throughput.py --big
measures the snapshot of a 5,000+ element page."""

BOX_FIELDS = 6
"""Numbers per measured element in the reading's flat `boxes` (render/snapshot.js): the step from
the previous measured element's id (the first's from -1), x, y, width, height, and the look: an
index into `looks` (display, position and font size) times 4, plus 1 if visible and 2 if inside
an overlay. Small integers only: V8 builds and stringifies them fastest, and Python's JSON makes
them without a list and two new strings an element as a row of ten did (712 KB on 15,010
elements, now 293 KB)."""
LOOK_FLAGS = 4
"""Looks a (display, position, font size) triple spans: visible or not, inside an overlay or not."""


@dataclass(frozen=True, slots=True)
class PageReading:
    """What the script read, converted; the render adds URLs, status, validators and timings.

    (Not `storage.models.Snapshot`, the stored JSON of a whole `RenderedPage`.)"""

    html: str
    boxes: dict[int, Box]
    images: tuple[Image, ...]
    viewport: tuple[int, int]
    document_size: tuple[int, int]
    datalayer: DataLayer
    declared_image: str | None = None
    """The page's declared image (`cXenseParse:image`, else `og:image`), absolute, when no `<img>`
    shows it: `render/imageprobe.py` measures it."""


def snapshot_options(globals_: list[str]) -> dict[str, Any]:
    return {"composerProperties": list(COMPOSER_PROPERTIES), "globals": list(globals_), "maxBoxes": MAX_BOXES}


READING_SEPARATOR = "\x00"
"""Between the rows' JSON and the HTML: JSON text never holds a raw NUL (the HTML may: the
first one is the separator)."""
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A `\\uD800`-`\\uDFFF` escape in the reading's JSON: a surrogate, maybe a lone one."""


class MalformedReading(ValueError):
    """The in-page reading did not come back in its shape: the page broke it (e.g. a builtin it
    made non-configurable). A render failure, never a traceback."""


def parse_reading(text: object) -> PageReading:
    """The reading, with lone UTF-16 surrogates in any string repaired to U+FFFD (a page's text
    with half a pair is still its text). Raises `MalformedReading`."""
    if not isinstance(text, str):
        raise MalformedReading(f"the in-page reading returned {type(text).__name__}, not a string")
    rows, separator, html = text.partition(READING_SEPARATOR)
    if not separator:
        raise MalformedReading("the in-page reading has no HTML")
    try:
        raw = json.loads(rows)
        if SURROGATE_ESCAPE.search(rows):  # JSON.stringify writes a lone surrogate as an escape
            raw = json.loads(repair_surrogates(json.dumps(raw, ensure_ascii=False)))
        return _parse(raw, repair_surrogates(html))
    except (ValueError, KeyError, IndexError, TypeError, RecursionError) as error:
        if isinstance(error, MalformedReading):
            raise
        raise MalformedReading(f"the in-page reading came back malformed ({type(error).__name__}: {str(error)[:100]})") from None


def repair_surrogates(text: str) -> str:
    """`text` with each lone surrogate replaced by U+FFFD (pairs are already whole characters)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def _parse(raw: Any, html: str) -> PageReading:
    if not isinstance(raw, dict):
        raise MalformedReading("the in-page reading has no rows")
    boxes = boxes_by_node(_box_rows(raw["boxes"], raw["looks"]))
    images = tuple(
        Image(node_id=r[0], url=r[1], natural_width=r[2], natural_height=r[3], width=r[4], height=r[5],
              x=r[6], y=r[7], visible=bool(r[8]), alt=r[9])
        for r in raw["images"]
    )
    composer = raw["composer"]
    datalayer = DataLayer(
        composer_commands=tuple((c[0], tuple(c[1])) for c in composer["commands"]),
        composer_state=composer["state"], globals=raw["globals"])
    declared = raw.get("declaredImage")
    return PageReading(html=html, boxes=boxes, images=images, viewport=tuple(raw["viewport"]),
                       document_size=tuple(raw["document"]), datalayer=datalayer,
                       declared_image=declared if isinstance(declared, str) else None)


def _box_rows(flat: list[Any], looks: list[list[Any]]) -> Iterator[tuple[Any, ...]]:
    """The rows `boxes_by_node` takes, from the flat numbers and the page's looks: column by
    column (slices, `accumulate` and `map` over a look's fields run in C), zipped."""
    if len(flat) % BOX_FIELDS:
        raise MalformedReading(f"the in-page reading's boxes hold {len(flat)} numbers, not rows of {BOX_FIELDS}")
    codes = flat[BOX_FIELDS - 1::BOX_FIELDS]
    displays = [display for display, _, _ in looks for _ in range(LOOK_FLAGS)]
    positions = [position for _, position, _ in looks for _ in range(LOOK_FLAGS)]
    fonts = [font for _, _, font in looks for _ in range(LOOK_FLAGS)]
    visibles = [bool(flags & 1) for _ in looks for flags in range(LOOK_FLAGS)]
    overlays = [bool(flags & 2) for _ in looks for flags in range(LOOK_FLAGS)]
    ids = islice(accumulate(flat[0::BOX_FIELDS], initial=-1), 1, None)
    return zip(ids, flat[1::BOX_FIELDS], flat[2::BOX_FIELDS], flat[3::BOX_FIELDS], flat[4::BOX_FIELDS],
               map(visibles.__getitem__, codes), map(fonts.__getitem__, codes), map(displays.__getitem__, codes),
               map(positions.__getitem__, codes), map(overlays.__getitem__, codes), strict=True)
