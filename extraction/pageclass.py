"""Page class (article or frontpage): `cXenseParse:pageclass`, then `og:type=article` when the
classifier is unsure, then the classifier itself.

The classifier adds up evidence from the URL and the DOM, each measurement a small function
tested alone: front pages are mostly links (a high share of link text), repeat teaser blocks,
and have no long paragraph; articles have a slug or an id in the URL and a long text block.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from lxml import etree

from extraction.document import Document
from extraction.found import Choice, Found, Invalid, first_valid
from extraction.textutil import text_of

PAGE_CLASSES = ("article", "frontpage")
DECLARED_KEY = "cxenseparse:pageclass"

# Thresholds and weights set together on tests/pages + the demo site (bench/pageclass run).
LINK_SHARE_HIGH = 0.5
"""Above this share of link text the page is a list of links."""
LINK_SHARE_LOW = 0.25
"""Below it the page is mostly prose."""
TEASERS_MANY = 6
"""Six or more teaser blocks (a heading or image that links away) make a front page."""
TEASERS_SOME = 3
LONG_BLOCK_WORDS = 60
"""A paragraph this long is story text; teaser standfirsts stay under ~40 words."""
MEDIUM_BLOCK_WORDS = 30
SHORT_BLOCK_WORDS = 15
SURE_SCORE = 2.0
"""A total at least this far from zero is a confident verdict."""

# Weights (unit: classifier points; positive says article). Set with the thresholds above.
URL_KIND_SCORES: Mapping[str, float] = {"root": -3.0, "service": -3.0, "article_slug": 1.5, "section": -1.0, "other": 0.0}
"""Evidence of the URL alone (see `url_kind`). A site's home and its service pages are never
stories, so their weight outweighs any one DOM signal; a slug, id or date path is strong but
not decisive (section fronts carry ids too), so it is less than a long paragraph; a short
plain path is usually a section front; any other path says nothing."""
LINK_HEAVY_SCORE = -2.0
"""Link share above `LINK_SHARE_HIGH`: a page that is mostly links lists other pages."""
LINK_LIGHT_SCORE = 1.0
"""Link share below `LINK_SHARE_LOW`: mostly prose leans article, but a service page or a
section intro is prose too, so it counts half as much as the link-heavy sign."""
MANY_TEASERS_SCORE = -2.0
"""`TEASERS_MANY` or more teaser blocks: repeated teasers are what a front page is made of."""
SOME_TEASERS_SCORE = -1.0
"""`TEASERS_SOME` or more: an article's related-links box has a few, so only a weak sign."""
LONG_BLOCK_SCORE = 2.0
"""A block of `LONG_BLOCK_WORDS` or more: story text, the strongest DOM sign of an article."""
MEDIUM_BLOCK_SCORE = 1.0
"""A block of `MEDIUM_BLOCK_WORDS` or more: longer than a teaser standfirst, a weaker sign."""
SHORT_BLOCKS_SCORE = -1.0
"""No block reaches `SHORT_BLOCK_WORDS`: nothing on the page is written to be read through."""

ARTICLE_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){3,}|\d{5,}|/\d{4}/\d{1,2}/", re.IGNORECASE)
"""A hyphenated slug of 4+ words, a long numeric id, or a /yyyy/mm/ date path."""

QUERY_ID = re.compile(r"(?:^|&)\w*(?:id|p|story|article)=\d+", re.IGNORECASE)
"""A numeric item id in the query string."""
SERVICE_PAGES = frozenset({
    "about", "about-us", "contact", "contact-us", "impressum", "kontakt", "privacy", "terms", "imprint",
    "datenschutz", "personvern", "om-oss", "kontakt-oss", "subscribe", "login", "search", "suche", "sok",
})
"""Path words of a publisher's service pages: prose, but never a story to recommend."""
INDEX_FILES = frozenset({"index.html", "index.htm", "index.php", "default.aspx"})

BLOCK_TAGS = ("p", "div", "td", "li", "section", "article", "blockquote", "dd")
CHROME_TAGS = frozenset({"script", "style", "noscript", "template", "head"})


@dataclass(frozen=True, slots=True)
class PageFeatures:
    url_kind: str
    """`root`, `service`, `article_slug`, `section` (short path) or `other`."""
    link_text_share: float
    teaser_blocks: int
    longest_block_words: int
    """Of the first block of `LONG_BLOCK_WORDS` or more if there is one (the most the classifier
    asks about), else of the longest."""


def page_class(doc: Document) -> Choice[str]:
    """Always has a value: the declared class when it is valid, else the classifier's."""
    declared = _declared(doc)
    return declared if declared.found is not None else Choice(_classified(doc), declared.rejections)


def _declared(doc: Document) -> Choice[str]:
    def convert(raw: str) -> str | Invalid | None:
        value = raw.strip().lower()
        if not value:
            return None
        return value if value in PAGE_CLASSES else Invalid("page class is neither article nor frontpage")

    return first_valid("page_class", ((DECLARED_KEY, v) for v in doc.meta_values(DECLARED_KEY)), convert)


def _classified(doc: Document) -> Found[str]:
    score = classifier_score(features(doc))
    if abs(score) < SURE_SCORE and (doc.first_meta("og:type") or "").lower() == "article":
        return Found("article", "og:type")
    return Found("article" if score > 0 else "frontpage", "classifier")


def features(doc: Document) -> PageFeatures:
    body = doc.root.find("body")
    if body is None:
        return PageFeatures(url_kind(doc.url), 0.0, 0, 0)
    return PageFeatures(url_kind(doc.url), link_text_share(body), teaser_blocks(body),
                        longest_block_words(body, LONG_BLOCK_WORDS))


def classifier_score(f: PageFeatures) -> float:
    """Positive: article; negative: front page; magnitude: how sure."""
    score = URL_KIND_SCORES[f.url_kind]
    if f.link_text_share > LINK_SHARE_HIGH:
        score += LINK_HEAVY_SCORE
    elif f.link_text_share < LINK_SHARE_LOW:
        score += LINK_LIGHT_SCORE
    if f.teaser_blocks >= TEASERS_MANY:
        score += MANY_TEASERS_SCORE
    elif f.teaser_blocks >= TEASERS_SOME:
        score += SOME_TEASERS_SCORE
    if f.longest_block_words >= LONG_BLOCK_WORDS:
        score += LONG_BLOCK_SCORE
    elif f.longest_block_words >= MEDIUM_BLOCK_WORDS:
        score += MEDIUM_BLOCK_SCORE
    elif f.longest_block_words < SHORT_BLOCK_WORDS:
        score += SHORT_BLOCKS_SCORE
    return score


def url_kind(url: str) -> str:
    """`root` (the site's home), `article_slug` (a slug, an id or a date in the path, or a
    numeric id in the query like WordPress' `?p=123`), `section` (one or two plain words) or
    `other`."""
    parts = urlsplit(url)
    path = parts.path
    segments = [s for s in path.split("/") if s and s not in INDEX_FILES]
    if ARTICLE_SLUG.search(path if path.endswith("/") else path + "/") or QUERY_ID.search(parts.query):
        return "article_slug"
    if not segments:
        return "root"
    if any(segment.split(".")[0].lower() in SERVICE_PAGES for segment in segments):
        return "service"
    if len(segments) <= 2 and all(re.fullmatch(r"[a-z]+", s, re.IGNORECASE) for s in segments):
        return "section"
    return "other"


def link_text_share(body: etree._Element) -> float:
    """Characters of text inside links / all characters of text (scripts left out)."""
    total = linked = 0
    outer = _in_link(body)
    inside = {node for link in body.iter("a") for node in link.iterdescendants()}  # below an `a`
    for node in body.iter(etree.Element):
        tag = node.tag  # read once: lxml builds a new string at each read
        tail_in_link = outer or node in inside
        if tag not in CHROME_TAGS:
            size = len((node.text or "").strip())
            total += size
            linked += size if tail_in_link or tag == "a" else 0
        size = len((node.tail or "").strip())
        total += size
        linked += size if tail_in_link else 0
    return linked / total if total else 0.0


def _in_link(node: etree._Element) -> bool:
    return next(node.iterancestors("a"), None) is not None


def teaser_blocks(body: etree._Element) -> int:
    """Blocks that tease another page: a heading that is or holds a link, or an `<article>`
    element that links away without a long paragraph."""
    count = 0
    for heading in body.iter("h2", "h3", "h4"):
        if heading.find(".//a") is not None or _in_link(heading):
            count += 1
    for article in body.iter("article"):
        if article.find(".//h1") is None and article.find(".//a") is not None and article.find(".//h2") is None \
                and article.find(".//h3") is None:
            count += 1
    return count


def longest_block_words(body: etree._Element, enough: int | None = None) -> int:
    """Words of the longest block's own text (children that are blocks excluded), outside links;
    with `enough`, the first block reaching that many ends the search (its count is returned):
    the classifier's thresholds stop at `LONG_BLOCK_WORDS`, and an article's first paragraph of
    story text is usually well before its page's end."""
    best = 0
    for block in body.iter(*BLOCK_TAGS):
        words = len(_own_text(block).split())  # what squash(...).split() counts: both split at \s
        if enough is not None and words >= enough:
            return words
        best = max(best, words)
    return best


def _own_text(block: etree._Element) -> str:
    parts = [block.text or ""]
    for child in block:
        tag = child.tag  # read once: lxml builds a new string at each read
        if not isinstance(tag, str):
            parts.append(child.tail or "")
            continue
        if tag not in BLOCK_TAGS and tag not in CHROME_TAGS and tag != "a":
            parts.append(text_of(child))
        parts.append(child.tail or "")
    return " ".join(parts)
