"""A story closed by its credit line: on an inclusive read, prose a copyright mark only ends is the story, not a footer.

The inclusive read drops every block with a copyright mark (`layout.inclusive_keep`): a page's
footer. A table-built CMS of 2005-2015 often saved a story as one run of text -- paragraphs
parted by a single `<br>` and an indent -- and a syndicated story closes with its agency's line
("Copyright © 2009 The Gazette. All rights reserved."), so the whole story is one block holding
a copyright mark, and a page read inclusively (a listing, a multi-section page) lost it (issue 32).
A footer's legal text opens with its mark or holds it within a few words; a story holds
`STORY_MIN_WORDS` words with `STORY_MIN_SENTENCES` sentence ends before its first mark. Such a
block is kept: the credit line comes with it, a few words against a whole story.

Stage: 6 the inclusive read
Measured: 2026-12-06 (session 20, docs/lab/2026-12-06-s20-oldweb.md), static: no oldweb page is read
inclusively with such a block (none moved); the issue's lost story is `tests/extraction/text/test_credited_story.py`;
WCXB dev and Zyte in the lab note.
"""

from __future__ import annotations

from extraction.text.decisions import Decision
from extraction.text.features import COPYRIGHT_MARK, sentence_ends
from extraction.text.layout import COPYRIGHT_WHY

__all__ = ["keep_credited_stories"]

STORY_MIN_WORDS = 80  # words before the block's first copyright mark: a story's paragraphs, not a footer's lead-in ...
STORY_MIN_SENTENCES = 3  # ... in this many sentences at least

WHY = "a story closed by its credit line (the copyright mark ends it)"


def keep_credited_stories(decisions: list[Decision]) -> list[Decision]:
    """The inclusive read's decisions with each block dropped for its copyright mark kept back when
    the mark only ends a story (`credited_story`)."""
    return [Decision(d.block, d.features, d.verdict, d.label, True, WHY)
            if not d.kept and d.why == COPYRIGHT_WHY and credited_story(d.block.text) else d for d in decisions]


def credited_story(text: str) -> bool:
    """The text holds `STORY_MIN_WORDS` words in `STORY_MIN_SENTENCES` sentences before its first
    copyright mark."""
    mark = COPYRIGHT_MARK.search(text)
    if mark is None:
        return False
    before = text[:mark.start()]
    return len(before.split()) >= STORY_MIN_WORDS and sentence_ends(before) >= STORY_MIN_SENTENCES
