"""The literal stretches of a pattern (`literals.needles`) and the scan for them that
`phrases.boilerplate_phrase` makes before its phrase search (`literals.prefilter`): it must say
yes to every text where a phrase pattern matches, or a phrase would go unseen."""

from __future__ import annotations

import ast
import random
import re
import re._constants as constants
import re._parser as parser
from pathlib import Path
from typing import Any

import pytest

from extraction.text.literals import MAX_SPELLINGS, caseless, needles, prefilter, spaced_prefilter
from extraction.text.phrases import DISCLAIMERS, PHRASE_CLASSES, _compiled

HERE = Path(__file__).parent
ANYWHERE = [p for patterns in PHRASE_CLASSES.values() for p in patterns if not p.startswith("^")]
"""The phrase patterns searched anywhere in a block, which the scan stands before."""
POOL = "a7 x,.-:éж"
"""Characters tried where a pattern allows a class of them."""


def test_a_stretch_is_the_longest_literal_run_with_its_spellings() -> None:
    assert needles(r"sign up (?:now|today|here)\b") == {"sign up now", "sign up today", "sign up here"}
    assert needles(r"suscr[ií]bete\b") == {"suscribete", "suscríbete"}
    assert needles(r"\bthe time now is \d") == {"the time now is "}
    assert needles(r"documentation for [^,]{1,40}, which is no longer maintained") == {", which is no longer maintained"}


def test_a_group_that_must_occur_offers_its_own_stretch() -> None:
    assert needles(r"\d+ (?:[^ ]+ (?:a|b)) sold out") == {" a sold out", " b sold out"}
    assert needles(r"[^.]{1,9}(?:x\d+ thanks|y\d+ thanks)") == {" thanks"}
    assert needles(r"(?:\S+ ){1,3}") == {" "}


def test_too_many_spellings_cut_the_stretch() -> None:
    letters = "[abcdef]" * 3  # 216 spellings: 36 past the first two, so a stretch starts again at the third
    assert len(needles(letters)) <= MAX_SPELLINGS
    assert needles(letters + " and more") == {f"{letter} and more" for letter in "abcdef"}


def test_a_pattern_without_a_literal_lets_every_text_through() -> None:
    assert needles(r"\d+\s\w*") == {""}
    assert prefilter([r"subscribe now\b", r"\d+\s\w*"])("no phrase here")


def test_the_scan_finds_every_stretch_and_little_else() -> None:
    may_hold = prefilter([r"follow us\b", r"(?:our|free) newsletters?\b", r"getty images\b", r"рассылк"])
    assert may_hold("photo: getty images")
    assert may_hold("sign up for our newsletter today")
    assert may_hold("please follow usual procedure")  # the stretch, not the pattern: the search decides
    assert may_hold("подпишитесь на рассылку")
    assert not may_hold("the newsletter went out late")
    assert not may_hold("")


def _sample(items: Any, rng: random.Random) -> str:
    """A string the parsed `items` may match (classes filled from `POOL`; it may not match)."""
    out = []
    for op, arg in items:
        if op is constants.LITERAL:
            out.append(chr(arg))
        elif op is constants.IN and all(kind is constants.LITERAL for kind, _ in arg):
            out.append(chr(rng.choice(arg)[1]))
        elif op in (constants.IN, constants.NOT_LITERAL, constants.ANY):
            out.append(rng.choice(POOL))
        elif op is constants.SUBPATTERN:
            out.append(_sample(arg[-1], rng))
        elif op is constants.BRANCH:
            out.append(_sample(rng.choice(arg[1]), rng))
        elif op in (constants.MAX_REPEAT, constants.MIN_REPEAT):
            low, high, inner = arg
            out.extend(_sample(inner, rng) for _ in range(rng.randint(low, min(high, low + 2))))
    return "".join(out)


@pytest.mark.parametrize("pattern", ANYWHERE)
def test_every_match_of_a_phrase_pattern_holds_one_of_its_stretches(pattern: str) -> None:
    rng = random.Random(pattern)
    compiled, parsed, stretches = re.compile(pattern), parser.parse(pattern), needles(pattern)
    matched = [text for text in (_sample(parsed, rng) for _ in range(60)) if compiled.search(text)]
    assert matched, "no sample matched: extend POOL"
    for text in matched:
        assert any(stretch in text for stretch in stretches), text


def _phrase_test_lines() -> list[str]:
    """Every line the phrase tests ask the class of (`phrase_class(...)`, `boilerplate_phrase(...)`)."""
    lines = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("phrase_class", "boilerplate_phrase") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                lines.append(node.args[0].value)
    return lines


def test_the_phrase_tests_lines_pass_the_scan_wherever_a_phrase_is_found() -> None:
    anywhere, _, _, may_hold = _compiled()
    lines = _phrase_test_lines()
    assert len(lines) > 50
    found = [line for line in lines if anywhere.search(line.lower())]
    assert found
    assert all(may_hold(line.lower()) for line in found)


def test_the_spaced_scan_finds_a_needle_however_the_text_is_spaced() -> None:
    may_hold = spaced_prefilter([r"for (?:general )?informational purposes only", r"does not constitute advice"])
    assert may_hold("for informational\n   purposes only")  # "informational": a needle's longest word
    assert may_hold("it does not\tconstitute advice")  # "constitute"
    assert not may_hold("for general information only")
    assert spaced_prefilter([r"\d+\s\w*"])("no literal at all")


@pytest.mark.parametrize("pattern", DISCLAIMERS)
def test_every_collapsed_match_of_a_disclaimer_passes_the_spaced_scan(pattern: str) -> None:
    rng = random.Random(pattern)
    compiled, parsed, may_hold = re.compile(pattern), parser.parse(pattern), spaced_prefilter([pattern])
    matched = [text for text in (_sample(parsed, rng) for _ in range(60)) if compiled.search(text)]
    assert matched
    for text in matched:
        spread = text.replace(" ", rng.choice(["\n", "  ", "\t \n"]))  # as a page may space it before collapsing
        assert compiled.search(" ".join(spread.split())) and may_hold(spread), text


CASELESS = [r"date|time|article-info", r"\b(?:free (?:standard )?shipping|only \d+ left|[$€£]\s?\d)", r"[a-z0-9]+[-_]nav\b",
            r"(a)\1\W\S", r"(?:x|y(?=z))+[k-m]{2}"]
"""Case-insensitive patterns written in lower case: `caseless` searches an ASCII text without the flag."""
NOT_CASELESS = [r"\x41b", r"(?-i:a)b", r"[A-c]", r"[ā-ž]", "ſ", r"Date"]
"""Patterns that name an upper-case letter or a character matched to one (`literals.ASCII_CASE_TWINS`)."""


@pytest.mark.parametrize("pattern", CASELESS + NOT_CASELESS)
def test_a_caseless_search_finds_what_the_case_insensitive_one_does(pattern: str) -> None:
    compiled = re.compile(pattern, re.I)
    search = caseless(compiled)
    assert (search == compiled.search) == (pattern in NOT_CASELESS)
    rng = random.Random(pattern)
    pool = "abcdikmstxyzABCDIKMSTXYZ -_0123456789$€£Kſ"
    words = ["DATE", "Time", "article-INFO", "Free Shipping", "ONLY 3 LEFT", "top-Nav", "aA!", "XYZzm", "€5"]
    for _ in range(400):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 8))) + rng.choice(words) \
            + "".join(rng.choice(pool) for _ in range(rng.randint(0, 4)))
        expected, found = compiled.search(text), search(text)
        assert (expected is None) == (found is None), text
        assert expected is None or found is None or expected.span() == found.span(), text
