"""Layout kind: which kind of page the main text is on, decided from its evidence, and the
region strategy for kinds that are not a single article.

The single-container path of `pipeline.select` is right for an article: one run of prose, with
boilerplate around it. On a listing, a thread, a product or a service page the content is many
short regions, and that path keeps one of them. The decision:

- **thread** first, when the chosen region lies inside one of the repeated post/comment siblings
  (a first post that dominates its thread; an article above its comments lies outside them):
  `THREAD_MIN_POSTS` of them, or `THREAD_ALONE_MIN_POSTS` on a page without article markup (a
  topic with one reply, one of whose posts wins alone; a blog marked up as an article prints
  its story beside a teaser of the next one in like boxes);
  siblings are repeated posts only when they share tag and class word (`threads.post_token`),
  or when the region's class repeats in replies under comment/reply items below it
  (`threads.template_replies`: a first post marked up as an article) and the region is not
  a long run of prose (`ARTICLE_MIN_PROSE_WORDS`: an article's comments may share a class
  word with its body, `entry-content`). Posts whose
  words are mostly links (more than `INCLUSIVE_MAX_LINK_DENSITY`) are the entries of a list of
  posts -- a blog's index, a forum's topic list -- and make a **listing** (`_posts_kind`);
- **product** next, when the page declares a schema.org `Product` and no article and the region
  is not a long run of prose: a product page's description can dominate it and still not be all
  of its content. A "product" page with `PRODUCT_MAX_CARD_SHARE` of its content (characters) in rows
  of linked cards (cards.py) is a collection of products, and read as a **listing**; on a
  product page those rows are other products ("similar items") and are left out, and so are
  its customer reviews (reviews.py: they are its comments), and so are its buy box's price lines
  (`price_line`: a short line showing a price, no sentence). A region that lies in customer
  reviews on a page with product evidence (markup, or a price beside an add-to-cart control)
  and no article markup makes a product page too, however much it holds: buyers' reviews can
  outweigh a short description, and they are the page's comments, not its text. A shop's page
  read as an article (its description dominates) leaves them out too (`shop_page`);
- **article**: the chosen region holds at least `ARTICLE_MIN_SHARE` of the words of the page
  outside chrome (nav, footer, aside, overlays), or `ARTICLE_MIN_CONTENT_SHARE` of its *content
  words* -- those not under a boilerplate class/id (a mega-menu in a `div.menu` is chrome as
  much as one in a `<nav>`; comment classes still count, they are a thread's posts) and not in
  a block of short links (menus, category lists, tag clouds: `NAV_LINK_MAX_WORDS` in
  score.py) -- or a long run of prose on its own
  (`ARTICLE_MIN_PROSE_WORDS` of running prose in the region), or the page's own markup says
  article (`og:type` article, a JSON-LD `Article`/`NewsArticle`/`BlogPosting`) and the region
  holds some prose (`ARTICLE_MARKUP_MIN_PROSE_WORDS`) and `ARTICLE_MARKUP_MIN_SHARE` of the
  content words outside comment classes too (a CMS says "article" on its section fronts and
  forums as well; an article's own comments do not make it less of one). Such a page with `DOC_MIN_CODE_BLOCKS`
  code blocks and no article markup -- or under a documentation path (`docs.documentation_url`:
  `/docs/`, `/reference/`, `/wiki/`..., whose themes may print `og:type` article on every page), or
  made by a documentation generator its generator meta names (`docs.documentation_generator`) --
  is named **documentation**, and read the same way (one dominant region: `LayoutKind.inclusive`
  is false; `rules/docs_landmark.py` widens it to `<main>` when it holds only part of its prose).
  An article whose region is a thread's posts -- a forum's feed that dominates its page
  (`posts_within`) -- still loses what a thread loses from its posts: signatures, fragments
  outside each post's body (`post_body`), second copies (`rules/post_chrome.py`);
- a page read as an **article** with no article or product markup whose rows of priced cards
  outside the region hold `GRID_MIN_CARD_SHARE` of its content is a shop's collection beside
  its buying advice, read as a **listing** (`collection_beside_prose`);
- otherwise the page is *not* a single article, and its kind is named by the first evidence that
  holds: **thread** (at least `THREAD_ALONE_MIN_POSTS` repeated siblings whose class/id says post,
  comment, reply or message: an opening post and one reply, where neither dominates the page),
  **product** (schema.org `Product` markup, or a price beside an
  add-to-cart control), **documentation** (at least `DOC_MIN_CODE_BLOCKS` `pre` blocks),
  **listing** (teaser items or linked text make up at least `LISTING_MIN_LINK_SHARE` of the
  words), else **multi-section**.

For every other kind the region is inclusive (`inclusive_keep`): the page's `<main>` (or
the body), every block in it kept unless it is boilerplate by a sign that does not depend on
length -- chrome, a boilerplate class/id (on a listing, not a class word every card of a row
carries: `cards.item_hint`), an overlay, a boilerplate phrase, a copyright line --
or it is link-heavy navigation (on a listing, linked titles are the content and stay; on a
thread, comment classes are the posts and stay, while fragments under
`THREAD_FRAGMENT_MAX_WORDS` words with no sentence end -- a poster's name, a date, a post
count, "Reply" -- are the posts' metadata and go, and so do posters' signatures and the
comments a Q&A page hangs on several posts: `threads.py`). A kept block of `INCLUSIVE_COPY_MIN_WORDS`
words or more (a two-word field label ending with a colon aside) that repeats one kept before
it, word for word, is a second copy and goes (`second_copies`: a card's title linked and
printed again, a badge on every card, responsive copies of menus and cards, a reply quoting
the post it answers). The page's `<h1>` is kept, the heading of the text it opens, except on a
thread, whose title is the title field's as an article's headline is (`inclusive.inclusive_read`).

Stage: 5 kind, and 6 the inclusive read
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import lxml.html
from lxml import etree

from extraction.ancestry import below_body
from extraction.document import Document
from extraction.text.blocks import statically_hidden
from extraction.text.docs import (
    DOC_MIN_CODE_BLOCKS,
    code_blocks,
    defined_term,
    documentation_generator,
    documentation_url,
    has_definition,
)
from extraction.text.features import KEPT_HINTS, Features
from extraction.text.reviews import review_ancestor
from extraction.text.threads import post_candidates, post_token, signature_ancestor, template_replies, words
from extraction.textutil import text_of

# Set on the tune half of WCXB dev (bench/wcxb_halves.py, 2026-12-01), checked on its check half
# and the Zyte set. Last run, static: WCXB tune 0.834, check 0.835; Zyte 0.9766 (held half 0.9778);
# layout-kind accuracy against the WCXB labels 0.711 (0.672 before documentation was named on
# article-like pages). ARTICLE_MARKUP_MIN_SHARE with comments counted cost Zyte 0.007 (articles
# with long comment threads); outside comments it gains WCXB +0.006 on both halves.
# Before the content share, three 2019 articles whose menus sit in `div.menu`/`div.navbar` were
# read as other kinds (Zyte 0.9737). The content share needs more (0.55) than the page share
# (0.5): at 0.5 it read product, service and documentation pages as articles (WCXB tune -0.003).
ARTICLE_MIN_SHARE = 0.5  # share of the page's non-chrome words the single region must hold ...
ARTICLE_MIN_CONTENT_SHARE = 0.55  # ... or share of its content words (no menus, no boilerplate classes)
ARTICLE_MIN_PROSE_WORDS = 800  # ... or this many words of running prose (a long story with big rails)
ARTICLE_MARKUP_MIN_PROSE_WORDS = 40  # ... or this many, on a page whose markup says it is an article,
ARTICLE_MARKUP_MIN_SHARE = 0.15  # ... when the region holds this share of the content words outside comments
THREAD_MIN_POSTS = 3  # repeated post/comment siblings that make a thread ...
THREAD_POST_MIN_WORDS = 15  # ... each holding at least this many words (not a "post-date" label)
THREAD_ALONE_MIN_POSTS = 2  # ... on a page no region dominates or without article markup (an opening post and a reply)
LISTING_MIN_LINK_SHARE = 0.3  # share of words in teasers or links that makes a listing
HEADLINED_STORY_MIN_PROSE_WORDS = 200  # a region this long in prose beside the page's one h1 is a story, whatever its rails
COMMENTED_STORY_MIN_PROSE_WORDS = 500  # a region this long in prose, over repeated comments, is a story with comments
THREAD_FRAGMENT_MAX_WORDS = 5  # on a thread, a shorter block with no sentence end is a post's metadata
POST_BODY_MIN_SHARE = 0.8  # a post's child holding this share of its words holds its text
POSTS_MIN_REGION_SHARE = 0.5  # an article's region whose repeated post items hold this share of its words is a thread
PRODUCT_MAX_CARD_SHARE = 0.5  # a "product" page with more of its content characters in rows of linked cards is a collection
GRID_MIN_CARD_SHARE = 0.3  # an "article" without article or product markup with this share of its content characters
# in rows of priced cards outside its region is a shop's collection with its buying guide (SEO prose) beside the grid
GRID_MIN_PRICED_CARDS = 3  # ... blocks of those rows that show a price: a row of products, not of stories
INCLUSIVE_MAX_LINK_DENSITY = 0.5  # on other kinds, a block with more links than this is navigation
COPYRIGHT_WHY = "copyright"
"""The reason `inclusive_keep` gives a block it drops for its copyright mark (`rules/credited_story` reads it)."""
INCLUSIVE_COPY_MIN_WORDS = 2  # on other kinds, a kept block this long repeating a kept one word for word is a copy
LABEL_COPY_MIN_WORDS = 3  # ... but a shorter one ending with a colon is a field's label, its value differing per card
PRICE_LINE_MAX_WORDS = 12  # on a product page, a block this short showing a price, with no sentence end, is the buy box's
PRICE_LINE_WHY = "a price line of the buy box"
"""The reason `inclusive_keep` gives a product page's price line (`arbiter.py` reads it)."""

ARTICLE, LISTING, THREAD, PRODUCT, DOCUMENTATION, MULTI_SECTION = (
    "article", "listing", "thread", "product", "documentation", "multi-section")

_ARTICLE_TYPE = re.compile(r"\"@type\"\s*:\s*\[?\s*\"(?:News|Blog|Tech|Report)?(?:Article|Posting)\"", re.I)
_PRODUCT_TYPE = re.compile(r"schema\.org/Product\b|\"@type\"\s*:\s*\"Product\"", re.I)
_ENTRY = "hentry"
"""hAtom's class for an entry of a blog or feed: WordPress prints it on every post of a query loop
(teasers of other pages). Forum software does not mark its posts so."""
_CART = re.compile(r"add[- _]?to[- _]?(?:cart|bag|basket)|buy[- _]now|in den warenkorb|ajouter au panier", re.I)
_PRICE = re.compile(r"[$€£¥]\s?\d|\d(?:[.,]\d{2})?\s?(?:€|EUR|USD|kr)\b")
_PRICE_AFTER = re.compile(r"\d\s?(?:€|£|EUR|USD|GBP|kr)(?!\w)")
"""A figure before its currency at the end of a line ("149,00 €"), which `_PRICE`'s `\b` after a
sign misses (kept as it is: the page-kind model's features count its matches)."""


@dataclass(frozen=True, slots=True)
class LayoutKind:
    kind: str
    evidence: tuple[str, ...]
    inclusive: bool = True
    """Whether the region is the inclusive one (`inclusive_keep`) rather than the single chosen
    container with its siblings (an article, and documentation read as one run of prose)."""
    named: str = ""
    """The kind the page is, when it is not the kind it is read as (`kind`): the page-kind model
    names a service page multi-section and it is still read as one dominant region
    (`inclusive.weighed`)."""

    @property
    def page(self) -> str:
        """The kind the page is (what `--explain` and the benchmarks' kind accuracy report)."""
        return self.named or self.kind


def decide(doc: Document, region_words: int, region_prose_words: int, content_words: int, page_words: int,
           teaser_link_words: int, container: etree._Element | None = None,
           uncommented_words: int | None = None) -> LayoutKind:
    """The layout kind and the measurements that decided it. `uncommented_words`: the content
    words outside comment classes too (defaults to `content_words`). A product page is then
    told from a collection by `product_or_collection`."""
    if uncommented_words is None:
        uncommented_words = content_words
    share = region_words / page_words if page_words else 0.0
    content_share = min(1.0, region_words / content_words) if content_words else 0.0
    evidence = [f"region holds {share:.2f} of {page_words} words, {content_share:.2f} of {content_words} "
                "outside menus and boilerplate classes", f"{region_prose_words} words of prose in it"]
    thread_of_region = posts_around(container, THREAD_MIN_POSTS if article_markup(doc) else THREAD_ALONE_MIN_POSTS)
    if thread_of_region:
        return _posts_kind(thread_of_region, (*evidence, f"the region is one of {len(thread_of_region)} "
                                              "repeated post/comment items"))
    replies = template_replies(container) if region_prose_words < ARTICLE_MIN_PROSE_WORDS else []
    if len(replies) >= THREAD_MIN_POSTS - 1 and container is not None:
        return _posts_kind([container, *replies], (*evidence, f"the region's class repeats in {len(replies)} "
                                                   "replies under comment/reply items: a thread's first post"))
    if region_prose_words < ARTICLE_MIN_PROSE_WORDS and product_markup(doc) and not article_markup(doc):
        return LayoutKind(PRODUCT, (*evidence, "product markup, no article markup"))
    review = review_ancestor(container)
    if review and not article_markup(doc) and _product(doc):
        return LayoutKind(PRODUCT, (*evidence, f"the region is the customer reviews (~ {review}) of a product "
                                    "page: its comments, not its text"))
    if (share >= ARTICLE_MIN_SHARE or content_share >= ARTICLE_MIN_CONTENT_SHARE
            or region_prose_words >= ARTICLE_MIN_PROSE_WORDS):
        code = code_blocks(doc)
        if code >= DOC_MIN_CODE_BLOCKS and not blog_with_code(doc):
            return LayoutKind(DOCUMENTATION, (*evidence, f"{code} code blocks, no article markup (or a documentation path)",
                                              "one dominant region: read like an article"), inclusive=False)
        return LayoutKind(ARTICLE, tuple(evidence), inclusive=False)
    uncommented_share = min(1.0, region_words / uncommented_words) if uncommented_words else 0.0
    if (region_prose_words >= ARTICLE_MARKUP_MIN_PROSE_WORDS and uncommented_share >= ARTICLE_MARKUP_MIN_SHARE
            and article_markup(doc) and not documentation_generator(doc)):
        return LayoutKind(ARTICLE, (*evidence, "article markup (og:type or JSON-LD)"), inclusive=False)
    posts = repeated_post_items(doc)
    if len(posts) >= THREAD_ALONE_MIN_POSTS:
        if region_prose_words >= COMMENTED_STORY_MIN_PROSE_WORDS and commented(posts):
            return LayoutKind(ARTICLE, (*evidence, f"a story of {region_prose_words} words of prose followed by "
                                        f"{len(posts)} comments"), inclusive=False)
        return _posts_kind(posts, (*evidence, f"{len(posts)} repeated post/comment items"))
    if _product(doc):
        return LayoutKind(PRODUCT, (*evidence, "product markup or price with add-to-cart"))
    code = code_blocks(doc)
    if code >= DOC_MIN_CODE_BLOCKS:
        return LayoutKind(DOCUMENTATION, (*evidence, f"{code} code blocks"))
    link_share = teaser_link_words / page_words if page_words else 0.0
    if region_prose_words >= HEADLINED_STORY_MIN_PROSE_WORDS and _holds_headline(doc, container):
        return LayoutKind(ARTICLE, (*evidence, f"the region holds the page's headline and {region_prose_words} "
                                    "words of prose"), inclusive=False)
    if link_share >= LISTING_MIN_LINK_SHARE:
        return LayoutKind(LISTING, (*evidence, f"{link_share:.2f} of the words in teasers or links"))
    return LayoutKind(MULTI_SECTION, (*evidence, "several regions, none of them dominant"))


def product_or_collection(kind: LayoutKind, card_chars: int, content_chars: int) -> LayoutKind:
    """A product page with `PRODUCT_MAX_CARD_SHARE` of its content in rows of linked cards
    (cards.py) is a collection of products, read as a listing; other kinds pass unchanged.

    The page-kind model's name for the page (`LayoutKind.named`, from `inclusive.weighed`) is
    kept: a page the rules read as a product and the model names a listing stays a listing by
    name whichever way the cards decide its read (dropping it named 8 WCXB check collections
    and listings products, and 8 tune ones; docs/lab/2026-12-06-s22-kind2.md).

    The share counts characters, spaces aside (`blocks.solid_chars`), not words: a card is short tokens
    ("3 bd", "$450", "4.5 out of 5") whose word count weighs it against prose beyond what it
    says, and without a stylesheet the count depends on how glued inline text splits
    ("3 beds2.5 baths" is one word fewer than "3 beds 2.5 baths")."""
    if kind.kind != PRODUCT:
        return kind
    share = card_chars / content_chars if content_chars else 0.0
    if share >= PRODUCT_MAX_CARD_SHARE:
        return LayoutKind(LISTING, (*kind.evidence, f"but {share:.2f} of the content is in rows of "
                                    "linked cards: a collection"), kind.inclusive,
                          "" if kind.named == LISTING else kind.named)
    return LayoutKind(PRODUCT, (*kind.evidence, f"{share:.2f} of the content in rows of linked cards"),
                      kind.inclusive, kind.named)


def grid_candidate(doc: Document, kind: LayoutKind) -> bool:
    """Whether a page read as an article may be a collection beside its prose
    (`collection_beside_prose`): no article markup and no product markup (a declared product is a
    product page, whose prose may well be its text). The cheap test, before rows of cards are sought."""
    return kind.kind == ARTICLE and not article_markup(doc) and not product_markup(doc)


def collection_beside_prose(kind: LayoutKind, outside_card_chars: int, content_chars: int,
                            priced_cards: int) -> LayoutKind:
    """A shop's category page often carries hundreds of words of buying advice (written for
    search engines) above or below its grid of products; that prose wins the single region and
    makes the page an "article", and the grid is lost. Such a page (`grid_candidate`) is a
    collection read as a listing, grid and prose together, when rows of linked cards (cards.py)
    left outside the region hold `GRID_MIN_CARD_SHARE` of its content characters and show a
    price in `GRID_MIN_PRICED_CARDS` blocks or more (products, not stories)."""
    share = outside_card_chars / content_chars if content_chars else 0.0
    if kind.kind != ARTICLE or share < GRID_MIN_CARD_SHARE or priced_cards < GRID_MIN_PRICED_CARDS:
        return kind
    return LayoutKind(LISTING, (*kind.evidence, f"but {share:.2f} of the content is in rows of priced cards "
                                "outside the region, no article or product markup: a collection beside its prose"))


def priced(text: str) -> bool:
    """A price in `text` (a currency sign before a figure, or a figure before a currency)."""
    return bool(_PRICE.search(text))


def price_line(f: Features, text: str) -> bool:
    """A line of the buy box, not of the description: a price, a sale price beside the regular one,
    a plan's price, a delivery charge (`PRICE_LINE_MAX_WORDS` words or fewer, no sentence end). A
    description that names a price says so in a sentence; a protection plan or a finance offer the
    shop prints beside its price does not. WCXB's tune half, the 41 pages read as products: such
    blocks hold 44 words found in the gold and 318 not, on 24 pages (8 lose some gold words: a few
    annotators keep the price); the gold of a product page is its description. Left out of the
    text, not of the read the arbiter weighs the peer's body against (`arbiter.read_words`)."""
    return f.words <= PRICE_LINE_MAX_WORDS and not f.sentence_ends and (priced(text) or bool(_PRICE_AFTER.search(text)))


def _holds_headline(doc: Document, container: etree._Element | None) -> bool:
    """The region's container, or its parent, holds the page's one `<h1>` (its headline): the
    story under its title, not a card of a listing, whose title is over all the cards."""
    headlines = list(doc.root.iter("h1"))
    if container is None or len(headlines) != 1:
        return False
    parent = container.getparent()
    return any(holder is not None and holder.tag not in ("body", "html")
               and any(h is headlines[0] for h in holder.iter("h1")) for holder in (container, parent))


def commented(posts: list[etree._Element]) -> bool:
    """The repeated items are comments: their own class/id or their list's says comment or reply
    (`KEPT_HINTS`), not a forum's post or message."""
    first = posts[0]
    named = [first, first.getparent()]
    names = [str(e.get(attr) or "") for e in named if e is not None for attr in ("class", "id")]
    return bool(KEPT_HINTS.search(" ".join([*names, str(first.tag)])))


def _posts_kind(posts: list[etree._Element], evidence: tuple[str, ...]) -> LayoutKind:
    """A thread, unless its "posts" are mostly link text: then they are the entries of a list of
    posts (a blog's index, a forum's list of topics), read as a listing with their links."""
    total = sum(words(post) for post in posts)
    linked = sum(words(a) for post in posts for a in post.iter("a"))
    share = linked / total if total else 0.0
    if share > INCLUSIVE_MAX_LINK_DENSITY:
        return LayoutKind(LISTING, (*evidence, f"{share:.2f} of their words are links: a list of posts"))
    return LayoutKind(THREAD, (*evidence, f"{share:.2f} of their words are links"))


def article_markup(doc: Document) -> bool:
    """The page declares itself an article: `og:type` article or a JSON-LD article type. Worked
    out once per document: the container, the kind's evidence and its rules ask up to six times,
    and each read searches every JSON-LD script."""
    return doc.derive("layout.article_markup", _article_markup)


def _article_markup(doc: Document) -> bool:
    for meta in doc.root.iter("meta"):
        if (meta.get("property") or meta.get("name") or "").lower() == "og:type":
            if (meta.get("content") or "").strip().lower() == "article":
                return True
    for script in doc.root.iter("script"):
        if script.get("type") == "application/ld+json" and _ARTICLE_TYPE.search(script.text or ""):
            return True
    return False


def blog_with_code(doc: Document) -> bool:
    """Article markup that keeps a page with code blocks from being documentation (a blog's
    tutorial says article), unless the page lies under a documentation path
    (`docs.documentation_url`) or its generator meta names a documentation generator
    (`docs.documentation_generator`): Hugo's and Gatsby's docs themes and Starlight print
    `og:type` article on every page of a manual."""
    return article_markup(doc) and not documentation_url(doc.url) and not documentation_generator(doc)


def repeated_post_items(doc: Document) -> list[etree._Element]:
    """The largest group of siblings under one parent (or items of one feed, each post alone in
    wrappers of its own: `_item_parent`) whose class/id says post, comment, reply or message and
    that each hold at least `THREAD_POST_MIN_WORDS` words, in document order. Worked out once
    per document: the kind's evidence, `decide` and `rules/commented_story` all ask."""
    return list(doc.derive("layout.repeated_post_items", lambda d: _post_group(d.root, post_candidates(d))))


def items_alike(posts: Sequence[etree._Element]) -> list[etree._Element]:
    """The repeated post items (`repeated_post_items`) with their siblings of the same name
    (`threads.post_token`) however short: a reply of a line ("Great article!") is no less a
    reply for holding fewer than `THREAD_POST_MIN_WORDS` words. In document order."""
    found: dict[etree._Element, None] = {}
    for post in posts:
        token, parent = post_token(post), post.getparent()
        if parent is None:
            continue
        for sibling in parent:
            if sibling is post or (isinstance(sibling.tag, str) and post_token(sibling) == token):
                found[sibling] = None
    return list(found)


def posts_within(container: etree._Element | None, doc: Document | None = None) -> list[etree._Element]:
    """The thread an article's region is: `THREAD_MIN_POSTS` repeated post items inside it
    (`repeated_post_items` counted in the region) holding `POSTS_MIN_REGION_SHARE` of its words.
    A forum whose posts sit in one feed wins as one dominant region and is read as an article;
    its posts' chrome (poster's rank, post count, signature, quoted copies) is then still no
    text (`post_chrome`). An article's comments lie outside its region. With the region's
    `doc`, its candidates are the page's (`threads.post_candidates`) below it, not a walk of it."""
    if not isinstance(container, lxml.html.HtmlElement) or container.tag in ("body", "html"):
        return []
    posts = _post_group(container, None if doc is None else post_candidates(doc, container))
    if len(posts) < THREAD_MIN_POSTS or sum(words(p) for p in posts) < POSTS_MIN_REGION_SHARE * words(container):
        return []
    if sum(_ENTRY in (p.get("class") or "").split() for p in posts) >= POSTS_MIN_REGION_SHARE * len(posts):
        return []  # a blog's entries (a `wp-block-post` query loop of other pages' teasers), not a thread
    return posts


def post_body(post: etree._Element) -> etree._Element:
    """The part of a post that holds its text: down from the post item, while one child holds
    `POST_BODY_MIN_SHARE` of the words (the poster's panel, the date line and the signature
    beside it are the rest). A post with no such child is its own body."""
    element = post
    while True:
        total = words(element)
        children = [c for c in element if isinstance(c.tag, str)]
        if not children or not total:
            return element
        largest = max(children, key=words)
        if words(largest) < POST_BODY_MIN_SHARE * total:
            return element
        element = largest


def _post_group(root: lxml.html.HtmlElement, elements: Iterable[etree._Element] | None = None) -> list[etree._Element]:
    """`elements`: the candidates among `root`'s elements, in document order (the page's:
    `threads.post_candidates`), else every one."""
    groups: dict[tuple[etree._Element, str], list[etree._Element]] = {}
    best: list[etree._Element] = []
    seen: dict[str, bool] = {}
    for element in root.iter(etree.Element) if elements is None else elements:
        token = post_token(element, seen)
        parent = _item_parent(element) if token is not None else None
        if token is None or parent is None:
            continue
        if len(text_of(element).split()) < THREAD_POST_MIN_WORDS:
            continue
        group = groups.setdefault((parent, token), [])
        group.append(element)
        if len(group) > len(best):
            best = group
    return best


def _item_parent(element: etree._Element) -> etree._Element | None:
    """The element whose children are the feed's items a post is one of: its parent, or above
    the wrappers beside which nothing reads (vBulletin 3 prints each `table#post123` in a
    `div#edit123` with the poster's hidden popup menu, under wrappers of its own)."""
    item, parent = element, element.getparent()
    while parent is not None and parent.tag not in ("body", "html") and all(
            child is item or not isinstance(child.tag, str) or statically_hidden(child) or not words(child)
            for child in parent):
        item, parent = parent, parent.getparent()
    return parent


def posts_around(container: etree._Element | None, min_posts: int = THREAD_MIN_POSTS) -> list[etree._Element]:
    """The repeated post/comment siblings the chosen region lies in: the region is inside
    an element named a post whose parent holds at least `min_posts` siblings of the same name,
    each with `THREAD_POST_MIN_WORDS` words (a thread's first post that won; an article above
    its comments lies outside every comment: none). Walks only the region's ancestors."""
    for element in below_body(container):
        parent = element.getparent()
        token = post_token(element)
        if token is not None and parent is not None:
            named = [sib for sib in parent if post_token(sib) == token]  # cheap before counting words
            if len(named) >= min_posts and words(element) >= THREAD_POST_MIN_WORDS:
                same = [sib for sib in named if words(sib) >= THREAD_POST_MIN_WORDS]
                if len(same) >= min_posts:
                    return same
    return []


def product_markup(doc: Document) -> bool:
    """The page declares a schema.org `Product` (JSON-LD or microdata). Worked out once per
    document, as `article_markup` is."""
    return doc.derive("layout.product_markup", _product_markup)


def _product_markup(doc: Document) -> bool:
    for script in doc.root.iter("script"):
        if script.get("type") == "application/ld+json" and _PRODUCT_TYPE.search(script.text or ""):
            return True
    return bool(doc.owners("itemtype", lambda itemtype: _PRODUCT_TYPE.search(itemtype) is not None))


def shop_page(doc: Document) -> bool:
    """The page sells something and is not an article: product evidence (`_product`) and no
    article markup. Its customer reviews are its comments whatever its layout kind: a product
    read as one dominant region (a long description that passes for an article) still has them
    inside that region, below the description."""
    return _product(doc) and not article_markup(doc)


def _product(doc: Document) -> bool:
    """Product markup, or a cart control and a price on the page (both read from the whole
    body's text): worked out once per document."""
    return doc.derive("layout.product", _product_evidence)


def _product_evidence(doc: Document) -> bool:
    if product_markup(doc):
        return True
    body = doc.root.find("body")
    if body is None:
        return False
    controls = " ".join(f"{text_of(b)} {b.get('class') or ''} {b.get('name') or ''}"
                        for b in body.iter("button", "form", "input"))
    return bool(_CART.search(controls)) and bool(_PRICE.search(text_of(body)))


def main_root(doc: Document) -> etree._Element | None:
    """`<main>` or `role=main`: where an inclusive region starts (None: the whole body)."""
    for element in doc.root.iter("main"):
        return element
    for element in doc.root.iter(etree.Element):
        if element.get("role") == "main":
            return element
    return None


def second_copies(texts: Sequence[str | None], kind: str = "") -> set[int]:
    """Indexes of the kept blocks (`texts` in document order, None for a block left out) that
    repeat, word for word, a block kept before them, with `INCLUSIVE_COPY_MIN_WORDS` words or
    more. On an inclusive read a second copy is never new content: a card links its title and
    prints it again, a listing prints one badge on every card ("Best seller"), a responsive page
    holds its mobile and desktop menus and cards, a reply quotes the post it answers. A label
    shorter than `LABEL_COPY_MIN_WORDS` ending with a colon ("Cap Type:") is not a copy: each
    card prints it over a value of its own. An article keeps its own repeated lines (a workout's warm-up
    each day): only runs of a whole copy go there (`rules/repeats.py`). So does
    documentation (`kind`): an API reference describes a parameter again under each endpoint
    that takes it, tabbed samples repeat their common steps, and each copy is read."""
    if kind == DOCUMENTATION:
        return set()
    seen: set[str] = set()
    copies: set[int] = set()
    for i, text in enumerate(texts):
        if text is None:
            continue
        key = " ".join(text.split()).lower()
        words = len(key.split())
        if words < INCLUSIVE_COPY_MIN_WORDS or (words < LABEL_COPY_MIN_WORDS and key.endswith(":")):
            continue
        if key in seen:
            copies.add(i)
        seen.add(key)
    return copies


def post_chrome(f: Features, element: etree._Element | None) -> str | None:
    """Why a block of a thread's posts is no post's text, if it is not: a poster's signature,
    or a fragment under `THREAD_FRAGMENT_MAX_WORDS` words with no sentence end (a poster's
    name, rank, post count, a date, "Reply")."""
    signature = signature_ancestor(element)
    if signature:
        return f"a poster's signature (~ {signature})"
    if f.words < THREAD_FRAGMENT_MAX_WORDS and not f.sentence_ends:
        return f"a fragment of under {THREAD_FRAGMENT_MAX_WORDS} words between posts (name, date, count)"
    return None


def inclusive_keep(kind: str, f: Features, card: bool = False,  # noqa: PLR0913
                   element: etree._Element | None = None, comment: bool = False,
                   item_hint: bool = False, text: str = "") -> tuple[bool, str]:
    """Whether a block inside the inclusive region is content, and why. `card`: the block is
    inside a row of linked cards (cards.py); on a product page those are other products, and
    its customer reviews (reviews.py, found from the block's `element`) are its comments.
    `comment`: the block is in a list of comments on a thread's posts (threads.py); on a
    thread those go, and so do signatures. `text`: the block's text, whose price lines on a
    product page are its buy box's (`price_line`)."""
    if f.in_overlay:
        return False, "overlay"
    if f.chrome_ancestor:
        return False, f"inside <{f.chrome_ancestor}>"
    if f.strong_hint and not (kind == THREAD and KEPT_HINTS.search(f.strong_hint)):
        if not (item_hint and kind == LISTING):
            return False, f"class/id ~ {f.strong_hint}"
    if f.phrase:
        return False, f"boilerplate phrase: {f.phrase}"
    if f.copyright:
        return False, COPYRIGHT_WHY
    if f.link_density > INCLUSIVE_MAX_LINK_DENSITY and kind not in (LISTING, THREAD) and element is not None \
            and defined_term(element) and has_definition(element):
        return True, f"a defined term of a {kind} page (linked to its own page)"
    if f.link_density > INCLUSIVE_MAX_LINK_DENSITY and kind != LISTING:
        return False, "link-heavy (navigation)"
    chrome = post_chrome(f, element) if kind == THREAD else None
    if chrome:
        return False, chrome
    if comment and kind == THREAD:
        return False, "a comment on a post (comment lists hang on several posts)"
    if card and kind == PRODUCT:
        return False, "a row of linked cards (other products)"
    if f.terms_of_sale and kind == PRODUCT:
        return False, "the shop's terms of sale (shipping, returns, stock)"
    if kind == PRODUCT and text and price_line(f, text):
        return False, PRICE_LINE_WHY
    review = review_ancestor(element) if kind == PRODUCT else None
    if review:
        return False, f"customer reviews (~ {review})"
    return True, f"content of a {kind} page"
