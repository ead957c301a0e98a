"""The page kind told by a trained model: gradient-boosted trees over the measurements the kind
is weighed on, with a calibrated confidence.

`layout.decide` names a kind from the first evidence that holds; its rules were tuned one at a
time and read 0.73 of WCXB dev's pages as their labels say. The model weighs the same evidence
together (the single region's shares of the page, its prose, the repeated posts and comments,
links and teasers, markup, landmarks, code, prices, the URL's shape, the sections of the page's
prose column) and the rules' own answer, and says how sure it is: `predict` gives a probability
per kind, its trees' scores divided by a temperature fitted on held-out folds, blended with a
logistic regression's over the same columns (so a 0.9 is right about nine times in ten). The
page's voice is one more column: a company's pages speak of themselves as "we" (`FIRST_PLURAL`).

The model is data (`kind_trees.json`, written by `bench/kind/train.py` with the manifest of the
pages it learnt from beside it, `bench/kind/manifest.json`), evaluated here by a pure function:
two comparisons a tree, some 3,600 a page, and one weighted sum a kind (0.2-0.3 CPU-ms compiled), no
library.

Stage: 5 kind
Measured: 300 trees, each split among a fifth of the columns (bench/kind/train.py's GRID), against
150 on all: CV WCXB tune 0.837 -> 0.865, check 0.844 -> 0.853 (train.py); page kind check 0.838 ->
0.851, WCXB F1 check 0.88618 -> 0.88607 (one page), Zyte and other sets unchanged (2026-12-06, s25).
The first-person-plural column and the regression's blend: CV WCXB tune (fold seeds 3-5 x model
seeds 0-2) 0.8549 -> 0.8605 (the column) -> 0.8684 (the blend), check 0.853 -> 0.869 (train.py);
page kind check 0.852 -> 0.870 (629 of 723), WCXB F1 check 0.88640 unchanged, tune 0.88577 ->
0.88472 (one page, 0313, now past the fallback), Zyte and other sets unchanged page for page
(2026-12-06, s28). The prose column's sections (`long_section_share`, `section_words`): CV WCXB
tune (the same 9 draws) 0.8667 -> 0.8712, check 0.869 -> 0.878 (train.py); page kind check
0.870 -> 0.878 (635 of 723), WCXB F1 unchanged (one tune page up), Zyte and other sets unchanged
page for page (2026-12-07, s31).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from urllib.parse import urlsplit

from lxml import etree

from extraction.document import Document
from extraction.text import kind_trees

KINDS = ("article", "thread", "product", "listing", "documentation", "multi-section")
"""The classes, as `layout` names them (WCXB's collection and listing are both a listing, its
service pages a multi-section page)."""

_LD = re.compile(r"\"@type\"\s*:\s*\[?\s*\"([A-Za-z]+)\"")
_DATE_PATH = re.compile(r"/(?:19|20)\d\d/(?:[01]?\d/)?")
_LANDMARKS = ("main", "article", "aside", "nav", "form", "table", "textarea", "button", "h1", "pre", "iframe")
_FORUM_LD = frozenset({"DiscussionForumPosting", "QAPage", "Question", "SocialMediaPosting"})
_LIST_LD = frozenset({"ItemList", "CollectionPage", "SearchResultsPage", "OfferCatalog", "Blog"})
_ARTICLE_LD = frozenset({"Article", "NewsArticle", "BlogPosting", "TechArticle", "Report", "ReportageNewsArticle"})
_SERVICE_LD = frozenset({"Organization", "LocalBusiness", "Service", "AboutPage", "ContactPage", "FAQPage",
                         "WebPage", "Corporation", "ProfessionalService"})
_DOC_LD = frozenset({"TechArticle", "APIReference", "SoftwareSourceCode", "HowTo"})
_WORD = re.compile(r"[a-z]+")
_TEXT_WORD = re.compile(r"[^\W\d_]+")
_UNREAD = frozenset({"script", "style", "noscript", "template", "svg", "head"})
_SKIPPED_NODES: tuple[str | Callable[..., etree._Element], ...] = (
    etree.Comment, etree.ProcessingInstruction, etree.Entity, *sorted(_UNREAD))
"""The nodes whose own text is no word of the page (`first_plural_share`): comments and processing
instructions, and the `_UNREAD` elements with everything inside them; the tail after each is."""


def _word_bytes() -> bytes:
    table = bytearray(b" " * 256)
    for code in range(ord("a"), ord("z") + 1):
        table[code] = table[code - 32] = code
    table[0x80:] = range(0x80, 0x100)
    return bytes(table)


_WORD_BYTES = _word_bytes()
"""A `bytes.translate` table for UTF-8 text: ASCII letters lower-cased, every other ASCII byte (a
digit, `_`, a space, a mark: none of them in a `_TEXT_WORD`) a space, the bytes of other
characters kept. `split()` then cuts the text at every ASCII character that ends a word: a piece
in ASCII is one word, any other holds the words `_TEXT_WORD` finds in it (`first_plural_share`)."""
FIRST_PLURAL = frozenset({
    "we", "our", "ours", "us",
    "wir", "unser", "unsere", "unseren", "unserer", "uns",
    "nous", "notre", "nos",
    "nosotros", "nuestro", "nuestra", "nuestros", "nuestras",
    "noi", "nostro", "nostra", "nostri", "nostre",
    "nós", "nosso", "nossa", "nossos", "nossas",
    "wij", "ons", "onze",
    "мы", "наш", "наша", "наши", "нас",
})
"""First-person plural words, in the languages of `phrases.py` (en, de, fr, es, it, pt, nl, ru): a
company or a service speaks of itself as "we" and "our" (WCXB's tune half, the share of the page's
words: service pages 0.0121 median, articles 0.0051), a story of what others did."""
_FIRST_PLURAL_ASCII = frozenset(word.encode("ascii") for word in FIRST_PLURAL if word.isascii())
"""`FIRST_PLURAL`'s words in ASCII, as the bytes `first_plural_share` counts an ASCII text's words in."""
URL_NAME_MAX_WORDS = 2  # a last path segment of this many words names a section (/services, /about-us), not a story
URL_WORDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("forum", frozenset({"forum", "forums", "thread", "threads", "t", "topic", "topics", "questions", "question", "q",
                         "community", "communities", "discussion", "discussions", "discuss", "board", "boards",
                         "showthread", "viewtopic", "viewthread", "answers", "comments", "messages", "msg", "posts"})),
    ("service", frozenset({"services", "service", "solutions", "solution", "pricing", "price", "plans", "about",
                           "contact", "features", "platform", "company", "enterprise", "consulting", "agency",
                           "industries", "why", "demo", "careers", "partners"})),
    ("article", frozenset({"blog", "blogs", "news", "article", "articles", "story", "stories", "post", "insights",
                           "magazine", "press", "journal", "opinion", "editorial", "column", "columns", "feature"})),
    ("product", frozenset({"product", "products", "p", "dp", "item", "items", "itm", "sku", "buy", "gp"})),
    ("listing", frozenset({"category", "categories", "collections", "collection", "c", "tag", "tags", "browse",
                           "search", "catalog", "catalogue", "archive", "archives", "list", "lists", "shop", "store",
                           "deals", "sale", "b"})),
)
"""Words of a URL's folders, and of a last segment short enough to be a section's name
(`URL_NAME_MAX_WORDS`), by the kind of page sites file under them: forum and Q&A software
(`/threads/`, `/t/`, `showthread.php`, `/questions/`), a company's own pages (`/services/`,
`/solutions`, `/pricing`, `/about`), a blog's or a newspaper's (`/blog/`, `/news/`), a shop's product
pages (`/product/`, `/p/`, `/dp/`) and its category pages (`/category/`, `/collections/`, `/c/`).
Conventions of the software that prints the pages, as old as it is; a story's slug (more words)
is left out, since a story may be about services or forums."""


@dataclass(frozen=True, slots=True)
class KindEvidence:
    """What the kind is weighed on (inclusive.page_kind measures it from the first read); the
    model's features are made from it and from the page (`features`)."""

    region_words: int
    region_prose_words: int
    content_words: int
    page_words: int
    linked_words: int
    uncommented_words: int
    comment_words: int
    """Clean words under a comment/reply class (`features.KEPT_HINTS`)."""
    hinted_words: int
    """Clean words under any other boilerplate class."""
    teaser_words: int
    prose_words: int
    """Clean words of running prose on the whole page."""
    blocks: int
    kept_blocks: int
    headings: int
    list_items: int
    cells: int
    largest_block: int
    sentence_ends: int
    dated_blocks: int
    priced_blocks: int
    link_dense_words: int
    posts: int
    """Repeated post/comment items on the page (`layout.repeated_post_items`)."""
    comment_posts: bool
    """... and they are comments (their class or their list's says so)."""
    posts_around: int
    """Repeated post items the region lies inside (`layout.posts_around`)."""
    code_blocks: int
    article_markup: bool
    product_markup: bool
    product_evidence: bool
    documentation_url: bool
    documentation_generator: bool
    container_is_body: bool
    sections: int
    """Headings in the page's prose column (`inclusive.prose_column`: `<main>`, else the deepest
    element holding most of the page's running prose), each with the blocks up to the next ..."""
    long_sections: int
    """... those with `inclusive.SECTION_MIN_PROSE_WORDS` or more words of running prose ..."""
    section_words: float
    """... and the median section's words (-1 without a heading)."""


def _share(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


def _log(value: float) -> float:
    return math.log1p(max(0.0, value))


def first_plural_share(doc: Document) -> float:
    """The share of the document's words that are `FIRST_PLURAL`, over all of its text (menus and
    footers too: a company's "contact us" and "our team" are its voice as much as its prose).

    The text is every element's text and every node's tail, but what `_SKIPPED_NODES` hold: the
    nodes are read in document order from the list `Document` keeps, each skipped node's subtree
    passed over as the run of positions it spans (`Document.span`), so no proxy is made and no
    tag read. Its words are `_TEXT_WORD`'s runs in the lower-cased text, its pieces joined by
    spaces: cut at ASCII's non-letters in C (`_WORD_BYTES`), most words of a page in most
    languages come out whole, in ASCII, and only the pieces holding other characters go through
    the regular expression. The same words as one `findall` over the whole text (every page of
    the identity sets, rendered ones too: bench/extraction_identity.py); compiled, 1.26 -> 0.60 ms
    median a page, 1.67 -> 0.77 mean (300 WCXB pages, alternate processes, 2026-12-07)."""
    root = doc.root
    nodes = doc.nodes()
    parts: list[str] = []
    text = root.text
    if text:
        parts.append(text)
    position = 1  # the root's text read; its tail is outside the document
    for skipped in root.iter(*_SKIPPED_NODES):
        start, end = doc.span(skipped)
        if start < position:  # inside a skipped subtree
            continue
        _read_nodes(nodes, position, start, parts)
        text = skipped.tail
        if text:
            parts.append(text)
        position = end
    _read_nodes(nodes, position, len(nodes), parts)
    pieces = " ".join(parts).lower().encode("utf-8").translate(_WORD_BYTES).split()
    mixed = list(filterfalse(bytes.isascii, pieces))
    words = _TEXT_WORD.findall(b" ".join(mixed).decode("utf-8"))
    plural = sum(map(_FIRST_PLURAL_ASCII.__contains__, pieces)) + sum(1 for word in words if word in FIRST_PLURAL)
    return _share(plural, len(pieces) - len(mixed) + len(words))


def _read_nodes(nodes: Sequence[etree._Element], start: int, end: int, parts: list[str]) -> None:
    """Append the text and the tail of `nodes[start:end]` to `parts`, in document order."""
    for index in range(start, end):
        node = nodes[index]
        text = node.text
        if text:
            parts.append(text)
        text = node.tail
        if text:
            parts.append(text)


def features(doc: Document, e: KindEvidence, rule_kind: str) -> tuple[float, ...]:
    """The model's input, in the order of `FEATURES` (the model file's `kind_trees.FEATURES`)."""
    tags = dict.fromkeys(_LANDMARKS, 0)
    for element in doc.root.iter(*_LANDMARKS):
        tags[str(element.tag)] += 1
    types: set[str] = set()
    og = ""
    for element in doc.root.iter("script", "meta"):
        if element.tag == "script":
            if element.get("type") == "application/ld+json":
                types.update(_LD.findall(element.text or ""))
        elif (element.get("property") or element.get("name") or "").lower() == "og:type":
            og = (element.get("content") or "").strip().lower()
    parts = urlsplit(doc.url)
    segments = [s for s in parts.path.split("/") if s]
    last = segments[-1] if segments else ""
    url_words = {w for s in segments[:-1] for w in _WORD.findall(s.lower())}
    named = _WORD.findall(last.lower())
    if len(named) <= URL_NAME_MAX_WORDS:
        url_words.update(named)
    page = e.page_words
    values = (
        _share(e.region_words, page),
        min(1.0, _share(e.region_words, e.content_words)),
        min(1.0, _share(e.region_words, e.uncommented_words)),
        _log(e.region_prose_words),
        _log(page),
        _log(e.content_words),
        _share(e.linked_words, page),
        _share(e.comment_words, page),
        _share(e.hinted_words, page),
        _share(e.teaser_words, page),
        _share(e.prose_words, page),
        _share(e.region_prose_words, e.prose_words),
        _log(e.blocks),
        _share(page, e.blocks),
        _share(e.kept_blocks, e.blocks),
        _share(e.headings, e.blocks),
        _share(e.list_items, e.blocks),
        _share(e.cells, e.blocks),
        _share(e.largest_block, page),
        _share(e.sentence_ends, page),
        _share(e.dated_blocks, e.blocks),
        _share(e.priced_blocks, e.blocks),
        _share(e.link_dense_words, page),
        _log(e.posts),
        float(e.comment_posts),
        _log(e.posts_around),
        _log(e.code_blocks),
        float(e.article_markup),
        float(e.product_markup),
        float(e.product_evidence),
        float(e.documentation_url),
        float(e.documentation_generator),
        float(e.container_is_body),
        *(_log(tags[tag]) for tag in _LANDMARKS),
        float(bool(types & _ARTICLE_LD)),
        float(bool(types & _FORUM_LD)),
        float(bool(types & _LIST_LD)),
        float(bool(types & _SERVICE_LD)),
        float(bool(types & _DOC_LD)),
        float("Product" in types),
        float(og == "article"),
        float(og == "website"),
        float(og == "product"),
        float(len(segments)),
        float(bool(_DATE_PATH.search(parts.path))),
        float(bool(parts.query)),
        float(last.count("-") + last.count("_")),
        float(sum(c.isdigit() for c in last)),
        *(float(bool(url_words & words)) for _, words in URL_WORDS),
        *(float(rule_kind == kind) for kind in KINDS),
        first_plural_share(doc),
        _share(e.long_sections, e.sections) if e.sections else -1.0,
        e.section_words,
    )
    return values


FEATURES = (
    "region_share", "region_content_share", "region_uncommented_share", "log_region_prose", "log_page_words",
    "log_content_words", "linked_share", "comment_share", "hinted_share", "teaser_share", "prose_share",
    "region_prose_of_prose", "log_blocks", "words_per_block", "kept_block_share", "heading_share", "list_item_share",
    "cell_share", "largest_block_share", "sentence_ends_per_word", "dated_block_share", "priced_block_share",
    "link_dense_share", "log_posts", "comment_posts", "log_posts_around", "log_code_blocks", "article_markup",
    "product_markup", "product_evidence", "documentation_url", "documentation_generator", "container_is_body",
    *(f"log_{tag}" for tag in _LANDMARKS),
    "ld_article", "ld_forum", "ld_list", "ld_service", "ld_doc", "ld_product", "og_article", "og_website",
    "og_product", "path_depth", "date_in_path", "query", "slug_words", "slug_digits",
    *(f"url_{name}" for name, _ in URL_WORDS),
    *(f"rule_{kind}" for kind in KINDS),
    "first_plural_share", "long_section_share", "section_words",
)
"""The names of `features`' values, in order; the model file names the same (a test checks)."""


def predict(values: Sequence[float]) -> dict[str, float]:
    """The probability of each kind: the trees' summed scores per class, divided by the
    calibration temperature, through a softmax, blended with a logistic regression's over the
    same values (`kind_trees.LINEAR_SHARE`: the trees cut a column at a few thresholds, the
    regression weighs every column a little and smoothly; the two err on different pages). The
    trees are walked over flat lists of ints and floats, all trees' nodes end to end, a class's
    trees together, and each sum is kept in a local float: compiled code indexes those lists
    natively, without the reference counting of nested tuples or a float boxed at every add.
    The sums are added in the trees' order, so the probabilities are the nested walk's to the
    last bit (a test)."""
    x = list(values)
    rate = kind_trees.LEARNING_RATE
    feature, threshold, left, right, value = (kind_trees.FEATURE, kind_trees.THRESHOLD, kind_trees.LEFT,
                                              kind_trees.RIGHT, kind_trees.VALUE)
    root, bounds = kind_trees.TREE_ROOT, kind_trees.CLASS_TREES
    scores: list[float] = []
    for klass in range(len(bounds) - 1):
        score = kind_trees.INIT[klass]
        for tree in range(bounds[klass], bounds[klass + 1]):
            node = root[tree]
            while left[node] >= 0:
                node = left[node] if x[feature[node]] <= threshold[node] else right[node]
            score += rate * value[node]
        scores.append(score)
    temperature = kind_trees.TEMPERATURE
    trees = _softmax([s / temperature for s in scores])
    mean, scale = kind_trees.LINEAR_MEAN, kind_trees.LINEAR_SCALE
    standard = [(x[j] - mean[j]) / scale[j] for j in range(len(x))]
    regression: list[float] = []
    for bias, weights in zip(kind_trees.LINEAR_INTERCEPT, kind_trees.LINEAR_WEIGHTS, strict=True):
        total = 0.0
        for j in range(len(standard)):
            total += weights[j] * standard[j]
        regression.append(bias + total)
    linear = _softmax(regression)
    share = kind_trees.LINEAR_SHARE
    return {kind: (1.0 - share) * t + share * x
            for kind, t, x in zip(kind_trees.CLASSES, trees, linear, strict=True)}


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [x / total for x in exps]


@dataclass(frozen=True, slots=True)
class Policy:
    """How sure the model must be before its word is taken (`cautious`)."""

    name: float
    """The probability of its top kind from which the model names the page's kind instead of the rules."""
    fallback: float
    """The probability that the page is an article from which a page the rules read inclusively
    is read as one region, an article."""
    up: float
    """The probability that the page is no article from which a page the rules read as one
    region is read inclusively, as the kind the model names."""


def cautious(rule: str, rule_inclusive: bool, probs: dict[str, float], policy: Policy) -> tuple[str, str, bool]:
    """The page's kind as named, the kind it is read as, and whether it is read inclusively.

    Reading every clean block of the body is the strong claim: a page the rules read so is read
    as an article when the model finds it likely enough to be one (`Policy.fallback`); a page
    they read as one region is read inclusively only when the model is sure it is no article
    (`Policy.up`), as the kind it names. Otherwise the rules' read stands: the model's kind
    among the inclusive ones read worse on the tune half than the rules' (a listing's read keeps
    linked titles, a product's drops rows of cards; each rule knows its page's markup), so it
    names the page without changing how it is read. The kind named is the model's top one when
    it is sure enough of it (`Policy.name`), else the rules'; a page read inclusively is never
    named an article, nor a page read as an article anything else when the fallback read it so."""
    top = max(probs, key=lambda kind: probs[kind])
    named = top if probs[top] >= policy.name else rule
    if rule_inclusive:
        if probs["article"] >= policy.fallback:
            return "article", "article", False
        return (named if named != "article" else rule), rule, True
    if named not in ("article", "documentation") and 1.0 - probs["article"] >= policy.up:
        return named, named, True
    return named, rule, False
