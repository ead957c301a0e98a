"""Publication and modification times, in the spec's priority order.

Each value keeps the offset the page wrote (`dateparse.parse_local`): the profile shows the
UTC instant and, besides it, the local time, so the publication day is never lost.

"Now" is a parameter, never read from a clock: the assembler passes the page's render time
(or whatever the caller says). Without it the future check is skipped, because a stored
snapshot re-extracted years later must give the same profile.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from lxml import etree
from lxml.cssselect import SelectorError
from lxml.html import HtmlElement

from extraction import jsonld
from extraction.datalayer import composer_values, created_selector
from extraction.dateparse import find_text_dates, month_first_reading, parse_local, parse_machine
from extraction.document import Document, xpath_words
from extraction.found import Choice, Invalid, Refused, first_valid
from extraction.headline import headline_zone
from extraction.text.literals import caseless
from extraction.textutil import element_text
from extraction.zones import under_tag_within

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

OTHER_PUBLISHED_KEY = re.compile(r"publish|pub[-_.]?date|issued|date[-_.]?created|creat(?:ed|ion)[-_.]?date")
NOT_PUBLISHED_KEY = re.compile(r"modif|updat|expir|revis|publisher")
"""Meta keys outside the spec's list that name a publication date, and words that mean
another date (or the publisher's name) even when one of those appears."""

CREATED_SELECTOR_SOURCE = "datalayer:contentCreatedSelector"


def _published_times(doc: Document) -> list[etree._Element]:
    """`//time[contains(concat(' ', normalize-space(@class), ' '), ' published ')][@datetime]`."""
    return [el for el in doc.owners("datetime")
            if el.tag == "time" and "published" in xpath_words(el.get("class") or "")]


def _pubdate_times(doc: Document) -> list[etree._Element]:
    """`//time[@pubdate][@datetime]`."""
    return [el for el in doc.owners("datetime") if el.tag == "time" and el.get("pubdate") is not None]


def _itemprop_dated(prop: str) -> Callable[[Document], list[etree._Element]]:
    """`//@itemprop[. = 'PROP']/parent::*[@datetime or @content]`."""
    def select(doc: Document) -> list[etree._Element]:
        return [el for el in doc.owners("itemprop", lambda value: value == prop)
                if el.get("datetime") is not None or el.get("content") is not None]
    return select


def _hatom_published(doc: Document) -> list[etree._Element]:
    """`//*[@title][contains(concat(' ', normalize-space(@class), ' '), ' published ')]`."""
    return [el for el in doc.owners("title")
            if "published" in (cls := el.get("class") or "") and "published" in xpath_words(cls)]


PUBLISHED_TIME_ELEMENTS: tuple[tuple[str, Callable[[Document], list[etree._Element]]], ...] = (
    ("time.published", _published_times),
    ("time[pubdate]", _pubdate_times),
    ("itemprop:datePublished", _itemprop_dated("datePublished")),
    ("hatom:published", _hatom_published),
)
"""The elements that mark a publication time, in priority order, each in document order: what
the XPath in each function's docstring selects, from the document's attribute index
(`Document.owners`) instead of a libxml2 walk of the whole tree each."""
MODIFIED_META_KEYS = ("article:modified_time", "content:modifiedat", "datemodified")
MODIFIED_TIME_ELEMENTS = (("itemprop:dateModified", _itemprop_dated("dateModified")),)

HEURISTIC_HINT = re.compile(
    r"date|time|byline|publish|posted|dateline|stamp|datum|dato|fecha|meta|article-info|info",
    re.IGNORECASE)
"""Class or id words of the elements that hold an article's visible date."""

PUBLISHED_HINT = re.compile(r"publish|posted|pubdate|post-date|entry-date|article-date|meta-date", re.IGNORECASE)
"""Class or id words that say "the story's publication date" wherever the element sits (the
page's date box outside the headline's zone)."""
_HEURISTIC_SEARCH = caseless(HEURISTIC_HINT)
_PUBLISHED_SEARCH = caseless(PUBLISHED_HINT)
"""The two hints' searches of an attribute value (`literals.caseless`: an ASCII value lower-cased,
without the flag)."""

MACHINE_DATE_ATTRIBUTES = ("datetime", "content", "title")
"""Attributes that carry a machine date on a visible date element (`<abbr class="published"
title="2011-08-21T19:32:00+01:00">`, the classic hAtom form)."""

HINTED_ELEMENT_CHARS = 200
"""A date element's text is short; a longer one is a container whose dates belong to others."""

HEURISTIC_ZONE_CHARS = 1500
"""How much text after the headline the fallback scan reads: the date sits in the byline,
not in the story or the related-links list below it. Counted after runs of whitespace are
collapsed, so a template's indentation does not use the budget up."""

CHROME_TAGS = frozenset({"nav", "footer", "aside", "form", "script", "style", "noscript"})
"""Dates inside these belong to other pages (teasers, archives) or to the copyright line."""

_SPACES = re.compile(r"\s+")

TIME_CHROME_TAGS = CHROME_TAGS - {"aside"}
"""A `<time datetime>` in an `aside` of the story's own container is the story's date box."""

URL_DATE = re.compile(r"/((?:19|20)\d{2})[/-](0[1-9]|1[0-2])[/-](0[1-9]|[12]\d|3[01])(?![\w.])")
"""`/2025/12/18/slug`, `/2025-12-17-slug`, `/2025-12-15+Title+Words`: the last resort, the day
the path was made (any separator but a letter, digit or dot after the day: `/2025-12-150`
and `/2025/12/18x` are ids)."""


LOCAL_DAY_SOURCES = ("heuristic", "url", "time.", "time[", "itemprop:", "hatom:")
"""Sources whose day is the page's own local day: dates written for readers, `<time>` and
hAtom elements, and the URL's date. They never outrank the winner; they only say which day a
UTC-written winner, or an ambiguous numeric one, means on this page."""


def published_time(doc: Document, now: datetime | None = None) -> Choice[datetime]:
    """The first valid candidate in the spec's order, read in the page's own calendar
    (`in_local_day`). The candidates after the winner are read only when that can matter: a
    UTC-written winner on a page whose URL has a date, or an ambiguous numeric winner."""
    candidates = published_candidates(doc)
    seen: list[tuple[str, str | Refused]] = []

    def walked() -> Iterator[tuple[str, str | Refused]]:
        for candidate in candidates:
            seen.append(candidate)
            yield candidate

    choice = first_valid("published_time", walked(), _validator(now))
    if choice.found is None:
        return choice
    value, raw = choice.found.value, seen[-1][1]
    utc_with_url_date = value.utcoffset() == timedelta(0) and URL_DATE.search(urlsplit(doc.url).path)
    if not utc_with_url_date and month_first_reading(raw if isinstance(raw, str) else None) is None:
        return choice
    local = in_local_day(value, _page_values([*seen[-1:], *candidates], now))
    return replace(choice, found=replace(choice.found, value=local))


def in_local_day(value: datetime, others: Iterable[tuple[str, str, datetime]]) -> datetime:
    """The winner, kept at its priority, read in the page's own calendar when the page says so.

    `others` are the page's valid candidates as (source, raw, value) in priority order, the
    winner's first. Two defects lose the publisher's day without changing the source that wins:
    - a UTC-written instant (`...Z`, `+00:00`, or no zone) whose UTC day is not the day in
      the URL's path (`/2025/12/18/slug`, made in the publisher's calendar when the story went
      out): when the page writes another time in a non-zero offset (its own zone) and the
      instant, read in that offset, falls on the URL's day, the instant is expressed in that
      offset (the same moment, so `published_time` is unchanged; only `published_local`
      moves). A visible date alone does not move it: the URL is fixed when the story goes
      out, while bylines on real pages follow the UTC day about as often as the local one;
    - an ambiguous numeric date (`03-09-2026`, both parts 12 or less) read day-first, when only
      the month-first reading is a day the page's reader-facing dates or URL give.
    """
    items = list(others)
    url_days = {v.date() for source, _, v in items if source == "url"}
    if value.utcoffset() == timedelta(0) and url_days and value.date() not in url_days:
        for _, _, other in items:
            if other.utcoffset() and (local := value.astimezone(other.tzinfo)).date() in url_days:
                return local
    local_days = {v.date() for source, _, v in items if source.startswith(LOCAL_DAY_SOURCES)}
    swapped = month_first_reading(items[0][1]) if items else None
    if swapped is not None and value.date() not in local_days and swapped.date() in local_days:
        return swapped
    return value


def _page_values(candidates: list[tuple[str, str | Refused]],
                 now: datetime | None) -> list[tuple[str, str, datetime]]:
    """(source, raw, value) of every valid candidate, in the order given (the winner first)."""
    convert = _validator(now)
    return [(source, raw, value) for source, raw in candidates
            if isinstance(raw, str) and isinstance(value := convert(raw), datetime)]


def published_candidates(doc: Document) -> Iterator[tuple[str, str | Refused]]:
    """Every (source, raw value) of the publication time, in priority order."""
    yield from _metas(doc, PUBLISHED_CXENSE_KEYS)
    created = composer_values(doc.page.datalayer).get("createdAt")
    if isinstance(created, str):
        yield "datalayer", created
    yield from _created_selector(doc)
    yield from _metas(doc, PUBLISHED_META_KEYS)
    yield from _elements(doc, PUBLISHED_TIME_ELEMENTS)
    yield from _jsonld(doc, "datePublished")
    yield from _other_metas(doc)
    yield from _heuristic(doc)


def validate(raw: str, now: datetime | None = None) -> datetime | Invalid | None:
    """One raw value as the field's value, `Invalid(reason)`, or None (empty)."""
    return _validator(now)(raw)


def modified_time(doc: Document, now: datetime | None = None) -> Choice[datetime]:
    def candidates() -> Iterator[tuple[str, str]]:
        yield from _metas(doc, MODIFIED_META_KEYS)
        yield from _elements(doc, MODIFIED_TIME_ELEMENTS)
        yield from _jsonld(doc, "dateModified")

    return first_valid("modified_time", candidates(), _validator(now))


def _validator(now: datetime | None):
    def convert(raw: str) -> datetime | Invalid | None:
        if not raw.strip():
            return None
        value = parse_local(raw)
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


def _other_metas(doc: Document) -> Iterator[tuple[str, str]]:
    """Publication-date metas the spec does not name (`published-date`, `parsely-pub-date`,
    `citation_publication_date`), in document order, after every named level."""
    named = set(PUBLISHED_CXENSE_KEYS + PUBLISHED_META_KEYS)
    for meta in doc.metas:
        if meta.key not in named and OTHER_PUBLISHED_KEY.search(meta.key) and not NOT_PUBLISHED_KEY.search(meta.key):
            yield f"meta:{meta.key}", meta.content


def _elements(doc: Document, selections: tuple[tuple[str, Callable[[Document], list[etree._Element]]], ...],
              ) -> Iterator[tuple[str, str]]:
    for source, select in selections:
        for el in select(doc):
            if el.tag == "meta":
                continue  # metas were read above, in their own priority
            yield source, el.get("datetime") or el.get("content") or el.get("title") or ""


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
    zone, then the text of those elements, then the first stretch of the zone's text, then any
    `<time datetime>` of the zone (a sidebar of the story included), then the text of any
    element outside the chrome whose class says "publication date" (`PUBLISHED_HINT`), then a
    date in the URL's path. Each hit is offered as ISO text. A page without a headline (a front page) has no
    such date."""
    zone = headline_zone(doc)
    if zone is None:
        return
    hinted = [el for el in _hinted_within(doc, zone) if _readable(doc, el, zone)]
    for el in hinted:
        for attr in MACHINE_DATE_ATTRIBUTES:
            if el.get(attr) and parse_machine(el.get(attr)):
                yield "heuristic", el.get(attr, "")
    for el in hinted:
        for value in find_text_dates(element_text(el)[:HINTED_ELEMENT_CHARS]):
            yield "heuristic", value.isoformat()
    for value in find_text_dates(_zone_text(doc, zone, HEURISTIC_ZONE_CHARS)):
        yield "heuristic", value.isoformat()
    for el in zone.iter("time"):
        if el.get("datetime") and not doc.is_hidden(el) and not under_tag_within(el, zone, TIME_CHROME_TAGS):
            yield "heuristic:time", el.get("datetime", "")
    body = doc.root.find("body")
    for named in _named_within(doc, body, _PUBLISHED_SEARCH) if body is not None else ():
        if _readable(doc, named, doc.root):
            for value in find_text_dates(element_text(named)[:HINTED_ELEMENT_CHARS]):
                yield "heuristic:published", value.isoformat()
    if match := URL_DATE.search(urlsplit(doc.url).path):
        yield "url", "-".join(match.groups())


def _hinted_within(doc: Document, zone: etree._Element) -> list[etree._Element]:
    """The zone's `<time>` elements and those whose class, id or itemprop `HEURISTIC_HINT` is
    found in, the zone included, in document order: what a walk of the zone asking each element
    finds, from the document's attribute index (`Document.owners` within the zone) and the
    zone's `<time>`s."""
    named = doc.owners(("class", "id", "itemprop"), _searched(_HEURISTIC_SEARCH), within=zone)
    return doc.in_order(named, zone.iter("time"))


def _named_within(doc: Document, top: etree._Element, search: Callable[[str], re.Match[str] | None],
                  ) -> list[etree._Element]:
    """`top` and the elements below it whose class or id `search` finds a hint in, in document
    order, from the document's attribute index (`Document.owners`). `top` is the body: filtering
    the page's by their ancestors costs what `owners(..., within=top)` does. The page's distinct
    class and id values (`Document.values`) are searched first, each once: where none holds the
    hint no element is read, elsewhere the owners of those that do are selected by set membership."""
    return [el for el in doc.named(lambda value: search(value) is not None)
            if el is top or any(a is top for a in el.iterancestors())]


def _searched(search: Callable[[str], re.Match[str] | None]) -> Callable[[str], bool]:
    """A test that `search` (`_HEURISTIC_SEARCH`, asked of a zone's elements: the zone's values, not
    the page's, are searched) finds the hint in an attribute's value, each distinct value searched
    once: a page repeats its class values on
    many elements (every card, every menu item), and the search, not the walk, was most of the
    time (1.6 -> 0.9 ms a page for the `PUBLISHED_HINT` walk, 100 WCXB pages)."""
    found: dict[str, bool] = {}

    def names(value: str) -> bool:
        hit = found.get(value)
        if hit is None:
            hit = found[value] = search(value) is not None
        return hit

    return names


def _readable(doc: Document, el: etree._Element, zone: etree._Element) -> bool:
    return not (doc.is_hidden(el) or el.tag in CHROME_TAGS or under_tag_within(el, zone, CHROME_TAGS))


def _zone_text(doc: Document, zone: HtmlElement, limit: int) -> str:
    """The first `limit` characters of the zone's readable text in document order, one line per
    block, runs of whitespace collapsed: what a reader sees from the headline down (a date sits
    in a byline's tail text as often as in a leaf). The walk stops once the text read holds
    `limit` characters collapsed: what follows cannot change them (a zone is often the whole
    `article` or `main`, and only its start is read)."""
    reader = _ZoneReader(doc, limit)
    try:
        reader.read(zone)
    except _Enough:
        pass
    return _SPACES.sub(" ", " ".join(reader.parts))[:limit]


class _Enough(Exception):
    """The zone's text read so far holds the characters asked for."""


class _ZoneReader:
    def __init__(self, doc: Document, limit: int) -> None:
        self.doc, self.limit = doc, limit
        self.parts: list[str] = []
        self.read_chars = 0  # of the parts joined by spaces
        self.check_at = limit  # collapsing only shortens: fewer read characters cannot hold `limit`

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.read_chars += len(text) + 1
        if self.read_chars >= self.check_at:
            held = len(_SPACES.sub(" ", " ".join(self.parts)))
            if held >= self.limit:
                raise _Enough
            # not before `limit - held` more characters can have been read; at the latest when
            # the read text has doubled, so that the collapsing costs no more than the reading
            self.check_at = max(self.read_chars + self.limit - held, 2 * self.read_chars)

    def read(self, el: etree._Element) -> None:
        tag = el.tag
        if not isinstance(tag, str) or tag in CHROME_TAGS or self.doc.is_hidden(el):
            return
        self.add(el.text or "")
        for child in el:
            self.read(child)
            self.add(child.tail or "")
        self.add("\n")
