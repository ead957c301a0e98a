"""Inline elements glued together in the markup: `<span>id</span><span>string</span>`.

A page's markup often writes pieces of text in adjacent elements with nothing between them and
lets its stylesheet part them (flex items, margins, inline-blocks): a parameter's name and its
type, a listing card's "3 beds" and "2 baths", "Login" and "Sign up". Read as one string they
make one word ("beds2"), which neither a reader nor a benchmark's text holds. Without layout the
stylesheet is unknown, so a space goes between two such inline elements -- except where one
holds a single character (`MIN_PIECE_CHARS`) and the two join letters in lower case, as
inside a word: a letter in its own element is then a piece of a word split for styling (a drop
cap "W|ord", a text animation that wraps each letter "F|l|o|w"). A single piece that does not
continue a word is its own token and is parted ("1h 54m|R", a rating; "Carburetor|3", a count;
"[|Engadget|]"). Code (`pre`, `code`...) keeps its characters as written. The rule holds with
layout too: the browser's `display` parts flex and grid items into blocks only when the stylesheet
that makes them so was loaded, and a snapshot often lacks it (a saved page, a blocked CDN), so
two inline boxes that abut ("Accessories|1385", a filter's name and its count) are no evidence
that the page shows one word (rendered WCXB tune 0.87146 -> 0.87226, check 0.87723 -> 0.87793).

Stage: 1 segment (inline text parted)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

from lxml import etree

from extraction.textutil import text_of

CODE_TAGS = frozenset({"pre", "code", "kbd", "samp", "tt"})
"""Inside these the markup's characters are the text, spaces included."""
MIN_PIECE_CHARS = 2
"""Characters (spaces aside) below which a glued element that joins letters in lower case is a
piece of a word, see above. Measured on the WCXB tune half: parting every glued pair, a
headline animated letter by letter read "F l o w f r o m ..."; parting none of the single
characters, ratings, counts and brackets stayed glued to the word before them."""


def glued(previous: etree._Element, child: etree._Element) -> bool:
    """Two inline elements side by side, nothing between them, outside code (what the segment
    walk asks first, having the answers: it knows each element's block and its ancestors), both
    holding text, that do not make one word: a space goes between them."""
    # Only the characters that meet and whether either text is a single piece matter: the
    # texts are stripped, not rebuilt without their spaces (a long element's text is long).
    before = text_of(previous).rstrip()
    if not before:
        return False
    after = text_of(child).strip()
    if not after:
        return False
    single = _fewer_solid(before.lstrip(), MIN_PIECE_CHARS) or _fewer_solid(after, MIN_PIECE_CHARS)
    return not (single and before[-1].isalpha() and after[0].isalpha() and after[0].islower())


def _fewer_solid(text: str, limit: int) -> bool:
    """Fewer than `limit` characters of `text` are not spaces; read only as far as that takes."""
    seen = 0
    for char in text:
        if not char.isspace():
            seen += 1
            if seen >= limit:
                return False
    return True
