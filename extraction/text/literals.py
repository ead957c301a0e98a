"""The literal strings a regular expression cannot match without: a quick exact test before a search.

`phrases.boilerplate_phrase` searches a block for some two hundred phrase patterns from every
word start; almost no block holds any of them. Every pattern spells some stretch literally
("all rights reserved", "subscribe to our" or "subscribe now", "(photo" or "(image"), so a text
that contains none of those stretches cannot match, and a scan for the stretches alone
(`prefilter`) rules most blocks out before the search. The stretches are read from the pattern
as the `re` engine parses it, so a pattern added later gets its own without anyone writing them
down; a pattern with no literal stretch at all gets the empty string, which every text
contains: slower, never wrong.

The scan is an Aho-Corasick automaton (pyahocorasick): one pass over the text in C, whatever the
number of stretches. The `re` engine, handed the stretches as one alternation grouped by
character, tries them from every character that opens one, and is a third as fast.

Two more exact shortcuts of the same kind: `spaced_prefilter`, the scan for a text whose whitespace
the caller collapses only after it, and `caseless`, a case-insensitive search of an ASCII text
made case-sensitive.
"""

from __future__ import annotations

import re
import re._constants as _constants  # type: ignore[import-not-found]
import re._parser as _parser  # type: ignore[import-not-found]
from collections.abc import Callable
from typing import Any

import ahocorasick  # type: ignore[import-not-found]

MAX_SPELLINGS = 32
"""Strings: the most spellings one stretch may expand to (`(?:our|my) ` is two, `[ií]` two), past
which it is cut there; a stretch is only worth its shortest spelling, so more buy little."""

ASCII_CASE_TWINS = frozenset({0x130, 0x131, 0x17F, 0x212A})
"""The characters outside ASCII that a case-insensitive pattern matches to an ASCII letter, or
the reverse: `İ` and `ı` (i), `ſ` (s), the Kelvin sign (k)."""

_Items = list[tuple[Any, Any]]
"""A parsed pattern's sequence of (opcode, argument), as `re._parser` gives it."""


def needles(pattern: str) -> frozenset[str]:
    """Strings one of which occurs in every match of `pattern` (no flags): the spellings of its
    best literal stretch, the one whose shortest spelling is longest; `{""}` if it has none."""
    return frozenset(_best(list(_parser.parse(pattern))) or [""])


def prefilter(patterns: list[str]) -> Callable[[str], bool]:
    """Whether a text may hold a match of one of `patterns` (each searched on its own, without
    flags): True for every text in which one matches, and for few others (the text holds one of
    their needles)."""
    return _scan({needle for pattern in patterns for needle in needles(pattern)})


def spaced_prefilter(patterns: list[str]) -> Callable[[str], bool]:
    """`prefilter` for a caller that searches the text with its whitespace collapsed
    (`" ".join(text.split())`), asked of the text before that is done: each needle cut to its
    longest piece without whitespace, which a text holds wherever its collapsed form holds the
    needle (the piece lies inside one of its words). Lower-case the text as the caller does."""
    found = {max(needle.split(), key=len, default="") for pattern in patterns for needle in needles(pattern)}
    return _scan(found)


def caseless(pattern: re.Pattern[str]) -> Callable[[str], re.Match[str] | None]:
    """`pattern.search`, for a case-insensitive pattern that names no upper-case letter
    (`_lower_case`): an ASCII text is lower-cased and searched by the pattern without its flag.
    The same answer: an ASCII character matches no other letter than its own two cases, and
    lower-casing ASCII keeps every position. About three times faster: the flag folds each
    character's case at every step of the search. Other texts, and other patterns, are searched
    as they are."""
    if not pattern.flags & re.IGNORECASE or not _lower_case(list(_parser.parse(pattern.pattern, pattern.flags))):
        return pattern.search
    plain = re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)

    def search(text: str) -> re.Match[str] | None:
        return plain.search(text.lower()) if text.isascii() else pattern.search(text)

    return search


def _lower_case(items: _Items) -> bool:
    """Whether a parsed pattern matches the same ASCII texts lower-cased without the case flag as
    it does with it: every character it names is no upper-case ASCII letter and no
    `ASCII_CASE_TWINS`, every range of characters holds neither, and no group sets or clears
    the flag. Classes (`\\d`, `\\W`) and references to groups do not depend on case."""
    for op, arg in items:
        if op in (_constants.LITERAL, _constants.NOT_LITERAL):
            if not _lower_char(arg):
                return False
        elif op is _constants.IN:
            for kind, value in arg:
                if kind is _constants.RANGE:
                    low, high = value
                    if (low <= ord("Z") and high >= ord("A")) or any(low <= c <= high for c in ASCII_CASE_TWINS):
                        return False
                elif kind in (_constants.LITERAL, _constants.NOT_LITERAL) and not _lower_char(value):
                    return False
        elif op is _constants.SUBPATTERN:
            _, added, removed, inner = arg
            if (added | removed) & re.IGNORECASE or not _lower_case(list(inner)):
                return False
        elif not all(_lower_case(list(inner)) for inner in _inner_patterns(arg)):
            return False
    return True


def _lower_char(code: int) -> bool:
    return not (ord("A") <= code <= ord("Z") or code in ASCII_CASE_TWINS)


def _inner_patterns(arg: Any) -> list[Any]:
    """The parsed patterns inside an item's argument (a branch's, a repeat's, a look-around's)."""
    if isinstance(arg, _parser.SubPattern):
        return [arg]
    if isinstance(arg, (tuple, list)):
        return [inner for part in arg for inner in _inner_patterns(part)]
    return []


def _scan(found: set[str]) -> Callable[[str], bool]:
    """Whether a text holds one of `found` (always, when one is the empty string)."""
    if "" in found:
        return _always
    automaton = ahocorasick.Automaton(ahocorasick.STORE_LENGTH)
    for needle in found:
        automaton.add_word(needle)
    automaton.make_automaton()

    def holds_a_needle(text: str) -> bool:
        return next(automaton.iter(text), None) is not None

    return holds_a_needle


def _always(text: str) -> bool:
    return True


def _best(items: _Items) -> list[str] | None:
    """The best stretch of consecutive items each of which spells one of a few literal strings,
    as its spellings; None when no item does. A group that is not a few spellings as a whole
    offers its own best stretch when it must occur (not optional, not one branch of several)."""
    best: list[str] | None = None
    run = [""]

    def consider(candidate: list[str] | None) -> None:
        nonlocal best
        if candidate and candidate != [""] and (best is None or min(map(len, candidate)) > min(map(len, best))):
            best = candidate

    for op, arg in items:
        spelled = _spellings([(op, arg)])
        if spelled is not None and len(run) * len(spelled) <= MAX_SPELLINGS:
            run = [head + tail for head in run for tail in spelled]
            continue
        consider(run)
        run = [""] if spelled is None else spelled
        if spelled is None:
            consider(_inner_best(op, arg))
    consider(run)
    return best


def _inner_best(op: Any, arg: Any) -> list[str] | None:
    """The best stretch inside an item that is not a few spellings, where every match holds it."""
    if op is _constants.SUBPATTERN:
        return _best(list(arg[-1]))
    if op is _constants.BRANCH:
        per_branch = [_best(list(branch)) for branch in arg[1]]
        if all(per_branch):
            return sorted({spelling for spellings in per_branch if spellings for spelling in spellings})
        return None
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT) and arg[0] >= 1:
        return _best(list(arg[2]))
    return None


def _spellings(items: _Items) -> list[str] | None:
    """Every string `items` can match, if that is at most `MAX_SPELLINGS` literal strings; else
    None. Zero-width items (`\\b`, `^`, lookarounds) spell the empty string."""
    out = [""]
    for op, arg in items:
        choices: list[str] | None
        if op is _constants.LITERAL:
            choices = [chr(arg)]
        elif op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):
            choices = [""]
        elif op is _constants.IN:
            choices = [chr(code) for kind, code in arg] if all(kind is _constants.LITERAL for kind, _ in arg) else None
        elif op is _constants.SUBPATTERN:
            choices = _spellings(list(arg[-1]))
        elif op is _constants.BRANCH:
            branches = [_spellings(list(branch)) for branch in arg[1]]
            choices = None if any(b is None for b in branches) else [s for b in branches if b for s in b]
        elif op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT) and (arg[0], arg[1]) == (0, 1):
            once = _spellings(list(arg[2]))
            choices = None if once is None else ["", *once]
        else:
            return None
        if choices is None or len(out) * len(choices) > MAX_SPELLINGS:
            return None
        out = [head + tail for head in out for tail in choices]
    return out
