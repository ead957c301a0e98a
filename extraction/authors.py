"""Authors, in the spec's priority order: the Composer data layer, `cXenseParse:author`,
Piano's `content:authors`, the author metas, hAtom `.vcard.author .fn`, `rel="author"` links,
Google+ `?rel=author` links; then, past the spec's list, JSON-LD `author` (the article's
objects, then the page's), microdata `itemprop="author"`, the "Written by" label Yoast puts in
`twitter:label1`/`twitter:data1`, the visible byline (the one near the headline first) and
author metas outside the spec's list.

The first level that yields a person wins, with all its names: a byline of three people written
as three metas is three authors. Each raw value is split the way Piano's SDK splits it, and also
on "&" and on spaced "|" and "-" (a name with its site or job title after it). A level whose
names are all refused falls through to the next: job titles and roles ("Staff Reporter"),
organisations ("Example Media LLC", "Business desk", "The Acme Team"), the site's own brand
("Brightloan" on brightloan.com), login handles (`pat.morgan`), placeholders (`undefined`),
dates, category labels and link texts are not people. Roles, placeholders and the visible
byline's guesses are dropped for good; an organisation, the site or a handle that the
publisher *declared* as the author (data layer, metas, JSON-LD) is kept as the page's credit
only when no level names a person (`CREDITS`): a person anywhere below wins over it. A
person-shaped name that is also the site's name (a personal blog called "Jane Doe") is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from lxml import etree

from extraction import jsonld
from extraction.datalayer import composer_values
from extraction.document import Document, xpath_words
from extraction.found import Found
from extraction.headline import headline_zone
from extraction.textutil import element_lines, squash, strip_markup
from extraction.titles import MIN_SITE_NAME_CHARS, registered_domain, site_name_keys_values

META_KEYS = (
    "cxenseparse:author", "content:authors", "og:article:author", "article:author",
    "og:book:author", "book:author", "author", "dc.creator", "article.author",
)
"""Meta keys after the data layer, highest priority first."""



def _vcard_authors(doc: Document) -> list[etree._Element]:
    """`//*[contains(concat(' ', normalize-space(@class), ' '), ' vcard ')][... ' author ']`."""
    return doc.owners("class", lambda cls: "vcard" in cls and "author" in cls
                      and {"vcard", "author"}.issubset(xpath_words(cls)))


def _rel_authors(doc: Document) -> list[etree._Element]:
    """`//a[contains(concat(' ', normalize-space(@rel), ' '), ' author ')]`."""
    return [a for a in doc.owners("rel", lambda rel: "author" in rel and "author" in xpath_words(rel)) if a.tag == "a"]


def _google_plus_authors(doc: Document) -> list[etree._Element]:
    """`//a[contains(@href, 'plus.google.com/')][contains(@href, 'rel=author')]`."""
    return [a for a in doc.owners("href", lambda href: "plus.google.com/" in href and "rel=author" in href)
            if a.tag == "a"]


ELEMENT_LEVELS: tuple[tuple[str, Callable[[Document], list[etree._Element]], str | None], ...] = (
    ("hatom", _vcard_authors,
     "descendant::*[contains(@class, 'fn')][contains(concat(' ', normalize-space(@class), ' '), ' fn ')]"),
    ("rel=author", _rel_authors, None),
    ("google+", _google_plus_authors, None),
)
"""Markup in the body that names authors, after the metas, highest priority first: the elements
that mark them, in document order (from the document's attribute index, `Document.owners`: the
XPath each function's docstring gives, without a walk of the tree) and, for hAtom, the XPath of
the names inside each `vcard author` element. The class word test is preceded by a plain
substring test that every match passes, so the words are split only for the few values that
hold both."""

JOINING_WORDS = re.compile(r"\s+(?:and|und|og|&)\s+|\s*\n\s*|\s+[|/]\s+|\s+[-–—]\s+", re.IGNORECASE)
"""Words (English, German, Norwegian/Danish), "&", line breaks and spaced "|", "/" and dashes
that join two names, or a name and its site or job title ("Ana Ruiz | Fernleaf Studio");
they become a ";" before splitting (hyphenated names have no spaces round the hyphen)."""

SEPARATORS = re.compile(r"\s*[;,]\s*")
SUFFIX_COMMA = re.compile(r",\s*(?=(?:Jr|Sr)\b\.?)", re.IGNORECASE)
"""", Jr" and ", Sr" belong to the name, so that comma must survive splitting."""
CREDENTIAL_COMMA = re.compile(r",\s*(?=(?:[A-Z]{2,5}|M\.D|Ph\.D|D\.O|R\.N)\.?(?:\s*\([^)]*\))?\s*(?:[,;]|$))")
"""", MD", ", MS, RD", ", CFP": post-nominal letters after a name stay with it ("Maria Lopez,
MS, RD" is one person), like ", Jr"."""
CREDENTIAL_STOP = re.compile(r"(?<=[A-Z]{2})\.$")
"""The sentence's full stop after a final credential ("Sam Carter, DVM.")."""
_KEPT_COMMA = "\x00"

BY_PREFIX = re.compile(
    r"^(?:(?:this|the)\s+)?(?:(?:article|post|story|piece|guide|review|text|words)\s+)?(?:(?:was|is)\s+)?"
    r"(?:(?:written|posted|text|words|story|reported|authored|created|compiled|published|recipe|photos?|video)\s+)?"
    r"(?:by|von|av|af|par|por|door)\s*:?\s+(?=\S+\s+\S|\S+$)"
    r"|^(?:authors?|autor(?:in|en)?|auteur|forfatter|written by|authored by)\s*:\s*", re.IGNORECASE)
"""Byline words in front of a name (en, de, no/sv, da, fr, es, nl: "By", "This post was written
by", "Author:"), stripped only when at least two words follow "by", so surnames like "Von
Trier" survive."""

URL_OR_EMAIL = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\S+", re.IGNORECASE)

NOT_THE_AUTHOR = re.compile(r"(?:updated|reviewed|medically reviewed|fact[- ]checked|edited|illustrated|photos?|"
                            r"photographed|translated|additional reporting)\s+(?:by\b|:)", re.IGNORECASE)
"""Credits for someone other than the writer: the editor, the reviewer, the photographer."""

NAME_PADDING = " :|-–—·,"
"""Punctuation around a name left over from the byline layout (a final "." may be "Jr.")."""

MAX_NAME_CHARS = 100
"""A longer "name" is a sentence or a bio pasted into the markup."""


BYLINE_WORDS_IN_NAMES = ("byline", "author")
"""Last resort, after every level the spec names: the visible byline of the article, an element
whose class or id holds one of these (any case) outside footers, asides, navigation and
comment sections (`_byline_candidates`; the class test is refined by `BYLINE_CLASS`)."""
_BYLINE_WORD = re.compile("|".join(map(re.escape, BYLINE_WORDS_IN_NAMES)))
BYLINE_OUTSIDE_TAGS = frozenset({"footer", "aside", "nav"})

BYLINE_CLASS = re.compile(r"byline|(?<![a-z])(?:author|authors|author_?name|authorname|writer)(?![a-z])"
                          r"|(?<![a-z])(?:post|entry|article|blog|meta)-?author", re.IGNORECASE)
"""A class or id that names a byline: "byline", "post-author", "author__name", but not
"authorities" or "coauthoring-tools" (a menu on a legal-aid site is not a byline)."""

MICRODATA_PROPS = ("author", "creator")
"""schema.org microdata authors (the elements whose `itemprop` is one of these, `Document.owners`):
the element, or its `itemprop="name"` inside."""

WRITTEN_BY_LABELS = frozenset({
    "written by", "author", "authors", "by", "geschrieben von", "verfasst von", "autor", "skrevet av",
    "écrit par", "escrito por", "door", "auteur",
})
"""`twitter:labelN` values (folded) that make `twitter:dataN` the author: WordPress SEO
plugins emit "Written by" / "Jane Doe" for every post."""

PAGE_TYPES = frozenset({"WebPage", "ItemPage", "AboutPage", "CollectionPage", "ProfilePage", "QAPage",
                        "FAQPage", "MedicalWebPage", "CreativeWork", "HowTo", "Recipe", "Blog"})
"""JSON-LD objects whose `author` is the page's author when no article object names one
(a `WebPage` often carries it while the article object is absent)."""

COMMENT_MARK = re.compile(r"comment|respon[sd]|reply|disqus", re.IGNORECASE)
"""Class or id words of the reader-comment section."""

MAX_BYLINE_CHARS = 150
"""A longer "byline" is an author bio box or a comment."""

BYLINE_END = re.compile(
    r"\s*(?:[|·•—–]|\s-\s|\b(?:posted|published|updated|publisert|oppdatert|veröffentlicht|aktualisiert|"
    r"publié|publicado|on|am|le|den|last\s+(?:updated|modified|reviewed|edited)|(?:medically\s+|fact[- ])?"
    r"(?:reviewed|checked|edited|illustrated|photographed)\s+by|in|at|for|from)\b"
    r"|\d{1,4}[./-]\d{1,2}|\d{1,2}\.?\s+\w+\s+\d{4}"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
    r"|\b\d+\s*(?:min|minute|minutes)\b).*$",
    re.IGNORECASE | re.DOTALL)
"""Where a byline stops naming people: a separator, a date (also "December 17" without its
year), a reading time, a reviewer or editor credit ("Medically reviewed by"), or the word that
introduces a date, a place or a desk ("on", "in", "for")."""

LISTING_LINK = re.compile(r"/(?:category|categories|tags?|topics?|sections?|kategorie|rubrik|emne)/", re.IGNORECASE)
"""Link paths of category and tag pages."""

BYLINE_SEGMENTS = re.compile(r"\s*(?:[|·•]|\s[-–—]\s)\s*")
"""Separators between the parts of a byline ("Dec. 19, 2025 · Ola Berg"): each part is
read in turn and the first that names someone is the byline's."""

NAME_PARTICLES = frozenset({
    "van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "das", "du", "la", "le", "ter", "ten",
    "bin", "binti", "al", "el", "y", "e", "zu", "af", "av", "st.",
})
"""Lower-case words inside names ("Anke van der Berg"): a visible byline name is otherwise
capitalised word by word."""

MAX_BYLINE_NAME_WORDS = 5
"""A visible "name" with more words is a sentence ("Personal finance tips for ...")."""

ORGANISATION_WORDS = frozenset({
    "llc", "inc", "inc.", "ltd", "ltd.", "gmbh", "corp", "corp.", "corporation", "plc", "ag", "sa", "team",
    "staff", "desk", "newsroom", "editors", "editorial", "redaktion", "redaksjonen", "media", "news", "press",
    "magazine", "foundation", "association", "institute", "university", "department", "agency", "group",
    "network", "society", "company", "services", "solutions", "studio", "studios", "blog", "contributor",
    "contributors", "tips", "insights", "marketing", "support", "official",
})
"""A word that makes a name an organisation, a desk or a generic account ("Acme Team",
"Business desk", "Acme Blog Contributor"), never a person."""

ORGANISATION = "an organisation or a desk"
SITE_NAME = "the site's name"
HANDLE_NAME = "a login handle"
CREDITS = frozenset({ORGANISATION, SITE_NAME, HANDLE_NAME})
"""Refusals that still credit someone: an organisation, the site or an account handle named
as the author is not a person's name, so any person a lower level names wins, but when nobody
is named the page's own credit is kept (the publisher or the account wrote it) rather than
nothing."""

CREDIT_SOURCES = frozenset({"datalayer", *META_KEYS, "jsonld", "twitter:data"})
"""Where such a credit is taken from: values the publisher declared as the author, not the
visible byline's guesses (a desk label, a category) nor reader-facing widgets."""

PLACEHOLDERS = frozenset({"undefined", "null", "none", "unknown", "nan", "false", "true", "name", "author name"})
"""Template values written where the CMS had no author."""

HANDLE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
"""A single lower-case token (`pat.morgan`, `xyzwriter01`): a CMS login name in a meta or
JSON-LD, not the name the article shows."""

INITIALS = re.compile(r"^[A-Z]{1,5}\.?$")
""""CM", "RN", "MD": an avatar's initials or a credential after a comma, not a name."""

SOURCES_TRUSTED_AS_TYPED = frozenset({"byline"})
"""Sources whose names are what a reader sees: a lower-case single word there is shown as the
author's name (handles are refused only in metas and JSON-LD)."""

ROLE_WORDS = frozenset({
    "staff", "reporter", "writer", "correspondent", "editor", "journalist", "photographer", "contributor",
    "columnist", "redakteur", "redakteurin", "journalistin", "fotograf", "journalisten", "redaksjonen",
    "admin", "administrator", "webmaster", "guest", "author", "team", "editorial", "content", "ai",
    "founder", "co-founder", "cofounder", "ceo", "cto", "cfo", "coo", "head", "lead", "expert", "reviewer",
    "director", "manager", "consultant", "specialist", "strategist", "analyst", "officer", "president",
    "chief", "senior", "sr.", "certified", "dietitian", "nutritionist", "gardener", "winemaker", "owner",
    "designer", "developer", "engineer", "researcher", "scientist", "professor", "intern", "freelance",
    "freelancer", "blogger", "host", "producer", "narrator", "illustrator",
})
"""A name made only of these words is a job title or an account role ("Staff Reporter",
"admin"), not a person; in a visible byline, a part holding any of them is the job title
after the name ("Erik Holm, Founder & Lead Reviewer")."""

BYLINE_WORDS = frozenset({"by", "written", "posted", "text", "words", "von", "av", "af", "par", "por", "door"})
"""Words that introduce a byline; left alone ("Written by") they name nobody."""

NOT_A_NAME = re.compile(r"»|›|^more (?:about|from|by)\b|^(?:view|see|read) (?:all|more|full)\b|^(?:full )?bio$"
                        r"|^about (?:the )?author", re.IGNORECASE)
"""Link texts next to an author's name ("More about X »", "View all posts")."""

STANDALONE_NUMBER = re.compile(r"(?<!\w)\d+(?!\w)")
"""A number on its own ("March 17", "5 min read") is a date or a count beside the name."""

OTHER_AUTHOR_KEY = re.compile(r"(?:^|[.:_-])author$")
"""Author metas outside the spec's list (`sailthru.author`, `parsely-author`), read last."""

APP_META_PREFIXES = ("smartbanner:", "apple-itunes", "google-play")
"""Metas about the site's mobile app: their author is the app's publisher."""


def authors(doc: Document) -> Found[tuple[str, ...]] | None:
    """The page's authors, read once per document: the main text asks for them too."""
    return doc.derive("authors", _authors)


def _authors(doc: Document) -> Found[tuple[str, ...]] | None:
    site = site_names(doc)
    fallback: Found[tuple[str, ...]] | None = None
    for source, raw_values in _levels(doc):
        names = list(_dedupe(n for raw, sep in raw_values for n in split_names(raw, sep)))
        people = [n for n in names if refusal(n, source, site, alone=len(names) == 1) is None]
        if people:
            return Found(tuple(people), source)
        credited = [n for n in names if refusal(n, source, site, alone=len(names) == 1) in CREDITS]
        if fallback is None and credited and source in CREDIT_SOURCES:
            fallback = Found(tuple(credited), source)
    return fallback


def is_person(name: str) -> bool:
    """Not a job title or account role alone ("Staff", "Administrator"), not a date or a
    "more about" link, not an organisation or a placeholder: the checks that need no page."""
    return _generic_refusal(name) is None


def refusal(name: str, source: str, site: set[str], alone: bool = True) -> str | None:
    """Why `name`, read from `source`, is not a person (None: it is one). `site` is
    `site_names(doc)`: a brand-like name that is the site's own is the publisher, while a
    person-shaped one (a personal blog named after its author) is kept when it is the level's
    only name (`alone`): next to a person's name it is the employer ("Jane Doe - Example News")."""
    reason = _generic_refusal(name)
    if reason:
        return reason
    if source not in SOURCES_TRUSTED_AS_TYPED and HANDLE.match(name) and " " not in name:
        return HANDLE_NAME
    if _is_site_name(name, site) and (not alone or not _person_shaped(name)):
        return SITE_NAME
    if source == "byline" and not _person_shaped(name) and not _single_capitalised(name):
        return "not shaped like a name"
    return None


def _generic_refusal(name: str) -> str | None:
    words = name.casefold().split()
    if not words or set(words) <= ROLE_WORDS | BYLINE_WORDS:
        return "a job title or role"
    if name.casefold() in PLACEHOLDERS:
        return "a placeholder"
    if STANDALONE_NUMBER.search(name) or NOT_A_NAME.search(name):
        return "a date, a count or a link text"
    if set(words) & ORGANISATION_WORDS or words[0] == "the":
        return ORGANISATION
    if INITIALS.match(name):
        return "initials or a credential"
    return None


def site_names(doc: Document) -> set[str]:
    """The site's names, compacted: its `og:site_name` (and kin), its domain's label and
    registered domain (`brightloan`, `brightloan.com`)."""
    names = {_compact(v) for v in site_name_keys_values(doc)}
    domain = registered_domain(doc.url)
    if domain:
        names |= {_compact(domain), _compact(domain.split(".")[0])}
    names.discard("")
    return names


def _is_site_name(name: str, site: set[str]) -> bool:
    compact = _compact(name)
    if not compact:
        return False
    return any(compact == s or (len(s) >= MIN_SITE_NAME_CHARS and (s in compact or compact in s)) for s in site)


def _person_shaped(name: str) -> bool:
    """Two to `MAX_BYLINE_NAME_WORDS` words, each capitalised (or a particle like "van", or an
    initial), no organisation word; a name in a script without case passes."""
    words = name.split()
    if not 2 <= len(words) <= MAX_BYLINE_NAME_WORDS:
        return False
    if not any(c.isalpha() and (c.isupper() or c.islower()) for c in name):
        return True
    return all(_capitalised(w) or w.casefold() in NAME_PARTICLES for w in words)


def _single_capitalised(name: str) -> bool:
    """One capitalised word ("Stefan"): bloggers sign with a first name."""
    return " " not in name and _capitalised(name)


def _capitalised(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and letters[0].isupper()


def _compact(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def split_names(raw: str, separator: str | None = None) -> list[str]:
    """One raw author value as cleaned names: on `separator` when the page gave one, else on
    "," and ";" after joining words and line breaks became ";"."""
    if separator:
        parts = raw.split(separator)
    else:
        text = JOINING_WORDS.sub(";", raw)
        text = SUFFIX_COMMA.sub(_KEPT_COMMA, text)
        text = CREDENTIAL_COMMA.sub(_KEPT_COMMA, text)
        parts = [p.replace(_KEPT_COMMA, ", ") for p in SEPARATORS.split(text)]
    return [name for name in (clean_name(p) for p in parts) if name]


MARKUP_OR_ADDRESS_MARKS = ("<", "&", "@", "://", "w.", "W.")
"""What a text holds wherever `strip_markup` or `URL_OR_EMAIL` may take something out of it (a
tag, an entity, an address, `www.`, which the flag matches in no other letters): a text holding
none of them is only squashed. `clean_name` is asked of every paragraph above an author's note
(rules/author_note.py), long and plain, and scanning each for markup and addresses cost most of
its time."""


def clean_name(raw: str) -> str:
    """"By Jane Doe", "jane@x.com", "https://x.com/jane" and padding cleaned off a name."""
    if any(mark in raw for mark in MARKUP_OR_ADDRESS_MARKS):
        text = squash(URL_OR_EMAIL.sub(" ", strip_markup(raw))).strip(NAME_PADDING)
    else:
        text = squash(raw).strip(NAME_PADDING)
    if NOT_THE_AUTHOR.match(text):
        return ""
    prefix = BY_PREFIX.match(text)  # anchored: `sub` would try every position for the one match
    if prefix is not None:
        text = text[prefix.end():]
    text = text.strip(NAME_PADDING)
    if text.endswith("."):  # CREDENTIAL_STOP ends with the stop, and a squashed text has no final line break
        text = CREDENTIAL_STOP.sub("", text)
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
    for source, owners, inner in ELEMENT_LEVELS:
        yield source, [("\n".join(element_lines(el)), None) for el in _marked(doc, owners, inner)
                       if not doc.is_hidden(el) and not _in_comments(el)]
    for obj in jsonld.articles(doc):
        yield "jsonld", [(name, None) for name in jsonld.person_names(doc, obj.get("author"))]
    for obj in doc.jsonld:
        if not jsonld.is_article(obj) and set(jsonld.types_of(obj)) & PAGE_TYPES:
            yield "jsonld", [(name, None) for name in jsonld.person_names(doc, obj.get("author"))]
    yield "microdata", [(text, None) for text in _microdata(doc)]
    yield "twitter:data", [(value, None) for value in _twitter_written_by(doc)]
    yield "byline", [(text, ";") for text in _byline(doc)]
    for meta in doc.metas:
        if OTHER_AUTHOR_KEY.search(meta.key) and meta.key not in META_KEYS and not meta.key.startswith(APP_META_PREFIXES):
            yield f"meta:{meta.key}", [(meta.content, None)]


def _marked(doc: Document, owners: Callable[[Document], list[etree._Element]],
            inner: str | None) -> list[etree._Element]:
    """The elements `owners` selects, or (with `inner`) the elements
    `inner` selects below them: in document order, each once, as one XPath `//*[...]//*[...]`
    would give them. An owner inside another adds nothing its outer one did not, so only the
    outermost are read, and their subtrees follow each other in document order."""
    marked = owners(doc)
    if inner is None:
        return marked
    outermost: list[etree._Element] = []
    for el in marked:
        if not outermost or not any(a is outermost[-1] for a in el.iterancestors()):
            outermost.append(el)
    return [found for el in outermost for found in el.xpath(inner)]


def _microdata(doc: Document) -> list[str]:
    """`itemprop="author"` elements outside reader comments, of the first item that has any
    (the article's; later items are teasers of other stories): their `itemprop="name"`, a
    `content` attribute, or their text."""
    out = []
    owner: etree._Element | None = None
    for el in doc.owners("itemprop", lambda prop: prop in MICRODATA_PROPS):
        item = next((a for a in el.iterancestors() if a.get("itemscope") is not None), None)
        if owner is not None and item is not owner:
            continue
        if el.tag in ("meta", "link"):
            text = el.get("content", "")
        elif doc.is_hidden(el) or _in_comments(el):
            continue
        else:
            named = el.xpath(".//*[@itemprop='name']")
            source = named[0] if named else el
            text = source.get("content") or " ".join(element_lines(source))
        if text and len(text) <= MAX_BYLINE_CHARS:
            out.append(text)
            owner = item
    return out


def _twitter_written_by(doc: Document) -> list[str]:
    """`twitter:dataN` whose `twitter:labelN` says "Written by"."""
    labels = {m.key.removeprefix("twitter:label"): m.content for m in doc.metas if m.key.startswith("twitter:label")}
    return [m.content for m in doc.metas if m.key.startswith("twitter:data")
            and labels.get(m.key.removeprefix("twitter:data"), "").strip().casefold() in WRITTEN_BY_LABELS]


def _byline(doc: Document) -> list[str]:
    """The visible byline: the first one inside the headline's block, else the first on the
    page; cut where it stops naming people, job titles dropped. When bylines nest ("byline"
    box, "author" spans), the innermost ones sharing a parent are read: one per author. Each
    leaf's parts (split at "|", "·", spaced dashes) are read in turn and the first naming
    someone counts, so a date before the name does not hide it."""
    matches = [el for el in _byline_candidates(doc)
               if el.tag not in ("meta", "link", "body", "article", "main", "img", "script", "style")
               and BYLINE_CLASS.search(f"{el.get('class', '')} {el.get('id', '')}") and not doc.is_hidden(el)]
    matched = set(matches)
    leaves = [el for el in matches if not any(d in matched for d in el.iterdescendants())]
    zone = headline_zone(doc)
    near = [el for el in leaves if zone is not None and any(a is zone for a in el.iterancestors())]
    site = site_names(doc)
    for first in near + [el for el in leaves if el not in near]:
        group = [el for el in leaves if el.getparent() is first.getparent()]
        names: list[str] = []
        for el in group:
            text = "\n".join(element_lines(el))
            if not text or len(text) > MAX_BYLINE_CHARS or _links_to_a_listing(el):
                continue
            names += _byline_names(text, site)
        if names:
            return [";".join(_dedupe(iter(names)))]
    return []


def _byline_candidates(doc: Document) -> list[etree._Element]:
    """Elements whose class or id names a byline or an author (`BYLINE_WORDS_IN_NAMES`), in
    document order, outside footers, asides, navigation and comment sections (a class or id
    holding "comment", as written, on the element or above it): from the document's attribute
    index (`Document.owners`), each distinct value (`Document.values`) searched once, and the
    owners of those that name one selected by set membership, none read on a page where no value
    does (a walk of every element reading both attributes cost 0.76 ms a page; the XPath before it
    lower-cased each class and id with `translate`, slower still). Neither word holds a space, so a
    search of the class and the id apart finds what a search of the two joined found. `str.lower`
    finds the same words: the only characters it lowers into ASCII are U+0130 (to "i" and a
    combining dot, which no "byline" holds) and the Kelvin sign (to "k")."""
    out = []
    for el in doc.named(lambda value: _BYLINE_WORD.search(value.lower()) is not None):
        if any(a.tag in BYLINE_OUTSIDE_TAGS for a in el.iterancestors()):
            continue
        if any("comment" in (a.get("class") or "") or "comment" in (a.get("id") or "")
               for a in (el, *el.iterancestors())):
            continue
        out.append(el)
    return out


def _byline_names(text: str, site: set[str]) -> list[str]:
    """The people one byline element names: its first part that names anyone. A single word
    counts only after "By" (a byline signed "By Laura"); alone it is a category label
    ("Lifestyle")."""
    for part in BYLINE_SEGMENTS.split(text):
        squashed = squash(part).strip(NAME_PADDING)
        cleaned = BY_PREFIX.sub("", squashed)
        introduced = cleaned != squashed
        names = [n for n in split_names(BYLINE_END.sub("", cleaned))
                 if not set(n.casefold().split()) & ROLE_WORDS and refusal(n, "byline", site) is None
                 and (introduced or " " in n)]
        if names:
            return names
    return []


def _links_to_a_listing(el: etree._Element) -> bool:
    """The byline element is (or holds only) a link to a category or tag page: a section
    label styled like a byline, not an author."""
    links = [el] if el.tag == "a" else list(el.iter("a"))
    hrefs = [a.get("href") or "" for a in links]
    return bool(hrefs) and all(LISTING_LINK.search(h) for h in hrefs)


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
