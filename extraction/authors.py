"""Authors, in the spec's priority order: the Composer data layer, `cXenseParse:author`,
Piano's `content:authors`, the author metas, hAtom `.vcard.author .fn`, `rel="author"` links,
Google+ `?rel=author` links, then JSON-LD `author.name`.

The first level that yields a name wins, with all its names: a byline of three people written
as three metas is three authors. Each raw value is split the way Piano's SDK splits it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from extraction import jsonld
from extraction.datalayer import composer_values
from extraction.document import Document
from extraction.found import Found
from extraction.textutil import element_lines, squash, strip_markup

META_KEYS = (
    "cxenseparse:author", "content:authors", "og:article:author", "article:author",
    "og:book:author", "book:author", "author", "dc.creator", "article.author",
)
"""Meta keys after the data layer, highest priority first."""

ELEMENT_LEVELS = (
    ("hatom", "//*[contains(concat(' ', normalize-space(@class), ' '), ' vcard ')]"
              "[contains(concat(' ', normalize-space(@class), ' '), ' author ')]"
              "//*[contains(concat(' ', normalize-space(@class), ' '), ' fn ')]"),
    ("rel=author", "//a[contains(concat(' ', normalize-space(@rel), ' '), ' author ')]"),
    ("google+", "//a[contains(@href, 'plus.google.com/')][contains(@href, 'rel=author')]"),
)
"""Markup in the body that names authors, after the metas, highest priority first."""

JOINING_WORDS = re.compile(r"\s+(?:and|und|og)\s+|\s*\n\s*", re.IGNORECASE)
"""Words (English, German, Norwegian/Danish) and line breaks that join two names; they
become a ";" before splitting."""

SEPARATORS = re.compile(r"\s*[;,]\s*")
SUFFIX_COMMA = re.compile(r",\s*(?=(?:Jr|Sr)\b\.?)", re.IGNORECASE)
"""", Jr" and ", Sr" belong to the name, so that comma must survive splitting."""
_KEPT_COMMA = "\x00"

BY_PREFIX = re.compile(r"^(?:(?:written|posted|text|words|story|reported)\s+)?(?:by|von|av|af|par|por|door)\s*:?\s+"
                       r"(?=\S+\s+\S|\S+$)", re.IGNORECASE)
"""Byline words in front of a name (en, de, no/sv, da, fr, es, nl), stripped only when at least
two words follow, so surnames like "Von Trier" survive."""

URL_OR_EMAIL = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\S+", re.IGNORECASE)

NAME_PADDING = " :|-–—·,"
"""Punctuation around a name left over from the byline layout (a final "." may be "Jr.")."""

MAX_NAME_CHARS = 100
"""A longer "name" is a sentence or a bio pasted into the markup."""


BYLINE_XPATH = (
    "//*[contains(translate(@class, 'BYLINE', 'byline'), 'byline') or contains(@class, 'author')"
    " or contains(translate(@id, 'BYLINE', 'byline'), 'byline')][not(ancestor::footer)][not(ancestor::aside)]"
    "[not(ancestor-or-self::*[contains(@class, 'comment') or contains(@id, 'comment')])]"
)
"""Last resort, after every level the spec names: the visible byline of the article."""

COMMENT_MARK = re.compile(r"comment|respon[sd]|reply|disqus", re.IGNORECASE)
"""Class or id words of the reader-comment section."""

MAX_BYLINE_CHARS = 150
"""A longer "byline" is an author bio box or a comment."""

BYLINE_END = re.compile(
    r"\s*(?:[|·•—–]|\s-\s|\b(?:posted|published|updated|publisert|oppdatert|veröffentlicht|aktualisiert|"
    r"publié|publicado|on|am|le|den)\b|\d{1,4}[./-]\d{1,2}|\d{1,2}\.?\s+\w+\s+\d{4}).*$",
    re.IGNORECASE | re.DOTALL)
"""Where a byline stops naming people: a separator, a date, or the word that introduces one."""

ROLE_WORDS = frozenset({
    "staff", "reporter", "writer", "correspondent", "editor", "journalist", "photographer", "contributor",
    "columnist", "redakteur", "redakteurin", "journalistin", "fotograf", "journalisten", "redaksjonen",
    "admin", "administrator", "webmaster", "guest", "author", "team", "editorial", "content", "ai",
})
"""A name made only of these words is a job title or an account role ("Staff Reporter",
"admin"), not a person."""

BYLINE_WORDS = frozenset({"by", "written", "posted", "text", "words", "von", "av", "af", "par", "por", "door"})
"""Words that introduce a byline; left alone ("Written by") they name nobody."""

NOT_A_NAME = re.compile(r"»|›|^more (?:about|from|by)\b|^(?:view|see|read) (?:all|more)\b", re.IGNORECASE)
"""Link texts next to an author's name ("More about X »", "View all posts")."""

STANDALONE_NUMBER = re.compile(r"(?<!\w)\d+(?!\w)")
"""A number on its own ("March 17", "5 min read") is a date or a count beside the name."""

OTHER_AUTHOR_KEY = re.compile(r"(?:^|[.:_-])author$")
"""Author metas outside the spec's list (`sailthru.author`, `parsely-author`), read last."""


def authors(doc: Document) -> Found[tuple[str, ...]] | None:
    for source, raw_values in _levels(doc):
        names = tuple(_dedupe(n for raw, sep in raw_values for n in split_names(raw, sep) if is_person(n)))
        if names:
            return Found(names, source)
    return None


def is_person(name: str) -> bool:
    """Not a job title or account role alone ("Staff", "Administrator"), not a date or a
    "more about" link. The site's own name is not refused: on a personal blog the site's
    name is its author's (organisations are refused where the page says so: JSON-LD
    `Organization` authors)."""
    words = name.casefold().split()
    if not words or set(words) <= ROLE_WORDS | BYLINE_WORDS:
        return False
    return not (STANDALONE_NUMBER.search(name) or NOT_A_NAME.search(name))


def split_names(raw: str, separator: str | None = None) -> list[str]:
    """One raw author value as cleaned names: on `separator` when the page gave one, else on
    "," and ";" after joining words and line breaks became ";"."""
    if separator:
        parts = raw.split(separator)
    else:
        text = JOINING_WORDS.sub(";", raw)
        text = SUFFIX_COMMA.sub(_KEPT_COMMA, text)
        parts = [p.replace(_KEPT_COMMA, ", ") for p in SEPARATORS.split(text)]
    return [name for name in (clean_name(p) for p in parts) if name]


def clean_name(raw: str) -> str:
    """"By Jane Doe", "jane@x.com", "https://x.com/jane" and padding cleaned off a name."""
    text = URL_OR_EMAIL.sub(" ", strip_markup(raw))
    text = squash(text).strip(NAME_PADDING)
    text = BY_PREFIX.sub("", text).strip(NAME_PADDING)
    if len(text) > MAX_NAME_CHARS or not any(c.isalpha() for c in text):
        return ""
    return text


def author_levels(doc: Document) -> Iterator[tuple[str, list[str]]]:
    """Each level's cleaned names, in priority order, before any level wins (`--explain`)."""
    for source, raw_values in _levels(doc):
        names = [n for raw, sep in raw_values for n in split_names(raw, sep)]
        if names:
            yield source, names


def _levels(doc: Document) -> Iterator[tuple[str, list[tuple[str, str | None]]]]:
    """Each priority level as (source, [(raw value, separator or None)])."""
    layer = composer_values(doc.page.datalayer).get("authors")
    if isinstance(layer, (list, tuple)):
        yield "datalayer", [(str(v), ";") for v in layer]
    elif isinstance(layer, str):
        yield "datalayer", [(layer, None)]
    for key in META_KEYS:
        yield key, [(m.content, m.attrs.get("data-separator") or None) for m in doc.meta_tags(key)]
    for source, xpath in ELEMENT_LEVELS:
        yield source, [("\n".join(element_lines(el)), None) for el in doc.root.xpath(xpath)
                       if not doc.is_hidden(el) and not _in_comments(el)]
    for obj in jsonld.articles(doc):
        yield "jsonld", [(name, ";") for name in jsonld.person_names(doc, obj.get("author"))]
    yield "byline", [(text, None) for text in _byline(doc)]
    for meta in doc.metas:
        if OTHER_AUTHOR_KEY.search(meta.key) and meta.key not in META_KEYS:
            yield f"meta:{meta.key}", [(meta.content, None)]


def _byline(doc: Document) -> list[str]:
    """The first visible byline, cut where it stops naming people, job titles dropped. When
    bylines nest ("byline" box, "author" spans), the innermost ones sharing a parent are read:
    one per author."""
    matches = [el for el in doc.root.xpath(BYLINE_XPATH)
               if not doc.is_hidden(el) and el.tag not in ("meta", "link", "body", "article", "main")]
    matched = set(matches)
    leaves = [el for el in matches if not any(d in matched for d in el.iterdescendants())]
    for first in leaves:
        group = [el for el in leaves if el.getparent() is first.getparent()]
        names: list[str] = []
        for el in group:
            text = " ".join(element_lines(el))
            if not text or len(text) > MAX_BYLINE_CHARS:
                continue
            names += [p for p in split_names(BYLINE_END.sub("", text)) if not set(p.lower().split()) & ROLE_WORDS]
        if names:
            return [";".join(names)]
    return []


def _in_comments(el: etree._Element) -> bool:
    """Reader comments carry their own hAtom authors and `rel=author` links."""
    return any(COMMENT_MARK.search(f"{a.get('class', '')} {a.get('id', '')}") for a in el.iterancestors())


def _dedupe(names: Iterator[str]) -> Iterator[str]:
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key not in seen:
            seen.add(key)
            yield name
