"""`RenderedPage`: the one value that crosses from `render/` to `extraction/`, kept under both
(and under storage, which keeps snapshots) so that none of them imports another to name it.

It is plain data (no Playwright objects) and round-trips through JSON, so a stored snapshot
can be extracted again later without a browser — tests and benchmarks rely on that.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

NODE_ID_ATTRIBUTE = "data-rc-id"
"""Attribute the snapshot script writes on every element of the serialized DOM; visual
features are keyed by its value, so extraction never has to match boxes to nodes by position."""

SNAPSHOT_FORMAT = 1
"""Bumped when the serialized shape changes so that old stored snapshots cannot be read as they
are (they are then recognised and skipped). A field added with a default and read with a
fallback in `from_json` (`still_loading`, `etag`) does not bump it: old snapshots still load,
and older code ignores the new key."""
RAW_HASH_MAX_BYTES = 5 * 1024 * 1024
"""`raw_sha256` covers at most this much of the body, as the cheap-recrawl probe
(scheduler/freshness.py, `MAX_PROBE_BYTES`) reads it: the two hashes must compare equal."""


@dataclass(frozen=True, slots=True)
class Box:
    """An element's layout as Chromium computed it (CSS pixels, document coordinates): what
    extraction reads of it, and no more (each element is measured, render/snapshot.js)."""

    x: float
    y: float
    width: float
    height: float
    visible: bool
    font_size: float
    display: str
    position: str
    """`static`, `relative`, `absolute`, `fixed` or `sticky`."""
    overlay: bool = False
    """Inside a fixed/sticky layer that covers part of the viewport (cookie banner, paywall)."""


_NEW_BOX = object.__new__
_SET_X, _SET_Y, _SET_WIDTH, _SET_HEIGHT, _SET_VISIBLE, _SET_FONT_SIZE, _SET_DISPLAY, _SET_POSITION, _SET_OVERLAY = (
    vars(Box)[name].__set__  # the slot's own descriptor (the frozen class's __setattr__ refuses)
    for name in ("x", "y", "width", "height", "visible", "font_size", "display", "position", "overlay"))


def boxes_by_node(rows: Iterable[Sequence[Any]]) -> dict[int, Box]:
    """Boxes keyed by node id, from rows `[node_id, x, y, width, height, visible, font_size,
    display, position, overlay]` (the flags as 0/1): equal, field by field, to `Box(...)` of the
    same values. A page has a box per element (15,010 on the budget's largest): the frozen
    dataclass's `__init__` sets each field through `object.__setattr__` (~1.4 us a box), these
    go straight into its slots (~0.5 us)."""
    boxes: dict[int, Box] = {}
    for node_id, x, y, width, height, visible, font_size, display, position, overlay in rows:
        box = _NEW_BOX(Box)
        _SET_X(box, x)
        _SET_Y(box, y)
        _SET_WIDTH(box, width)
        _SET_HEIGHT(box, height)
        _SET_VISIBLE(box, bool(visible))
        _SET_FONT_SIZE(box, font_size)
        _SET_DISPLAY(box, display)
        _SET_POSITION(box, position)
        _SET_OVERLAY(box, bool(overlay))
        boxes[node_id] = box
    return boxes


RETIRED_BOX_KEYS = frozenset({"font_weight", "covered"})
"""Measured once and never read by extraction: snapshots stored before they were dropped still
carry them, and `RenderedPage.from_json` leaves them out."""


@dataclass(frozen=True, slots=True)
class Image:
    """An `<img>` as it loaded: natural size is only known after the file arrived."""

    node_id: int
    url: str
    natural_width: int
    natural_height: int
    width: float
    height: float
    x: float
    y: float
    visible: bool
    alt: str = ""


@dataclass(frozen=True, slots=True)
class ProbedImage:
    """The natural size of the page's declared image, measured after the snapshot because no
    `<img>` showed it (`render/imageprobe.py`); `method` is how: `fetch` or `img`."""

    url: str
    width: int
    height: int
    method: str


@dataclass(frozen=True, slots=True)
class BlockedRequest:
    """A request the page made that was refused or failed; `reason` says which and why."""

    url: str
    host: str
    reason: str
    resource_type: str = ""


@dataclass(frozen=True, slots=True)
class DataLayer:
    """JavaScript values read from the page, uninterpreted (extraction gives them meaning).

    `composer_commands` are Piano Composer `tp.push([...])` commands still queued in the
    array form; `composer_state` holds the properties Composer keeps once its script loaded
    (`contentAuthor`, `tags`, ...); `globals` holds `window.pdl` and configured globals.
    """

    composer_commands: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    composer_state: dict[str, Any] = field(default_factory=dict)
    globals: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Timings:
    """Milliseconds spent in each phase of one render."""

    navigation_ms: float = 0.0
    settle_ms: float = 0.0
    snapshot_ms: float = 0.0
    total_ms: float = 0.0


@dataclass(frozen=True, slots=True)
class RenderedPage:
    """One rendered page: the DOM after scripts ran, plus what only a browser knows.

    `html` carries `data-rc-id` on every element; `boxes` maps those ids to layout. A page
    parsed without a browser has empty `boxes` and `images`, and extraction falls back to
    text and DOM features.
    """

    requested_url: str
    final_url: str
    status: int
    content_type: str
    html: str
    redirect_chain: tuple[str, ...] = ()
    boxes: dict[int, Box] = field(default_factory=dict)
    images: tuple[Image, ...] = ()
    viewport: tuple[int, int] = (0, 0)
    document_size: tuple[int, int] = (0, 0)
    datalayer: DataLayer = field(default_factory=DataLayer)
    blocked: tuple[BlockedRequest, ...] = ()
    timings: Timings = field(default_factory=Timings)
    settled: bool = True
    """False when the page was snapshotted at the settle cap while still busy."""
    still_loading: tuple[str, ...] = ()
    """URLs still in flight when an unsettled page was snapshotted (at most a few dozen)."""
    auto_blocked_hosts: tuple[str, ...] = ()
    """Third-party hosts blocked for this render because they kept timing out on earlier ones."""
    etag: str | None = None
    """`ETag` of the main document's final response (after redirects), as the server sent it."""
    last_modified: str | None = None
    """`Last-Modified` of that response."""
    probed_image: ProbedImage | None = None
    """The declared image's size when the page never showed it (None: not probed)."""
    raw_sha256: str | None = None
    """`raw_sha256()` of that response's body as served, before any script ran; None when the
    browser could not give the body back, and for pages not fetched from their server
    (`from_html`, `Renderer.render_html`). With the two headers, what a later recrawl's cheap
    probe compares against, so no second fetch of the page is needed to learn them."""

    @property
    def has_layout(self) -> bool:
        return bool(self.boxes)

    @classmethod
    def from_html(cls, html: str, url: str, status: int = 200) -> RenderedPage:
        """A page known only by its HTML (a stored or static page): no layout, no scripts."""
        return cls(requested_url=url, final_url=url, status=status, content_type="text/html", html=html)

    def to_json(self) -> str:
        data = asdict(self)
        data["format"] = SNAPSHOT_FORMAT
        data["boxes"] = {str(k): v for k, v in data["boxes"].items()}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> RenderedPage:
        data = json.loads(text)
        fmt = data.pop("format", None)
        if fmt != SNAPSHOT_FORMAT:
            raise ValueError(f"snapshot format {fmt!r} is not {SNAPSHOT_FORMAT}; re-render the page")
        layer = data["datalayer"]
        return cls(
            requested_url=data["requested_url"],
            final_url=data["final_url"],
            status=data["status"],
            content_type=data["content_type"],
            html=data["html"],
            redirect_chain=tuple(data["redirect_chain"]),
            boxes={int(k): _box(v) for k, v in data["boxes"].items()},
            images=tuple(Image(**i) for i in data["images"]),
            viewport=tuple(data["viewport"]),
            document_size=tuple(data["document_size"]),
            datalayer=DataLayer(
                composer_commands=tuple((c[0], tuple(c[1])) for c in layer["composer_commands"]),
                composer_state=layer["composer_state"],
                globals=layer["globals"],
            ),
            blocked=tuple(BlockedRequest(**b) for b in data["blocked"]),
            timings=Timings(**data["timings"]),
            settled=data["settled"],
            still_loading=tuple(data.get("still_loading", ())),
            auto_blocked_hosts=tuple(data.get("auto_blocked_hosts", ())),
            etag=data.get("etag"),
            last_modified=data.get("last_modified"),
            raw_sha256=data.get("raw_sha256"),
            probed_image=ProbedImage(**data["probed_image"]) if data.get("probed_image") else None,
        )


def _box(data: dict[str, Any]) -> Box:
    """A stored box, of this format or with the keys older snapshots carried."""
    if RETIRED_BOX_KEYS.isdisjoint(data):
        return Box(**data)
    return Box(**{k: v for k, v in data.items() if k not in RETIRED_BOX_KEYS})


def raw_sha256(body: bytes) -> str:
    """Hex SHA-256 of a document's raw bytes (its first `RAW_HASH_MAX_BYTES`): the same value
    whether the browser or a plain GET fetched the same bytes."""
    return hashlib.sha256(body[:RAW_HASH_MAX_BYTES]).hexdigest()
