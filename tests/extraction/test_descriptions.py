"""Description and keywords: data layer, cXenseParse, og/news metas, plain metas."""

from __future__ import annotations

import pytest

from extraction.descriptions import MAX_KEYWORDS_CHARS, description, keywords
from tests.extraction.fieldpages import doc, meta

ALL_DESCRIPTIONS = (
    meta("cXenseParse:description", "cx")
    + meta("og:description", "og", "property")
    + meta("description", "plain")
)


@pytest.mark.parametrize("head, state, expected, source", [
    (ALL_DESCRIPTIONS, {"description": "layer"}, "layer", "datalayer"),
    (ALL_DESCRIPTIONS, {}, "cx", "cxenseparse:description"),
    (meta("og:description", "og", "property") + meta("description", "plain"), {}, "og", "og:description"),
    (meta("description", "plain"), {}, "plain", "description"),
    (meta("cXenseParse:description", "  ") + meta("description", "plain"), {}, "plain", "description"),
    (meta("description", "&lt;b&gt;Bold&lt;/b&gt; words"), {}, "Bold words", "description"),
], ids=["datalayer-wins", "cxenseparse-wins", "og-wins", "plain", "empty-falls-through", "html-stripped"])
def test_description_priority(head, state, expected, source):
    found = description(doc(head, state=state))
    assert (found.value, found.source) == (expected, source)


def test_no_description_is_none():
    assert description(doc()) is None


ALL_KEYWORDS = (
    meta("cXenseParse:keywords", "cx one, cx two")
    + meta("news_keywords", "news")
    + meta("keywords", "plain")
)


@pytest.mark.parametrize("head, state, expected, source", [
    (ALL_KEYWORDS, {"keywords": ["Layer A", "Layer B"]}, ("Layer A", "Layer B"), "datalayer"),
    (ALL_KEYWORDS, {}, ("cx one", "cx two"), "cxenseparse:keywords"),
    (meta("news_keywords", "news", "property") + meta("keywords", "plain"), {}, ("news",), "news_keywords"),
    (meta("keywords", "a, b;c,, a"), {}, ("a", "b", "c"), "keywords"),
    (meta("keywords", "a") + meta("keywords", "b"), {}, ("a", "b"), "keywords"),
    (meta("news_keywords", "x" * (MAX_KEYWORDS_CHARS + 1)) + meta("keywords", "short"), {}, ("short",), "keywords"),
    (meta("keywords", "&lt;i&gt;tagged&lt;/i&gt;, plain"), {}, ("tagged", "plain"), "keywords"),
], ids=["datalayer", "cxenseparse", "news", "split-dedupe", "several-metas", "overlong-falls-through", "html"])
def test_keywords_priority(head, state, expected, source):
    found = keywords(doc(head, state=state)).found
    assert (found.value, found.source) == (expected, source)


def test_overlong_keywords_are_recorded_as_rejected():
    page_doc = doc(meta("keywords", "x" * (MAX_KEYWORDS_CHARS + 1)))
    choice = keywords(page_doc)
    assert choice.found is None
    (rejected,) = choice.rejections
    assert rejected.field == "keywords" and "1024" in rejected.reason
