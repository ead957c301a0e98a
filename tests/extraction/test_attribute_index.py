"""`Document.owners`, the attribute index, selects what the XPaths it replaced select."""

from __future__ import annotations

from lxml import etree

from extraction.document import xpath_words
from extraction.pubtimes import MODIFIED_TIME_ELEMENTS, PUBLISHED_TIME_ELEMENTS
from extraction.text.tabs import controlled_panels
from tests.extraction.fieldpages import doc

BODY = (
    '<div class="comments-area" id="c1"><p class="vcard\u00a0author">A</p><p class=" author  vcard ">B</p>'
    '<a rel="author me" href="#comments">C</a><span rel="author">D</span><div id="Comment-2" class="x">E</div>'
    '<time class="entry published" datetime="2024-01-02">F</time><time pubdate datetime="">G</time>'
    '<time class="published">H</time><abbr title="2024-01-03" class="published\tdate">I</abbr>'
    '<meta itemprop="datePublished" content="2024-01-04"><span itemprop="datePublished">J</span>'
    '<span itemprop="dateModified" datetime="2024-01-05">K</span><b itemprop="author">L</b>'
    '<i itemprop="creator author">M</i><ul itemtype="https://schema.org/Comment" hidden>'
    '<li style="display:none" aria-hidden="true" class="reactie">N</li></ul></div>'
    '<button role="tab" id="t1" aria-controls="p0">O</button>'
    '<div role="tabpanel" aria-labelledby="t1" id="p1">P</div>'
)


def attribute_owners(root: etree._Element, path: str) -> list[etree._Element]:
    """The reference: the elements owning the attributes the XPath `path` selects, in document
    order, each once (an element's attributes come after it and before its children, so its
    repeats are adjacent)."""
    owners: list[etree._Element] = []
    for attribute in root.xpath(path):
        owner = attribute.getparent()
        if not owners or owners[-1] is not owner:
            owners.append(owner)
    return owners


def test_owners_select_what_the_xpaths_select() -> None:
    page = doc("", BODY)
    root = page.root
    cases = [
        (("class", "id"), lambda v: "omment" in v or "oment" in v or "eactie" in v,
         "//@class[contains(., 'omment') or contains(., 'oment') or contains(., 'eactie')]"
         " | //@id[contains(., 'omment') or contains(., 'oment') or contains(., 'eactie')]"),
        (("hidden", "aria-hidden", "style"), None, "//@hidden | //@aria-hidden | //@style"),
        ("itemtype", lambda v: "omment" in v, "//@itemtype[contains(., 'omment')]"),
        ("itemprop", lambda v: v in ("author", "creator"), "//@itemprop[. = 'author' or . = 'creator']"),
        ("class", lambda v: {"vcard", "author"}.issubset(xpath_words(v)),
         "//@class[contains(concat(' ', normalize-space(.), ' '), ' vcard ')]"
         "[contains(concat(' ', normalize-space(.), ' '), ' author ')]"),
    ]
    for names, test, xpath in cases:
        assert page.owners(names, test) == attribute_owners(root, xpath), xpath
    assert [el.text for el in page.owners("class", lambda v: {"vcard", "author"}.issubset(xpath_words(v)))] == ["B"]


def test_the_time_elements_are_what_their_xpaths_select() -> None:
    page = doc("", BODY)
    xpaths = {
        "time.published": "//time[contains(concat(' ', normalize-space(@class), ' '), ' published ')][@datetime]",
        "time[pubdate]": "//time[@pubdate][@datetime]",
        "itemprop:datePublished": "//@itemprop[. = 'datePublished']/parent::*[@datetime or @content]",
        "hatom:published": "//*[@title][contains(@class, 'published')]"
                           "[contains(concat(' ', normalize-space(@class), ' '), ' published ')]",
        "itemprop:dateModified": "//@itemprop[. = 'dateModified']/parent::*[@datetime or @content]",
    }
    for source, select in PUBLISHED_TIME_ELEMENTS + MODIFIED_TIME_ELEMENTS:
        found = select(page)
        assert found, source
        assert found == page.root.xpath(xpaths[source]), source


def test_words_split_at_xml_whitespace_only() -> None:
    assert xpath_words(" vcard\u00a0author \t fn\n") == ["vcard\u00a0author", "fn"]


def test_panels_from_the_index() -> None:
    assert controlled_panels(doc("", BODY)) == frozenset({"p0", "p1"})
