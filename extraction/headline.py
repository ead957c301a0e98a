"""The article's headline element, for the fields that look near it (the visible date, the
byline): the first visible `<h1>` that is not the site's name (nor a bare number or a label),
one outside the site's masthead first, else the first `<h2>` of the `article`/`main`
container (of the body, when the page has neither) that is not a link to another page (a
teaser). Blogs put the site's name in the masthead's `<h1>` and the story's title in an `<h2>`;
the spec's title rule still reads the first `<h1>` alone (`titles.py`), this only says where
the story starts."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from lxml.html import HtmlElement

from extraction.document import Document
from extraction.textutil import element_text, text_of
from extraction.titles import home_link_texts, registered_domain, site_name_keys_values
from extraction.zones import ARTICLE_CONTAINERS, under_tag_within

MASTHEAD_TAGS = frozenset({"header", "nav"})
"""An `<h2>` inside these is a menu or masthead label, not the story's title."""

MIN_HEADLINE_CHARS = 8
"""A shorter heading is a label ("Menu", "Search"), not a story's title: a longer `<h1>` after
it is preferred, and an `<h2>` must be at least this long."""

MIN_ZONE_CHARS = 400
"""Text a headline's block holds once it reaches the byline and the first paragraph."""


def headline(doc: Document) -> HtmlElement | None:
    """Worked out once per document: the date, the byline and the title's last resort all
    look near it."""
    return doc.derive("headline", _find_headline)


def _find_headline(doc: Document) -> HtmlElement | None:
    home = {_compact(t) for t in home_link_texts(doc)}  # once: every <h1> is checked against them
    names = _site_names(doc, home)
    h1s = [h1 for h1 in doc.root.iter("h1") if _letters(element_text(h1)) and not doc.is_hidden(h1)
           and _compact(element_text(h1)) not in names and not _links_home(h1, home)]
    full = [h1 for h1 in h1s if len(element_text(h1)) >= MIN_HEADLINE_CHARS]
    outside_masthead = [h1 for h1 in full if not _in_site_masthead(h1)]
    if outside_masthead or full or h1s:
        return (outside_masthead or full or h1s)[0]
    body = doc.root.find("body")
    containers = list(doc.root.iter(*ARTICLE_CONTAINERS)) or ([body] if body is not None else [])
    for container in containers:
        for h2 in container.iter("h2"):
            text = element_text(h2)
            if len(text) >= MIN_HEADLINE_CHARS and not doc.is_hidden(h2) and not under_tag_within(h2, container, MASTHEAD_TAGS) \
                    and not _links_elsewhere(doc, h2):
                return h2
    return None


def headline_zone(doc: Document) -> HtmlElement | None:
    """The nearest `article`/`main` around the headline, else its smallest ancestor holding
    `MIN_ZONE_CHARS` of text (the headline's block with the byline and date beside it: page
    builders wrap a headline in several tiny boxes; a `header` is never the zone, the byline
    sits beside it); None without a headline. Worked out once per document (the date and the
    byline both read it)."""
    return doc.derive("headline_zone", _find_headline_zone)


def _find_headline_zone(doc: Document) -> HtmlElement | None:
    head = headline(doc)
    if head is None:
        return None
    for ancestor in head.iterancestors():
        if ancestor.tag in ARTICLE_CONTAINERS:
            return ancestor
    zone = head.getparent()
    for ancestor in head.iterancestors():
        if ancestor.tag in ("html", "body"):
            break
        zone = ancestor
        if ancestor.tag not in MASTHEAD_TAGS and len(text_of(ancestor)) >= MIN_ZONE_CHARS:
            break
    return zone


def _site_names(doc: Document, home: set[str]) -> set[str]:
    """`home`: the compacted texts of the links to the home page (`home_link_texts`)."""
    names = home | {_compact(v) for v in site_name_keys_values(doc)}
    domain = registered_domain(doc.url)
    if domain:
        names.add(_compact(domain))
    names.discard("")
    return names


def _links_home(el: HtmlElement, home: set[str]) -> bool:
    """The heading is (or wraps) a link to the site's home page (`home`: the compacted texts of
    such links): a masthead."""
    links = [a for a in el.iter("a")] + [a for a in el.iterancestors("a")]
    return any(_compact(element_text(a)) in home for a in links if element_text(a))


def _links_elsewhere(doc: Document, el: HtmlElement) -> bool:
    """A heading linking to another page is a teaser on a list, not a headline (a permalink
    to the page itself is a blog's headline)."""
    here = _bare(doc.url)
    links = list(el.iter("a")) + list(el.iterancestors("a"))
    return any(_bare(urljoin(doc.url, a.get("href") or "")) != here for a in links)


def _bare(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.netloc.lower().removeprefix('www.')}{parts.path.rstrip('/')}"


def _letters(text: str) -> bool:
    return any(c.isalpha() for c in text)


def _in_site_masthead(el: HtmlElement) -> bool:
    """Inside a `header`/`nav` that no `article`/`main` contains: the site's masthead (an
    article's own `<header>` sits inside the article, however deep: `article > figure > header
    > h1` is the story's headline)."""
    ancestors = list(el.iterancestors())
    return any(ancestor.tag in MASTHEAD_TAGS
               and not any(outer.tag in ARTICLE_CONTAINERS for outer in ancestors[i + 1:])
               for i, ancestor in enumerate(ancestors))


def _compact(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())
