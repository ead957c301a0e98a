"""The periodic jobs' reads and deletes: pages due for a scheduled recrawl, and pruning old rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, Select, and_, delete, exists, func, or_, select
from sqlalchemy.orm import Session

from storage.models import Crawl, ModifiedRecrawl, Page, PageView, Push, QueueEntry
from storage.records import CrawlState, QueueState


@dataclass(frozen=True, slots=True)
class Pruned:
    crawls: int
    views: int
    pushes: int


def recrawl_candidates(*columns: Any) -> Select[Any]:
    """`columns` of the crawled pages a scheduled recrawl may be queued for: not queued or
    leased already, and viewed since their last crawl (a recrawl is for a page still read)."""
    viewed_since_crawl = exists().where(PageView.page_id == Page.id, PageView.viewed_at > Page.last_crawled_at)
    idle_or_unqueued = or_(QueueEntry.state == QueueState.DONE, QueueEntry.id.is_(None))
    return (select(*columns).outerjoin(QueueEntry, QueueEntry.page_id == Page.id)
            .where(Page.crawl_state == CrawlState.CRAWLED, idle_or_unqueued, viewed_since_crawl))


def due_recrawls(session: Session, now: datetime, limit: int) -> list[tuple[int, datetime]]:
    """(page id, due time) of `recrawl_candidates` whose next recrawl is due, most overdue first."""
    query = (recrawl_candidates(Page.id, Page.next_crawl_at).where(Page.next_crawl_at <= now)
             .order_by(Page.next_crawl_at).limit(limit))
    return [(page_id, due) for page_id, due in session.execute(query).tuples() if due is not None]


def prune(session: Session, crawls_before: datetime, views_before: datetime, pushes_before: datetime) -> Pruned:
    """Delete crawl-log rows, page views and pushes (and the modified recrawls, counted with them)
    older than the given times. Each page keeps its latest crawl row whatever its age, so its
    history is never empty."""
    latest = select(func.max(Crawl.id)).group_by(Crawl.page_id)
    # A DELETE's result is a CursorResult (with rowcount); Session.execute is typed as returning Result.
    crawls = cast(CursorResult[Any], session.execute(
        delete(Crawl).where(and_(Crawl.started_at < crawls_before, Crawl.id.not_in(latest))))).rowcount
    views = cast(CursorResult[Any], session.execute(delete(PageView).where(PageView.viewed_at < views_before))).rowcount
    pushes = cast(CursorResult[Any], session.execute(delete(Push).where(Push.requested_at < pushes_before))).rowcount
    pushes += cast(CursorResult[Any], session.execute(
        delete(ModifiedRecrawl).where(ModifiedRecrawl.queued_at < pushes_before))).rowcount
    return Pruned(crawls, views, pushes)
