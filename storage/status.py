"""`rendercrawl status`: what an operator needs to know about the crawl at a glance."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from storage.models import Crawl, Page, QueueEntry, Site
from storage.records import CrawlState, Outcome, QueueState

RATE_WINDOW = timedelta(minutes=10)
"""Crawls per minute are averaged over this span: long enough to smooth bursts."""
OUTCOME_WINDOW = timedelta(hours=1)
"""Outcome shares are over this span, so an old outage does not colour the current picture."""
WORKER_SEEN_WINDOW = timedelta(minutes=10)
"""A worker that touched a lease within this span counts as seen recently."""
PARKED_SHOWN = 10
"""Parked pages listed by name; the count covers all of them."""
CHANGING_SHOWN = 5
"""Pages that change most often, listed with their change rate and next due time."""


@dataclass(frozen=True, slots=True)
class ParkedPage:
    url: str
    attempts: int
    last_error: str | None


@dataclass(frozen=True, slots=True)
class ChangingPage:
    url: str
    change_rate_per_day: float
    next_crawl_at: datetime | None


@dataclass(frozen=True, slots=True)
class SiteBudget:
    host: str
    crawl_budget_per_hour: float
    budget_threshold: float | None
    """The expected gain (fresh page-days) of the last recrawl the budget bought."""


@dataclass(frozen=True, slots=True)
class Status:
    now: datetime
    queue_by_state: dict[str, int]
    due_now: int
    oldest_due_url: str | None
    oldest_due_at: datetime | None
    crawls_per_minute: float
    outcomes_last_hour: dict[Outcome, int]
    workers_seen: list[str]
    parked_total: int
    parked: list[ParkedPage]
    changing: list[ChangingPage]
    budgets: list[SiteBudget]

    def error_rates(self) -> dict[str, float]:
        """Share of each outcome among the last hour's crawls."""
        total = sum(self.outcomes_last_hour.values())
        return {k: v / total for k, v in self.outcomes_last_hour.items()} if total else {}

    def to_json_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["error_rates"] = self.error_rates()
        for key in ("now", "oldest_due_at"):
            data[key] = data[key].isoformat() if data[key] else None
        for page in data["changing"]:
            page["next_crawl_at"] = page["next_crawl_at"].isoformat() if page["next_crawl_at"] else None
        return data


def read_status(session: Session, now: datetime) -> Status:
    by_state = dict(session.execute(select(QueueEntry.state, func.count()).group_by(QueueEntry.state)).tuples().all())
    due = (QueueEntry.state == QueueState.QUEUED) & (QueueEntry.due_at <= now)
    due_now = session.execute(select(func.count()).where(due)).scalar_one()
    oldest = session.execute(select(Page.url, QueueEntry.due_at).join(Page, Page.id == QueueEntry.page_id)
                             .where(due).order_by(QueueEntry.due_at).limit(1)).first()
    recent = session.execute(select(func.count()).where(Crawl.finished_at > now - RATE_WINDOW)).scalar_one()
    outcomes = dict(session.execute(select(Crawl.outcome, func.count()).where(Crawl.started_at > now - OUTCOME_WINDOW)
                                    .group_by(Crawl.outcome)).tuples().all())
    owners = session.execute(select(QueueEntry.lease_owner).distinct().where(
        QueueEntry.lease_owner.is_not(None), QueueEntry.updated_at > now - WORKER_SEEN_WINDOW)).scalars().all()
    parked_total = by_state.get(QueueState.PARKED.value, 0)
    parked = session.execute(select(Page.url, QueueEntry.attempts, QueueEntry.last_error)
                             .join(Page, Page.id == QueueEntry.page_id).where(QueueEntry.state == QueueState.PARKED)
                             .order_by(QueueEntry.updated_at.desc()).limit(PARKED_SHOWN)).all()
    changing = session.execute(select(Page.url, Page.change_rate_per_day, Page.next_crawl_at)
                               .where(Page.change_rate_per_day.is_not(None), Page.crawl_state != CrawlState.PARKED)
                               .order_by(Page.change_rate_per_day.desc(), Page.id).limit(CHANGING_SHOWN)).all()
    budgets = session.execute(select(Site.host, Site.crawl_budget_per_hour, Site.budget_threshold)
                              .where(Site.crawl_budget_per_hour.is_not(None)).order_by(Site.host)).all()
    return Status(
        now=now, queue_by_state=by_state, due_now=due_now,
        oldest_due_url=oldest.url if oldest else None, oldest_due_at=oldest.due_at if oldest else None,
        crawls_per_minute=recent / (RATE_WINDOW.total_seconds() / 60), outcomes_last_hour=outcomes,
        workers_seen=sorted({owner.rsplit("/", 1)[0] for owner in owners if owner is not None}),
        parked_total=parked_total, parked=[ParkedPage(*row) for row in parked],
        changing=[ChangingPage(*row) for row in changing], budgets=[SiteBudget(*row) for row in budgets],
    )
