"""Visual copies of accessible labels: the same words twice, once for the eye, once for a screen reader.

A shop's card prints its price, its rating count or its delivery option in an element marked
`aria-hidden="true"` and says the same in a visually hidden sibling ("31" beside "4.5 out of 5
Stars. 31 reviews", "Now $449.00" beside "current price Now $449.00, Was $799.00"). A static
parse reads only the accessible label (it hides every `aria-hidden` element); with layout the
browser shows the visual copy too, and without the stylesheet that hides the label (the saved
pages carry none) both are read, the card's figures twice. An `aria-hidden` element whose words
all stand, in order, in a sibling the page does not hide is that sibling's visual copy and is
hidden with layout as well. Other `aria-hidden` elements keep the browser's word: a carousel's
next slide holds words of its own (tabs.py says why).
"""

from __future__ import annotations

from lxml import etree

from extraction.text.tokens import WORD
from extraction.textutil import text_of


def visual_copy(element: etree._Element) -> bool:
    """`element` is marked `aria-hidden="true"` and its words run, in order, inside the text of
    a sibling that is not: a visual copy of that sibling's accessible label."""
    if element.get("aria-hidden") != "true":
        return False
    parent = element.getparent()
    if parent is None:
        return False
    own = WORD.findall(text_of(element))
    if not own:
        return False
    for sibling in parent:
        if sibling is element or not isinstance(sibling.tag, str) or sibling.get("aria-hidden") == "true":
            continue
        if _runs_in(own, WORD.findall(text_of(sibling))):
            return True
    return False


def _runs_in(needle: list[str], haystack: list[str]) -> bool:
    """`needle` is a contiguous run of `haystack` (case aside)."""
    n = len(needle)
    if n > len(haystack):
        return False
    low = [w.lower() for w in needle]
    words = [w.lower() for w in haystack]
    return any(words[i:i + n] == low for i in range(len(words) - n + 1))

