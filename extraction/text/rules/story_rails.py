"""Story rails: on an article, the rails of other stories after its last good paragraph are left out.

Cards with a headline-like title, a short summary and a link, after the story and named as
other stories by a class word (`related`, `recommend`... a hint their summaries overruled):
`cards.rails_after_story`. A service page closes with cards of its offers in the same shape,
so neither the shape nor the class word is enough alone. Judged.

Stage: 7 post-passes (an article's)
Measured: WCXB dev static, session 10 (articles, on 1948638). By shape alone, without the class
word (session 9, dc88c5c): reverted.
"""

from __future__ import annotations

from extraction.text.cards import rails_after_story
from extraction.text.decisions import Decision, Label
from extraction.text.features import OTHER_STORIES_HINTS

__all__ = ["drop_story_rails"]


def drop_story_rails(decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) the rails of other stories after its last good paragraph
    (cards.rails_after_story)."""
    named = {d.block.index for d in decisions
             if any(h and OTHER_STORIES_HINTS.search(h)
                    for h in (d.features.strong_hint, d.features.weak_hint, d.features.overruled_hint))}
    drop = rails_after_story([d.block for d in decisions if d.kept],
                             {d.block.index for d in decisions if d.kept and d.label is Label.GOOD}, named)
    return tuple(d.judged_out("a rail of other stories after the article") if d.block.index in drop else d
                 for d in decisions)
