"""Canonical URL: `cXenseParse:url`, `<link rel=canonical>`, `og:url`; resolved against the
page URL, and only http(s) accepted (a `javascript:` or `mailto:` value is a template bug)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urljoin, urlsplit

from extraction.document import Document
from extraction.found import Choice, Invalid, first_valid

PRIORITY = ("cxenseparse:url", "link:canonical", "og:url")
"""Sources highest first; `link:canonical` is the `<link rel="canonical">` element."""

ACCEPTED_SCHEMES = ("http", "https")


def canonical_url(doc: Document) -> Choice[str]:
    def candidates() -> Iterator[tuple[str, str]]:
        for source in PRIORITY:
            if source == "link:canonical":
                yield from ((source, href) for href in _canonical_links(doc))
            else:
                yield from ((source, value) for value in doc.meta_values(source))

    def convert(raw: str) -> str | Invalid | None:
        if not raw.strip():
            return None
        resolved = urljoin(doc.url, raw.strip())
        scheme = urlsplit(resolved).scheme
        if scheme not in ACCEPTED_SCHEMES:
            return Invalid(f"scheme {scheme!r} is not http(s)")
        return resolved

    return first_valid("canonical_url", candidates(), convert)


def _canonical_links(doc: Document) -> Iterator[str]:
    for link in doc.root.iter("link"):
        if "canonical" in (link.get("rel") or "").lower().split():
            yield link.get("href") or ""
