"""Crawl history reads: what the crawl log says about one page's successful crawls."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from storage.models import Crawl, Profile
from storage.records import SUCCESS_OUTCOMES, Outcome


@dataclass(frozen=True, slots=True)
class Observation:
    """One successful crawl as the change history records it (`crawls.content_changed`)."""

    at: datetime
    """When the crawl finished: the moment the page was seen."""
    changed: bool | None
    """Content different from the crawl before; None when the crawl says nothing (a first profile)."""


@dataclass(frozen=True, slots=True)
class SuccessfulCrawls:
    first_crawled_at: datetime
    recent: tuple[Observation, ...]
    """The latest successful crawls, oldest first."""
    published_at: datetime | None
    """Of the current profile."""


def successful_crawls(session: Session, page_id: int, recent: int) -> SuccessfulCrawls | None:
    """The first and the `recent` + 1 latest successful crawls of a page; None if there are none."""
    ok = (Crawl.page_id == page_id) & Crawl.outcome.in_([o.value for o in SUCCESS_OUTCOMES])
    first = session.execute(select(func.min(Crawl.started_at)).where(ok)).scalar()
    if first is None:
        return None
    rows = [Observation(at, None if changed is None else bool(changed)) for at, changed in session.execute(
        select(Crawl.finished_at, Crawl.content_changed).where(ok)
        .order_by(Crawl.started_at.desc(), Crawl.id.desc()).limit(recent + 1)).tuples()]
    rows.reverse()
    published = session.execute(select(Profile.published_at).where(Profile.page_id == page_id)).scalar()
    return SuccessfulCrawls(first_crawled_at=first, recent=tuple(rows), published_at=published)


OUTCOME_STREAK_LIMIT = 100
"""Latest crawls looked at when counting an outcome's streak; no rule needs a longer one."""


def outcome_streak(session: Session, page_id: int, outcome: Outcome) -> int:
    """How many of the page's latest crawls, in a row, ended with `outcome`."""
    latest = session.execute(select(Crawl.outcome).where(Crawl.page_id == page_id)
                             .order_by(Crawl.started_at.desc(), Crawl.id.desc()).limit(OUTCOME_STREAK_LIMIT)).scalars()
    streak = 0
    for found in latest:
        if found is not outcome:
            break
        streak += 1
    return streak


def latest_results(session: Session, page_id: int, n: int) -> list[tuple[Outcome, int | None]]:
    """(outcome, HTTP status) of the page's latest `n` crawls, newest first."""
    rows = session.execute(select(Crawl.outcome, Crawl.http_status).where(Crawl.page_id == page_id)
                           .order_by(Crawl.started_at.desc(), Crawl.id.desc()).limit(n)).tuples()
    return [(outcome, status) for outcome, status in rows]
