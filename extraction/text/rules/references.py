"""References: on an article, its list of references is left out.

The kept blocks from a title that is only "Sources", "References", "Bibliography"...
(`phrases.references_title`) -- a heading, a `<details>` summary or a line ending in a colon --
to the next kept heading of its rank or above, or to the end of the kept text. Judged.

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 10 (articles, on 6611c3f): found from the tune half's article
losses by cause (lists of cited studies and URLs after the story, 6 tune articles).
"""

from __future__ import annotations

from extraction.text.decisions import Decision
from extraction.text.phrases import references_title

REFERENCE_TITLE_LEVELS = {"h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6, "summary": 6}
"""Rank of the elements a list of references is titled by (a `<details>` summary opens one too);
a short line ending in a colon ("Article Sources:") ranks under them all."""

__all__ = ["drop_references"]


def drop_references(decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) its list of references: the kept blocks from a title
    that is only "Sources", "References", "Bibliography"... (`phrases.references_title`) -- a
    heading, a `<details>` summary or a line ending in a colon -- to the next kept heading of
    its rank or above, or to the end of the kept text."""
    kept = [d for d in decisions if d.kept]
    drop: set[int] = set()
    for at, d in enumerate(kept):
        text = d.block.text.strip()
        rank = REFERENCE_TITLE_LEVELS.get(d.block.tag, 7 if text.endswith(":") else 0)
        if not rank or not references_title(text):
            continue
        end = next((j for j in range(at + 1, len(kept))
                    if kept[j].block.is_heading and REFERENCE_TITLE_LEVELS.get(kept[j].block.tag, 1) <= rank), len(kept))
        drop.update(k.block.index for k in kept[at:end])
    return tuple(d.judged_out("a list of references after the article") if d.block.index in drop else d
                 for d in decisions)
