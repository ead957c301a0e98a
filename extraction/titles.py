"""Title, in the spec's priority order: data layer, `cXenseParse:title`, `og:title`, `<title>`
unless it names the site's domain, then the first `<h1>` if the document title contains it.

Site-name suffixes ("Headline | Site") are stripped at every level, but only when the part
cut off is recognisably the site (its `og:site_name`, `application-name` or domain label), or,
for `<title>`, when the other part is exactly the page's first `<h1>`; a title whose parts are
all story ("Brexit: the deal - explained") is left whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin, urlsplit

import tldextract

from extraction.datalayer import composer_values
from extraction.document import Document
from extraction.found import Found, first_valid
from extraction.textutil import element_text, squash, strip_markup

META_KEYS = ("cxenseparse:title", "og:title")
"""Meta keys between the data layer and `<title>`, highest priority first."""

SITE_NAME_KEYS = ("og:site_name", "application-name", "apple-mobile-web-app-title")
"""Metas naming the site, used to recognise a site-name segment in a title."""

TITLE_SEPARATORS = re.compile(r"\s+(?:\||-|–|—|::|·|•|»|«|/)\s+|\s*\|\s*")
"""What sites put between headline and site name."""

MAX_SITE_NAME_WORDS = 4
"""A segment longer than this is story text even if it contains the site's name."""

MIN_SITE_NAME_CHARS = 4
"""Shorter names ("bt", "vg") match inside too many words to be looked for as substrings."""

_DOMAINS = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
"""The public-suffix snapshot shipped with tldextract; never fetched (extraction does no I/O)."""


def title(doc: Document) -> Found[str] | None:
    def candidates() -> Iterator[tuple[str, str]]:
        layer = composer_values(doc.page.datalayer).get("title")
        if isinstance(layer, str):
            yield "datalayer", layer
        for key in META_KEYS:
            for value in doc.meta_values(key):
                yield key, value

    found = first_valid("title", candidates(), lambda raw: strip_site_name(doc, strip_markup(raw)) or None).found
    return found or _from_title_tag(doc)


def registered_domain(url: str) -> str | None:
    """`www.foo.co.uk` -> `foo.co.uk`; None for IP addresses and single-label hosts."""
    parts = _DOMAINS(url)
    if not parts.suffix:
        return None
    return f"{parts.domain}.{parts.suffix}".lower()


def first_h1(doc: Document) -> str:
    """Text of the document's first `<h1>` (later ones never count), or ""."""
    h1 = next(iter(doc.root.iter("h1")), None)
    return element_text(h1) if h1 is not None else ""


def title_tag(doc: Document) -> str:
    el = doc.root.find(".//title")
    return squash(el.text_content()) if el is not None else ""


def strip_site_name(doc: Document, text: str) -> str:
    """`text` without leading or trailing segments that name the site."""
    segments = [s for s in TITLE_SEPARATORS.split(text) if s.strip()]
    if len(segments) < 2:
        return text
    names = _site_names(doc)
    kept = list(segments)
    while len(kept) > 1 and _names_site(kept[-1], names):
        kept.pop()
    while len(kept) > 1 and _names_site(kept[0], names):
        kept.pop(0)
    if kept == segments:
        return text
    return _rejoin(text, kept)


def _from_title_tag(doc: Document) -> Found[str] | None:
    text = title_tag(doc)
    h1 = first_h1(doc)
    domain = registered_domain(doc.url)
    names_domain = domain is not None and domain in text.lower()
    if text and not names_domain:
        segments = [s.strip() for s in TITLE_SEPARATORS.split(text)]
        if h1 and len(segments) > 1 and h1 in segments and _compact(h1) not in _site_names(doc):
            return Found(h1, "title")
        return Found(strip_site_name(doc, text), "title")
    if h1 and h1.casefold() in text.casefold():
        return Found(h1, "h1")
    return None


def site_name_keys_values(doc: Document) -> list[str]:
    """What the site's name metas (`og:site_name`, ...) say."""
    return [v for key in SITE_NAME_KEYS for v in doc.meta_values(key) if v.strip()]


def _site_names(doc: Document) -> set[str]:
    names = {_compact(v) for v in site_name_keys_values(doc)}
    names.update(_compact(text) for text in home_link_texts(doc))
    host = urlsplit(doc.url).hostname or ""
    parts = _DOMAINS(doc.url)
    names.update({_compact(parts.domain), _compact(host), _compact(registered_domain(doc.url) or "")})
    names.discard("")
    return names


def _names_site(segment: str, names: set[str]) -> bool:
    """The segment is the site's name, or a short phrase containing it ("Example News")."""
    compact = _compact(segment)
    if compact in names:
        return True
    short = len(segment.split()) <= MAX_SITE_NAME_WORDS
    return short and any(len(name) >= MIN_SITE_NAME_CHARS and name in compact for name in names)


def home_link_texts(doc: Document) -> list[str]:
    """Short texts of links to the site's home page: the site's name in its masthead (blogs put
    it in the first `<h1>`, which then is not the headline)."""
    out = []
    for link in doc.root.iter("a"):
        href = (link.get("href") or "").strip()
        if not href or urlsplit(urljoin(doc.url, href)).path not in ("", "/"):
            continue
        if urlsplit(urljoin(doc.url, href)).netloc != urlsplit(doc.url).netloc:
            continue
        text = element_text(link) or link.get("title", "")
        if text and len(text.split()) <= MAX_SITE_NAME_WORDS + 2:
            out.append(text)
    return out


def _compact(text: str) -> str:
    """Lower-case letters and digits only: "The Guardian" and "theguardian" compare equal."""
    return re.sub(r"[\W_]+", "", text.lower())


def _rejoin(text: str, kept: list[str]) -> str:
    """The original text from the first kept segment to the end of the last one (so inner
    separators the headline itself uses survive)."""
    start = text.find(kept[0])
    end = text.rfind(kept[-1]) + len(kept[-1])
    return text[start:end].strip() if 0 <= start < end else " ".join(kept)
