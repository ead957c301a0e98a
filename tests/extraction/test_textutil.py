"""`textutil.text_of`: an element's text as `itertext` and `text_content` give it, in one libxml2 call."""

from __future__ import annotations

import pytest

from extraction.textutil import text_of
from tests.extraction.text.helpers import page

MARKUP = ("<div id='d'>one <!-- a comment --><b>two</b><?pi an instruction?> three &amp; &nosuchentity; "
          "<script>if (a < b) go();</script><span><i>four</i>five</span><svg><text>six</text></svg></div>"
          "<p id='tail'>seven</p> after")


@pytest.mark.parametrize("path", ["//div[@id='d']", "//b", "//span", "//p[@id='tail']", "//body", "//script"])
def test_text_of_is_every_text_node_of_the_subtree_without_the_tail(path: str):
    element = page(MARKUP).root.xpath(path)[0]
    assert text_of(element) == "".join(element.itertext()) == element.text_content()


def test_text_of_keeps_a_comments_and_an_instructions_tails_not_their_text():
    element = page(MARKUP).root.xpath("//div[@id='d']")[0]
    assert text_of(element).startswith("one two three & &nosuchentity; if (a < b) go();fourfive")
    assert "comment" not in text_of(element) and "instruction" not in text_of(element)
