"""Merging aliases: after a crawl, a page whose canonical URL names another URL becomes one
page with it.

Two outcomes, both leaving every old URL in `page_aliases` so later views and pushes of it
find the merged page (`storage.pages.find_page_id` looks aliases up):

- no page has the canonical URL yet: the crawled page is renamed to it;
- a page has it: the two are folded into one — into the canonical page if it already has a
  profile, else into the crawled page (which is then renamed). Views, pushes and the crawl log
  move to the survivor; the other page's profile, queue row and validators go with it.

Merges are declined (and logged) when they would be unsafe: a canonical URL on another host
(syndication, or a misconfigured template — politeness and site settings are per host), a
canonical pointing at the site root from a deeper page (a common template bug that would fold
a whole site into its front page), or the other page being crawled right now.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlsplit

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from scheduler.urls import InvalidUrl, host_of, normalize_url
from storage.models import Crawl, Page, PageAlias, PageView, Profile, Push, QueueEntry, Site
from storage.pages import find_page_id
from storage.records import QueueState

log = logging.getLogger(__name__)

MOVED_WITH_PAGE = (PageView, Push, Crawl)
"""History that follows a page into the survivor of a merge; the rest is per-version state."""


@dataclass(frozen=True, slots=True)
class Merge:
    action: str
    """`none`, `renamed`, `folded_into_canonical`, `folded_canonical_in` or `declined`."""
    page_id: int
    """The surviving page."""
    detail: str


def merge_canonical(session: Session, page_id: int, now: datetime) -> Merge:
    """Apply the page's stored canonical URL (set by the last good crawl), if it names another URL.

    Runs in a savepoint: a race that makes the merge collide with a page created meanwhile
    (unique URL) declines the merge instead of failing the caller's transaction.
    """
    try:
        with session.begin_nested():
            return _merge(session, page_id, now)
    except IntegrityError as error:
        return _declined(page_id, f"collided with a concurrent change: {error.orig}")


def _merge(session: Session, page_id: int, now: datetime) -> Merge:
    page = session.execute(select(Page.url, Page.canonical_url, Page.host).where(Page.id == page_id)).one()
    target_url = _canonical(session, page.canonical_url, page.host)
    if target_url is None or target_url == page.url:
        return Merge("none", page_id, "canonical is the page itself" if target_url else "no usable canonical URL")
    if host_of(target_url) != page.host:
        return _declined(page_id, f"canonical {target_url} is on another host")
    if urlsplit(target_url).path == "/" and urlsplit(page.url).path != "/":
        return _declined(page_id, f"canonical {target_url} is the site root (template bug?)")
    other = find_page_id(session, target_url)
    if other is None:
        _rename(session, page_id, page.url, target_url, now)
        return Merge("renamed", page_id, f"{page.url} -> {target_url}")
    if other == page_id:
        return Merge("none", page_id, "already merged")
    if _leased(session, other):
        return _declined(page_id, f"{target_url} is being crawled; merging after a later crawl")
    if session.execute(select(Profile.page_id).where(Profile.page_id == other)).first() is not None:
        _fold(session, page_id, into=other, now=now)
        return Merge("folded_into_canonical", other, f"{page.url} folded into {target_url}")
    _fold(session, other, into=page_id, now=now)
    _rename(session, page_id, page.url, target_url, now)
    return Merge("folded_canonical_in", page_id, f"{target_url} folded into {page.url}, renamed")


def _canonical(session: Session, canonical_url: str | None, host: str) -> str | None:
    if not canonical_url:
        return None
    ignorable = session.execute(select(Site.ignored_query_params).where(Site.host == host)).scalar() or ""
    try:
        return normalize_url(canonical_url, ignorable.split())
    except InvalidUrl:
        return None


def _rename(session: Session, page_id: int, old_url: str, new_url: str, now: datetime) -> None:
    session.execute(delete(PageAlias).where(PageAlias.url == new_url))
    session.execute(update(Page).where(Page.id == page_id).values(url=new_url))
    session.execute(insert(PageAlias).values(page_id=page_id, url=old_url, reason="canonical", created_at=now))


def _fold(session: Session, page_id: int, into: int, now: datetime) -> None:
    """Move `page_id`'s history and aliases to `into`, keep its URL as an alias, delete it."""
    url = session.execute(select(Page.url).where(Page.id == page_id)).scalar_one()
    session.execute(delete(PageAlias).where(PageAlias.url == url))
    for table in MOVED_WITH_PAGE:
        session.execute(update(table).where(table.page_id == page_id).values(page_id=into))
    session.execute(update(PageAlias).where(PageAlias.page_id == page_id).values(page_id=into))
    session.execute(delete(Page).where(Page.id == page_id))
    session.execute(insert(PageAlias).values(page_id=into, url=url, reason="canonical", created_at=now))


def _leased(session: Session, page_id: int) -> bool:
    state = session.execute(select(QueueEntry.state).where(QueueEntry.page_id == page_id)).scalar()
    return state == QueueState.LEASED


def _declined(page_id: int, why: str) -> Merge:
    log.info("canonical merge declined for page %d: %s", page_id, why)
    return Merge("declined", page_id, why)
