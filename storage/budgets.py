"""The crawl budget's reads and writes: which sites have one, the pages it may buy recrawls of,
and what the last recrawl it bought was worth."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import exists, or_, select, update
from sqlalchemy.orm import Session

from storage.models import Page, PageView, QueueEntry, Site
from storage.records import CrawlState, QueueState


@dataclass(frozen=True, slots=True)
class BudgetedSite:
    host: str
    crawl_budget_per_hour: float


@dataclass(frozen=True, slots=True)
class BudgetPage:
    """A page the budget may buy a recrawl of, with what the scheduler learned of its changes."""

    page_id: int
    change_rate_per_day: float
    change_anchor_at: datetime
    last_crawled_at: datetime


def budgeted_sites(session: Session) -> list[BudgetedSite]:
    rows = session.execute(select(Site.host, Site.crawl_budget_per_hour).where(Site.crawl_budget_per_hour.is_not(None))
                           .order_by(Site.host)).tuples()
    return [BudgetedSite(host, budget) for host, budget in rows if budget is not None]


def budget_pages(session: Session, host: str) -> list[BudgetPage]:
    """Crawled pages of `host` with a change estimate, neither queued nor leased, viewed since
    their last crawl (a scheduled recrawl is only for a page still being read)."""
    viewed_since_crawl = exists().where(PageView.page_id == Page.id, PageView.viewed_at > Page.last_crawled_at)
    idle_or_unqueued = or_(QueueEntry.state == QueueState.DONE, QueueEntry.id.is_(None))
    query = (select(Page.id, Page.change_rate_per_day, Page.change_anchor_at, Page.last_crawled_at)
             .outerjoin(QueueEntry, QueueEntry.page_id == Page.id)
             .where(Page.host == host, Page.crawl_state == CrawlState.CRAWLED, Page.change_rate_per_day.is_not(None),
                    Page.change_anchor_at.is_not(None), idle_or_unqueued, viewed_since_crawl)
             .order_by(Page.id))
    return [BudgetPage(page_id, rate, anchor, last) for page_id, rate, anchor, last in session.execute(query).tuples()
            if rate is not None and anchor is not None and last is not None]


def set_budget_threshold(session: Session, host: str, threshold: float | None) -> None:
    session.execute(update(Site).where(Site.host == host).values(budget_threshold=threshold))
