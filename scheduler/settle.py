"""After a crawl: apply the policy to its outcome and end the lease accordingly.

The crawl itself is already saved (by `rendercrawl.crawl.crawl_url`, which also counts the page's
failures in a row); this loads the little history the policy needs, asks the pure functions
in `policy`, and writes the answer — the page's next due time or parked state, the queue row's
transition, and for a good crawl the canonical merge — in the caller's transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from scheduler.aliases import merge_canonical
from scheduler.allocation import HISTORY_CRAWLS
from scheduler.budget import budgeted_due, learned_changes
from scheduler.policy import (
    GONE_CONFIRMATIONS,
    CrawlHistory,
    FailureAction,
    RecrawlRule,
    RetryRule,
    failure_decision,
    gone_confirmed,
    is_gone,
    next_recrawl,
    transience,
)
from scheduler.sites import CrawlSite
from storage import history, pages, queue
from storage.aliases import MergeAction
from storage.db import Session
from storage.queue import Lease
from storage.records import CrawlAttempt, Outcome, QueueState

log = logging.getLogger(__name__)


class SettleAction(StrEnum):
    SCHEDULED = "scheduled"
    """A success: the next recrawl is scheduled (or none, if the policy wants none)."""
    REQUEUED = "requeued"
    """A failure, but the page was asked for again during the crawl: it gets its own try."""
    RETRY = "retry"
    GIVE_UP = "give_up"
    PARK = "park"


@dataclass(frozen=True, slots=True)
class Settled:
    queue_state: QueueState
    action: SettleAction
    next_crawl_at: datetime | None
    detail: str


def settle(session: Session, lease: Lease, attempt: CrawlAttempt, site: CrawlSite, now: datetime,
           recrawl_rule: RecrawlRule, retry_rule: RetryRule, random: Callable[[], float]) -> Settled:
    """End `lease` after its saved crawl `attempt`; `site` is the settings the crawl used."""
    if is_gone(attempt.outcome, attempt.http_status) and gone_confirmed(
            history.latest_results(session, lease.page_id, GONE_CONFIRMATIONS)):
        if pages.mark_profile_gone(session, lease.page_id, now):
            log.info("%s answered gone %d times in a row: its profile is marked gone", lease.url, GONE_CONFIRMATIONS)
    kind = transience(attempt.outcome, attempt.http_status)
    if kind is None:
        due, changes = None, None
        rule = site.recrawl_rule(recrawl_rule)
        found = history.successful_crawls(session, lease.page_id, max(rule.change_rate_window, HISTORY_CRAWLS))
        if found is not None:
            changes = learned_changes(found, now, rule)
            due = (budgeted_due(found.recent[-1].at, rule) if site.crawl_budget_per_hour is not None
                   else next_recrawl(crawl_history(replace(found, recent=found.recent[-rule.change_rate_window - 1:])), rule))
        pages.set_next_crawl(session, lease.page_id, due.at if due else None, changes=changes)
        state = queue.complete(session, lease, now)
        detail = due.reason if due else "no successful crawl"
        if attempt.outcome is Outcome.OK:
            merge = merge_canonical(session, lease.page_id, now, site.ignored_params)
            if merge.action is not MergeAction.NONE:
                detail += f"; canonical: {merge.action} ({merge.detail})"
        return Settled(state, SettleAction.SCHEDULED, due.at if due else None, detail)
    if queue.asked_again(session, lease):
        return Settled(queue.complete(session, lease, now), SettleAction.REQUEUED, now, f"{kind}: {attempt.error}")
    failures = pages.page_schedule(session, lease.page_id).error_count
    decision = failure_decision(kind, max(failures, 1), now, retry_rule, random)
    message = f"{attempt.outcome}: {attempt.error or attempt.http_status or ''}".strip()
    if decision.action is FailureAction.RETRY and decision.retry_at is not None:
        queue.retry_later(session, lease, decision.retry_at, message, now)
        pages.set_next_crawl(session, lease.page_id, decision.retry_at)
        return Settled(QueueState.QUEUED, SettleAction.RETRY, decision.retry_at, decision.reason)
    if decision.action is FailureAction.PARK:
        queue.park(session, lease, message, now)
        pages.set_next_crawl(session, lease.page_id, None, park=True)
        log.warning("parked %s after %d failures in a row; last: %s", lease.url, failures, message)
        return Settled(QueueState.PARKED, SettleAction.PARK, None, decision.reason)
    queue.give_up(session, lease, message, now)
    pages.set_next_crawl(session, lease.page_id, None)
    return Settled(QueueState.DONE, SettleAction.GIVE_UP, None, decision.reason)


def crawl_history(found: history.SuccessfulCrawls) -> CrawlHistory:
    """The successful crawls of a page as the schedule sees them: one flag per recrawl, from
    the change history the crawl log keeps (`crawls.content_changed`)."""
    return CrawlHistory(first_crawled_at=found.first_crawled_at, last_crawled_at=found.recent[-1].at,
                        published_at=found.published_at,
                        changes=tuple(seen.changed for seen in found.recent[1:] if seen.changed is not None))
