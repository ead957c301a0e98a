"""Layout kind: which kind of page the main text is on, decided from its evidence, and the
region strategy for kinds that are not a single article.

The single-container path of `scoring.select` is right for an article: one run of prose, with
boilerplate around it. On a listing, a thread, a product or a service page the content is many
short regions, and that path keeps one of them. The decision:

- **article**: the chosen region holds at least `ARTICLE_MIN_SHARE` of the words of the page
  outside chrome (nav, footer, aside, overlays) -- or a long run of prose on its own
  (`ARTICLE_MIN_PROSE_WORDS` of running prose in the region), or the page's own markup says
  article (`og:type` article, a JSON-LD `Article`/`NewsArticle`/`BlogPosting`) and the region
  holds some prose (`ARTICLE_MARKUP_MIN_PROSE_WORDS`);
- otherwise the page is *not* a single article, and its kind is named by the first evidence that
  holds: **thread** (at least `THREAD_MIN_POSTS` repeated siblings whose class/id says post,
  comment, reply or message), **product** (schema.org `Product` markup, or a price beside an
  add-to-cart control), **documentation** (at least `DOC_MIN_CODE_BLOCKS` `pre`/`code` blocks),
  **listing** (teaser items or linked text make up at least `LISTING_MIN_LINK_SHARE` of the
  words), else **multi-section**.

For every kind but article the region is inclusive (`inclusive_keep`): the page's `<main>` (or
the body), every block in it kept unless it is boilerplate by a sign that does not depend on
length -- chrome, a boilerplate class/id, an overlay, a boilerplate phrase, a copyright line --
or it is link-heavy navigation (on a listing, linked titles are the content and stay; on a
thread, comment classes are the posts and stay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from extraction.document import Document
from extraction.text.features import KEPT_HINTS, Features

# Set on the tune half of WCXB dev (bench/wcxb_halves.py, 2026-12-01), checked on its check half
# and the Zyte set. Last run, static: WCXB tune 0.826, check 0.828; Zyte 0.9737 (0.9761 before the
# layout kind: three 2019 articles without article markup are read as other kinds).
ARTICLE_MIN_SHARE = 0.5  # share of the page's non-chrome words the single region must hold
ARTICLE_MIN_PROSE_WORDS = 800  # ... or this many words of running prose (a long story with big rails)
ARTICLE_MARKUP_MIN_PROSE_WORDS = 40  # ... or this many, on a page whose markup says it is an article
THREAD_MIN_POSTS = 3  # repeated post/comment siblings that make a thread ...
THREAD_POST_MIN_WORDS = 15  # ... each holding at least this many words (not a "post-date" label)
DOC_MIN_CODE_BLOCKS = 2  # pre/code blocks that make a documentation page
LISTING_MIN_LINK_SHARE = 0.3  # share of words in teasers or links that makes a listing
INCLUSIVE_MAX_LINK_DENSITY = 0.5  # on other kinds, a block with more links than this is navigation

ARTICLE, LISTING, THREAD, PRODUCT, DOCUMENTATION, MULTI_SECTION = (
    "article", "listing", "thread", "product", "documentation", "multi-section")

_POST = re.compile(r"(?<![a-z])(?:post|comment|reply|message)s?(?![a-z])", re.I)
_ARTICLE_TYPE = re.compile(r"\"@type\"\s*:\s*\[?\s*\"(?:News|Blog|Tech|Report)?(?:Article|Posting)\"", re.I)
_PRODUCT_TYPE = re.compile(r"schema\.org/Product\b|\"@type\"\s*:\s*\"Product\"", re.I)
_CART = re.compile(r"add[- _]?to[- _]?(?:cart|bag|basket)|buy[- _]now|in den warenkorb|ajouter au panier", re.I)
_PRICE = re.compile(r"[$€£¥]\s?\d|\d(?:[.,]\d{2})?\s?(?:€|EUR|USD|kr)\b")


@dataclass(frozen=True, slots=True)
class LayoutKind:
    kind: str
    evidence: tuple[str, ...]


def decide(doc: Document, region_words: int, region_prose_words: int, page_words: int, teaser_link_words: int,
           ) -> LayoutKind:
    """The layout kind and the measurements that decided it."""
    share = region_words / page_words if page_words else 0.0
    evidence = [f"region holds {share:.2f} of {page_words} words", f"{region_prose_words} words of prose in it"]
    if share >= ARTICLE_MIN_SHARE or region_prose_words >= ARTICLE_MIN_PROSE_WORDS:
        return LayoutKind(ARTICLE, tuple(evidence))
    if region_prose_words >= ARTICLE_MARKUP_MIN_PROSE_WORDS and article_markup(doc):
        return LayoutKind(ARTICLE, (*evidence, "article markup (og:type or JSON-LD)"))
    posts = _repeated_posts(doc)
    if posts >= THREAD_MIN_POSTS:
        return LayoutKind(THREAD, (*evidence, f"{posts} repeated post/comment items"))
    if _product(doc):
        return LayoutKind(PRODUCT, (*evidence, "product markup or price with add-to-cart"))
    code = sum(1 for _ in doc.root.iter("pre"))
    if code >= DOC_MIN_CODE_BLOCKS:
        return LayoutKind(DOCUMENTATION, (*evidence, f"{code} code blocks"))
    link_share = teaser_link_words / page_words if page_words else 0.0
    if link_share >= LISTING_MIN_LINK_SHARE:
        return LayoutKind(LISTING, (*evidence, f"{link_share:.2f} of the words in teasers or links"))
    return LayoutKind(MULTI_SECTION, (*evidence, "several regions, none of them dominant"))


def article_markup(doc: Document) -> bool:
    """The page declares itself an article: `og:type` article or a JSON-LD article type."""
    for meta in doc.root.iter("meta"):
        if (meta.get("property") or meta.get("name") or "").lower() == "og:type":
            if (meta.get("content") or "").strip().lower() == "article":
                return True
    for script in doc.root.iter("script"):
        if script.get("type") == "application/ld+json" and _ARTICLE_TYPE.search(script.text or ""):
            return True
    return False


def _repeated_posts(doc: Document) -> int:
    """The largest number of siblings under one parent whose class/id says post, comment,
    reply or message and that each hold at least `THREAD_POST_MIN_WORDS` words."""
    best = 0
    counts: dict[tuple[etree._Element, str], int] = {}
    for element in doc.root.iter(etree.Element):
        match = _POST.search(f"{element.get('class') or ''} {element.get('id') or ''}")
        parent = element.getparent()
        if match is None or parent is None:
            continue
        if len(element.text_content().split()) < THREAD_POST_MIN_WORDS:
            continue
        key = (parent, match.group(0).lower())
        counts[key] = counts.get(key, 0) + 1
        best = max(best, counts[key])
    return best


def _product(doc: Document) -> bool:
    for script in doc.root.iter("script"):
        if script.get("type") == "application/ld+json" and _PRODUCT_TYPE.search(script.text or ""):
            return True
    for element in doc.root.iter(etree.Element):
        if _PRODUCT_TYPE.search(element.get("itemtype") or ""):
            return True
    body = doc.root.find("body")
    if body is None:
        return False
    controls = " ".join(f"{b.text_content()} {b.get('class') or ''} {b.get('name') or ''}"
                        for b in body.iter("button", "form", "input"))
    return bool(_CART.search(controls)) and bool(_PRICE.search(body.text_content()))


def main_root(doc: Document) -> etree._Element | None:
    """`<main>` or `role=main`: where an inclusive region starts (None: the whole body)."""
    for element in doc.root.iter("main"):
        return element
    for element in doc.root.iter(etree.Element):
        if element.get("role") == "main":
            return element
    return None


def inclusive_keep(kind: str, f: Features) -> tuple[bool, str]:
    """Whether a block inside the inclusive region is content, and why."""
    if f.in_overlay:
        return False, "overlay"
    if f.chrome_ancestor:
        return False, f"inside <{f.chrome_ancestor}>"
    if f.strong_hint and not (kind == THREAD and KEPT_HINTS.search(f.strong_hint)):
        return False, f"class/id ~ {f.strong_hint}"
    if f.phrase:
        return False, f"boilerplate phrase: {f.phrase}"
    if f.copyright:
        return False, "copyright"
    if f.link_density > INCLUSIVE_MAX_LINK_DENSITY and kind != LISTING:
        return False, "link-heavy (navigation)"
    return True, f"content of a {kind} page"
