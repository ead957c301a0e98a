"""Canonical URL: cXenseParse:url, link rel=canonical, og:url; resolved; http(s) only."""

from __future__ import annotations

import pytest

from extraction.canonical import canonical_url
from tests.extraction.fieldpages import doc, meta

CX = meta("cXenseParse:url", "https://www.foo.com/onion/1.html")
LINK = '<link rel="canonical" href="https://www.foo.com/onion/2.html">'
OG = meta("og:url", "https://www.foo.com/onion/3.html", "property")


@pytest.mark.parametrize("head, expected, source", [
    (CX + LINK + OG, "https://www.foo.com/onion/1.html", "cxenseparse:url"),
    (LINK + OG, "https://www.foo.com/onion/2.html", "link:canonical"),
    (OG, "https://www.foo.com/onion/3.html", "og:url"),
    ('<link rel="canonical" href="/onion/4.html">', "https://www.example.com/onion/4.html", "link:canonical"),
    (meta("cXenseParse:url", "javascript:void(0)") + OG, "https://www.foo.com/onion/3.html", "og:url"),
    ('<link rel="Canonical" href="">' + OG, "https://www.foo.com/onion/3.html", "og:url"),
], ids=["cxenseparse", "link", "og", "relative-resolved", "non-http-falls-through", "empty-falls-through"])
def test_canonical_priority(head, expected, source):
    found = canonical_url(doc(head)).found
    assert (found.value, found.source) == (expected, source)


def test_non_http_canonical_is_rejected_with_reason():
    page_doc = doc('<link rel="canonical" href="mailto:desk@example.com">')
    choice = canonical_url(page_doc)
    assert choice.found is None
    assert "not http(s)" in choice.rejections[0].reason
