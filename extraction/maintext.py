"""Main text: the article body, without navigation, sidebars, banners, comments and footers.

Explicit publisher markup (`cXenseParse`, `cxenseparse_start/end` comments) decides first when
it holds visible text, or a story hidden from a signed-out reader;
otherwise the visual-aware boilerplate scorer of `extraction.text` chooses the blocks, and when
it left clean text out that it could not place, a peer extractor's body is consulted as a
second candidate (`extraction.text.arbiter`; the scorer's features still decide). The
body keeps paragraph breaks as blank lines; `sections` are the headings kept in the body, in
order. `explanation` records every decision for `rendercrawl extract PAGE --explain`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from lxml import etree

from extraction.document import Document
from extraction.text.arbiter import arbitrate
from extraction.text.blocks import Block, Gate, heading_title, segment
from extraction.text.explain import BlockExplanation, Explanation, describe, preview
from extraction.text.markup import markup_gate
from extraction.text.scoring import select

SECTION_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
"""Headings that open a section of the article (`h1` is the headline, kept by `title`)."""


@dataclass(frozen=True, slots=True)
class MainText:
    body: str
    sections: tuple[str, ...]
    source: str
    explanation: Explanation | None = None


def main_text(doc: Document) -> MainText:
    """The publisher's markup when it holds visible text, else the heuristic. Markup that holds
    only a hidden story (a members-only story kept in a `display:none` cXenseParse div until a
    login script shows it: `blocks.paywalled_story`) is read all the same: the publisher marked
    it as the body. Markup that holds nothing (an empty marked block) is no reason to lose the
    page: the heuristic reads what shows, and `--explain` says why."""
    with _proxies_kept(doc.root):
        gate = markup_gate(doc)
        if gate is not None:
            marked = _from_markup(doc, gate)
            if marked.body:
                return marked
            hidden = _from_markup(doc, gate, hidden_stories=True)
            if hidden.body:
                return hidden
            return _from_heuristic(doc, f"heuristic ({gate.value} markup holds no visible text)")
        return _from_heuristic(doc)


@contextmanager
def _proxies_kept(root: etree._Element) -> Iterator[None]:
    """Hold a Python proxy of every element while the main text is read. lxml makes a proxy each
    time a walk reaches an element no Python object holds, through lxml.html's class lookup (a
    Python call), and frees it when the walk moves on; the main text walks the tree, its
    ancestors and subtrees many times over, so making each proxy once saves about 5% of its CPU
    (375 Zyte and WCXB pages, interleaved: 36.95 -> 35.28 s). The elements are the same objects
    either way: identity, dictionaries keyed by element and the output do not change."""
    elements = list(root.iter())
    try:
        yield
    finally:
        del elements


def explain_main_text(doc: Document) -> str:
    """A readable report of the chosen container and every block's score and reasons."""
    return render_explanation(main_text(doc))


def render_explanation(text: MainText) -> str:
    """The report of a main text already chosen (no second scoring pass)."""
    return text.explanation.render() if text.explanation else "no explanation"


def _from_markup(doc: Document, gate: Gate, hidden_stories: bool = False) -> MainText:
    blocks = segment(doc, gate, hidden_stories)
    explanation = Explanation(
        source=f"{gate.value} (its story hidden from this reader, read as marked)" if hidden_stories else gate.value,
        container=None, container_score=None, siblings=(),
        blocks=tuple(BlockExplanation(b.index, describe(b.element), True, "markup", None,
                                      f"inside {gate.value}", (), preview(b.text)) for b in blocks),
    )
    return _assemble(blocks, gate.value, explanation)


def _from_heuristic(doc: Document, explained_source: str = "heuristic") -> MainText:
    blocks = segment(doc, Gate.ALL)
    selection = select(doc, blocks)
    arbitration = arbitrate(doc, selection)
    explanation = Explanation(
        source=explained_source,
        container=describe(selection.container) if selection.container is not None else None,
        container_score=selection.container_score,
        container_why=selection.container_why,
        siblings=tuple(describe(s) for s in selection.siblings),
        blocks=tuple(
            BlockExplanation(d.block.index, describe(d.block.element), d.kept, d.label.value,
                             d.verdict.score, d.why, d.verdict.reasons, preview(d.block.text))
            for d in arbitration.decisions
        ),
        layout_kind=selection.layout.kind if selection.layout else "",
        layout_evidence=selection.layout.evidence if selection.layout else (),
        regions=tuple((m.kept, describe(m.element), m.score, m.why) for m in selection.merges),
        arbiter=f"{arbitration.choice}: {arbitration.why}",
        arbiter_evidence=arbitration.evidence,
    )
    kept = [d.block for d in arbitration.decisions if d.kept]
    if arbitration.body is not None:
        return _assemble(kept, "peer", explanation, arbitration.body)
    return _assemble(kept, "heuristic", explanation)


def _assemble(blocks: list[Block], source: str, explanation: Explanation, body: str | None = None) -> MainText:
    """The body from the kept blocks (or the peer's body the arbiter took whole; `sections`
    are then the headings of ours it covers)."""
    if body is None:
        body = "\n\n".join(heading_title(b) for b in blocks)
    sections = tuple(heading_title(b) for b in blocks if b.tag in SECTION_TAGS)
    return MainText(body, sections, source if body else "none", explanation)
