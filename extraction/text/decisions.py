"""The values the stages of the main text hand each other: a block's verdict, its decision, a read.

A `Verdict` is what the block score (`score.py`) says of a block alone; a `Decision` is whether
the block is part of the main text and why, once its neighbours and the page's rules are heard;
a `Selection` is one read of the page: the region chosen and a decision per block. Every stage
after the score takes a `Selection` (or its decisions) and returns a new one (`pipeline.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from lxml import etree

from extraction.text.blocks import Block
from extraction.text.features import Features
from extraction.text.layout import LayoutKind
from extraction.text.regions import Merge


class Label(Enum):
    GOOD = "good"
    NEAR = "near-good"
    SHORT = "short"
    BAD = "bad"


@dataclass(frozen=True, slots=True)
class Verdict:
    score: float
    noted: tuple[str, ...]
    """The reasons given beside the score's own: every reason of a verdict made without `scored`,
    else those the page's rules added after the score (`judged`)."""
    hard_bad: bool
    """Never content whatever its neighbours: hidden, overlay, chrome or boilerplate class."""
    scored: Features | None = None
    """The features `score.score_block` scored, whose reasons are written when they are read
    (`reasons`): only `--explain` reads them, and a page has hundreds of blocks."""

    def __init__(self, score: float, noted: tuple[str, ...], hard_bad: bool, scored: Features | None = None) -> None:
        """Written out: made once a block (see extraction/native.py)."""
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "noted", noted)
        object.__setattr__(self, "hard_bad", hard_bad)
        object.__setattr__(self, "scored", scored)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why the block scored what it did: the score's reasons, then the rules' (`noted`)."""
        if self.scored is None:
            return self.noted
        from extraction.text.score import reasons  # score.py makes verdicts: imported here, not above
        return (*reasons(self.scored), *self.noted)

    def judged(self, reason: str) -> Verdict:
        """This verdict made hard-bad by a rule on the whole read, `reason` added to its reasons."""
        return Verdict(self.score, (*self.noted, reason), True, self.scored)


@dataclass(frozen=True, slots=True)
class Decision:
    block: Block
    features: Features
    verdict: Verdict
    label: Label
    kept: bool
    why: str

    def __init__(self, block: Block, features: Features, verdict: Verdict, label: Label, kept: bool, why: str) -> None:
        """Written out: made once a block or more (see extraction/native.py)."""
        object.__setattr__(self, "block", block)
        object.__setattr__(self, "features", features)
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "kept", kept)
        object.__setattr__(self, "why", why)

    def judged_out(self, why: str, reason: str = "") -> Decision:
        """This block left out by a rule on the whole read, judged (hard-bad: the second candidate
        may not put it back); `reason` joins its verdict's reasons when given."""
        verdict = self.verdict
        judged = verdict.judged(reason) if reason else Verdict(verdict.score, verdict.noted, True, verdict.scored)
        return Decision(self.block, self.features, judged, self.label, False, why)

    def left_out(self, why: str) -> Decision:
        """This block left out by a rule on the whole read, not judged (the peer may still confirm it)."""
        return Decision(self.block, self.features, self.verdict, self.label, False, why)


@dataclass(frozen=True, slots=True)
class Selection:
    container: etree._Element | None
    container_score: float
    siblings: tuple[etree._Element, ...]
    decisions: tuple[Decision, ...]
    merges: tuple[Merge, ...] = ()
    """Regions considered beside the container (sections, repeated items): kept or dropped, why."""
    layout: LayoutKind | None = None
    """The layout kind decided for the page, with its evidence (see layout.py)."""
    container_why: str = ""
    """How the container grew from the best-scoring element (a climb, sibling sections, a landmark)."""


def within(element: etree._Element | None, region: set[etree._Element]) -> bool:
    """`element` is one of `region`'s elements or lies inside one."""
    while element is not None:
        if element in region:
            return True
        element = element.getparent()
    return False
