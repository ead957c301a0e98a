"""Title, in the spec's priority order: data layer, `cXenseParse:title`, `og:title`, `<title>`
unless it names the site's domain, then the first `<h1>` if the document title contains it.

Site-name suffixes ("Headline | Site") are stripped at every level, but only when the part
cut off is recognisably the site (its `og:site_name`, `application-name` or domain label), or,
for `<title>`, when the other part is exactly the page's first `<h1>`; a title whose parts are
all story ("Brexit: the deal - explained") is left whole.

Where the spec's rules leave a choice, the headline is preferred to the site's furniture:
- on the home page nothing is stripped: there the site's name is the page's title;
- a title meta that is only the site's name ("Mowbot"), on a page below the home page, names
  no document and falls through to the next level (it is used only if nothing else gives a
  title);
- `<title>` and the first `<h1>` share priority four: when the `<h1>` is a whole segment of the
  `<title>` ("Headline | Section | Site"), the `<h1>` is taken;
- `<h1>` is compared with the `<title>`'s segments ignoring case and punctuation, so
  "What's next?" matches a `<title>` segment "What's next";
- an `<h1>` that is the site's name ("pathfinder.net" in a blog's masthead) is not a title;
- when every rule comes up empty (a `<title>` naming the domain and no matching `<h1>`), the
  `<title>` without its site-name segments is used (the headline element instead when that
  `<title>` is a cut-off start of it), else the headline element, rather than no title.

Values are cleaned the way they would read on screen: markup pasted into a meta is removed
only when it is markup (an element that is closed: "<b>x</b>"; a lone "<br>" in "30 Years of
<br> Tags" is the story's words), Markdown emphasis leaking from a CMS ("*Title*", "## Title")
is dropped, and UTF-8 read as Latin-1 ("Investorâ\x80\x99s") is repaired.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from urllib.parse import SplitResult, urljoin, urlsplit

from extraction.datalayer import layer_then_metas
from extraction.document import Document
from extraction.found import Found, first_valid
from extraction.textutil import element_text, squash, strip_markup, text_of
from values.domains import split_url

META_KEYS = ("cxenseparse:title", "og:title")
"""Meta keys between the data layer and `<title>`, highest priority first."""

SITE_NAME_KEYS = ("og:site_name", "application-name", "apple-mobile-web-app-title")
"""Metas naming the site, used to recognise a site-name segment in a title."""

TITLE_SEPARATORS = re.compile(r"\s+(?:\||-|–|—|::|·|•|»|«|/)\s+|\s*\|\s*")
"""What sites put between headline and site name."""

MAX_SITE_NAME_WORDS = 4
"""A segment longer than this is story text even if it contains the site's name."""

DIGITS = re.compile(r"\d+")

TRUNCATION_MARKS = " .…"
"""What a cut-off `<title>` ends with ("... laptop, and k…")."""

MIN_SITE_NAME_CHARS = 4
"""Shorter names ("bt", "vg") match inside too many words to be looked for as substrings."""

CLOSED_ELEMENT = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>.*?</\1\s*>", re.DOTALL)
"""Real markup in a meta value: an element with its closing tag."""

MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+")
MARKDOWN_EMPHASIS = re.compile(r"^(\*{1,2}|_{1,2})(.+?)\1(.*)$")
"""Markdown a CMS leaked into the title: "## Title", "*Title* (1792)"."""

MOJIBAKE = re.compile(r"[ÂÃâ][\x80-\xbf]|â€")
"""UTF-8 bytes decoded as Latin-1/cp1252: "â\x80\x99" or "â€™" for "'"."""


def title(doc: Document) -> Found[str] | None:
    site_only: list[Found[str]] = []

    def convert(raw: str) -> str | None:
        text = clean_title(raw)
        return (text if _is_home_page(doc) else strip_site_name(doc, text)) or None

    for source, raw in title_candidates(doc):
        found = first_valid("title", [(source, raw)], convert).found
        if found is None:
            continue
        if only_site_name(doc, found.value):
            site_only.append(found)
            continue
        return found
    return _from_title_tag(doc) or _last_resort(doc) or (site_only[0] if site_only else None)


def title_candidates(doc: Document) -> Iterator[tuple[str, str]]:
    """The levels above `<title>`, highest priority first: data layer, then the title metas."""
    return layer_then_metas(doc, "title", META_KEYS)


def _is_home_page(doc: Document) -> bool:
    """The site's home page: its title is the site's name and tagline, nothing to strip."""
    parts = urlsplit(doc.url)
    return parts.path.strip("/") == "" and not parts.query


def only_site_name(doc: Document, text: str) -> bool:
    """The whole value is the site's name ("Mowbot" on mowbot.com) on a page below the
    home page: it names no document there (on the home page the site's name is its title)."""
    return not _is_home_page(doc) and _compact(text) in _site_names(doc)


def clean_title(raw: str) -> str:
    """A meta's title as a reader would see it (see the module docstring)."""
    text = _repair_mojibake(raw)
    text = strip_markup(text) if CLOSED_ELEMENT.search(text) else squash(html.unescape(text))
    text = MARKDOWN_HEADING.sub("", text)
    emphasis = MARKDOWN_EMPHASIS.fullmatch(text)
    if emphasis:
        text = f"{emphasis.group(2)}{emphasis.group(3)}"
    return text.strip()


def _repair_mojibake(text: str) -> str:
    if not MOJIBAKE.search(text):
        return text
    try:
        return text.encode("cp1252", errors="strict").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        try:
            return text.encode("latin-1").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return text


def _without_domain(doc: Document, text: str) -> str:
    """`text` without the site's domain written before or after it with no separator
    ("pathfinder.net Notes on Caching")."""
    domain = registered_domain(doc.url)
    if not domain:
        return text
    pattern = re.compile(rf"^(?:www\.)?{re.escape(domain)}\s+|\s+(?:www\.)?{re.escape(domain)}$", re.IGNORECASE)
    return pattern.sub("", text).strip() or text


def _last_resort(doc: Document) -> Found[str] | None:
    """No rule of the spec gave a title: the `<title>` without its site-name segments, else
    the headline element's text."""
    from extraction.headline import headline  # headline.py reads this module's site names

    head = headline(doc)
    head_text = element_text(head) if head is not None else ""
    text = title_tag(doc)
    stripped = _without_domain(doc, strip_site_name(doc, text)) if text else ""
    if stripped and not only_site_name(doc, stripped):
        cut = _compact(stripped.rstrip(TRUNCATION_MARKS))
        if head_text and _compact(head_text).startswith(cut) and len(_compact(head_text)) > len(cut):
            return Found(head_text, "headline")
        return Found(stripped, "title:site-name-stripped")
    if head_text:
        return Found(head_text, "headline")
    return None


def registered_domain(url: str) -> str | None:
    """`www.foo.co.uk` -> `foo.co.uk`; None for IP addresses and single-label hosts."""
    parts = split_url(url)
    if not parts.suffix:
        return None
    return f"{parts.domain}.{parts.suffix}".lower()


def first_h1(doc: Document) -> str:
    """Text of the document's first `<h1>` (later ones never count), or ""."""
    h1 = next(iter(doc.root.iter("h1")), None)
    return element_text(h1) if h1 is not None else ""


def title_tag(doc: Document) -> str:
    el = doc.root.find(".//title")
    return squash(text_of(el)) if el is not None else ""


def strip_site_name(doc: Document, text: str) -> str:
    """`text` without leading or trailing segments that name the site."""
    segments = [s for s in TITLE_SEPARATORS.split(text) if s.strip()]
    if len(segments) < 2:
        return text
    names = _site_names(doc)
    kept = list(segments)
    while len(kept) > 1 and _names_site(kept[-1], names, outermost=len(kept) == len(segments)):
        kept.pop()
    while len(kept) > 1 and _names_site(kept[0], names, outermost=kept[0] == segments[0]):
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
        if h1 and len(segments) > 1 and _compact(h1) not in _site_names(doc) \
                and any(_compact(h1) == _compact(s) for s in segments):
            return Found(h1, "title")
        return Found(strip_site_name(doc, text), "title")
    if h1 and h1.casefold() in text.casefold() and not only_site_name(doc, h1):
        return Found(h1, "h1")
    return None


def site_name_keys_values(doc: Document) -> list[str]:
    """What the site's name metas (`og:site_name`, ...) say."""
    return [v for key in SITE_NAME_KEYS for v in doc.meta_values(key) if v.strip()]


def _site_names(doc: Document) -> frozenset[str]:
    """The site's names, compacted: worked out once per document (a title is checked against
    them at several levels)."""
    return doc.derive("titles.site_names", _find_site_names)


def _find_site_names(doc: Document) -> frozenset[str]:
    names = {_compact(v) for v in site_name_keys_values(doc)}
    names.update(_compact(text) for text in home_link_texts(doc))
    host = urlsplit(doc.url).hostname or ""
    parts = split_url(doc.url)
    names.update({_compact(parts.domain), _compact(host), _compact(registered_domain(doc.url) or "")})
    names.discard("")
    return frozenset(names)


def _names_site(segment: str, names: frozenset[str], outermost: bool = True) -> bool:
    """The segment is the site's name, or (as the title's outermost segment) a short phrase
    containing it ("Example News") and no number the name lacks ("Weekly Signal #18" is an
    issue's title). Once the outermost segment is cut, the next one in must be the site's name
    itself: "recap 2025 - updates at OSSO - OSSO B.V" loses only its last segment."""
    compact = _compact(segment)
    if compact in names:
        return True
    if not outermost:
        return False
    short = len(segment.split()) <= MAX_SITE_NAME_WORDS
    return short and any(len(name) >= MIN_SITE_NAME_CHARS and name in compact
                         and not set(DIGITS.findall(compact)) - set(DIGITS.findall(name)) for name in names)


def home_link_texts(doc: Document) -> tuple[str, ...]:
    """Short texts of links to the site's home page: the site's name in its masthead (blogs put
    it in the first `<h1>`, which then is not the headline). Worked out once per document: the
    title and the headline both ask, and every link of the page is resolved to find them."""
    return doc.derive("titles.home_link_texts", _find_home_link_texts)


def _find_home_link_texts(doc: Document) -> tuple[str, ...]:
    """The texts of the page's links to its own home. The links are the `href` owners of the
    attribute index whose value may lead home (`_path_below_root` cannot tell it does not),
    each distinct value tested once (a menu's and a footer's links repeat), rather than every
    `<a>` of the tree read."""
    out = []
    here: str | None = None  # the page's host, split once the first link home needs it
    homeward: dict[str, bool] = {}
    targets: dict[str, SplitResult] = {}  # each href that may lead home resolved once

    def may_lead_home(value: str) -> bool:
        found = homeward.get(value)
        if found is None:
            href = value.strip()
            found = homeward[value] = bool(href) and not _path_below_root(href)
        return found

    for link in doc.owners("href", may_lead_home):
        if link.tag != "a":
            continue
        href = link.get("href", "").strip()
        target = targets.get(href)
        if target is None:
            target = targets[href] = urlsplit(urljoin(doc.url, href))
        if target.path not in ("", "/"):
            continue
        if here is None:
            here = urlsplit(doc.url).netloc
        if target.netloc != here:
            continue
        text = element_text(link) or link.get("title", "")
        if text and len(text.split()) <= MAX_SITE_NAME_WORDS + 2:
            out.append(text)
    return tuple(out)


_NOT_IN_A_NAME = ":;"
"""Characters that make `urljoin` read a link's last segment as more than a name: a scheme, parameters."""
_NOT_IN_A_PLAIN_LINK = "\t\r\n[]"
"""Characters that make `urlsplit` read a link otherwise: the ones it removes, a bracketed host.
`_path_below_root` tests each of these two sets' characters by `in`, written out (a search for one
character, in C): `frozenset.isdisjoint` of a string made a string of each of its characters."""


def _path_below_root(href: str) -> bool:
    """True when `href` resolves, against any page, to a path other than "" and "/", so it is
    no link home, without resolving it: its last path segment (one trailing slash aside) is a
    plain name `urljoin` keeps -- not a dot segment, not the host (`//host`, `https://host/`),
    free of what would make it a scheme or parameters. Nine links in ten on the WCXB pages
    are so, and resolving each took about a twentieth of the field functions' CPU; every other
    link is resolved as before. The head before the query or fragment is cut at the first "?",
    then at the first "#" of what is left: the first of the two either way."""
    head = href.partition("?")[0].partition("#")[0]
    before, _, last = head.removesuffix("/").rpartition("/")
    return (last not in ("", ".", "..") and not before.endswith("/") and head.isascii()
            and ":" not in last and ";" not in last  # _NOT_IN_A_NAME
            and "\t" not in head and "\r" not in head and "\n" not in head  # _NOT_IN_A_PLAIN_LINK
            and "[" not in head and "]" not in head)


def _compact(text: str) -> str:
    """Lower-case letters and digits only: "The Guardian" and "theguardian" compare equal."""
    return re.sub(r"[\W_]+", "", text.lower())


def _rejoin(text: str, kept: list[str]) -> str:
    """The original text from the first kept segment to the end of the last one (so inner
    separators the headline itself uses survive)."""
    start = text.find(kept[0])
    end = text.rfind(kept[-1]) + len(kept[-1])
    return text[start:end].strip() if 0 <= start < end else " ".join(kept)
