"""Decisions: score blocks, pick the best container, extend it, smooth by context.

1. Every block gets a signed score in word units: its unlinked words, minus a cost per block
   and per linked word, minus penalties for boilerplate signs (chrome ancestors, class hints,
   teaser-list items, boilerplate phrases, copyright, pipes, bylines and dates, small print,
   off-column, hidden, overlays).
2. Scores are summed bottom-up: a container's score is the sum of its blocks' scores, so
   boilerplate inside a container lowers it. The best container has the largest sum.
3. Siblings of the best container that hold substantial clean text join it (articles split
   around an ad slot or a paywall marker).
4. Inside that region, blocks are classed good / near-good / short / bad and the doubtful ones
   are settled by their neighbours (jusText's context pass); headings are kept when good text
   follows them; a form inside the region (a sign-up box) is left out; a run of small print that ends the kept text is trimmed.
5. The layout kind is decided (layout.py). For an article (and documentation with one
   dominant region) the region above stands; for a listing, thread, product, documentation or
   multi-section page the inclusive region of layout.py replaces it, and regions.py reports
   which parts of it were kept and why. The page's words the article test weighs the region
   against leave out menus in boilerplate classes and blocks of short links (`_counts_for_page`).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from lxml import etree

from extraction.authors import authors, clean_name, is_person
from extraction.document import Document
from extraction.text.blocks import HEADING_TAGS, Block, solid_chars
from extraction.text.cards import card_blocks, item_hint, rails_after_story
from extraction.text.docs import (
    closing_members,
    closing_sections,
    code_between,
    cross_references,
    defined_term,
    documents_code,
    in_code,
    page_index_items,
)
from extraction.text.features import (
    KEPT_HINTS,
    OTHER_STORIES_HINTS,
    Features,
    HintIndex,
    is_running_prose,
    measure,
    page_layout,
    prose_words_below,
)
from extraction.text.layout import (
    ARTICLE,
    DOCUMENTATION,
    INCLUSIVE_MAX_LINK_DENSITY,
    LISTING,
    PRODUCT,
    THREAD,
    LayoutKind,
    blog_with_code,
    collection_beside_prose,
    decide,
    grid_candidate,
    inclusive_keep,
    main_root,
    post_body,
    post_chrome,
    posts_within,
    priced,
    product_or_collection,
    second_copies,
    shop_page,
)
from extraction.text.phrases import author_note, disclaimer, references_title, widget_label
from extraction.text.regions import Merge, region_report
from extraction.text.reviews import review_ancestor
from extraction.text.teasers import teaser_blocks
from extraction.text.threads import comment_blocks, post_signature, signature_ancestor

# Block score (unit: words). Tuned together on the Zyte benchmark, static mode, first run of
# bench/extraction_quality (see extraction/text/README.md). Constants added later (here
# TAIL_SMALL_PRINT_MIN_WORDS; teasers.py, phrases.py, blocks.DATA_CELL_MAX_WORDS) were set on the
# tune half of bench/extraction_halves.py and kept only where the held-out half did not drop.
# Last run (2026-11-29): rendered F1 0.978 (tune 0.977, held-out 0.979), static 0.976 (0.975, 0.978).
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

# Region and context pass.
GOOD_SCORE_WORDS = 8.0  # a block scoring this much is content on its own
SIBLING_MIN_SCORE_WORDS = 15.0  # a sibling container must add at least this much
SIBLING_MIN_SHARE = 0.05  # ... and this share of the best container's score
CLIMB_MIN_GAIN = 0.2  # the parent must hold this much more good-block score (share) ...
CLIMB_MIN_SHARE = 0.5  # ... and keep this share of the current container's total score
SECTION_HEADING_DEPTH = 2  # a section's heading is its first child or that child's first child
CLIMB_LOOKAHEAD_LEVELS = 1  # ancestors that fail those tests and are looked past (a table's caption and header row)
SHORT_MAX_LINK_DENSITY = 0.5  # a short block with more links than this is navigation
HEADING_LOOKAHEAD_BLOCKS = 3  # a heading is kept when good text starts within this many blocks
NAV_LINK_MAX_WORDS = 3.5  # linked words per link below which a link-heavy block is navigation (menus, tag clouds)
REPEAT_RUN_MIN_WORDS = 200  # a run of kept blocks repeating the text above, this long, ...
REPEAT_RUN_MIN_SHARE = 0.5  # ... and this share of the words kept above it, is a copy of the page
REPEAT_RUN_MIN_BLOCKS = 3  # ... when it copies this many different blocks (one line said many times is not)
TAIL_SMALL_PRINT_MIN_WORDS = 40  # words of normal-size text the article must keep before its small-print tail
REGION_FORM_MAX_SHARE = 0.5  # on an inclusive read, a form holding less of the kept words is a box to fill in, not the page ...
REGION_FORMS_MAX = 2  # ... when the region holds at most this many forms (a form per item is the items' markup)
NOTE_MIN_WORDS_BEFORE = 150  # words of the story kept above an author's note ...
NOTE_MAX_WORDS_AFTER = 100  # ... and at most this many kept below it: the note ends the article
LIKE_ROWS_MIN = 3  # a parent with this many `div`/`span`/`p` children of one tag and class is a table without markup
# Set on the WCXB tune half (2026-12-03, session 13): 0.2 and 50 words gain tune +0.0003;
# 0.05/20 took in a sidebar's prose (tune +0.0002), 0.5/100 missed split service pages (tune -0.00004).
DOC_LANDMARK_MIN_OUTSIDE_SHARE = 0.2  # on documentation, prose in <main> outside the region, this share of the region's ...
DOC_LANDMARK_MIN_OUTSIDE_WORDS = 50  # ... and this many words, widen the region to <main> (`_docs_landmark`)


class Label(Enum):
    GOOD = "good"
    NEAR = "near-good"
    SHORT = "short"
    BAD = "bad"


@dataclass(frozen=True, slots=True)
class Verdict:
    score: float
    reasons: tuple[str, ...]
    hard_bad: bool
    """Never content whatever its neighbours: hidden, overlay, chrome or boilerplate class."""


@dataclass(frozen=True, slots=True)
class Decision:
    block: Block
    features: Features
    verdict: Verdict
    label: Label
    kept: bool
    why: str

    def judged_out(self, why: str, reason: str = "") -> Decision:
        """This block left out by a rule on the whole read, judged (hard-bad: the second candidate
        may not put it back); `reason` joins its verdict's reasons when given."""
        reasons = (*self.verdict.reasons, reason) if reason else self.verdict.reasons
        return Decision(self.block, self.features, Verdict(self.verdict.score, reasons, True), self.label, False, why)


@dataclass(frozen=True, slots=True)
class Selection:
    container: etree._Element | None
    container_score: float
    siblings: tuple[etree._Element, ...]
    decisions: tuple[Decision, ...]
    merges: tuple[Merge, ...] = ()
    """Regions considered beside the container (sections, repeated items): kept or dropped, why."""
    layout: LayoutKind | None = None
    """The layout kind decided for the page, with its evidence (see layout.py)."""
    container_why: str = ""
    """How the container grew from the best-scoring element (a climb, sibling sections, a landmark)."""


def is_prose(f: Features) -> bool:
    """Wrapped lines of full sentences: Kohlschütter's text density of running text."""
    return f.words >= PROSE_MIN_WORDS and f.text_density >= PROSE_MIN_DENSITY and f.sentence_ends > 0


def score_block(f: Features) -> Verdict:
    if f.in_overlay:
        return Verdict(-float(f.words), ("fixed/sticky overlay",), True)
    linked = f.words * f.link_density
    reasons = [f"words={f.words}", f"link_density={f.link_density:.2f}", f"text_density={f.text_density:.1f}"]
    if is_prose(f):
        # Running sentences with links in them (a news digest) are still the story.
        score = f.words - PROSE_LINK_DISCOUNT * linked - BLOCK_COST_WORDS
        reasons.append("prose")
    else:
        score = f.words - linked - LINK_WORD_COST * linked - BLOCK_COST_WORDS
    if f.pipes:
        score -= PIPE_COST_WORDS * f.pipes
        reasons.append(f"pipes={f.pipes}")
    if f.copyright:
        score -= COPYRIGHT_COST_WORDS
        reasons.append("copyright")
    if f.dates and f.words <= DATED_SHORT_MAX_WORDS:
        score -= DATED_SHORT_COST_WORDS
        reasons.append("short and dated")
    if not f.sentence_ends and f.words <= NO_SENTENCE_MAX_WORDS:
        score -= NO_SENTENCE_COST_WORDS
        reasons.append("no full stop")
    if f.relative_font_size is not None and f.relative_font_size < SMALL_PRINT_RATIO and score > 0:
        score *= SMALL_PRINT_FACTOR
        reasons.append(f"small print x{f.relative_font_size:.2f}")
    if f.column_offset is not None and f.column_offset > OFF_COLUMN_OFFSET and score > 0:
        score *= OFF_COLUMN_FACTOR
        reasons.append(f"off column {f.column_offset:.1f}")
    hint = f.chrome_ancestor or f.strong_hint or f.teaser or f.phrase
    if hint:
        if score > 0:
            score *= HINTED_FACTOR
        score -= HINTED_COST_WORDS
        reasons.append(f"inside <{f.chrome_ancestor}>" if f.chrome_ancestor
                       else f"class/id ~ {f.strong_hint}" if f.strong_hint
                       else "teaser list item" if f.teaser else f"boilerplate phrase: {f.phrase}")
    elif f.weak_hint:
        if score > 0:
            score *= WEAK_HINT_FACTOR
        reasons.append(f"class/id ~ {f.weak_hint} (weak)")
    elif f.positive_hint and score > 0:
        score *= POSITIVE_HINT_FACTOR
        reasons.append(f"class/id ~ {f.positive_hint}")
    if f.overruled_hint and not hint:
        reasons.append(f"hint {f.overruled_hint} overruled by the prose it holds")
    return Verdict(score, tuple(reasons), bool(hint))


def container_scores(blocks: list[Block], verdicts: list[Verdict]) -> tuple[dict[etree._Element, float],
                                                                          dict[etree._Element, float]]:
    """Per element, over all blocks below it: the sum of scores, and the sum of the scores
    of good blocks only (the content mass a container would bring)."""
    sums: dict[etree._Element, float] = {}
    good: dict[etree._Element, float] = {}
    for block, verdict in zip(blocks, verdicts, strict=True):
        element: etree._Element | None = block.element
        mass = verdict.score if verdict.score >= GOOD_SCORE_WORDS and not verdict.hard_bad else 0.0
        while element is not None:
            sums[element] = sums.get(element, 0.0) + verdict.score
            good[element] = good.get(element, 0.0) + mass
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
    shape = _row_shape(best)
    return tuple(sib for sib in parent if sib is not best and _row_shape(sib) == shape and sib not in hinted
                 and good.get(sib, 0.0) > 0 and _opening_rank(sib) == rank)


def _opened_by(parent: etree._Element, region: set[etree._Element], sums: dict[etree._Element, float],
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


def label(block: Block, verdict: Verdict, features: Features) -> Label:
    if verdict.hard_bad:
        return Label.BAD
    if verdict.score >= GOOD_SCORE_WORDS:
        return Label.GOOD
    if verdict.score > 0:
        return Label.NEAR
    if features.link_density > SHORT_MAX_LINK_DENSITY and not data_row(block.element):
        return Label.BAD
    return Label.SHORT


def data_row(element: etree._Element) -> bool:
    """A table row of two or more cells, one of them text without a link: a ranking's linked
    name beside its figures ("M.C. Dean | $1.3B"). Its link density says navigation, but a menu
    row links every cell; such rows are settled with their table (`smooth`), by its neighbours."""
    if element.tag != "tr":
        return False
    cells = [c for c in element if c.tag in ("td", "th") and "".join(c.itertext()).strip()]
    return len(cells) >= 2 and any(next(c.iter("a"), None) is None for c in cells)


def smooth(labels: list[Label], headings: list[bool], groups: Sequence[object | None] | None = None,
           ) -> list[tuple[bool, str]]:
    """Keep good blocks; settle near-good, short and heading blocks by their neighbours.

    `groups` names, per block, the list or table it is an item or row of, or the parent of its
    run of like rows (`_like_rows`; None outside one).
    The doubtful items of one list or table are settled together, by the neighbours of the
    whole list and the good items in it: a table's rows and a list's lines are short one by
    one, yet the table beside the article's text is part of it (links make an item bad, and a
    bad item stays out)."""
    spans = _group_spans(groups or [None] * len(labels))
    out: list[tuple[bool, str]] = []
    for i, lab in enumerate(labels):
        if lab is Label.GOOD:
            out.append((True, "good"))
            continue
        if lab is Label.BAD:
            out.append((False, "bad"))
            continue
        prev = _neighbour(labels, i, -1)
        nxt = _neighbour(labels, i, +1)
        if headings[i]:
            ahead = labels[i + 1:i + 1 + HEADING_LOOKAHEAD_BLOCKS]
            keep = Label.GOOD in ahead or (Label.NEAR in ahead and nxt is Label.GOOD)
            out.append((keep, "heading before good text" if keep else "heading without text after it"))
        elif i in spans:
            first, last = spans[i]
            keep = (Label.GOOD in labels[first:last + 1] or _neighbour(labels, first, -1) is Label.GOOD
                    or _neighbour(labels, last, +1) is Label.GOOD)
            out.append((keep, "item of a list or table beside good text" if keep
                        else "item of a list or table between boilerplate"))
        elif lab is Label.NEAR:
            keep = Label.GOOD in (prev, nxt)
            out.append((keep, "near-good beside good" if keep else "near-good between boilerplate"))
        else:
            keep = prev is Label.GOOD and nxt is Label.GOOD
            out.append((keep, "short between good blocks" if keep else "short beside boilerplate"))
    _keep_headings_of_kept_lists(out, labels, headings, spans)
    return out


def _group_spans(groups: Sequence[object | None]) -> dict[int, tuple[int, int]]:
    """Per block in a list or table of at least two blocks, the first and last index of that run."""
    spans: dict[int, tuple[int, int]] = {}
    i = 0
    while i < len(groups):
        j = i
        while j + 1 < len(groups) and groups[i] is not None and groups[j + 1] is groups[i]:
            j += 1
        if j > i:
            for k in range(i, j + 1):
                spans[k] = (i, j)
        i = j + 1
    return spans


def _keep_headings_of_kept_lists(out: list[tuple[bool, str]], labels: list[Label], headings: list[bool],
                                 spans: dict[int, tuple[int, int]]) -> None:
    """A heading dropped for want of good text after it is kept when what follows it is a list
    or table kept as the article's ("Top picks" above a table of picks)."""
    for i, is_heading in enumerate(headings):
        if not is_heading or out[i][0] or labels[i] is Label.BAD:
            continue
        nxt = i + 1
        if nxt in spans and out[nxt][0] and not headings[nxt]:
            out[i] = (True, "heading before a kept list or table")


def _neighbour(labels: list[Label], i: int, step: int) -> Label | None:
    j = i + step
    while 0 <= j < len(labels):
        if labels[j] in (Label.GOOD, Label.BAD):
            return labels[j]
        j += step
    return None


def select(doc: Document, blocks: list[Block]) -> Selection:
    """The heuristic: which blocks are the article, each with its reason."""
    layout = page_layout(doc, blocks)
    hints = HintIndex(prose_words_below(blocks), doc.url)
    teasers = teaser_blocks(blocks)
    features = [measure(doc, block, layout, hints, block.index in teasers) for block in blocks]
    verdicts = [score_block(f) for f in features]
    sums, good = container_scores(blocks, verdicts)
    best, best_score = best_container(sums)
    if best is None or best_score <= 0:
        refused = tuple(Decision(b, f, v, Label.BAD, False, "no container scores above 0")
                        for b, f, v in zip(blocks, features, verdicts, strict=True))
        return _drop_repeats(_by_layout(doc, Selection(None, best_score, (), refused)))
    top = best
    best = climb(best, sums, good)
    best_score = sums[best]
    how = [] if best is top else ["climbed to an ancestor with clearly more good text"]
    hinted = {el for el in sums if any(hints.of(el)[:2])}  # chrome or strong hint
    sections = sibling_sections(best, good, hinted)
    siblings = span_between(best, qualifying_siblings(best, best_score, sums, hinted) + sections)
    if sections:
        how.append(f"{len(sections)} sibling section(s) of its tag, classes and heading rank taken in")
    parent = best.getparent()
    if sections and parent is not None and _opened_by(parent, {best, *siblings}, sums, hinted):
        best, siblings, best_score = parent, (), sums.get(parent, best_score)
        how.append("with their parent, which holds nothing else scoring below zero (a title, an introduction)")
    region = {best, *siblings}
    inside = [_within(block.element, region) for block in blocks]
    documentation = documents_code(doc.root, blog_with_code(doc))
    landmark = _docs_landmark(doc, best, blocks, verdicts, inside) if documentation else None
    if landmark is not None:
        best, siblings, region = landmark, (), {landmark}
        best_score = sums.get(landmark, best_score)
        how.append("widened to the documentation page's main landmark, which holds more of its prose")
        inside = [_within(block.element, region) for block in blocks]
    members = [i for i, flag in enumerate(inside) if flag]
    _readmit_inner_teasers(members, blocks, features, verdicts)
    _judge_inner_forms(members, blocks, verdicts, region, best)
    labels = [label(blocks[i], verdicts[i], features[i]) for i in members]
    row_shapes: dict[etree._Element, Counter[str]] = {}
    groups = [_row_group(blocks[i].element, region, row_shapes) for i in members]
    elements, hard_bad = [blocks[i].element for i in members], [verdicts[i].hard_bad for i in members]
    _label_docs_structure(labels, elements, hard_bad)
    # only BAD labels are relabelled below, so the GOOD ones are read once; BAD is re-read per pass
    good_labels = [lab is Label.GOOD for lab in labels]
    for i in page_index_items(good_labels, hard_bad, [lab is Label.BAD for lab in labels], groups, elements,
                              led_only=not documentation):
        labels[i] = Label.SHORT
    if documentation:
        for i in closing_sections(good_labels, hard_bad, [lab is Label.BAD for lab in labels],
                                  [blocks[i].is_heading for i in members], groups, elements):
            labels[i] = Label.SHORT
        for i in cross_references(good_labels, hard_bad, [lab is Label.BAD for lab in labels], elements):
            labels[i] = Label.NEAR
        for i in closing_members(good_labels, hard_bad, [blocks[i].is_heading for i in members], elements):
            if not blocks[members[i]].is_heading:
                labels[i] = Label.GOOD
    settled = dict(zip(members, smooth(labels, [blocks[i].is_heading for i in members], groups), strict=True))
    if not documentation:
        _trim_small_print_tail(settled, members, blocks, features)
    _trim_author_note(settled, members, blocks, verdicts, _author_names(doc))
    _drop_widget_labels(settled, members, blocks, verdicts)
    label_of = dict(zip(members, labels, strict=True))
    decisions: list[Decision] = []
    for i, (block, f, v) in enumerate(zip(blocks, features, verdicts, strict=True)):
        if i not in settled:
            decisions.append(Decision(block, f, v, Label.BAD, False, "outside the chosen container"))
            continue
        kept, why = settled[i]
        if kept and block.tag == "h1":
            kept, why = False, "headline (the title field holds it)"
        decisions.append(Decision(block, f, v, label_of[i], kept, why))
    return _drop_repeats(_by_layout(doc, Selection(best, best_score, siblings, tuple(decisions),
                                                   container_why="; ".join(how))))


def _docs_landmark(doc: Document, best: etree._Element, blocks: Sequence[Block], verdicts: Sequence[Verdict],
                   inside: Sequence[bool]) -> etree._Element | None:
    """On a page laid out as documentation (`documents_code`), the page's main content landmark
    (`<main>`, `role=main`: `layout.main_root`) when it holds the chosen region and
    `DOC_LANDMARK_MIN_OUTSIDE_WORDS` words of running prose outside it, at least
    `DOC_LANDMARK_MIN_OUTSIDE_SHARE` of the region's own: a reference split into sections,
    each with its own code samples and callouts, scores each section apart, and the best one
    with its siblings can leave the others out. Every documentation generator and wiki prints
    the page's text in its main landmark and its navigation trees beside it; chrome inside
    the landmark (a table of contents in a `<nav>` or `<aside>`) is still left out block by block."""
    landmark = main_root(doc)
    if landmark is None or landmark is best or not _within(best, {landmark}):
        return None
    within = outside = 0
    for block, verdict, flag in zip(blocks, verdicts, inside, strict=True):
        if not is_running_prose(block) or verdict.hard_bad:
            continue
        if flag:
            within += block.words
        elif _within(block.element, {landmark}):
            outside += block.words
    if outside >= DOC_LANDMARK_MIN_OUTSIDE_WORDS and outside >= DOC_LANDMARK_MIN_OUTSIDE_SHARE * within:
        return landmark
    return None


def _label_docs_structure(labels: list[Label], elements: Sequence[etree._Element], hard: Sequence[bool]) -> None:
    """Documentation structure the block scores misread (docs.py), in place: code samples
    between the region's good blocks are good (short, no full stop, yet what the text around
    them explains), and a definition term linked to its own page is short, not navigation, so
    it is settled with its definition list."""
    for i in code_between([lab is Label.GOOD for lab in labels], hard, [in_code(el) for el in elements],
                          [lab is Label.BAD for lab in labels]):
        labels[i] = Label.GOOD
    for i, element in enumerate(elements):
        if labels[i] is Label.BAD and not hard[i] and defined_term(element):
            labels[i] = Label.SHORT


def _drop_repeats(selection: Selection) -> Selection:
    """Leave out a run of kept blocks that repeats, block for block and word for word, text kept
    above it, when the run holds `REPEAT_RUN_MIN_WORDS` or more and `REPEAT_RUN_MIN_SHARE` of
    the words kept above it, in `REPEAT_RUN_MIN_BLOCKS` different blocks: responsive page
    builders put the desktop, tablet and mobile copies of a page in the DOM and let the
    stylesheet show one, so a static read (and a rendered one without the stylesheet) holds the
    article two or three times. A few repeated lines (a workout's warm-up each day, an offer's
    terms under each offer) are the text's own and stay. So do documentation's (`DOCUMENTATION`):
    an API reference prints a method's description again under each implementation of it."""
    if selection.layout is not None and selection.layout.kind == DOCUMENTATION:
        return selection
    seen: set[str] = set()
    runs: list[tuple[int, list[int]]] = []  # (words kept above the run, its decisions)
    kept_words, last = 0, -1
    decisions = list(selection.decisions)
    for i, d in enumerate(decisions):
        if not d.kept:
            continue
        key = " ".join(d.block.text.split())
        if key not in seen:
            seen.add(key)
        elif runs and runs[-1][1][-1] == last:
            runs[-1][1].append(i)
        else:
            runs.append((kept_words, [i]))
        last = i
        kept_words += d.block.words
    for above, run in runs:
        words = sum(decisions[i].block.words for i in run)
        distinct = len({decisions[i].block.text for i in run})
        if words >= REPEAT_RUN_MIN_WORDS and words >= REPEAT_RUN_MIN_SHARE * above and distinct >= REPEAT_RUN_MIN_BLOCKS:
            for i in run:
                d = decisions[i]
                decisions[i] = Decision(d.block, d.features, d.verdict, d.label, False,
                                        "repeats the text kept above (a responsive copy)")
    _judge_left_out_copies(decisions)
    return dataclasses.replace(selection, decisions=tuple(decisions))


def _judge_left_out_copies(decisions: list[Decision]) -> None:
    """Mark as judged (hard-bad) a run of left-out blocks that copies, block for block, text
    seen above it and holds `REPEAT_RUN_MIN_WORDS` of the kept text and `REPEAT_RUN_MIN_SHARE`
    of it in `REPEAT_RUN_MIN_BLOCKS` different blocks: a third responsive copy outside the chosen
    container. Its long paragraphs are never in doubt for the peer already (`arbiter.doubtful`),
    but its headings, list items and short lines were, and the peer put them back as a second
    copy of the article's skeleton."""
    keys = [" ".join(d.block.text.split()) for d in decisions]
    kept = {key for key, d in zip(keys, decisions, strict=True) if d.kept}
    kept_words = sum(d.block.words for d in decisions if d.kept)
    seen: set[str] = set()
    run: list[int] = []
    for i, d in enumerate([*decisions, None]):
        key = keys[i] if d is not None else ""
        if d is not None and not d.kept and key in seen:
            run.append(i)
        else:
            copied = sum(decisions[j].block.words for j in run if keys[j] in kept)
            distinct = len({decisions[j].block.text for j in run})
            if (copied >= REPEAT_RUN_MIN_WORDS and copied >= REPEAT_RUN_MIN_SHARE * kept_words
                    and distinct >= REPEAT_RUN_MIN_BLOCKS):
                for j in run:
                    c = decisions[j]
                    verdict = Verdict(c.verdict.score, (*c.verdict.reasons, "a copy of the kept text"), True)
                    decisions[j] = Decision(c.block, c.features, verdict, c.label, False,
                                            "repeats the kept text (a responsive copy)")
            run = []
        if d is not None:
            seen.add(key)


def _readmit_inner_teasers(members: list[int], blocks: list[Block], features: list[Features],
                           verdicts: list[Verdict]) -> None:
    """Score again, without the teaser penalty, the teaser-list blocks of the chosen region that
    lie between the article's own good paragraphs (in `verdicts`, in place). A list of other
    stories sits after or beside the story; linked headlines each followed by a summary *between*
    its paragraphs are the story's own items (the courses or products a guide reviews). So are
    the items of a list a good paragraph of the region introduces, ending with a colon right
    above it ("Publications on the topic include:"), wherever the list stands: the sentence
    goes on into it (`_introduced_list`). A linked headline stays out by its links."""
    own_good = [i for i in members if verdicts[i].score >= GOOD_SCORE_WORDS and not verdicts[i].hard_bad]
    if not own_good:
        return
    first, last = own_good[0], own_good[-1]
    introducers = {blocks[i].element for i in own_good if blocks[i].text.rstrip().endswith(":")}
    for i in members:
        f = features[i]
        if not f.teaser or f.chrome_ancestor or f.strong_hint or f.phrase:
            continue
        if first < i < last:
            why = "teaser item between the article's paragraphs"
        elif introducers and _introduced_list(blocks[i].element, introducers):
            why = "teaser item of a list the article introduces"
        else:
            continue
        again = score_block(dataclasses.replace(f, teaser=False))
        verdicts[i] = Verdict(again.score, (*again.reasons, why), again.hard_bad)


def _introduced_list(element: etree._Element, introducers: set[etree._Element]) -> bool:
    """Whether `element` lies in a `ul`/`ol` whose previous sibling element is one of
    `introducers` (good paragraphs ending with a colon)."""
    listing = next(element.iterancestors("ul", "ol"), None)
    previous = listing.getprevious() if listing is not None else None
    while previous is not None and not isinstance(previous.tag, str):
        previous = previous.getprevious()
    return previous is not None and previous in introducers


def _judge_inner_forms(members: list[int], blocks: list[Block], verdicts: list[Verdict],
                       region: set[etree._Element], best: etree._Element) -> None:
    """Judge (hard-bad, in `verdicts`, in place) the blocks of a `<form>` that lies inside the
    chosen region: a story's text is read, not submitted, so a form between its paragraphs is a
    box the reader fills in -- a newsletter or lead sign-up with its pitch, a contact or quote
    request, a search -- whose labels and blurb pass as short text. A form that holds the whole
    region (ASP.NET pages wrap the page in one) is above it and says nothing."""
    for i in members:
        if _inner_form(blocks[i].element, region, best):
            v = verdicts[i]
            verdicts[i] = Verdict(v.score, (*v.reasons, "inside a form in the article"), True)


def _inner_form(element: etree._Element, region: set[etree._Element], best: etree._Element) -> bool:
    """Whether a `<form>` lies between `element` and the region's element that holds it (a joined
    sibling that is itself a form counts; the best container does not)."""
    for ancestor in (element, *element.iterancestors()):
        if ancestor in region:
            return ancestor.tag == "form" and ancestor is not best
        if ancestor.tag == "form":
            return True
    return False


def _by_layout(doc: Document, selection: Selection) -> Selection:
    """Decide the layout kind; for every kind but article, replace the single region by the
    inclusive one of layout.py (each block's reason says which rule kept or dropped it). The
    inclusive read keeps the page's `<h1>` unless the page is a thread: a shop's, a section
    front's or a service page's heading opens the text it heads (WCXB's tune half: the gold of 40
    of 59 service, 16 of 28 collection and 13 of 28 product pages with one `<h1>` holds it), while
    a thread's title, like an article's headline, is the title field's (5 of 30 forum pages)."""
    clean = [d for d in selection.decisions if not d.features.chrome_ancestor and not d.features.in_overlay]
    counted = {d.block.index for d in clean if _counts_for_page(d.block, d.features)}  # once: it walks the links
    page_words = sum(d.block.words for d in clean)
    content_words = sum(d.block.words for d in clean if d.block.index in counted)
    region_words = sum(d.block.words for d in selection.decisions if d.kept)
    region_prose = sum(d.block.words for d in selection.decisions if d.kept and is_running_prose(d.block))
    linked = sum(d.block.words if d.features.teaser else d.block.link_words for d in clean)
    uncommented = sum(d.block.words for d in clean if d.block.index in counted and not d.features.strong_hint)
    kind = decide(doc, region_words, region_prose, content_words, page_words, linked, selection.container, uncommented)
    if grid_candidate(doc, kind):
        grid = card_blocks([d.block for d in selection.decisions])
        outside = [d for d in clean if d.block.index in grid and not d.kept and d.block.index in counted]
        kind = collection_beside_prose(
            kind, sum(solid_chars(d.block.text) for d in outside),
            sum(solid_chars(d.block.text) for d in clean if d.block.index in counted),
            sum(priced(d.block.text) for d in outside))
    if not kind.inclusive:
        read = (_drop_post_chrome(_drop_shop_reviews(doc, _drop_references(_drop_story_rails(selection.decisions))),
                                  selection.container)
                if kind.kind == ARTICLE else selection.decisions)
        return dataclasses.replace(selection, decisions=read, layout=kind)
    cards = card_blocks([d.block for d in selection.decisions]) if kind.kind == PRODUCT else set()
    comments = comment_blocks([d.block for d in selection.decisions]) if kind.kind == THREAD else set()
    content = [d for d in clean if d.block.index in counted]
    carded = sum(solid_chars(d.block.text) for d in content if d.block.index in cards)
    kind = product_or_collection(kind, carded, sum(solid_chars(d.block.text) for d in content))
    root = main_root(doc)
    if root is not None and not any(_within(d.block.element, {root}) for d in selection.decisions):
        root = None
    decisions: list[Decision] = []
    for d in selection.decisions:
        if root is not None and not _within(d.block.element, {root}):
            kept, why = False, "outside <main>"
        elif d.block.tag == "h1" and kind.kind == THREAD:
            kept, why = False, "headline (the title field holds it)"
        else:
            itemized = (kind.kind == LISTING and d.features.strong_hint is not None
                        and not d.features.chrome_ancestor and item_hint(d.block.element))
            kept, why = inclusive_keep(kind.kind, d.features, d.block.index in cards, d.block.element,
                                       d.block.index in comments, itemized)
        what = _widget_label_or_disclaimer(d.block.text) if kept else ""
        decisions.append(d.judged_out(what, what) if what else Decision(d.block, d.features, d.verdict, d.label, kept, why))
    start = root if root is not None else doc.root.find("body")
    if start is None:
        start = doc.root
    for i in _region_forms(decisions, start) if kind.kind != THREAD else ():
        decisions[i] = decisions[i].judged_out("inside a form (a sign-up, a request, a buy box)",
                                               "inside a form in the region")
    for i in second_copies([d.block.text if d.kept else None for d in decisions], kind.kind):
        d = decisions[i]
        decisions[i] = Decision(d.block, d.features, d.verdict, d.label, False, "a second copy of a kept block")
    merges = region_report(start, [(d.block.element, d.block.words, d.verdict.score, d.kept, d.why)
                                   for d in decisions])
    score = sum(d.verdict.score for d in decisions if d.kept)
    return Selection(start, score, (), tuple(decisions), merges, kind)


def _drop_post_chrome(decisions: tuple[Decision, ...], container: etree._Element | None) -> tuple[Decision, ...]:
    """On an article whose region is a thread's posts (`layout.posts_within`), leave out (judged)
    what a thread's read leaves out of its posts: signatures, fragments outside each post's body
    (`layout.post_body`: the poster's rank and post count in the panel beside it; short lines
    inside it, a list's items, are the post's own) and second copies (`layout.second_copies`: a
    quoted post, a poster's join date over each of their posts). Text around the posts stays
    the article's read. Chrome the scorer already left out is judged too: the peer reads a
    post's every line and would put back a poster's post count and join date. A region that is
    no thread's feed still loses a poster's signature inside a post (`threads.post_signature`):
    one of two posts can win the page alone."""
    posts = posts_within(container)
    if not posts:
        memo: dict[etree._Element, tuple[etree._Element, str] | None] = {}
        signed = {d.block.index: f"a poster's signature (~ {word})" for d in decisions
                  if (word := post_signature(d.block.element, memo))}
        return tuple(d.judged_out(reason) if (reason := signed.get(d.block.index)) else d for d in decisions)
    within, bodies = set(posts), {post_body(p) for p in posts}
    inside = {d.block.index for d in decisions if _within(d.block.element, within)}
    why = {d.block.index: post_chrome(d.features, d.block.element) for d in decisions if d.block.index in inside
           and (signature_ancestor(d.block.element) or not _within(d.block.element, bodies))}
    texts = [d.block.text if d.kept and not why.get(d.block.index) else None for d in decisions]
    for i in second_copies(texts, THREAD):
        if decisions[i].block.index in inside:
            why[decisions[i].block.index] = "a second copy of a kept block"
    return tuple(d.judged_out(reason) if (reason := why.get(d.block.index)) else d for d in decisions)


def _drop_story_rails(decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) the rails of other stories after its last good paragraph
    (cards.rails_after_story)."""
    named = {d.block.index for d in decisions
             if any(h and OTHER_STORIES_HINTS.search(h)
                    for h in (d.features.strong_hint, d.features.weak_hint, d.features.overruled_hint))}
    drop = rails_after_story([d.block for d in decisions if d.kept],
                             {d.block.index for d in decisions if d.kept and d.label is Label.GOOD}, named)
    return tuple(d.judged_out("a rail of other stories after the article") if d.block.index in drop else d
                 for d in decisions)


REFERENCE_TITLE_LEVELS = {"h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6, "summary": 6}
"""Rank of the elements a list of references is titled by (a `<details>` summary opens one too);
a short line ending in a colon ("Article Sources:") ranks under them all."""


def _drop_references(decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """On an article, leave out (judged) its list of references: the kept blocks from a title
    that is only "Sources", "References", "Bibliography"... (`phrases.references_title`) -- a
    heading, a `<details>` summary or a line ending in a colon -- to the next kept heading of
    its rank or above, or to the end of the kept text."""
    kept = [d for d in decisions if d.kept]
    drop: set[int] = set()
    for at, d in enumerate(kept):
        text = d.block.text.strip()
        rank = REFERENCE_TITLE_LEVELS.get(d.block.tag, 7 if text.endswith(":") else 0)
        if not rank or not references_title(text):
            continue
        end = next((j for j in range(at + 1, len(kept))
                    if kept[j].block.is_heading and REFERENCE_TITLE_LEVELS.get(kept[j].block.tag, 1) <= rank), len(kept))
        drop.update(k.block.index for k in kept[at:end])
    return tuple(d.judged_out("a list of references after the article") if d.block.index in drop else d
                 for d in decisions)


def _region_forms(decisions: list[Decision], start: etree._Element) -> list[int]:
    """Indexes of the kept blocks of an inclusive region that lie in a `<form>` below its root
    holding under `REGION_FORM_MAX_SHARE` of the kept words: a box the reader fills in -- a
    lead or sign-up form with its pitch, a quote request, a search, a shop's options and
    buy button -- as on an article (`_judge_inner_forms`). A form holding most of the region is
    the page's wrapper (ASP.NET puts every page in one) and says nothing."""
    outer: dict[int, etree._Element] = {}
    for i, d in enumerate(decisions):
        if not d.kept:
            continue
        found = None
        for ancestor in (d.block.element, *d.block.element.iterancestors()):
            if ancestor is start:
                break
            if ancestor.tag == "form":
                found = ancestor
        if found is not None:
            outer[i] = found
    if not outer:
        return []
    kept_words = sum(d.block.words for d in decisions if d.kept)
    held: dict[etree._Element, int] = {}
    for i, form in outer.items():
        held[form] = held.get(form, 0) + decisions[i].block.words
    if len(held) > REGION_FORMS_MAX:
        return []
    return [i for i, form in outer.items() if held[form] < REGION_FORM_MAX_SHARE * kept_words]


def _drop_shop_reviews(doc: Document, decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """On a shop's page read as one dominant region (a product whose description passes for an
    article), leave out the kept blocks that lie in its customer reviews (`reviews.py`): they
    are the page's comments, as on a page read as a product. Judged (hard-bad), so the peer may
    not put them back."""
    memo: dict[etree._Element, str | None] = {}
    if not any(d.kept and review_ancestor(d.block.element, memo) for d in decisions) or not shop_page(doc):
        return decisions
    reviews = {d.block.index: review_ancestor(d.block.element, memo) if d.kept else None for d in decisions}
    return tuple(d.judged_out(f"customer reviews (~ {review}) of a shop's page", f"customer reviews (~ {review})")
                 if (review := reviews[d.block.index]) else d for d in decisions)


def _counts_for_page(block: Block, f: Features) -> bool:
    """Whether a block's words count among the page's own words when the layout kind is decided:
    not chrome, not an overlay, and not under a boilerplate class/id (a mega-menu in a `div.menu`
    is as much chrome as one in a `<nav>`). Comment/reply classes count: on a thread they are
    the posts."""
    if f.chrome_ancestor or f.in_overlay:
        return False
    if f.link_density > INCLUSIVE_MAX_LINK_DENSITY and not f.teaser and _short_links(block):
        return False
    return not f.strong_hint or bool(KEPT_HINTS.search(f.strong_hint))


def _short_links(block: Block) -> bool:
    """Links of a few words each: menu entries, categories, a tag cloud (a listing's linked
    headlines run longer)."""
    links = sum(1 for a in block.element.iter("a") if "".join(a.itertext()).strip())
    return bool(links) and block.link_words / links < NAV_LINK_MAX_WORDS


def _trim_small_print_tail(settled: dict[int, tuple[bool, str]], members: list[int], blocks: list[Block],
                           features: list[Features]) -> None:
    """Drop the run of small-print blocks that ends the kept text (a company's 'about' note, a
    letters policy, a credit line set smaller than the story), when normal-size text precedes it.
    Needs layout: without font sizes nothing is small print. Not asked on documentation: a
    reference ends with notes and warnings its theme sets in smaller type (MkDocs Material's and
    furo's admonitions, at 0.8 of the body), and its chrome lies outside its content element."""
    kept = [i for i in members if settled[i][0]]
    tail: list[int] = []
    for i in reversed(kept):
        size = features[i].relative_font_size
        if size is None or size >= SMALL_PRINT_RATIO:
            break
        tail.append(i)
    body_words = sum(blocks[i].words for i in kept if i not in tail)
    if tail and body_words >= TAIL_SMALL_PRINT_MIN_WORDS:
        for i in tail:
            settled[i] = (False, f"small print after the article x{features[i].relative_font_size:.2f}")


def _drop_widget_labels(settled: dict[int, tuple[bool, str]], members: list[int], blocks: list[Block],
                        verdicts: list[Verdict]) -> None:
    """Leave out kept lines that are a widget's label (`phrases.widget_label`: a contents box's
    title, "Loading paragraph..."), after the context pass: judged before it, they would part the
    article's lead from its first section as boilerplate does. Judged (hard-bad), so the peer may
    not put them back."""
    for i in members:
        what = _widget_label_or_disclaimer(blocks[i].text)
        if settled[i][0] and what:
            settled[i] = (False, what)
            v = verdicts[i]
            verdicts[i] = Verdict(v.score, (*v.reasons, what), True)


def _widget_label_or_disclaimer(text: str) -> str:
    """Why a kept block is left out after the page is read (a widget's label: "Was this page
    helpful?", "Table of contents"; a publisher's disclaimer), or "". On an inclusive read too:
    a documentation page read whole kept its feedback widget's question."""
    return "a widget's label" if widget_label(text) else "a disclaimer" if disclaimer(text) else ""


def _author_names(doc: Document) -> tuple[str, ...]:
    """The page's authors as the profile names them (metadata, JSON-LD, the byline)."""
    found = authors(doc)
    return found.value if found is not None else ()


def _trim_author_note(settled: dict[int, tuple[bool, str]], members: list[int], blocks: list[Block],
                      verdicts: list[Verdict], names: tuple[str, ...]) -> None:
    """Drop the note about the author that ends the kept text: a paragraph opening with the
    author's name as its subject (`phrases.author_note`), the kept paragraphs that follow it in
    the same element (an author box's second and third lines) and a line just above it that is
    only the name. It needs `NOTE_MIN_WORDS_BEFORE` words of story above and at most
    `NOTE_MAX_WORDS_AFTER` kept below: an author box or an op-ed's closing line on who wrote it,
    not an opening about the writer. When the page's metadata names no author, the name may come
    from a line just above the note (`_boxed_note`: an author box's "Written by Jane Doe"). The
    note is judged (hard-bad in `verdicts`): the peer may not put it back."""
    kept = [i for i in members if settled[i][0]]
    for at, i in enumerate(kept):
        if not (author_note(blocks[i].text, names) if names else _boxed_note(blocks, i)):
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
                v = verdicts[j]
                verdicts[j] = Verdict(v.score, (*v.reasons, "a note about the author"), True)
        return


NAME_LINE_LOOKBACK = 2  # blocks above a note where an author box prints the name (a job title may sit between)
NAME_LINE_MAX_WORDS = 4  # a person's name, not a line of text


BOX_NOTE_VERBS = frozenset({"is", "was", "has", "leads", "founded", "joined", "writes", "works", "serves", "covers",
                            "specializes", "holds", "brings", "lives", "helps", "loves"})
"""What an author box's note says of the person it names, right after the name ("Jane is a
writer", "Jane Doe leads..."): with no name from the page's metadata, the name line above is
weaker evidence (a term set alone on a line, "Web Online", then "Web online courses are...")."""


def _boxed_note(blocks: list[Block], i: int) -> bool:
    """Whether block `i` is a note about a person named on a line just above it
    (`_name_lines_above`), the name followed by one of `BOX_NOTE_VERBS`."""
    opening = blocks[i].text.lstrip(" \t\n\"'“‘(*_—–-")
    for name in _name_lines_above(blocks, i):
        if author_note(opening, (name,)):
            for lead in (name, name.split()[0]):
                after = opening[len(lead):].split(maxsplit=1) if opening.startswith(lead) else []
                if after and after[0] in BOX_NOTE_VERBS:
                    return True
    return False


def _name_lines_above(blocks: list[Block], i: int) -> tuple[str, ...]:
    """Names printed alone on a line just above block `i`, kept or not, after a "By"/"Written
    by" prefix is cleaned off (`authors.clean_name`): an author box names its author above the
    note when the page's metadata names nobody ("Written by Jane Doe", "Jane Doe / Senior
    Editor"). Two to `NAME_LINE_MAX_WORDS` capitalised words, a person's (`authors.is_person`);
    not a heading of the story (a listicle's items are titled by people's names)."""
    found: list[str] = []
    for block in blocks[max(0, i - NAME_LINE_LOOKBACK):i]:
        if block.tag == "h2":
            continue
        name = clean_name(block.text)
        words = name.split()
        if 2 <= len(words) <= NAME_LINE_MAX_WORDS and all(w[:1].isupper() for w in words) and is_person(name):
            found.append(name)
    return tuple(found)


LIST_TAGS = frozenset({"ul", "ol", "dl", "table"})
"""Elements whose items or rows the context pass settles together (see `smooth`)."""


def _list_or_table(element: etree._Element, region: set[etree._Element]) -> etree._Element | None:
    """The outermost list or table holding `element`, up to the chosen region's own elements
    (a table that is itself one of the joined siblings counts), if any."""
    found = None
    for ancestor in element.iterancestors():
        if ancestor.tag in LIST_TAGS:
            found = ancestor
        if ancestor in region:
            break
    return found


def _row_group(element: etree._Element, region: set[etree._Element],
               row_shapes: dict[etree._Element, Counter[str]]) -> etree._Element | None:
    """What `element` is settled with by `smooth`: its list or table, else its run of like rows.
    `row_shapes` keeps each parent's count of child shapes, so a long run of paragraphs is
    counted once, not once per paragraph."""
    group = _list_or_table(element, region)
    return group if group is not None else _like_rows(element, row_shapes)


def _like_rows(element: etree._Element, row_shapes: dict[etree._Element, Counter[str]]) -> etree._Element | None:
    """The parent of `element` when it holds `LIKE_ROWS_MIN` children of the element's tag and
    classes (digits dropped), the element one of them (a `div`, `span` or `p`): rows without a
    list's or a table's markup. A spec sheet or a key-figures grid built of `div`s ("Weight",
    "46 lbs") is a table, and a story's plain paragraphs are one run too, whose short lines --
    a sign-off after the last long paragraph ("Happy practicing!"), a one-line paragraph beside
    a link -- are settled with the paragraphs around them, not dropped one by one."""
    parent = element.getparent()
    if parent is None or element.tag not in ("div", "span", "p"):
        return None
    shapes = row_shapes.get(parent)
    if shapes is None:
        shapes = row_shapes[parent] = Counter(_row_shape(child) for child in parent)
    return parent if shapes[_row_shape(element)] >= LIKE_ROWS_MIN else None


def _row_shape(element: etree._Element) -> str:
    words = sorted("".join(c for c in word if not c.isdigit()) for word in (element.get("class") or "").lower().split())
    return f"{element.tag if isinstance(element.tag, str) else ''}.{'.'.join(words)}"


def _within(element: etree._Element | None, region: set[etree._Element]) -> bool:
    while element is not None:
        if element in region:
            return True
        element = element.getparent()
    return False
