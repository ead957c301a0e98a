"""The block score: each block alone, in word units, before its neighbours are heard.

A block earns its unlinked words and pays a cost per block and per linked word; running prose
pays less for its links. Signs of boilerplate cost more (pipes, a copyright mark, a short dated
line, a short line without a full stop), and with layout, small print and text beside the main
column keep a share of a positive score. A block inside chrome, a boilerplate class, a teaser
list or a boilerplate phrase keeps a tenth of it and is hard-bad: no neighbour makes it content.
Each term below is one row of RULES.md (stage: score), with the constant that sets it.

Stage: 3 score
Measured: tuned together on the Zyte benchmark, static, first run of bench/extraction_quality
(docs/lab/2026-12-01-issue-12-main-text.md); constants added later (teasers.py, phrases.py,
blocks.DATA_CELL_MAX_WORDS) were set on the tune half of bench/extraction_halves.py and kept only
where the held-out half did not drop. Last run 2026-11-29: rendered F1 0.978 (tune 0.977, held
0.979), static 0.976 (0.975, 0.978).
"""

from __future__ import annotations

from extraction.text.decisions import Verdict
from extraction.text.features import Features

# Block score (unit: words).
BLOCK_COST_WORDS = 4.0  # every block pays this: many short fragments are a menu, not a story
LINK_WORD_COST = 1.0  # a linked word subtracts this on top of not counting as content
PROSE_MIN_WORDS = 20  # a prose block has at least this many words ...
PROSE_MIN_DENSITY = 9.0  # ... this many words per 80-character line, and a full stop
PROSE_LINK_DISCOUNT = 0.5  # share of its linked words prose loses (others lose 2x theirs)
PIPE_COST_WORDS = 3.0  # per "|": separators belong to menus and bylines
COPYRIGHT_COST_WORDS = 20.0  # "©" marks a footer
DATED_SHORT_COST_WORDS = 5.0  # a short block with a date or time is a byline or timestamp
DATED_SHORT_MAX_WORDS = 15  # blocks longer than this may mention dates as prose does
NO_SENTENCE_COST_WORDS = 3.0  # a short block without a full stop is a label, not a sentence
NO_SENTENCE_MAX_WORDS = 12  # longer unpunctuated blocks can still be prose (lists, quotes)
HINTED_FACTOR = 0.1  # share of a positive score kept inside chrome or a boilerplate class
HINTED_COST_WORDS = 2.0  # and the fixed cost such a block pays besides
SMALL_PRINT_RATIO = 0.85  # font size / body font size below which text is small print
SMALL_PRINT_FACTOR = 0.5  # share of the score small print keeps
OFF_COLUMN_OFFSET = 0.6  # horizontal distance from the main column, in column widths
OFF_COLUMN_FACTOR = 0.3  # share of the score a block beside the main column keeps
WEAK_HINT_FACTOR = 0.5  # share of a positive score kept under a weak boilerplate class
POSITIVE_HINT_FACTOR = 1.25  # inside an article-like container

GOOD_SCORE_WORDS = 8.0  # a block scoring this much is content on its own


def is_prose(f: Features) -> bool:
    """Wrapped lines of full sentences: Kohlschütter's text density of running text."""
    return f.words >= PROSE_MIN_WORDS and f.text_density >= PROSE_MIN_DENSITY and f.sentence_ends > 0


def small_print(f: Features) -> bool:
    """With layout, text set smaller than the page's body text (`SMALL_PRINT_RATIO`)."""
    return f.relative_font_size is not None and f.relative_font_size < SMALL_PRINT_RATIO


def off_column(f: Features) -> bool:
    """With layout, text standing beside the main column (`OFF_COLUMN_OFFSET`)."""
    return f.column_offset is not None and f.column_offset > OFF_COLUMN_OFFSET


def score_block(f: Features) -> Verdict:
    """The block's score and whether it is hard-bad. Its reasons are written only when they are
    read (`Verdict.reasons`, for `--explain`): three of them format a float, and made for every
    block of every page they cost about as much as the score itself."""
    score, hard_bad = _scored(f, None)
    return Verdict(score, (), hard_bad, f)


def reasons(f: Features) -> tuple[str, ...]:
    """What `score_block` weighed for `f`, in order: the verdict's own reasons."""
    said: list[str] = []
    _scored(f, said)
    return tuple(said)


def _scored(f: Features, said: list[str] | None) -> tuple[float, bool]:
    """(score, hard-bad) of `f`, each term's reason appended to `said` when it is given: one
    function for both, so that the reasons cannot drift from the score."""
    if f.in_overlay:
        if said is not None:
            said.append("fixed/sticky overlay")
        return -float(f.words), True
    linked = f.words * f.link_density
    if said is not None:
        said += [f"words={f.words}", f"link_density={f.link_density:.2f}", f"text_density={f.text_density:.1f}"]
    if is_prose(f):
        # Running sentences with links in them (a news digest) are still the story.
        score = f.words - PROSE_LINK_DISCOUNT * linked - BLOCK_COST_WORDS
        if said is not None:
            said.append("prose")
    else:
        score = f.words - linked - LINK_WORD_COST * linked - BLOCK_COST_WORDS
    if f.pipes:
        score -= PIPE_COST_WORDS * f.pipes
        if said is not None:
            said.append(f"pipes={f.pipes}")
    if f.copyright:
        score -= COPYRIGHT_COST_WORDS
        if said is not None:
            said.append("copyright")
    if f.dates and f.words <= DATED_SHORT_MAX_WORDS:
        score -= DATED_SHORT_COST_WORDS
        if said is not None:
            said.append("short and dated")
    if not f.sentence_ends and f.words <= NO_SENTENCE_MAX_WORDS:
        score -= NO_SENTENCE_COST_WORDS
        if said is not None:
            said.append("no full stop")
    if small_print(f) and score > 0:
        score *= SMALL_PRINT_FACTOR
        if said is not None:
            said.append(f"small print x{f.relative_font_size:.2f}")
    if off_column(f) and score > 0:
        score *= OFF_COLUMN_FACTOR
        if said is not None:
            said.append(f"off column {f.column_offset:.1f}")
    hint = f.chrome_ancestor or f.strong_hint or f.teaser or f.phrase
    if hint:
        if score > 0:
            score *= HINTED_FACTOR
        score -= HINTED_COST_WORDS
        if said is not None:
            said.append(f"inside <{f.chrome_ancestor}>" if f.chrome_ancestor
                        else f"class/id ~ {f.strong_hint}" if f.strong_hint
                        else "teaser list item" if f.teaser else f"boilerplate phrase: {f.phrase}")
    elif f.weak_hint:
        if score > 0:
            score *= WEAK_HINT_FACTOR
        if said is not None:
            said.append(f"class/id ~ {f.weak_hint} (weak)")
    elif f.positive_hint and score > 0:
        score *= POSITIVE_HINT_FACTOR
        if said is not None:
            said.append(f"class/id ~ {f.positive_hint}")
    if f.overruled_hint and not hint and said is not None:
        said.append(f"hint {f.overruled_hint} overruled by the prose it holds")
    return score, bool(hint)
