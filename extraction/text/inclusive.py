"""The page's kind decided from the single region's read, and the inclusive read of every kind but article.

The kind (layout.py) weighs the single region's kept words against the page's own words: not
chrome, not an overlay, not under a boilerplate class/id, not a block of short links
(`counts_for_page`). For an article (and documentation with one dominant region) the single
region stands; for a listing, thread, product, documentation or multi-section page the
inclusive region of layout.py replaces it (`inclusive_read`), and regions.py reports which parts
of it were kept and why. The inclusive read keeps the page's `<h1>` unless the page is a thread:
a shop's, a section front's or a service page's heading opens the text it heads (WCXB's tune
half: the gold of 40 of 59 service, 16 of 28 collection and 13 of 28 product pages with one
`<h1>` holds it), while a thread's title, like an article's headline, is the title field's (5 of
30 forum pages).

Stage: 5 kind, and 6 the inclusive read (every kind but article)
Measured: WCXB dev static (issue 12, 2026-12-01: docs/lab/2026-12-01-issue-12-main-text.md, "Kept
(issue 12, layout kinds and inclusive regions)"); the h1 kept on inclusive reads in session 16 (e530066): tune 0.88354 ->
0.88397, check 0.88357 -> 0.88498.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml import etree

from extraction.document import Document
from extraction.text.blocks import Block, solid_chars
from extraction.text.cards import item_hint
from extraction.text.decisions import Decision, Selection, within
from extraction.text.docs import code_blocks, documentation_generator, documentation_url
from extraction.text.features import KEPT_HINTS, Features, running_prose
from extraction.text.kind_model import KindEvidence, Policy, cautious, predict
from extraction.text.layout import (
    INCLUSIVE_MAX_LINK_DENSITY,
    LISTING,
    PRODUCT,
    THREAD,
    THREAD_ALONE_MIN_POSTS,
    LayoutKind,
    article_markup,
    collection_beside_prose,
    commented,
    decide,
    grid_candidate,
    inclusive_keep,
    main_root,
    posts_around,
    priced,
    product_markup,
    product_or_collection,
    repeated_post_items,
    second_copies,
    shop_page,
)
from extraction.text.regions import region_report
from extraction.text.rules.box_titles import drop_box_titles
from extraction.text.rules.closed_layers import drop_closed_layers
from extraction.text.rules.credited_story import keep_credited_stories
from extraction.text.rules.headline import HEADLINE_WHY
from extraction.text.rules.listing_articles import as_listing_item
from extraction.text.rules.listing_head import drop_listing_head
from extraction.text.rules.poster_lines import POSTER_LINE_WHY, poster_line
from extraction.text.rules.region_forms import region_forms
from extraction.text.rules.thin_region import thin_region
from extraction.text.rules.widget_labels import widget_label_or_disclaimer
from extraction.text.threads import comment_blocks
from extraction.textutil import text_of

PRICED_BLOCK_MAX_WORDS = 40  # a block this short showing a price is a card's or a buy box's line, not prose
KIND_POLICY = Policy(name=0.0, fallback=0.85, up=1.01)
"""How sure the page-kind model must be (`kind_model.Policy`), set on the tune halves of WCXB dev,
Zyte, the old-web corpus and the other sets by bench/kind/policy.py (simulated from every page read
as every kind, the training pages by their out-of-fold probabilities): the model's top kind names the
page; a page the rules read inclusively is read as an article when the model gives an article 0.85
or more. The fallback is what lifts the old-web corpus (its stories above readers' comments, read as
threads and listings by the rules); set lower, it also takes the rules' listings and service pages
that the model finds about as likely to be stories (WCXB's tune half falls); set higher, stories
the model is less sure of (one loose in a layout table's cells) go back to the rules' inclusive read,
which keeps the rails around them. The
threshold follows the trees: retrained, the model is surer, and the fallback is set again. A page
the rules read as one region is never read inclusively on the model's word (every threshold lost on
WCXB's tune half: its rules-article pages of other kinds read as well or better as one region)."""
PROSE_COLUMN_MIN_SHARE = 0.7  # without a <main>, the deepest element holding this share of the running prose is the page's column
SECTION_MIN_PROSE_WORDS = 50  # a section of the column under a heading with this much running prose is a story's, not a blurb's
NAV_LINK_MAX_WORDS = 3.5  # linked words per link below which a link-heavy block is navigation (menus, tag clouds)

CardRows = Callable[[], set[int]]
"""The indexes of the blocks in rows of linked cards (`cards.card_blocks`), worked out once when first asked."""


@dataclass(frozen=True, slots=True)
class PageWords:
    """The blocks the kind is weighed on: `clean` decisions (no chrome, no overlay), and the
    indexes of those that `counted` among the page's own words."""

    clean: tuple[Decision, ...]
    counted: frozenset[int]


def page_words(selection: Selection) -> PageWords:
    clean = tuple(d for d in selection.decisions if not d.features.chrome_ancestor and not d.features.in_overlay)
    return PageWords(clean, frozenset(d.block.index for d in clean if counts_for_page(d.block, d.features)))


def kind_evidence(doc: Document, selection: Selection, words: PageWords) -> KindEvidence:
    """What the kind is weighed on, measured once from the first read (`layout.decide` and the
    model of `kind_model.py` both read it)."""
    clean, counted = words.clean, words.counted
    page_total = sum(d.block.words for d in clean)
    container = selection.container
    posts = repeated_post_items(doc)
    column = prose_column(doc, clean)
    around = {column} if column is not None else set()
    inside = [d for d in clean if d.block.index in counted and (column is None or within(d.block.element, around))]
    sections = headed_sections(inside)
    return KindEvidence(
        region_words=sum(d.block.words for d in selection.decisions if d.kept),
        region_prose_words=sum(d.block.words for d in selection.decisions if d.kept and running_prose(d.features)),
        content_words=sum(d.block.words for d in clean if d.block.index in counted),
        page_words=page_total,
        linked_words=sum(d.block.words if d.features.teaser else d.block.link_words for d in clean),
        uncommented_words=sum(d.block.words for d in clean if d.block.index in counted and not d.features.strong_hint),
        comment_words=sum(d.block.words for d in clean
                          if d.features.strong_hint and KEPT_HINTS.search(d.features.strong_hint)),
        hinted_words=sum(d.block.words for d in clean
                         if d.features.strong_hint and not KEPT_HINTS.search(d.features.strong_hint)),
        teaser_words=sum(d.block.words for d in clean if d.features.teaser),
        prose_words=sum(d.block.words for d in clean if running_prose(d.features)),
        blocks=len(clean),
        kept_blocks=sum(1 for d in selection.decisions if d.kept),
        headings=sum(1 for d in clean if d.block.is_heading),
        list_items=sum(1 for d in clean if d.block.tag in ("li", "dd", "dt")),
        cells=sum(1 for d in clean if d.block.tag in ("td", "th", "tr")),
        largest_block=max((d.block.words for d in clean), default=0),
        sentence_ends=sum(d.features.sentence_ends for d in clean),
        dated_blocks=sum(1 for d in clean if d.features.dates),
        priced_blocks=sum(1 for d in clean if d.block.words <= PRICED_BLOCK_MAX_WORDS and priced(d.block.text)),
        link_dense_words=sum(d.block.words for d in clean if d.features.link_density > INCLUSIVE_MAX_LINK_DENSITY),
        posts=len(posts),
        comment_posts=bool(posts) and commented(posts),
        posts_around=len(posts_around(container, THREAD_ALONE_MIN_POSTS)),
        code_blocks=code_blocks(doc),
        article_markup=article_markup(doc),
        product_markup=product_markup(doc),
        product_evidence=shop_page(doc) or product_markup(doc),
        documentation_url=documentation_url(doc.url),
        documentation_generator=documentation_generator(doc),
        container_is_body=container is None or container.tag in ("body", "html"),
        sections=len(sections),
        long_sections=sum(1 for _, prose in sections if prose >= SECTION_MIN_PROSE_WORDS),
        section_words=float(statistics.median(words for words, _ in sections)) if sections else -1.0,
    )


def headed_sections(decisions: Sequence[Decision]) -> list[tuple[int, int]]:
    """(words, running-prose words) of each heading's section: the blocks after it up to the next
    heading (the heading's own words left out; blocks before the first heading are no section)."""
    sections: list[tuple[int, int]] = []
    words = prose = -1
    for d in decisions:
        if d.block.is_heading:
            if words >= 0:
                sections.append((words, prose))
            words = prose = 0
        elif words >= 0:
            words += d.block.words
            prose += d.block.words if running_prose(d.features) else 0
    if words >= 0:
        sections.append((words, prose))
    return sections


def prose_column(doc: Document, clean: Sequence[Decision]) -> etree._Element | None:
    """Where the page's own text runs, whatever the first read's region: `<main>`, else the
    deepest element holding `PROSE_COLUMN_MIN_SHARE` of the running prose of the clean blocks
    (None: no prose). A story's column is paragraphs under a few headings; a service page's or
    a section front's, headings over blurbs and calls to action. The first read's region of an
    explainer or a guide without article markup can hold a sliver of its column, and then the
    region's shares of the page look like a multi-section page's: the kind model weighs the
    column's sections beside them (`headed_sections`)."""
    root = main_root(doc)
    if root is not None:
        return root
    below: dict[etree._Element, int] = {}
    depth: dict[etree._Element, int] = {}
    total = 0
    for d in clean:
        if not running_prose(d.features):
            continue
        total += d.block.words
        chain: list[etree._Element] = []
        element: etree._Element | None = d.block.element
        while element is not None:
            chain.append(element)
            element = element.getparent()
        for i, ancestor in enumerate(chain):
            below[ancestor] = below.get(ancestor, 0) + d.block.words
            depth[ancestor] = len(chain) - i
    if not total:
        return None
    return max((a for a, w in below.items() if w >= PROSE_COLUMN_MIN_SHARE * total), key=lambda a: depth[a])


def page_kind(doc: Document, selection: Selection, words: PageWords, cards: CardRows,
              evidence: KindEvidence | None = None) -> LayoutKind:
    """The layout kind of the page by the rules, from the single region's read (`layout.decide`), a
    grid of priced cards beside it turning an article into a collection
    (`layout.collection_beside_prose`); `weighed` then hears the page-kind model."""
    clean, counted = words.clean, words.counted
    e = evidence if evidence is not None else kind_evidence(doc, selection, words)
    kind = decide(doc, e.region_words, e.region_prose_words, e.content_words, e.page_words, e.linked_words,
                  selection.container, e.uncommented_words)
    if grid_candidate(doc, kind):
        grid = cards()
        outside = [d for d in clean if d.block.index in grid and not d.kept and d.block.index in counted]
        kind = collection_beside_prose(
            kind, sum(solid_chars(d.block.text) for d in outside),
            sum(solid_chars(d.block.text) for d in clean if d.block.index in counted),
            sum(priced(d.block.text) for d in outside))
    return kind


def weighed(rule: LayoutKind, values: tuple[float, ...], evidence: KindEvidence | None = None,
            declared: bool = False) -> LayoutKind:
    """The rules' kind weighed by the page-kind model (`kind_model.cautious`) on its features
    (`values`): an inclusive read only when the model does not find the page likely to be an
    article, or when the first read's region is a fragment of the page (`rules/thin_region`,
    from `evidence`), or when the rules read a thread the page declares (`declared`:
    `rules/declared_thread`); the kind the page is named, the model's. The evidence says what the model said."""
    probs = predict(values)
    named, kind, inclusive = cautious(rule.kind, rule.inclusive, probs, KIND_POLICY)
    said = "model: " + ", ".join(f"{k} {p:.2f}" for k, p in sorted(probs.items(), key=lambda kp: -kp[1])[:3])
    if rule.inclusive and not inclusive and evidence is not None and thin_region(evidence):
        return LayoutKind(rule.kind, (*rule.evidence, said, "but the region is a fragment of the page's content: "
                                      "read inclusively"), True, "" if named in (rule.kind, "article") else named)
    if rule.inclusive and not inclusive and declared:
        return LayoutKind(rule.kind, (*rule.evidence, said, "but the page declares a thread (its markup, or its "
                                      "replies repeat the first post's class): read inclusively"), True, "")
    if kind == rule.kind and inclusive == rule.inclusive:
        return LayoutKind(kind, (*rule.evidence, said), inclusive, "" if named == kind else named)
    how = "read inclusively" if inclusive else "read as one dominant region"
    return LayoutKind(kind, (*rule.evidence, said, f"{named} (the rules: {rule.kind}), {how}"), inclusive,
                      "" if named == kind else named)


def inclusive_read(doc: Document, selection: Selection, kind: LayoutKind, words: PageWords,
                   cards: CardRows) -> Selection:
    """Every clean block of the page's region kept by `layout.inclusive_keep` (each block's reason
    says which rule kept or dropped it) but widget labels, disclaimers and items' poster lines
    (`rules.poster_lines`), then a listing's header bar above its heading (`rules.listing_head`),
    the region's small forms (`rules.region_forms`) and second copies (`layout.second_copies`) left out."""
    card_rows = cards() if kind.kind == PRODUCT else set()
    comments = comment_blocks([d.block for d in selection.decisions]) if kind.kind == THREAD else set()
    content = [d for d in words.clean if d.block.index in words.counted]
    carded = sum(solid_chars(d.block.text) for d in content if d.block.index in card_rows)
    kind = product_or_collection(kind, carded, sum(solid_chars(d.block.text) for d in content))
    root = main_root(doc)
    if root is not None and not any(within(d.block.element, {root}) for d in selection.decisions):
        root = None
    decisions: list[Decision] = []
    for d in selection.decisions:
        if root is not None and not within(d.block.element, {root}):
            kept, why = False, "outside <main>"
        elif d.block.tag == "h1" and kind.kind == THREAD:
            kept, why = False, HEADLINE_WHY
        else:
            f = as_listing_item(d.features, d.block.element, kind.kind)
            itemized = (kind.kind == LISTING and f.strong_hint is not None
                        and not f.chrome_ancestor and item_hint(d.block.element))
            kept, why = inclusive_keep(kind.kind, f, d.block.index in card_rows, d.block.element,
                                       d.block.index in comments, itemized, d.block.text)
        what = (widget_label_or_disclaimer(d.block.text) or (POSTER_LINE_WHY if poster_line(d.block.text) else "")
                if kept else "")
        decisions.append(d.judged_out(what, what) if what else Decision(d.block, d.features, d.verdict, d.label, kept, why))
    decisions = drop_box_titles(drop_closed_layers(keep_credited_stories(decisions)), kind.kind)
    decisions = drop_listing_head(decisions, kind.kind)
    start = root if root is not None else doc.root.find("body")
    if start is None:
        start = doc.root
    for i in region_forms(decisions, start) if kind.kind != THREAD else ():
        decisions[i] = decisions[i].judged_out("inside a form (a sign-up, a request, a buy box)",
                                               "inside a form in the region")
    for i in second_copies([d.block.text if d.kept else None for d in decisions], kind.kind):
        decisions[i] = decisions[i].left_out("a second copy of a kept block")
    merges = region_report(start, [(d.block.element, d.block.words, d.verdict.score, d.kept, d.why)
                                   for d in decisions])
    score = sum(d.verdict.score for d in decisions if d.kept)
    return Selection(start, score, (), tuple(decisions), merges, kind)


def counts_for_page(block: Block, f: Features) -> bool:
    """Whether a block's words count among the page's own words when the layout kind is decided:
    not chrome, not an overlay, and not under a boilerplate class/id (a mega-menu in a `div.menu`
    is as much chrome as one in a `<nav>`). Comment/reply classes count: on a thread they are
    the posts."""
    if f.chrome_ancestor or f.in_overlay:
        return False
    if f.link_density > INCLUSIVE_MAX_LINK_DENSITY and not f.teaser and short_links(block):
        return False
    return not f.strong_hint or bool(KEPT_HINTS.search(f.strong_hint))


def short_links(block: Block) -> bool:
    """Links of a few words each: menu entries, categories, a tag cloud (a listing's linked
    headlines run longer)."""
    links = sum(1 for a in block.element.iter("a") if text_of(a).strip())
    return bool(links) and block.link_words / links < NAV_LINK_MAX_WORDS
