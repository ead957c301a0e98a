"""Story rails: on an article, the rails of other stories after its last good paragraph are left out.

Cards with a headline-like title, a short summary and a link, after the story and named as
other stories (`cards.rails_after_story`): by a class word (`related`, `recommend`... a hint
their summaries overruled), or by the title over them ("Related posts", "Recent articles", "More
stories": `RAIL_TITLE`). A service page closes with cards of its offers in the same shape, so
neither the shape nor the name is enough alone. Judged.

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 10 (articles, on 1948638). By shape alone, without the class
word (session 9, dc88c5c): reverted. Named by their title too (`RAIL_TITLE`, 2026-12-06, sessions
20-21, docs/lab/2026-12-06-s21-session.md): WCXB tune 0.88356 -> 0.88361 (one article 0.967 ->
1.000), check one article 0.993 -> 0.999, no page down; Zyte, newspaper4k, Mozilla, article-extractor
and oldweb: every body as before.
"""

from __future__ import annotations

import re

from extraction.text.cards import rails_after_story
from extraction.text.decisions import Decision, Label
from extraction.text.features import OTHER_STORIES_HINTS
from extraction.text.teasers import Climb

__all__ = ["drop_story_rails"]

RAIL_TITLE_MAX_WORDS = 6  # a rail's title is a short line ("You may also like these posts")
RAIL_TITLE = re.compile(
    r"^\W*(?:(?:recent|latest|related|more|similar|popular|recommended|other)\s+"
    r"(?:posts?|articles?|stories|blogs?|news|reads?|guides?)"
    r"|you (?:may|might) (?:also )?(?:like|enjoy)|read (?:next|more)|related|recommended(?: for you)?)\W*$",
    re.I)
"""The title of a rail of other stories, as a whole line (English). Whole lines only: a section
of the story titled "Related research" stays a section of the story; the rail's shape is asked too."""
_RANK = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}


def drop_story_rails(decisions: tuple[Decision, ...], climbed: Climb | None = None) -> tuple[Decision, ...]:
    """On an article, leave out (judged) the rails of other stories after its last good paragraph
    (cards.rails_after_story). `climbed`: the page's climb (`teasers.page_climb`), read for the
    kept blocks rather than climbing them again."""
    named = {d.block.index for d in decisions
             if any(h and OTHER_STORIES_HINTS.search(h)
                    for h in (d.features.strong_hint, d.features.weak_hint, d.features.overruled_hint))}
    named |= _under_rail_titles(decisions)
    drop = rails_after_story([d.block for d in decisions if d.kept],
                             {d.block.index for d in decisions if d.kept and d.label is Label.GOOD}, named,
                             climbed)
    return tuple(d.judged_out("a rail of other stories after the article") if d.block.index in drop else d
                 for d in decisions)


def _under_rail_titles(decisions: tuple[Decision, ...]) -> set[int]:
    """Indexes of the blocks under a heading that titles a rail of other stories (`RAIL_TITLE`),
    up to the next heading of its rank or higher."""
    named: set[int] = set()
    rank: int | None = None
    for d in decisions:
        block = d.block
        if block.is_heading:
            own = _RANK.get(block.tag, 7)
            if rank is not None and own <= rank:
                rank = None
            if rank is None and block.words <= RAIL_TITLE_MAX_WORDS and RAIL_TITLE.match(block.text.strip()):
                rank = own
                continue
        if rank is not None:
            named.add(block.index)
    return named
