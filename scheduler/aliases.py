"""Merging aliases: after a good crawl, a page whose canonical URL names another URL becomes one
page with it. This module decides whether the canonical URL may be followed at all; the merge
itself (rename, or fold two pages into one) is `storage.aliases.merge_into`.

Merges are declined (and logged) when they would be unsafe: a canonical URL on another host
(syndication, or a misconfigured template — politeness and site settings are per host), or a
canonical pointing at the site root from a deeper page (a common template bug that would fold
a whole site into its front page). `storage.aliases` also declines while the other page is
being crawled.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime
from urllib.parse import urlsplit

from storage import aliases, pages
from storage.aliases import Merge, MergeAction
from storage.db import Session
from values.urls import InvalidUrl, host_of, normalize_url

log = logging.getLogger(__name__)


def usable_canonical(canonical_url: str | None, ignore_params: Iterable[str] = ()) -> str | None:
    """The canonical URL normalized as every page URL is, or None if there is none usable."""
    if not canonical_url:
        return None
    try:
        return normalize_url(canonical_url, ignore_params)
    except InvalidUrl:
        return None


def merge_refusal(page_url: str, target_url: str) -> str | None:
    """Why merging `page_url` into `target_url` would be unsafe, or None if it is not."""
    if host_of(target_url) != host_of(page_url):
        return f"canonical {target_url} is on another host"
    if urlsplit(target_url).path == "/" and urlsplit(page_url).path != "/":
        return f"canonical {target_url} is the site root (template bug?)"
    return None


def merge_canonical(session: Session, page_id: int, now: datetime, ignore_params: Iterable[str] = ()) -> Merge:
    """Apply the page's stored canonical URL (set by the last good crawl), if it names another
    URL of the same site; `ignore_params` are the site's ignorable query parameters."""
    page = pages.page_urls(session, page_id)
    target = usable_canonical(page.canonical_url, ignore_params)
    if target is None or target == page.url:
        return Merge(MergeAction.NONE, page_id, "canonical is the page itself" if target else "no usable canonical URL")
    refusal = merge_refusal(page.url, target)
    if refusal is not None:
        log.info("canonical merge declined for page %d: %s", page_id, refusal)
        return Merge(MergeAction.DECLINED, page_id, refusal)
    return aliases.merge_into(session, page_id, page.url, target, now)
