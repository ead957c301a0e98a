"""References: on an article, its list of references is left out.

The kept blocks from a title that is only "Sources", "References", "Bibliography"...
(`phrases.references_title`) -- a heading, a `<details>` summary or a line ending in a colon --
to the next kept heading of its rank or above, or to the end of the kept text; and a list
printed without such a title, known by its entries' shape: three or more kept blocks in a row,
each a citation (a source, then its year in brackets closed by a period: "Clem J, et
al. (2021). A look at...", "Statista. (2024). Number of..."), with a title line just above it
that is only "Citations" or "Sources". Judged.

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 10 (articles, on 6611c3f): found from the tune half's article
losses by cause (lists of cited studies and URLs after the story, 6 tune articles). The untitled
list (session 35, docs/lab/2026-12-07-s35-articles.md): WCXB tune 0.88620 -> 0.88639 static,
0.88804 -> 0.88824 rendered (two articles: 0.858 -> 0.977, 0.966 -> 0.971), check unchanged (no page
moved), Zyte and the other sets: no body changed.
"""

from __future__ import annotations

import re

from extraction.text.decisions import Decision
from extraction.text.phrases import references_title

REFERENCE_TITLE_LEVELS = {"h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6, "summary": 6}
"""Rank of the elements a list of references is titled by (a `<details>` summary opens one too);
a short line ending in a colon ("Article Sources:") ranks under them all."""

CITATION_RUN_MIN_BLOCKS = 3
"""Kept blocks in a row, each a citation, that make an untitled list of references: one or two
may be a story's own sentences that name a study and its year."""

CITATION_MAX_WORDS = 60
"""A citation is a line: authors, year, title, journal, link. A longer block is a paragraph."""

CITATION_YEAR_WITHIN_WORDS = 15
"""The year stands after the source's name (authors, an organisation), among a line's first words."""

CITED_YEAR = re.compile(r"\((?:\d{4}[a-z]?|n\.\s?d\.|retrieved[^()]{0,20})\)\.", re.I)
"""A reference's year as APA and its kin print it: in brackets, closed by a period ("(2016).",
"(n.d.).", "(Retrieved 2025)."), digits, so in any language; a story that names a study writes
"Smith (2019) found..." or "(Smith, 2019).", neither of them this."""

__all__ = ["drop_references"]


def drop_references(decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) its list of references: the kept blocks from a title
    that is only "Sources", "References", "Bibliography"... (`phrases.references_title`) -- a
    heading, a `<details>` summary or a line ending in a colon -- to the next kept heading of
    its rank or above, or to the end of the kept text -- and an untitled list (`_citation_runs`)."""
    kept = [d for d in decisions if d.kept]
    drop = _citation_runs(kept)
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


def _citation_runs(kept: list[Decision]) -> set[int]:
    """The block indexes of the runs of `CITATION_RUN_MIN_BLOCKS` or more kept citations
    (`_citation`), each with the title line just above it when that line is only a references
    title (a "Citations" set in bold, no heading's rank)."""
    found: set[int] = set()
    at = 0
    while at < len(kept):
        end = at
        while end < len(kept) and _citation(kept[end]):
            end += 1
        if end - at >= CITATION_RUN_MIN_BLOCKS:
            start = at - 1 if at and references_title(kept[at - 1].block.text) else at
            found.update(k.block.index for k in kept[start:end])
        at = max(end, at + 1)
    return found


def _citation(d: Decision) -> bool:
    """Whether a kept block reads as one entry of a list of references: a line of at most
    `CITATION_MAX_WORDS` words whose first `CITATION_YEAR_WITHIN_WORDS` hold a `CITED_YEAR`."""
    words = d.block.text.split()
    return (not d.block.is_heading and len(words) <= CITATION_MAX_WORDS
            and CITED_YEAR.search(" ".join(words[:CITATION_YEAR_WITHIN_WORDS])) is not None)
