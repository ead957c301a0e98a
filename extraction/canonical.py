"""Canonical URL: cXenseParse:url, <link rel=canonical>, og:url; resolved, http(s) only."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from extraction.document import Document
from extraction.found import Found


def canonical_url(doc: Document) -> Found[str] | None:
    candidates: list[tuple[str | None, str]] = [(doc.first_meta("cxenseparse:url"), "cxenseparse:url")]
    for link in doc.root.iter("link"):
        if "canonical" in (link.get("rel") or "").lower().split():
            candidates.append((link.get("href"), "link:canonical"))
            break
    candidates.append((doc.first_meta("og:url"), "og:url"))
    for value, source in candidates:
        if not value or not value.strip():
            continue
        resolved = urljoin(doc.url, value.strip())
        if urlsplit(resolved).scheme in ("http", "https"):
            return Found(resolved, source)
    return None
