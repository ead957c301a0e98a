"""Crawl history reads: what the crawl log says about one page's successful crawls."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, bindparam, func, select
from sqlalchemy.orm import Session

from storage.models import Crawl, Profile
from storage.records import SUCCESS_OUTCOMES, Outcome

CRAWLS = Crawl.__table__
PROFILES = Profile.__table__


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
    """The first and the `recent` + 1 latest successful crawls of a page; None if there are none.
    One statement: each of the latest rows carries the first crawl's time and the profile's
    publication (settling reads this for every good crawl; a second round trip cost more than
    the repeated columns)."""
    found = session.execute(_latest_successes(recent + 1), {"page_id": page_id}).tuples().all()
    if not found:
        return None
    rows = [Observation(at, None if changed is None else bool(changed)) for at, changed, _, _ in reversed(found)]
    _, _, first, published = found[0]
    return SuccessfulCrawls(first_crawled_at=first, recent=tuple(rows), published_at=published)


_SUCCESS = (CRAWLS.c.page_id == bindparam("page_id")) & CRAWLS.c.outcome.in_([o.value for o in SUCCESS_OUTCOMES])
FIRST_SUCCESS = select(func.min(CRAWLS.c.started_at)).where(_SUCCESS).scalar_subquery()
PUBLISHED = select(PROFILES.c.published_at).where(PROFILES.c.page_id == bindparam("page_id")).scalar_subquery()


@functools.cache
def _latest_successes(n: int) -> Select[tuple[datetime, bool | None, datetime, datetime | None]]:
    """Built once per `n`, with the page as a parameter (why: `storage.pages.PAGES`)."""
    return (select(CRAWLS.c.finished_at, CRAWLS.c.content_changed, FIRST_SUCCESS, PUBLISHED).where(_SUCCESS)
            .order_by(CRAWLS.c.started_at.desc(), CRAWLS.c.id.desc()).limit(n))


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
