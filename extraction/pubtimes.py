"""Publication and modification times, in the spec's priority order, normalised to UTC.

"Now" is a parameter, never read from a clock: the assembler passes the page's render time
(or whatever the caller says). Without it the future check is skipped, because a stored
snapshot re-extracted years later must give the same profile.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta

from lxml import etree
from lxml.cssselect import SelectorError
from lxml.html import HtmlElement

from extraction import jsonld
from extraction.datalayer import composer_values, created_selector
from extraction.dateparse import find_text_dates, parse_machine
from extraction.document import Document
from extraction.found import Choice, Invalid, Refused, first_valid
from extraction.textutil import element_text
from extraction.zones import article_zone, first_h1

MAX_FUTURE = timedelta(days=2)
"""Dates further ahead of "now" than this are typos or embargo placeholders (spec rule)."""

PUBLISHED_CXENSE_KEYS = ("cxenseparse:publishtime", "cxenseparse:recs:publishtime")
PUBLISHED_META_KEYS = (
    "content:createdat", "article:published_time", "date", "dc.date", "dc.date.created",
    "dc.terms.issued", "pub_date", "article.published", "datepublished", "og:article:published_time",
)
"""After the cXenseParse keys and the Composer values (`setContentCreated`, then the element
`setContentCreatedSelector` points at), in the spec's order (meta name, property or itemprop
all count: `Document` indexes all three)."""

CREATED_SELECTOR_SOURCE = "datalayer:contentCreatedSelector"

PUBLISHED_TIME_XPATHS = (
    ("time.published", "//time[contains(concat(' ', normalize-space(@class), ' '), ' published ')][@datetime]"),
    ("time[pubdate]", "//time[@pubdate][@datetime]"),
    ("itemprop:datePublished", "//*[@itemprop='datePublished'][@datetime or @content]"),
)
MODIFIED_META_KEYS = ("article:modified_time", "content:modifiedat", "datemodified")
MODIFIED_TIME_XPATHS = (("itemprop:dateModified", "//*[@itemprop='dateModified'][@datetime or @content]"),)

HEURISTIC_HINT = re.compile(
    r"date|time|byline|publish|posted|dateline|stamp|datum|dato|fecha|meta|article-info|info",
    re.IGNORECASE)
"""Class or id words of the elements that hold an article's visible date."""

MACHINE_DATE_ATTRIBUTES = ("datetime", "content", "title")
"""Attributes that carry a machine date on a visible date element (`<abbr class="published"
title="2011-08-21T19:32:00+01:00">`, the classic hAtom form)."""

HINTED_ELEMENT_CHARS = 200
"""A date element's text is short; a longer one is a container whose dates belong to others."""

HEURISTIC_ZONE_CHARS = 1500
"""How much text after the headline the fallback scan reads: the date sits in the byline,
not in the story or the related-links list below it."""

CHROME_TAGS = frozenset({"nav", "footer", "aside", "form", "script", "style", "noscript"})
"""Dates inside these belong to other pages (teasers, archives) or to the copyright line."""


def published_time(doc: Document, now: datetime | None = None) -> Choice[datetime]:
    def candidates() -> Iterator[tuple[str, str | Refused]]:
        yield from _metas(doc, PUBLISHED_CXENSE_KEYS)
        created = composer_values(doc.page.datalayer).get("createdAt")
        if isinstance(created, str):
            yield "datalayer", created
        yield from _created_selector(doc)
        yield from _metas(doc, PUBLISHED_META_KEYS)
        yield from _elements(doc, PUBLISHED_TIME_XPATHS)
        yield from _jsonld(doc, "datePublished")
        yield from _heuristic(doc)

    return first_valid("published_time", candidates(), _validator(now))


def modified_time(doc: Document, now: datetime | None = None) -> Choice[datetime]:
    def candidates() -> Iterator[tuple[str, str]]:
        yield from _metas(doc, MODIFIED_META_KEYS)
        yield from _elements(doc, MODIFIED_TIME_XPATHS)
        yield from _jsonld(doc, "dateModified")

    return first_valid("modified_time", candidates(), _validator(now))


def _validator(now: datetime | None):
    def convert(raw: str) -> datetime | Invalid | None:
        if not raw.strip():
            return None
        value = parse_machine(raw)
        if value is None:
            return Invalid("not a date")
        if now is not None and value > now + MAX_FUTURE:
            return Invalid(f"more than {MAX_FUTURE.days} days after {now.isoformat()}")
        return value

    return convert


def _metas(doc: Document, keys: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    for key in keys:
        for value in doc.meta_values(key):
            yield key, value


def _elements(doc: Document, xpaths: tuple[tuple[str, str], ...]) -> Iterator[tuple[str, str]]:
    for source, xpath in xpaths:
        for el in doc.root.xpath(xpath):
            if el.tag == "meta":
                continue  # metas were read above, in their own priority
            yield source, el.get("datetime") or el.get("content") or ""


def _created_selector(doc: Document) -> Iterator[tuple[str, str | Refused]]:
    """The date in the element Composer's `setContentCreatedSelector` points at.

    The spec puts "the tp notation" between the cXenseParse keys and the metas without naming
    the commands, so both Composer forms share that level: `setContentCreated` first, because
    an explicit value beats a pointer to one (the pointer can match the wrong element or a
    date written for readers), then this. Like Composer's `querySelector`, only the first match
    counts. A selector that does not parse or matches nothing is a broken page setup the
    publisher wants to hear about, so it is recorded, not skipped.
    """
    selector = created_selector(doc.page.datalayer)
    if selector is None:
        return
    if not isinstance(selector, str):
        yield CREATED_SELECTOR_SOURCE, Refused(str(selector), "not a CSS selector string")
        return
    try:
        matches = doc.root.cssselect(selector)
    except (SelectorError, etree.XPathError, ValueError) as error:
        # cssselect parses some selectors lxml cannot run: namespace prefixes (`svg|rect`),
        # control characters in a string.
        yield CREATED_SELECTOR_SOURCE, Refused(selector, f"invalid CSS selector ({error})")
        return
    if not matches:
        yield CREATED_SELECTOR_SOURCE, Refused(selector, "selector matches no element")
        return
    el = matches[0]
    raw = el.get("datetime") or el.get("content") or element_text(el)[:HINTED_ELEMENT_CHARS]
    if not raw.strip():
        yield CREATED_SELECTOR_SOURCE, Refused(selector, f"the matched <{el.tag!s}> holds no date")
        return
    yield CREATED_SELECTOR_SOURCE, raw


def _jsonld(doc: Document, key: str) -> Iterator[tuple[str, str]]:
    for _, value in jsonld.with_key(doc, key):
        if (text := jsonld.text_value(value)) is not None:
            yield "jsonld", text


def _heuristic(doc: Document) -> Iterator[tuple[str, str]]:
    """Visible dates near the headline: machine dates on date-like elements of the headline's
    zone, then the text of those elements, then the first stretch of the zone's text. Each hit
    is offered as ISO text. A page without a headline (a front page) has no such date."""
    if first_h1(doc) is None:
        return
    zone = article_zone(doc)
    if zone is None:
        return
    hinted = [el for el in zone.iter() if isinstance(el.tag, str) and _readable(doc, el, zone)
              and (el.tag == "time" or HEURISTIC_HINT.search(f"{el.get('class', '')} {el.get('id', '')} "
                                                              f"{el.get('itemprop', '')}"))]
    for el in hinted:
        for attr in MACHINE_DATE_ATTRIBUTES:
            if el.get(attr) and parse_machine(el.get(attr)):
                yield "heuristic", el.get(attr, "")
    for el in hinted:
        for value in find_text_dates(element_text(el)[:HINTED_ELEMENT_CHARS]):
            yield "heuristic", value.isoformat()
    for value in find_text_dates(_zone_text(doc, zone)[:HEURISTIC_ZONE_CHARS]):
        yield "heuristic", value.isoformat()


def _readable(doc: Document, el: etree._Element, zone: etree._Element) -> bool:
    if doc.is_hidden(el) or el.tag in CHROME_TAGS:
        return False
    for ancestor in el.iterancestors():
        if ancestor is zone:
            return True
        if ancestor.tag in CHROME_TAGS:
            return False
    return True


def _zone_text(doc: Document, zone: HtmlElement) -> str:
    parts = [
        el.text_content() for el in zone.iter("p", "span", "div", "time", "h1", "h2", "li", "small")
        if _readable(doc, el, zone) and len(el) == 0
    ]
    return " \n ".join(parts)
