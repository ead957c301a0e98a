"""The crawl budget's reads and writes: which sites have one, the pages it may buy recrawls of,
and what the last recrawl it bought was worth."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from storage.maintenance import recrawl_candidates
from storage.models import Page, Site


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
    """The `maintenance.recrawl_candidates` of `host` with a change estimate."""
    query = (recrawl_candidates(Page.id, Page.change_rate_per_day, Page.change_anchor_at, Page.last_crawled_at)
             .where(Page.host == host, Page.change_rate_per_day.is_not(None), Page.change_anchor_at.is_not(None))
             .order_by(Page.id))
    return [BudgetPage(page_id, rate, anchor, last) for page_id, rate, anchor, last in session.execute(query).tuples()
            if rate is not None and anchor is not None and last is not None]


def set_budget_threshold(session: Session, host: str, threshold: float | None) -> None:
    session.execute(update(Site).where(Site.host == host).values(budget_threshold=threshold))
