"""Page views and force pushes: the two ways the outside world asks for crawls.

Each function records the event and applies the policy in the caller's transaction (opened
with `storage.queue.write_transaction`), so the event and its effect on the queue commit together.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from render.targets import TargetPolicy
from scheduler.policy import (
    PushDecision,
    PushRule,
    RetryRule,
    ViewRule,
    first_crawl_due,
    human_duration,
    modified_since_crawl,
    push_decision,
    retry_delay,
    scheduled_recrawl_wanted,
)
from scheduler.sites import site_of_url
from scheduler.urls import InvalidUrl
from storage import events as rows
from storage import queue
from storage.db import Session
from storage.pages import PageSchedule, find_or_create_page, page_schedule
from storage.queue import EnqueueState
from storage.records import CrawlState, QueueState, Reason

log = logging.getLogger(__name__)

PUBLIC_ONLY = TargetPolicy()
"""The default: only public addresses may be asked for."""


@dataclass(frozen=True, slots=True)
class ViewEffect:
    url: str
    page_id: int
    queued: Reason | None
    """The reason the view queued a crawl for (`new`, `modified`, `scheduled`, `retry`), or None."""
    detail: str


@dataclass(frozen=True, slots=True)
class PushOutcome:
    url: str
    page_id: int
    decision: PushDecision


def page_for(session: Session, raw_url: str, now: datetime, targets: TargetPolicy,
             registered_only: bool = False) -> tuple[str, int]:
    """Normalize and check `raw_url` (`scheduler.sites.site_of_url`); find or create its page.
    `registered_only` refuses a host without a site row (`SchedulerSettings.accept_unregistered_hosts`)."""
    url, site = site_of_url(session, raw_url, targets=targets)
    if registered_only and not site.registered:
        raise InvalidUrl(f"{site.host} is no registered site: add it with `rendercrawl sites add {site.host}` "
                         "(or set RENDERCRAWL_ACCEPT_UNREGISTERED_HOSTS=true)")
    return url, find_or_create_page(session, url, now)


def record_view(session: Session, raw_url: str, viewed_at: datetime, modified_time: datetime | None,
                now: datetime, views: ViewRule = ViewRule(), retries: RetryRule = RetryRule(),
                targets: TargetPolicy = PUBLIC_ONLY, registered_only: bool = False) -> ViewEffect:
    """Store one page view and queue whatever crawl it earns; `targets` says which hosts may be
    crawled at all (a view of an internal address is rejected input), `registered_only` refuses
    views of hosts without a site row."""
    url, page_id = page_for(session, raw_url, viewed_at, targets, registered_only)
    rows.add_view(session, page_id, viewed_at, modified_time)
    page = page_schedule(session, page_id)
    reason, due, detail = _view_decision(session, page_id, page, viewed_at, modified_time, now, views, retries)
    if reason is None:
        return ViewEffect(url, page_id, None, detail)
    enqueued = queue.enqueue(session, page_id, reason, due, now)
    return ViewEffect(url, page_id, reason if enqueued.state is not EnqueueState.UNCHANGED else None,
                      f"{detail}; queue {enqueued.state}")


def _view_decision(session: Session, page_id: int, page: PageSchedule, viewed_at: datetime, modified_time: datetime | None,
                   now: datetime, views: ViewRule, retries: RetryRule) -> tuple[Reason | None, datetime, str]:
    if page.crawl_state == CrawlState.PARKED:
        return None, now, "parked: only a push crawls it"
    if page.crawl_state == CrawlState.NEW:
        window = rows.view_times(session, page_id, viewed_at - views.window, viewed_at + views.window)
        due = first_crawl_due(window, views)
        if due is None:
            return None, now, f"{len(window)} of {views.threshold} views within {human_duration(views.window)}"
        return Reason.NEW, min(due, now), f"{views.threshold} views within {human_duration(views.window)}"
    if modified_time is not None and modified_since_crawl(modified_time, page.last_crawled_at):
        return Reason.MODIFIED, now, f"modified_time {modified_time.isoformat()} after last crawl"
    if page.crawl_state == CrawlState.FAILED and queue.queue_state(session, page_id) is QueueState.DONE:
        # A permanent failure waits for a view; still, not faster than the backoff would allow.
        assert page.last_crawled_at is not None  # a failed page was crawled
        not_before = page.last_crawled_at + retry_delay(page.error_count, retries)
        if now >= not_before:
            return Reason.RETRY, now, "failed page viewed again"
        return None, now, f"failed page; next try not before {not_before.isoformat()}"
    if page.next_crawl_at is not None and scheduled_recrawl_wanted(page.next_crawl_at, viewed_at, page.last_crawled_at, now):
        return Reason.SCHEDULED, page.next_crawl_at, "recrawl due and the page is still viewed"
    return None, now, "nothing due"


def push(session: Session, raw_url: str, now: datetime, rule: PushRule = PushRule(), note: str | None = None,
         targets: TargetPolicy = PUBLIC_ONLY, registered_only: bool = False) -> PushOutcome:
    """A force push: honoured (queued at top priority) unless this URL hit its rate limit.

    A declined push is recorded and logged with the time the URL may next be pushed.
    """
    url, page_id = page_for(session, raw_url, now, targets, registered_only)
    honoured = rows.honoured_push_times(session, page_id, now - rule.window)
    decision = push_decision(honoured, now, rule)
    if decision.allowed:
        queue.enqueue(session, page_id, Reason.PUSH, now, now)
        why = note
    else:
        assert decision.next_allowed_at is not None  # a declined push always says when
        log.warning("push of %s declined: %d pushes in the last %s; next allowed at %s",
                    url, decision.honoured_in_window, human_duration(rule.window), decision.next_allowed_at.isoformat())
        why = f"declined; next allowed at {decision.next_allowed_at.isoformat()}"
    rows.add_push(session, page_id, now, decision.allowed, why)
    return PushOutcome(url, page_id, decision)


def recrawl(session: Session, page_ids: list[int], now: datetime) -> int:
    """Queue pages for a manual (operator) recrawl; returns how many rows changed."""
    changed = 0
    for page_id in page_ids:
        changed += queue.enqueue(session, page_id, Reason.MANUAL, now, now).state is not EnqueueState.UNCHANGED
    return changed
