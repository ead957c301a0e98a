"""What the crawler saw, for the console: the page's layout as Chromium computed it (the
snapshot's boxes of visible elements and images), the main-text region(s), each text block kept
or dropped with the reason, and the requests blocked while rendering. Drawn by the operator's
browser (`rendercrawl/service/console/`), from the stored snapshot: nothing is rendered again.

A pure function of a `RenderedPage`, like every other extraction; it reads the main text the
way `extract` does, so what it draws is what the profile took."""

from __future__ import annotations

from dataclasses import dataclass

from extraction.document import parse
from extraction.maintext import main_text
from extraction.text.blocks import Block
from extraction.text.explain import preview
from extraction.text.pipeline import Heuristic, Marked
from values.rendered import Box, RenderedPage

MAX_LAYOUT_BOXES = 4000
"""Visible element boxes drawn as the page's outline at most (the largest first): a long page
has tens of thousands, most of them nested inline wrappers that add nothing to the picture."""
MIN_LAYOUT_AREA_PX = 64
"""Smaller boxes (icons' inner spans, spacers) are left out of the outline."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """One rectangle of the picture, in the page's CSS pixels from its top left."""

    kind: str
    """`region` (the main text's container or a region beside it), `kept`, `dropped`, `image` or `box`."""
    x: float
    y: float
    width: float
    height: float
    label: str = ""
    """For blocks: the reason it was kept or dropped; for regions: kept or not."""
    text: str = ""
    """For blocks: the start of its text."""


@dataclass(frozen=True, slots=True)
class Seen:
    url: str
    viewport: tuple[int, int]
    document_size: tuple[int, int]
    source: str
    """Where the main text came from (`heuristic`, `cXenseParse class`…)."""
    layout_kind: str
    drawn: tuple[Drawn, ...]
    blocked: tuple[tuple[str, str, str], ...]
    """Each blocked request: (url, host, reason)."""


def what_was_seen(page: RenderedPage) -> Seen:
    doc = parse(page)
    text = main_text(doc)
    drawn = _layout(page)
    blocks: list[tuple[bool, Block, str]] = []
    layout_kind = ""
    if isinstance(text.trace, Heuristic):
        selection = text.trace.selection
        layout_kind = selection.layout.kind if selection.layout else ""
        regions = [(True, selection.container)] if selection.container is not None else []
        regions += [(m.kept, m.element) for m in selection.merges]
        drawn += [_rect("region", box, "main text" if kept else "region left out")
                  for kept, element in regions if (box := doc.box(element)) is not None]
        blocks = [(d.kept, d.block, f"{d.label.value}: {d.why}") for d in text.trace.arbitration.decisions]
    elif isinstance(text.trace, Marked):
        blocks = [(True, b, f"inside {text.trace.gate.value}") for b in text.trace.blocks]
    for kept, block, why in blocks:
        box = doc.box(block.element)
        if box is not None and box.visible:
            drawn.append(_rect("kept" if kept else "dropped", box, why, preview(block.text)))
    return Seen(page.final_url, page.viewport, page.document_size, text.source, layout_kind, tuple(drawn),
                tuple((b.url, b.host, b.reason) for b in page.blocked))


def _rect(kind: str, box: Box, label: str = "", text: str = "") -> Drawn:
    return Drawn(kind, round(box.x, 1), round(box.y, 1), round(box.width, 1), round(box.height, 1), label, text)


def _layout(page: RenderedPage) -> list[Drawn]:
    """The outline: visible boxes, largest first, and the images where they showed."""
    boxes = sorted((b for b in page.boxes.values() if b.visible and b.width * b.height >= MIN_LAYOUT_AREA_PX),
                   key=lambda b: -b.width * b.height)[:MAX_LAYOUT_BOXES]
    drawn = [_rect("box", b) for b in boxes]
    drawn += [Drawn("image", round(i.x, 1), round(i.y, 1), round(i.width, 1), round(i.height, 1), i.alt[:80])
              for i in page.images if i.visible and i.width * i.height >= MIN_LAYOUT_AREA_PX]
    return drawn
