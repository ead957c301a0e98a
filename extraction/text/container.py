"""The container: the element whose blocks, summed, score highest, and how it grows.

Scores are summed bottom-up: a container's score is the sum of its blocks' scores, so
boilerplate inside a container lowers it, and the best container has the largest sum. It then
climbs to an ancestor that holds clearly more good text (`climb`), takes in siblings that hold
substantial clean text (articles split round an ad slot or a paywall marker) and sibling
sections that repeat its markup (`sibling_sections`), with what lies between them
(`span_between`); a run of sections may hand the container to their parent (`opened_by`).

Stage: 4 first read (the container)
Measured: the climb, siblings and sections on the Zyte set and WCXB dev (issue 12, 2026-12-01:
docs/lab/2026-12-01-issue-12-main-text.md, "Kept (issue 12, the article region)").
"""

from __future__ import annotations

from lxml import etree

from extraction.text.blocks import HEADING_TAGS, Block
from extraction.text.decisions import Verdict
from extraction.text.score import GOOD_SCORE_WORDS

SIBLING_MIN_SCORE_WORDS = 15.0  # a sibling container must add at least this much
SIBLING_MIN_SHARE = 0.05  # ... and this share of the best container's score
CLIMB_MIN_GAIN = 0.2  # the parent must hold this much more good-block score (share) ...
CLIMB_MIN_SHARE = 0.5  # ... and keep this share of the current container's total score
SECTION_HEADING_DEPTH = 2  # a section's heading is its first child or that child's first child
CLIMB_LOOKAHEAD_LEVELS = 1  # ancestors that fail those tests and are looked past (a table's caption and header row)


def container_scores(blocks: list[Block], verdicts: list[Verdict]) -> tuple[dict[etree._Element, float],
                                                                          dict[etree._Element, float]]:
    """Per element, over all blocks below it: the sum of scores, and the sum of the scores
    of good blocks only (the content mass a container would bring; read with a default of 0.0,
    it holds only the elements with a good block below them)."""
    sums: dict[etree._Element, float] = {}
    good: dict[etree._Element, float] = {}
    for block, verdict in zip(blocks, verdicts, strict=True):
        element: etree._Element | None = block.element
        score = verdict.score
        if score >= GOOD_SCORE_WORDS and not verdict.hard_bad:
            while element is not None:
                sums[element] = sums.get(element, 0.0) + score
                good[element] = good.get(element, 0.0) + score
                element = element.getparent()
        else:  # no mass: `good` is read with a default of 0.0, so a zero added is not written
            while element is not None:
                sums[element] = sums.get(element, 0.0) + score
                element = element.getparent()
    return sums, good


def best_container(sums: dict[etree._Element, float]) -> tuple[etree._Element | None, float]:
    if not sums:
        return None, 0.0
    element = max(sums, key=sums.__getitem__)
    return element, sums[element]


def climb(best: etree._Element, sums: dict[etree._Element, float], good: dict[etree._Element, float],
          ) -> etree._Element:
    """Go up while the parent brings clearly more good text at a bounded cost in boilerplate:
    an article cut into many siblings by callouts or ads scores less than one long paragraph
    in it, but its parent holds all of it. A wrapper that adds no good text (a page builder's
    block > block-content > html-content) is passed through, not a reason to stop: the column
    that holds the article's other blocks may lie a few wrappers up. One ancestor that fails
    the test (`CLIMB_LOOKAHEAD_LEVELS`) is looked past rather than ending the climb: a table's
    caption and header row cost more than the table's body is worth, but the section above holds
    the table's lead paragraph too."""
    current = best
    parent = current.getparent()
    misses = 0
    while parent is not None and parent.tag not in ("body", "html"):
        gains = good.get(parent, 0.0) >= (1 + CLIMB_MIN_GAIN) * good.get(current, 0.0)
        affordable = sums.get(parent, 0.0) >= CLIMB_MIN_SHARE * sums.get(current, 0.0)
        if affordable and gains:
            current, misses = parent, 0
        elif not affordable or good.get(parent, 0.0) > good.get(current, 0.0):
            misses += 1
            if misses > CLIMB_LOOKAHEAD_LEVELS:
                break
        parent = parent.getparent()
    return current


def qualifying_siblings(best: etree._Element, best_score: float, sums: dict[etree._Element, float],
                        hinted: set[etree._Element]) -> tuple[etree._Element, ...]:
    parent = best.getparent()
    if parent is None:
        return ()
    floor = max(SIBLING_MIN_SCORE_WORDS, SIBLING_MIN_SHARE * best_score)
    return tuple(sib for sib in parent if sib is not best and sums.get(sib, 0.0) >= floor and sib not in hinted)


def sibling_sections(best: etree._Element, good: dict[etree._Element, float],
                     hinted: set[etree._Element]) -> tuple[etree._Element, ...]:
    """Siblings that repeat the best container's structure: the same tag and classes, opening
    with a heading of the same rank, and holding good text of their own. A reference or a guide
    is a run of sections (Sphinx's `div.section > h2`, a `<section>` per topic); the longest wins
    the container and the others, short paragraphs between signatures and code, score below the
    sibling floor though they are the same document's text. Boilerplate repeats no article's
    section markup with its headings, and a section without a good block is not taken."""
    rank = _opening_rank(best)
    parent = best.getparent()
    if rank is None or parent is None:
        return ()
    shape = row_shape(best)
    return tuple(sib for sib in parent if sib is not best and row_shape(sib) == shape and sib not in hinted
                 and good.get(sib, 0.0) > 0 and _opening_rank(sib) == rank)


def opened_by(parent: etree._Element, region: set[etree._Element], sums: dict[etree._Element, float],
               hinted: set[etree._Element]) -> bool:
    """The parent of a run of sections is the document itself when all it holds besides them
    scores at least zero: the page's title and introduction above its first section."""
    return (parent.tag not in ("body", "html") and parent not in hinted
            and sum(sums.get(child, 0.0) for child in parent if child not in region) >= 0)


def _opening_rank(element: etree._Element) -> int | None:
    """The rank of the heading an element opens with: its first child, or that child's first child."""
    child = _first_child(element)
    for _ in range(SECTION_HEADING_DEPTH):
        if child is None:
            return None
        if child.tag in HEADING_TAGS:
            return int(child.tag[1])
        child = _first_child(child)
    return None


def _first_child(element: etree._Element) -> etree._Element | None:
    """The first child element that holds text: an empty anchor before a heading (`<span id>`) is a link target."""
    return next((child for child in element if isinstance(child.tag, str) and (len(child) or (child.text or "").strip())),
                None)


def span_between(best: etree._Element, siblings: tuple[etree._Element, ...]) -> tuple[etree._Element, ...]:
    """The siblings joined to the best container, with every child of their parent that lies
    between the first and the last of them: the headings, lists, tables and short paragraphs
    between an article's paragraphs belong to it as much as the paragraphs do, and the context
    pass settles them block by block (hard boilerplate in between stays out)."""
    parent = best.getparent()
    if not siblings or parent is None:
        return siblings
    children = list(parent)
    chosen = {best, *siblings}
    at = [i for i, child in enumerate(children) if child in chosen]
    return tuple(child for child in children[at[0]:at[-1] + 1] if child is not best)


def row_shape(element: etree._Element) -> str:
    """Tag and class words, digits dropped: the rows or sections of one run are styled alike."""
    words = sorted("".join(c for c in word if not c.isdigit()) for word in (element.get("class") or "").lower().split())
    return f"{element.tag if isinstance(element.tag, str) else ''}.{'.'.join(words)}"
