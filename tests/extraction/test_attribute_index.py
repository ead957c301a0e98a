"""`Document.owners`, the attribute index, selects what the XPaths it replaced select."""

from __future__ import annotations

from lxml import etree

from extraction.document import xpath_words
from extraction.pubtimes import HEURISTIC_HINT, MODIFIED_TIME_ELEMENTS, PUBLISHED_TIME_ELEMENTS, _hinted_within
from extraction.text.layout import product_markup
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


def test_owners_within_an_element_select_what_its_relative_xpaths_select() -> None:
    """`within`: the element itself and those below it, whichever element it is (the last of
    the page, one without children, one whose subtree ends the page's)."""
    page = doc("", BODY)
    cases = [(("class", "id"), lambda v: "omment" in v or "published" in v,
              ".//@class[contains(., 'omment') or contains(., 'published')]"
              " | .//@id[contains(., 'omment') or contains(., 'published')]"),
             ("itemprop", None, ".//@itemprop"), (("hidden", "style", "itemtype"), None, ".//@hidden | .//@style | .//@itemtype")]
    for top in page.root.iter(etree.Element):
        for names, test, xpath in cases:
            assert page.owners(names, test, within=top) == attribute_owners(top, xpath), \
                (top.tag, xpath)


def test_a_zones_hinted_elements_are_its_walks() -> None:
    """The published time's zone: its `<time>`s and what `HEURISTIC_HINT` finds in a class, id
    or itemprop, as a walk of the zone asking each element finds them."""
    page = doc("", BODY + '<p class="meta">x</p><time>y</time>')

    def named(el: etree._Element) -> bool:
        return el.tag == "time" or any(HEURISTIC_HINT.search(el.get(a) or "") for a in ("class", "id", "itemprop"))
    for top in page.root.iter(etree.Element):
        assert _hinted_within(page, top) == [el for el in top.iter(etree.Element) if named(el)], top.tag
    assert len(_hinted_within(page, page.root)) >= 8


def test_product_markup_from_the_index() -> None:
    assert product_markup(doc("", '<div itemscope itemtype="https://schema.org/Product">A</div>'))
    assert not product_markup(doc("", BODY))
