"""Responsive copies: a run of kept blocks repeating, block for block, the text kept above it is left out.

Responsive page builders put the desktop, tablet and mobile copies of a page in the DOM and let
the stylesheet show one, so a static read (and a rendered one without the stylesheet) holds the
article two or three times. A few repeated lines (a workout's warm-up each day, an offer's terms
under each offer) are the text's own and stay; so do documentation's (an API reference prints a
method's description again under each implementation). A third copy outside the region is
judged, so the peer does not put its skeleton back.

Stage: 7 post-passes (every read, the last one)
Measured: WCXB dev static (issue 12, 2026-12-01): tune 0.849 (articles 0.953), check 0.850
(0.945), Zyte 0.9762 / 0.9807. The judged third copy (session 7, on 012a6cc): tune 0.8616 ->
0.8621, check 0.8659 -> 0.8661, Zyte unchanged.
"""

from __future__ import annotations

import dataclasses

from extraction.text.decisions import Decision, Selection, Verdict
from extraction.text.layout import DOCUMENTATION

REPEAT_RUN_MIN_WORDS = 200  # a run of kept blocks repeating the text above, this long, ...
REPEAT_RUN_MIN_SHARE = 0.5  # ... and this share of the words kept above it, is a copy of the page
REPEAT_RUN_MIN_BLOCKS = 3  # ... when it copies this many different blocks (one line said many times is not)

__all__ = ["drop_repeats"]


def drop_repeats(selection: Selection) -> Selection:
    """Leave out a run of kept blocks that repeats, block for block and word for word, text kept
    above it, when the run holds `REPEAT_RUN_MIN_WORDS` or more and `REPEAT_RUN_MIN_SHARE` of
    the words kept above it, in `REPEAT_RUN_MIN_BLOCKS` different blocks: responsive page
    builders put the desktop, tablet and mobile copies of a page in the DOM and let the
    stylesheet show one, so a static read (and a rendered one without the stylesheet) holds the
    article two or three times. A few repeated lines (a workout's warm-up each day, an offer's
    terms under each offer) are the text's own and stay. So do documentation's (`DOCUMENTATION`):
    an API reference prints a method's description again under each implementation of it."""
    if selection.layout is not None and selection.layout.kind == DOCUMENTATION:
        return selection
    seen: set[str] = set()
    runs: list[tuple[int, list[int]]] = []  # (words kept above the run, its decisions)
    kept_words, last = 0, -1
    decisions = list(selection.decisions)
    keys = [" ".join(d.block.text.split()) for d in decisions]  # each block's words, for both passes
    for i, d in enumerate(decisions):
        if not d.kept:
            continue
        key = keys[i]
        if key not in seen:
            seen.add(key)
        elif runs and runs[-1][1][-1] == last:
            runs[-1][1].append(i)
        else:
            runs.append((kept_words, [i]))
        last = i
        kept_words += d.block.words
    for above, run in runs:
        words = sum(decisions[i].block.words for i in run)
        distinct = len({decisions[i].block.text for i in run})
        if words >= REPEAT_RUN_MIN_WORDS and words >= REPEAT_RUN_MIN_SHARE * above and distinct >= REPEAT_RUN_MIN_BLOCKS:
            for i in run:
                d = decisions[i]
                decisions[i] = Decision(d.block, d.features, d.verdict, d.label, False,
                                        "repeats the text kept above (a responsive copy)")
    _judge_left_out_copies(decisions, keys)
    return dataclasses.replace(selection, decisions=tuple(decisions))


def _judge_left_out_copies(decisions: list[Decision], keys: list[str]) -> None:
    """Mark as judged (hard-bad) a run of left-out blocks that copies, block for block, text
    seen above it and holds `REPEAT_RUN_MIN_WORDS` of the kept text and `REPEAT_RUN_MIN_SHARE`
    of it in `REPEAT_RUN_MIN_BLOCKS` different blocks: a third responsive copy outside the chosen
    container. Its long paragraphs are never in doubt for the peer already (`arbiter.doubtful`),
    but its headings, list items and short lines were, and the peer put them back as a second
    copy of the article's skeleton. `keys`: each block's words joined by single spaces."""
    kept = {key for key, d in zip(keys, decisions, strict=True) if d.kept}
    kept_words = sum(d.block.words for d in decisions if d.kept)
    seen: set[str] = set()
    run: list[int] = []
    for i, d in enumerate([*decisions, None]):
        key = keys[i] if d is not None else ""
        if d is not None and not d.kept and key in seen:
            run.append(i)
        elif run:  # an empty run copies nothing
            copied = sum(decisions[j].block.words for j in run if keys[j] in kept)
            distinct = len({decisions[j].block.text for j in run})
            if (copied >= REPEAT_RUN_MIN_WORDS and copied >= REPEAT_RUN_MIN_SHARE * kept_words
                    and distinct >= REPEAT_RUN_MIN_BLOCKS):
                for j in run:
                    c = decisions[j]
                    verdict = Verdict(c.verdict.score, (*c.verdict.reasons, "a copy of the kept text"), True)
                    decisions[j] = Decision(c.block, c.features, verdict, c.label, False,
                                            "repeats the kept text (a responsive copy)")
            run = []
        if d is not None:
            seen.add(key)
