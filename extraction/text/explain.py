"""`--explain`: why each block is or is not part of the main text, as plain data and as text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lxml import etree

PREVIEW_CHARS = 70  # characters of each block shown in the report


@dataclass(frozen=True, slots=True)
class BlockExplanation:
    index: int
    path: str
    kept: bool
    label: str
    score: float | None
    why: str
    reasons: tuple[str, ...]
    preview: str


@dataclass(frozen=True, slots=True)
class Explanation:
    source: str
    """`cXenseParse class`, `cxenseparse comments` or `heuristic` (which says so when it read a
    page whose markup held no visible text)."""
    container: str | None
    container_score: float | None
    siblings: tuple[str, ...]
    blocks: tuple[BlockExplanation, ...]
    layout_kind: str = ""
    """The kind the page is read as: article, listing, thread, product, documentation or
    multi-section (heuristic only)."""
    layout_evidence: tuple[str, ...] = ()
    regions: tuple[tuple[bool, str, float, str], ...] = ()
    """Regions considered beside the container: (kept, element, score, why)."""
    arbiter: str = ""
    """Whether the peer's body was consulted and what it changed (heuristic only, see arbiter.py)."""
    arbiter_evidence: tuple[str, ...] = ()
    container_why: str = ""
    """How the container grew from the best-scoring element (see `decisions.Selection`)."""
    page_kind: str = ""
    """The kind the page is (`LayoutKind.page`: the page-kind model's name for it), which may
    differ from the kind it is read as (a service page read as one dominant region)."""

    def render(self) -> str:
        lines = [f"main text source: {self.source}"]
        if self.layout_kind:
            lines.append(f"layout kind: {self.layout_kind} ({'; '.join(self.layout_evidence)})")
            if self.page_kind and self.page_kind != self.layout_kind:
                lines.append(f"page kind: {self.page_kind} (the page-kind model's, read as {self.layout_kind})")
        if self.container is not None:
            why = f"; {self.container_why}" if self.container_why else ""
            lines.append(f"chosen container: {self.container} (score {self.container_score:.1f} words{why})")
        for sibling in self.siblings:
            lines.append(f"  + sibling: {sibling}")
        for kept, element, region_score, why in self.regions:
            lines.append(f"  {'+' if kept else '-'} region: {element} (score {region_score:.1f}): {why}")
        if self.arbiter:
            lines.append(f"second candidate: {self.arbiter}" + (f" ({'; '.join(self.arbiter_evidence)})"
                                                                 if self.arbiter_evidence else ""))
        for b in self.blocks:
            mark = "KEEP" if b.kept else "drop"
            score = "" if b.score is None else f"{b.score:7.1f}"
            lines.append(f"{mark} {b.index:4d} {score} {b.label:9s} {b.why:32s} {b.path}")
            lines.append(f"            {b.preview!r}  [{', '.join(b.reasons)}]")
        return "\n".join(lines)


def describe(element: etree._Element | None) -> str:
    """`tag#id.class` of an element and its two nearest ancestors, outermost first."""
    parts: list[str] = []
    while element is not None and len(parts) < 3:
        tag = element.tag
        parts.append(_step(tag if isinstance(tag, str) else "?", element.get("id"), element.get("class")))
        element = element.getparent()
    return " > ".join(reversed(parts))


DESCRIBED_STEPS_CACHE = 4096
"""Entries of `_step`'s memo: every block of a page is described, and its parent and grandparent
are most blocks' too, so each wrapper's `tag#id.class` is written once."""


@lru_cache(maxsize=DESCRIBED_STEPS_CACHE)
def _step(tag: str, ident: str | None, cls: str | None) -> str:
    """One element's `tag#id.class` (its first two class words)."""
    anchor = f"#{ident}" if ident else ""
    return tag + anchor + "".join(f".{c}" for c in (cls or "").split()[:2])


def preview(text: str) -> str:
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"
