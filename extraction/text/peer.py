"""A second candidate body from a peer extractor (trafilatura), read back as our own blocks.

The peer sees the same document (the parsed tree, static or the serialized DOM of a rendered
page) and returns plain text. Its text is aligned to our blocks in document order, so every
paragraph it keeps is one of our blocks, measured by our own features and explained like them:
the arbiter (`arbiter.py`) can then weigh what the peer adds with the scorer's evidence instead
of taking a foreign string on trust.

Stage: 8 second candidate (the peer read back as our blocks)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from extraction.document import Document
from extraction.text.blocks import Block
from extraction.text.tokens import WORD

PASSAGE_MIN_TOKENS = 4
"""Tokens: a block at least this long is the peer's when its words occur anywhere in the peer's
text, in order; a shorter one ("Share", "Home", a short heading) only when it is a whole line of
that text -- three words occur inside many paragraphs, a whole line of them does not."""


@dataclass(frozen=True, slots=True)
class PeerCandidate:
    text: str
    """The peer's body as it returned it (paragraphs on separate lines)."""
    blocks: frozenset[int]
    """Indices of our blocks whose words the peer's text holds (see `align`)."""


def peer_text(doc: Document, comments: bool) -> str:
    """trafilatura's body for the document, with its default settings but for `comments` (tables
    in, its readability/jusText fallbacks on: in fast mode the combination scored 0.0008 lower on
    the WCXB check half for 5 ms less per call). `comments`: whether its body holds the page's
    comment section (its `include_comments`, on by default). It is handed our parsed tree (it
    copies it before cleaning), so the page is not parsed twice. Imported on first use: the
    import takes about 0.25 s, which only a process that consults the peer should pay."""
    import trafilatura

    return trafilatura.extract(doc.root, url=doc.url, include_comments=comments) or ""


def align(blocks: Sequence[Block], text: str) -> frozenset[int]:
    """Our blocks whose words the peer's text holds: a passage of PASSAGE_MIN_TOKENS or more
    anywhere in it, a shorter block as a whole line of it.

    Tokens are lower-cased `\\w+` runs, so the peer's own punctuation ("- " before list items,
    "|" between table cells) and whitespace do not matter. Order is not required: a text
    repeated on the page (a headline in a menu and in the story) is matched in both places, and
    our features settle which copy is content."""
    lines = {" ".join(WORD.findall(line.lower())) for line in text.splitlines()}
    haystack = " " + " ".join(WORD.findall(text.lower())) + " "
    found: set[int] = set()
    for block in blocks:
        tokens = WORD.findall(block.text.lower())
        if not tokens:
            continue
        if len(tokens) >= PASSAGE_MIN_TOKENS:
            if " " + " ".join(tokens) + " " in haystack:
                found.add(block.index)
        elif " ".join(tokens) in lines:
            found.add(block.index)
    return frozenset(found)


def candidate(doc: Document, blocks: Sequence[Block], comments: bool) -> PeerCandidate:
    text = peer_text(doc, comments)
    return PeerCandidate(text, align(blocks, text))
