"""Links a page points to on its own site: how the demo (and a seed crawl) finds articles."""

from __future__ import annotations

from urllib.parse import urldefrag, urljoin, urlsplit

import lxml.html

from values.rendered import RenderedPage


def same_site_links(page: RenderedPage) -> tuple[str, ...]:
    """Absolute http(s) URLs of `<a href>`s on the page's host, in document order, once each."""
    root = lxml.html.document_fromstring(page.html or "<html></html>")
    host = urlsplit(page.final_url).netloc
    found: dict[str, None] = {}
    for anchor in root.iter("a"):
        href = (anchor.get("href") or "").strip()
        if not href:
            continue
        url, _ = urldefrag(urljoin(page.final_url, href))
        parts = urlsplit(url)
        if parts.scheme in ("http", "https") and parts.netloc == host and url != page.final_url:
            found[url] = None
    return tuple(found)
