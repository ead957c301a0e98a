"""The corpus's pages and what a crawl of one reports (shared by the hostile tests)."""

from __future__ import annotations

from dataclasses import dataclass

from scheduler.worker import Crawled

ARTICLE = ("<h1>A quiet harbour</h1>" + "<p>The harbour reopened after a long winter of repairs, and the fishing boats "
           "came back one by one as the ice went out of the bay.</p>" * 8)
PAGES: dict[str, str] = {
    "/plain.html": f"<!doctype html><title>Plain</title><article>{ARTICLE}</article>",
}
"""Path -> HTML; each test module adds its pages."""
TRICKLED: dict[str, float] = {}
"""Path -> seconds between two bytes: these pages are sent one byte at a time."""
RAW: dict[str, tuple[int, dict[str, str], bytes]] = {}
"""Path -> (status, headers, body) for answers that are not a plain HTML page (types,
encodings, redirects, compressed bombs)."""



@dataclass(frozen=True)
class HostileRun:
    crawled: Crawled
    seconds: float
    next_page: Crawled
    """A plain page crawled right after, by the same worker and browser."""
    crawl_rows: list[tuple[str, str]]
    """(url, outcome) of every `crawls` row."""
    leftover_browsers: list[int]
