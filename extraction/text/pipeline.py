"""The main text, stage by stage: read `main_text`, `heuristic` and `select` top to bottom and you read the algorithm.

    0. markup       the publisher's cXenseParse markup decides when it holds text (`markup.py`)
    1. segment      the page's visible text cut into blocks, in document order (`blocks.py`)
    2. measure      each block's features: words, links, density, hints, layout (`features.py`)
    3. score        each block alone, in word units (`score.py`: one term per sign)
    4. first read   the best-scoring container grown to the article's extent (`container.py`,
                    `rules/docs_landmark`); inside it the rules before the context pass
                    (`rules/inner_teasers`, `inner_forms`, `docs_structure`), the context pass
                    (`context.py`), and the rules after it (`rules/small_print_tail`,
                    `author_note`, `widget_labels`, `headline`)
    5. kind         the page's layout kind, weighed from the first read (`inclusive.py`, `layout.py`;
                    a story above its readers' comments is an article: `rules/commented_story`)
    6. region(s)    an article or documentation keeps the first read; every other kind is read
                    inclusively (`inclusive.py`, with `rules/credited_story`, `region_forms`
                    and second copies)
    7. post-passes  an article's (`rules/story_above_replies`, which may choose the region
                    again, then `story_rails`, `references`, `author_boxes`, `shop_reviews`,
                    `reader_comments`, `comment_sections`, `counted_comments`, `post_chrome`), then every read's
                    (`rules/repeats`)
    8. second       the peer's body as a second candidate, by our features' leave (`arbiter.py`)
    9. assemble     the body and its sections from the kept blocks (or the peer's body)

The numbers are those of extraction/text/README.md's sections and of RULES.md's stage column.

Where a new rule goes: which text is read at all (hidden, one click away, a login away) is
segmentation's (1: `blocks.py`, `tabs.py`); a sign of boilerplate in one block is a measurement
(2) and a score term (3); a rule about where the article's region ends is the container's (4); a
rule that keeps or drops blocks of the chosen region by what is around them is a rule of the
first read (4) or a post-pass (7: an article's, or every read's); how a page's kind is told is
the kind's (5: `layout.py`); on the inclusive read a rule is the inclusive read's (6); what the
peer may not put back is an exemption of the arbiter (8). A rule of stages 4, 6
and 7 is a module in `rules/` named after what it does (its constants at its top, its docstring
saying why and what it measured), called below; a score term or a threshold is a named constant
of its stage's module. `RULES.md` lists both, generated from the code.

Every stage takes values and returns a new one: the tree is read, never rewritten (React's
streamed chunks are put in place by the parser, `document.parse`, before any stage reads it).
What only `--explain` needs -- the report of every block -- is built when it is asked for
(`MainText.explanation`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property

from lxml import etree

from extraction.document import Document
from extraction.text.arbiter import Arbitration, arbitrate
from extraction.text.blocks import Block, Gate, heading_title, segment, segment_markup
from extraction.text.cards import card_blocks
from extraction.text.container import (
    best_container,
    climb,
    container_scores,
    opened_by,
    qualifying_siblings,
    sibling_sections,
    span_between,
)
from extraction.text.context import label, row_group, smooth
from extraction.text.decisions import Decision, Label, Selection, Verdict, within
from extraction.text.docs import documents_code
from extraction.text.explain import BlockExplanation, Explanation, describe, preview
from extraction.text.features import (
    Features,
    HintIndex,
    is_running_prose,
    measure,
    page_layout,
    prose_words_below,
    sentence_ends,
    text_density,
)
from extraction.text.inclusive import CardRows, PageWords, inclusive_read, kind_evidence, page_kind, page_words, weighed
from extraction.text.kind_model import KindEvidence, features
from extraction.text.layout import DOCUMENTATION, THREAD, LayoutKind, blog_with_code, posts_within
from extraction.text.markup import markup_gate
from extraction.text.phrases import boilerplate_phrase, fulfilment_line
from extraction.text.rules.author_boxes import drop_author_boxes
from extraction.text.rules.author_note import author_names, trim_author_note
from extraction.text.rules.calls_to_action import drop_calls_to_action
from extraction.text.rules.comment_sections import drop_comment_sections
from extraction.text.rules.commented_story import commented_story
from extraction.text.rules.counted_comments import drop_counted_comments
from extraction.text.rules.declared_thread import declared_thread
from extraction.text.rules.docs_landmark import docs_landmark
from extraction.text.rules.docs_structure import relabel_docs_structure
from extraction.text.rules.headline import HEADLINE_WHY, is_headline
from extraction.text.rules.inner_forms import judge_inner_forms
from extraction.text.rules.inner_teasers import readmit_inner_teasers
from extraction.text.rules.post_chrome import drop_post_chrome
from extraction.text.rules.reader_comments import drop_reader_comments
from extraction.text.rules.references import drop_references
from extraction.text.rules.repeats import drop_repeats
from extraction.text.rules.shop_reviews import drop_shop_reviews
from extraction.text.rules.small_print_tail import trim_small_print_tail
from extraction.text.rules.story_above_replies import story_above_replies
from extraction.text.rules.story_rails import drop_story_rails
from extraction.text.rules.widget_labels import drop_widget_labels
from extraction.text.score import score_block
from extraction.text.teasers import page_climb, teaser_blocks

SECTION_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
"""Headings that open a section of the article (`h1` is the headline, kept by `title`)."""


# --- the stages -----------------------------------------------------------------------------------

def main_text(doc: Document) -> MainText:
    """The publisher's markup when it holds visible text, else the heuristic. Markup that holds
    only a hidden story (a members-only story kept in a `display:none` cXenseParse div until a
    login script shows it: `blocks.paywalled_story`) is read all the same: the publisher marked
    it as the body. Markup that holds nothing (an empty marked block) is no reason to lose the
    page: the heuristic reads what shows, and `--explain` says why."""
    gate = markup_gate(doc)                                               # 0. markup
    if gate is None:
        return heuristic(doc)
    marked = segment_markup(doc, gate)
    if marked.visible:
        return assemble(marked.visible, gate.value, Marked(gate, marked.visible, False))
    if marked.hidden_stories:
        return assemble(marked.hidden_stories, gate.value, Marked(gate, marked.hidden_stories, True))
    return heuristic(doc, f"heuristic ({gate.value} markup holds no visible text)")


def heuristic(doc: Document, source: str = "heuristic") -> MainText:
    """The visual-aware boilerplate scorer, with the peer as a second candidate."""
    blocks = segment(doc, Gate.ALL)                                       # 1. segment
    cards: CardRows = cache(lambda: card_blocks(blocks, page_climb(doc, blocks)))
    read = select(doc, blocks, cards)                                     # 2.-7.
    arbitration = arbitrate(doc, read, cards)                             # 8. second candidate
    kept = [d.block for d in arbitration.decisions if d.kept]             # 9. assemble
    trace = Heuristic(source, read, arbitration)
    if arbitration.body is not None:
        return assemble(kept, "peer", trace, arbitration.body)
    return assemble(kept, "heuristic", trace)


def select(doc: Document, blocks: list[Block], cards: CardRows | None = None) -> Selection:
    """Our read of the page (stages 2 to 7): which blocks are the main text, each with its reason.
    `cards`: the blocks in rows of linked cards, shared with the second candidate (worked out when asked)."""
    if cards is None:
        cards = cache(lambda: card_blocks(blocks, page_climb(doc, blocks)))
    first = first_read(doc, blocks, cards)
    return read_as(doc, first, first.kind, cards)


@dataclass(frozen=True, slots=True)
class FirstRead:
    """Stages 2 to 5: the single region's read, the page's words it was weighed against, and the kind."""

    read: Selection
    words: PageWords
    evidence: KindEvidence
    rule: LayoutKind
    """The kind by the rules alone (`layout.decide`, `rules/commented_story`)."""
    features: tuple[float, ...]
    """The page-kind model's input (`kind_model.features`, with the kind `layout.decide` weighed)."""
    kind: LayoutKind
    """... weighed by the page-kind model (`inclusive.weighed`): how the page is read."""
    hints: HintIndex
    """The class hints of the blocks' ancestors (`measure_blocks`), for a container chosen again."""


def first_read(doc: Document, blocks: list[Block], cards: CardRows) -> FirstRead:
    measured = measure_blocks(doc, blocks)                                # 2. measure
    verdicts = [score_block(f) for f in measured.features]                # 3. score
    container = choose_container(doc, blocks, verdicts, measured.hints)   # 4. first read: the container
    read = read_region(doc, blocks, list(measured.features), verdicts, container)  # ... and its blocks
    words = page_words(read)
    evidence = kind_evidence(doc, read, words)
    weighed_kind = page_kind(doc, read, words, cards, evidence)           # 5. kind: the rules,
    rule = commented_story(doc, read, weighed_kind)                       # ... a story above its comments,
    values = features(doc, evidence, weighed_kind.kind)
    declared = declared_thread(doc, read, rule)                           # ... a thread the page declares,
    return FirstRead(read, words, evidence, rule, values, weighed(rule, values, evidence, declared),  # ... by the model
                     measured.hints)


def read_as(doc: Document, first: FirstRead, kind: LayoutKind, cards: CardRows) -> Selection:
    """Stages 6 and 7 for `kind` (the decided one; the benchmarks also read a page as every other
    kind, to say what each decision costs: bench/kind/reads.py)."""
    read = first.read
    if kind.inclusive:                                                    # 6. region(s) for the kind
        read = inclusive_read(doc, read, kind, first.words, cards)
    else:                                                                 # 7. post-passes: an article's
        if kind.kind != DOCUMENTATION:
            read = story_above_replies(doc, read, lambda among: reread(doc, read, among, first.hints),
                                       first.rule.kind == THREAD)
        read = replace(read, decisions=read.decisions if kind.kind == DOCUMENTATION else article_rules(doc, read, kind.page),
                       layout=kind)
    return drop_repeats(read)                                             # ... and every read's


def reread(doc: Document, read: Selection, among: Sequence[int], hints: HintIndex) -> Selection:
    """Stage 4 again, the container chosen among the blocks of `among` (their first verdicts),
    the region read over every block (`rules/story_above_replies`)."""
    chosen = set(among)
    decisions = [d for d in read.decisions if d.block.index in chosen]
    container = choose_container(doc, [d.block for d in decisions], [d.verdict for d in decisions], hints)
    return read_region(doc, [d.block for d in read.decisions], [d.features for d in read.decisions],
                       [d.verdict for d in read.decisions], container)


@dataclass(frozen=True, slots=True)
class Measured:
    features: tuple[Features, ...]
    hints: HintIndex


def measure_blocks(doc: Document, blocks: list[Block]) -> Measured:
    """Each block's features, against the page's layout (its body font and main column) and
    the class hints of its ancestors; teaser lists are found across blocks (`teasers.py`)."""
    layout = page_layout(doc, blocks)
    densities = [text_density(block.text) for block in blocks]  # read once: the prose test and the features
    ends = [sentence_ends(block.text) for block in blocks]
    prose = [is_running_prose(block, density, end) for block, density, end in zip(blocks, densities, ends, strict=True)]
    hints = HintIndex(prose_words_below(blocks, prose), doc.url)
    teasers = teaser_blocks(blocks, page_climb(doc, blocks))
    # a page repeats some of its blocks' texts (a menu in the header and the footer, a "Share"
    # under each post: 18% of the blocks of 100 WCXB pages), so the phrase searches, the costliest
    # measures of a short block, are made once a distinct text
    phrase_of, terms_of = cache(boilerplate_phrase), cache(fulfilment_line)
    return Measured(tuple(measure(doc, block, layout, hints, block.index in teasers, density, end, phrase_of, terms_of)
                          for block, density, end in zip(blocks, densities, ends, strict=True)), hints)


@dataclass(frozen=True, slots=True)
class Container:
    """The chosen region: the best container (`element`) and the siblings joined to it."""

    element: etree._Element | None
    """None when no container scores above 0 (`score` is then the best one's)."""
    score: float
    siblings: tuple[etree._Element, ...] = ()
    documentation: bool = False
    """The page is laid out as documentation (`docs.documents_code`): its rules apply in the region."""
    why: str = ""


def choose_container(doc: Document, blocks: list[Block], verdicts: list[Verdict],
                     hints: HintIndex) -> Container:
    """The best container, climbed, with its sibling sections and joined siblings; on
    documentation widened to the main landmark."""
    sums, good = container_scores(blocks, verdicts)
    best, best_score = best_container(sums)
    if best is None or best_score <= 0:
        return Container(None, best_score)
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
    if sections and parent is not None and opened_by(parent, {best, *siblings}, sums, hinted):
        best, siblings, best_score = parent, (), sums.get(parent, best_score)
        how.append("with their parent, which holds nothing else scoring below zero (a title, an introduction)")
    documentation = documents_code(doc, blog_with_code(doc))
    if documentation:
        inside = [within(block.element, {best, *siblings}) for block in blocks]
        landmark = docs_landmark(doc, best, blocks, verdicts, inside)
        if landmark is not None:
            best, siblings = landmark, ()
            best_score = sums.get(landmark, best_score)
            how.append("widened to the documentation page's main landmark, which holds more of its prose")
    return Container(best, best_score, siblings, documentation, "; ".join(how))


def read_region(doc: Document, blocks: list[Block], features: list[Features], verdicts: list[Verdict],
                container: Container) -> Selection:
    """The blocks of the chosen region rescored by the region's rules, labelled, settled by their
    neighbours (the context pass) and trimmed; every block outside it left out."""
    best, siblings = container.element, container.siblings
    if best is None:
        return Selection(None, container.score, (), tuple(
            Decision(b, f, v, Label.BAD, False, "no container scores above 0")
            for b, f, v in zip(blocks, features, verdicts, strict=True)))
    region = {best, *siblings}
    # the region's elements, by one walk down it: a block outside the region walked up to the root
    # (`within`), through wrappers every such block shares
    inside = {element for top in region for element in top.iter()}
    members = [i for i, block in enumerate(blocks) if block.element in inside]
    verdicts = readmit_inner_teasers(members, blocks, features, verdicts)
    verdicts = judge_inner_forms(members, blocks, verdicts, region, best)
    labels = [label(blocks[i], verdicts[i], features[i]) for i in members]
    row_shapes: dict[etree._Element, Counter[str]] = {}
    groups = [row_group(blocks[i].element, region, row_shapes) for i in members]
    headings = [blocks[i].is_heading for i in members]
    labels = relabel_docs_structure(labels, [blocks[i].element for i in members],
                                    [verdicts[i].hard_bad for i in members], headings, groups, container.documentation)
    settled = dict(zip(members, smooth(labels, headings, groups), strict=True))
    if not container.documentation:
        settled = trim_small_print_tail(settled, members, blocks, features)
    settled, verdicts = trim_author_note(settled, members, blocks, verdicts, author_names(doc))
    settled, verdicts = drop_widget_labels(settled, members, blocks, verdicts)
    label_of = dict(zip(members, labels, strict=True))
    decisions: list[Decision] = []
    for i, (block, f, v) in enumerate(zip(blocks, features, verdicts, strict=True)):
        if i not in settled:
            decisions.append(Decision(block, f, v, Label.BAD, False, "outside the chosen container"))
            continue
        kept, why = settled[i]
        if kept and is_headline(block):
            kept, why = False, HEADLINE_WHY
        decisions.append(Decision(block, f, v, label_of[i], kept, why))
    return Selection(best, container.score, siblings, tuple(decisions), container_why=container.why)


def article_rules(doc: Document, read: Selection, page: str) -> tuple[Decision, ...]:
    """The post-passes of a page read as an article, in order. Whether the region is a thread's
    posts (`layout.posts_within`, the page's post candidates below the region) is read once for
    the three that ask."""
    posts = posts_within(read.container, doc)
    decisions = drop_story_rails(read.decisions, page_climb(doc, [d.block for d in read.decisions]))
    decisions = drop_references(decisions)
    decisions = drop_author_boxes(decisions, read.container)
    decisions = drop_calls_to_action(doc, decisions, read.container, page)
    decisions = drop_shop_reviews(doc, decisions, page)
    decisions = drop_reader_comments(decisions, read.container, posts)
    decisions = drop_comment_sections(doc, replace(read, decisions=decisions), posts)
    decisions = drop_counted_comments(doc, replace(read, decisions=decisions), posts)
    return drop_post_chrome(decisions, read.container, posts)


# --- assembling, and what --explain reads ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Marked:
    """How a body read from the publisher's markup was found, for `--explain`."""

    gate: Gate
    blocks: Sequence[Block]
    hidden_stories: bool


@dataclass(frozen=True, slots=True)
class Heuristic:
    """How the heuristic's body was found, for `--explain`."""

    source: str
    selection: Selection
    arbitration: Arbitration


@dataclass(frozen=True)
class MainText:
    body: str
    sections: tuple[str, ...]
    source: str
    trace: Marked | Heuristic | None = field(default=None, repr=False, compare=False)
    """The stages' values, kept so that `explanation` can be written when it is asked for."""

    @cached_property
    def explanation(self) -> Explanation | None:
        """Every decision, for `rendercrawl extract PAGE --explain`; written on first use."""
        if isinstance(self.trace, Marked):
            return _explain_markup(self.trace)
        if isinstance(self.trace, Heuristic):
            return _explain_heuristic(self.trace)
        return None


def assemble(blocks: Sequence[Block], source: str, trace: Marked | Heuristic, body: str | None = None) -> MainText:
    """The body from the kept blocks (or the peer's body the arbiter took whole; `sections`
    are then the headings of ours it covers)."""
    if body is None:
        body = "\n\n".join(heading_title(b) for b in blocks)
    sections = tuple(heading_title(b) for b in blocks if b.tag in SECTION_TAGS)
    return MainText(body, sections, source if body else "none", trace)


def _explain_markup(trace: Marked) -> Explanation:
    gate = trace.gate
    return Explanation(
        source=f"{gate.value} (its story hidden from this reader, read as marked)" if trace.hidden_stories else gate.value,
        container=None, container_score=None, siblings=(),
        blocks=tuple(BlockExplanation(b.index, describe(b.element), True, "markup", None,
                                      f"inside {gate.value}", (), preview(b.text)) for b in trace.blocks),
    )


def _explain_heuristic(trace: Heuristic) -> Explanation:
    selection, arbitration = trace.selection, trace.arbitration
    return Explanation(
        source=trace.source,
        container=describe(selection.container) if selection.container is not None else None,
        container_score=selection.container_score,
        container_why=selection.container_why,
        siblings=tuple(describe(s) for s in selection.siblings),
        blocks=tuple(
            BlockExplanation(d.block.index, describe(d.block.element), d.kept, d.label.value,
                             d.verdict.score, d.why, d.verdict.reasons, preview(d.block.text))
            for d in arbitration.decisions
        ),
        layout_kind=selection.layout.kind if selection.layout else "",
        page_kind=selection.layout.page if selection.layout else "",
        layout_evidence=selection.layout.evidence if selection.layout else (),
        regions=tuple((m.kept, describe(m.element), m.score, m.why) for m in selection.merges),
        arbiter=f"{arbitration.choice}: {arbitration.why}",
        arbiter_evidence=arbitration.evidence,
    )
