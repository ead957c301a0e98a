"""An author's note that ends the article is trimmed (a bio box, an op-ed's closing line on who wrote it).

Stage: 4 first read (after the context pass)
Measured: WCXB dev static, session 10 (on 2479db0, `--save namel2 --diff refs`): the name from a
line above the note when the metadata names no author, tune 0.87350 -> 0.87356 (two articles
+0.019, +0.025), check 0.87584 -> 0.87585, Zyte 0.9785 / 0.9816 unchanged. Without the verb test
(`BOX_NOTE_VERBS`) a tune article fell 1.000 -> 0.469.
"""

from __future__ import annotations

from extraction.authors import authors, clean_name, is_person
from extraction.document import Document
from extraction.text.blocks import Block
from extraction.text.decisions import Verdict
from extraction.text.phrases import BIO_MAX_WORDS, BIO_MIN_WORDS, author_note

NOTE_MIN_WORDS_BEFORE = 150  # words of the story kept above an author's note ...
NOTE_MAX_WORDS_AFTER = 100  # ... and at most this many kept below it: the note ends the article
NAME_LINE_LOOKBACK = 2  # blocks above a note where an author box prints the name (a job title may sit between)
NAME_LINE_MAX_WORDS = 4  # a person's name, not a line of text


BOX_NOTE_VERBS = frozenset({"is", "was", "has", "leads", "founded", "joined", "writes", "works", "serves", "covers",
                            "specializes", "holds", "brings", "lives", "helps", "loves"})
"""What an author box's note says of the person it names, right after the name ("Jane is a
writer", "Jane Doe leads..."): with no name from the page's metadata, the name line above is
weaker evidence (a term set alone on a line, "Web Online", then "Web online courses are...")."""

__all__ = ["author_names", "trim_author_note"]


def author_names(doc: Document) -> tuple[str, ...]:
    """The page's authors as the profile names them (metadata, JSON-LD, the byline)."""
    found = authors(doc)
    return found.value if found is not None else ()


def trim_author_note(settled: dict[int, tuple[bool, str]], members: list[int], blocks: list[Block],
                     verdicts: list[Verdict], names: tuple[str, ...],
                     ) -> tuple[dict[int, tuple[bool, str]], list[Verdict]]:
    """Drop the note about the author that ends the kept text: a paragraph opening with the
    author's name as its subject (`phrases.author_note`), the kept paragraphs that follow it in
    the same element (an author box's second and third lines) and a line just above it that is
    only the name. It needs `NOTE_MIN_WORDS_BEFORE` words of story above and at most
    `NOTE_MAX_WORDS_AFTER` kept below: an author box or an op-ed's closing line on who wrote it,
    not an opening about the writer. When the page's metadata names no author, the name may come
    from a line just above the note (`_boxed_note`: an author box's "Written by Jane Doe"). The
    note is judged (hard-bad in the verdicts returned): the peer may not put it back."""
    settled, verdicts = dict(settled), list(verdicts)
    kept = [i for i in members if settled[i][0]]
    cleaned: dict[int, str] = {}  # each block's `clean_name`, read once: a block is above two others
    for at, i in enumerate(kept):
        if not (author_note(blocks[i].text, names) if names else _boxed_note(blocks, i, cleaned)):
            continue
        parent = blocks[i].element.getparent()
        end = at + 1
        while end < len(kept) and blocks[kept[end]].element.getparent() is parent:
            end += 1
        start = at - 1 if at and " ".join(blocks[kept[at - 1]].text.split()) in names else at
        before = sum(blocks[j].words for j in kept[:start])
        after = sum(blocks[j].words for j in kept[end:])
        if before >= NOTE_MIN_WORDS_BEFORE and after <= NOTE_MAX_WORDS_AFTER:
            for j in kept[start:end]:
                settled[j] = (False, "a note about the author after the article")
                verdicts[j] = verdicts[j].judged("a note about the author")
        break
    return settled, verdicts


def _boxed_note(blocks: list[Block], i: int, cleaned: dict[int, str] | None = None) -> bool:
    """Whether block `i` is a note about a person named on a line just above it
    (`_name_lines_above`), the name followed by one of `BOX_NOTE_VERBS`. `cleaned`: the blocks'
    `clean_name` so far, shared by the calls for one page."""
    opening = blocks[i].text.lstrip(" \t\n\"'“‘(*_—–-")
    if not BIO_MIN_WORDS <= len(opening.split()) <= BIO_MAX_WORDS:  # no note whatever the name (`author_note`)
        return False
    for name in _name_lines_above(blocks, i, {} if cleaned is None else cleaned):
        if author_note(opening, (name,)):
            for lead in (name, name.split()[0]):
                after = opening[len(lead):].split(maxsplit=1) if opening.startswith(lead) else []
                if after and after[0] in BOX_NOTE_VERBS:
                    return True
    return False


def _name_lines_above(blocks: list[Block], i: int, cleaned: dict[int, str]) -> tuple[str, ...]:
    """Names printed alone on a line just above block `i`, kept or not, after a "By"/"Written
    by" prefix is cleaned off (`authors.clean_name`): an author box names its author above the
    note when the page's metadata names nobody ("Written by Jane Doe", "Jane Doe / Senior
    Editor"). Two to `NAME_LINE_MAX_WORDS` capitalised words, a person's (`authors.is_person`);
    not a heading of the story (a listicle's items are titled by people's names)."""
    found: list[str] = []
    for block in blocks[max(0, i - NAME_LINE_LOOKBACK):i]:
        if block.tag == "h2":
            continue
        name = cleaned.get(block.index)
        if name is None:
            name = cleaned[block.index] = clean_name(block.text)
        words = name.split()
        if 2 <= len(words) <= NAME_LINE_MAX_WORDS and all(w[:1].isupper() for w in words) and is_person(name):
            found.append(name)
    return tuple(found)
