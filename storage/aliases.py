"""Merging a page into the page of its canonical URL (`scheduler.aliases` decides when).

Two outcomes, both leaving every old URL in `page_aliases` so later views and pushes of it
find the merged page (`storage.pages.find_page_id` looks aliases up):

- no page has the canonical URL yet: the crawled page is renamed to it;
- a page has it: the two are folded into one — into the canonical page if it already has a
  profile, else into the crawled page (which is then renamed). Views, pushes and the crawl log
  move to the survivor; the other page's profile, queue row and validators go with it.

A merge with a page that is being crawled right now is declined: its worker would settle a
page that no longer exists.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from storage.models import Crawl, Page, PageAlias, PageView, Profile, Push, QueueEntry
from storage.pages import find_page_id
from storage.records import QueueState

log = logging.getLogger(__name__)

MOVED_WITH_PAGE = (PageView, Push, Crawl)
"""History that follows a page into the survivor of a merge; the rest is per-version state."""


class MergeAction(StrEnum):
    NONE = "none"
    """Nothing to merge: no canonical URL, or it is the page itself (or already merged)."""
    RENAMED = "renamed"
    FOLDED_INTO_CANONICAL = "folded_into_canonical"
    FOLDED_CANONICAL_IN = "folded_canonical_in"
    DECLINED = "declined"


@dataclass(frozen=True, slots=True)
class Merge:
    action: MergeAction
    page_id: int
    """The surviving page."""
    detail: str


def merge_into(session: Session, page_id: int, page_url: str, target_url: str, now: datetime) -> Merge:
    """Make `page_id` (at `page_url`) one page with `target_url`, its normalized canonical URL.

    Runs in a savepoint: a race that makes the merge collide with a page created meanwhile
    (unique URL) declines the merge instead of failing the caller's transaction.
    """
    try:
        with session.begin_nested():
            return _merge(session, page_id, page_url, target_url, now)
    except IntegrityError as error:
        return _declined(page_id, f"collided with a concurrent change: {error.orig}")


def _merge(session: Session, page_id: int, page_url: str, target_url: str, now: datetime) -> Merge:
    other = find_page_id(session, target_url)
    if other is None:
        _rename(session, page_id, page_url, target_url, now)
        return Merge(MergeAction.RENAMED, page_id, f"{page_url} -> {target_url}")
    if other == page_id:
        return Merge(MergeAction.NONE, page_id, "already merged")
    if _leased(session, other):
        return _declined(page_id, f"{target_url} is being crawled; merging after a later crawl")
    if session.execute(select(Profile.page_id).where(Profile.page_id == other)).first() is not None:
        _fold(session, page_id, into=other, now=now)
        return Merge(MergeAction.FOLDED_INTO_CANONICAL, other, f"{page_url} folded into {target_url}")
    _fold(session, other, into=page_id, now=now)
    _rename(session, page_id, page_url, target_url, now)
    return Merge(MergeAction.FOLDED_CANONICAL_IN, page_id, f"{target_url} folded into {page_url}, renamed")


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
    return Merge(MergeAction.DECLINED, page_id, why)
