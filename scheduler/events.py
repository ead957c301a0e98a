"""Page views and force pushes: the two ways the outside world asks for crawls.

Each function records the event and applies the policy in the caller's transaction (opened
with `queue.write_transaction`), so the event and its effect on the queue commit together.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Row, insert, select
from sqlalchemy.orm import Session

from scheduler import queue
from scheduler.policy import (
    PushDecision,
    PushRule,
    Reason,
    RetryRule,
    ViewRule,
    first_crawl_due,
    human_duration,
    modified_since_crawl,
    push_decision,
    retry_delay,
    scheduled_recrawl_wanted,
)
from scheduler.urls import host_of, normalize_url
from storage.models import Page, PageView, Push, QueueEntry, Site
from storage.pages import ensure_page, find_page_id
from storage.records import CrawlState

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ViewEffect:
    url: str
    page_id: int
    queued: str | None
    """The reason the view queued a crawl for (`new`, `modified`, `scheduled`, `retry`), or None."""
    detail: str


@dataclass(frozen=True, slots=True)
class PushOutcome:
    url: str
    page_id: int
    decision: PushDecision


def page_for(session: Session, raw_url: str, now: datetime) -> tuple[str, int]:
    """Normalize `raw_url` with its site's ignorable parameters; find or create its page."""
    url = normalize_url(raw_url)
    ignorable = session.execute(select(Site.ignored_query_params).where(Site.host == host_of(url))).scalar()
    if ignorable:
        url = normalize_url(raw_url, ignorable.split())
    page_id = find_page_id(session, url)
    return url, page_id if page_id is not None else ensure_page(session, url, now)


def record_view(session: Session, raw_url: str, viewed_at: datetime, modified_time: datetime | None,
                now: datetime, views: ViewRule = ViewRule(), retries: RetryRule = RetryRule()) -> ViewEffect:
    """Store one page view and queue whatever crawl it earns."""
    url, page_id = page_for(session, raw_url, viewed_at)
    session.execute(insert(PageView).values(page_id=page_id, viewed_at=viewed_at, modified_time=modified_time))
    page = session.execute(select(Page.crawl_state, Page.last_crawled_at, Page.next_crawl_at, Page.error_count)
                           .where(Page.id == page_id)).one()
    reason, due, detail = _view_decision(session, page_id, page, viewed_at, modified_time, now, views, retries)
    if reason is None:
        return ViewEffect(url, page_id, None, detail)
    enqueued = queue.enqueue(session, page_id, reason, due, now)
    return ViewEffect(url, page_id, reason.value if enqueued.state != "unchanged" else None, f"{detail}; queue {enqueued.state}")


def _view_decision(session: Session, page_id: int, page: Row, viewed_at: datetime, modified_time: datetime | None,
                   now: datetime, views: ViewRule, retries: RetryRule) -> tuple[Reason | None, datetime, str]:
    if page.crawl_state == CrawlState.PARKED:
        return None, now, "parked: only a push crawls it"
    if page.crawl_state == CrawlState.NEW:
        window = session.execute(select(PageView.viewed_at).where(
            PageView.page_id == page_id, PageView.viewed_at >= viewed_at - views.window,
            PageView.viewed_at <= viewed_at + views.window)).scalars().all()
        due = first_crawl_due(window, views)
        if due is None:
            return None, now, f"{len(window)} of {views.threshold} views within {human_duration(views.window)}"
        return Reason.NEW, min(due, now), f"{views.threshold} views within {human_duration(views.window)}"
    if modified_time is not None and modified_since_crawl(modified_time, page.last_crawled_at):
        return Reason.MODIFIED, now, f"modified_time {modified_time.isoformat()} after last crawl"
    if page.crawl_state == CrawlState.FAILED and _queue_state(session, page_id) == "done":
        # A permanent failure waits for a view; still, not faster than the backoff would allow.
        not_before = page.last_crawled_at + retry_delay(page.error_count, retries)
        if now >= not_before:
            return Reason.RETRY, now, "failed page viewed again"
        return None, now, f"failed page; next try not before {not_before.isoformat()}"
    if scheduled_recrawl_wanted(page.next_crawl_at, viewed_at, page.last_crawled_at, now):
        return Reason.SCHEDULED, page.next_crawl_at, "recrawl due and the page is still viewed"
    return None, now, "nothing due"


def push(session: Session, raw_url: str, now: datetime, rule: PushRule = PushRule(), note: str | None = None) -> PushOutcome:
    """A force push: honoured (queued at top priority) unless this URL hit its rate limit.

    A declined push is recorded and logged with the time the URL may next be pushed.
    """
    url, page_id = page_for(session, raw_url, now)
    honoured = session.execute(select(Push.requested_at).where(
        Push.page_id == page_id, Push.honoured.is_(True), Push.requested_at > now - rule.window)).scalars().all()
    decision = push_decision(honoured, now, rule)
    if decision.allowed:
        queue.enqueue(session, page_id, Reason.PUSH, now, now)
        why = note
    else:
        assert decision.next_allowed_at is not None  # a declined push always says when
        log.warning("push of %s declined: %d pushes in the last %s; next allowed at %s",
                    url, decision.honoured_in_window, human_duration(rule.window), decision.next_allowed_at.isoformat())
        why = f"declined; next allowed at {decision.next_allowed_at.isoformat()}"
    session.execute(insert(Push).values(page_id=page_id, requested_at=now, honoured=decision.allowed, note=why))
    return PushOutcome(url, page_id, decision)


def recrawl(session: Session, page_ids: list[int], now: datetime) -> int:
    """Queue pages for a manual (operator) recrawl; returns how many rows changed."""
    changed = 0
    for page_id in page_ids:
        changed += queue.enqueue(session, page_id, Reason.MANUAL, now, now).state != "unchanged"
    return changed


def _queue_state(session: Session, page_id: int) -> str | None:
    return session.execute(select(QueueEntry.state).where(QueueEntry.page_id == page_id)).scalar()
