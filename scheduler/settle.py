"""After a crawl: apply the policy to its outcome and end the lease accordingly.

The crawl itself is already saved (by `scheduler.pipeline.crawl_url`, which also counts the
page's failures in a row); this loads the little history the policy needs, asks the pure
functions in `policy`, and writes the answer — the page's next due time or parked state, and
the queue row's transition — in the caller's transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from scheduler import queue
from scheduler.aliases import merge_canonical
from scheduler.policy import (
    CrawlHistory,
    FailureAction,
    FailureKind,
    RecrawlRule,
    RetryRule,
    failure_decision,
    failure_kind_of_status,
    next_recrawl,
)
from scheduler.queue import Lease
from storage.models import Crawl, Page, Profile, Site
from storage.records import SUCCESS_OUTCOMES, CrawlState, Outcome

log = logging.getLogger(__name__)

TRANSIENT_OUTCOMES = frozenset({Outcome.TIMEOUT, Outcome.DNS_ERROR, Outcome.CONNECTION_ERROR,
                                Outcome.BROWSER_CRASH, Outcome.ERROR})
"""The network or the browser failed; the same request may well work later."""
PERMANENT_OUTCOMES = frozenset({Outcome.TLS_ERROR, Outcome.REDIRECT_LOOP, Outcome.NON_HTML, Outcome.BLOCKED})
"""The site must change first; retried only when the page is viewed again."""


@dataclass(frozen=True, slots=True)
class Settled:
    queue_state: str
    action: str
    """`scheduled`, `retry`, `give_up` or `park`."""
    next_crawl_at: datetime | None
    detail: str


def failure_kind(outcome: str, http_status: int | None) -> FailureKind | None:
    """None for a success; whether a retry can help otherwise."""
    outcome = Outcome(outcome)
    if outcome in SUCCESS_OUTCOMES:
        return None
    if outcome == Outcome.HTTP_ERROR:
        return failure_kind_of_status(http_status or 500) or FailureKind.TRANSIENT
    return FailureKind.PERMANENT if outcome in PERMANENT_OUTCOMES else FailureKind.TRANSIENT


def settle(session: Session, lease: Lease, outcome: str, http_status: int | None, error: str | None,
           now: datetime, recrawl_rule: RecrawlRule, retry_rule: RetryRule,
           random: Callable[[], float]) -> Settled:
    """End `lease` after a saved crawl whose outcome was `outcome`."""
    kind = failure_kind(outcome, http_status)
    if kind is None:
        history = crawl_history(session, lease.page_id, recrawl_rule.change_rate_window)
        due = next_recrawl(history, site_recrawl_rule(session, lease.host, recrawl_rule)) if history else None
        _set_page(session, lease.page_id, next_crawl_at=due.at if due else None)
        state = queue.complete(session, lease, now)
        merge = merge_canonical(session, lease.page_id, now) if outcome == Outcome.OK else None
        detail = due.reason if due else "no successful crawl"
        if merge is not None and merge.action != "none":
            detail += f"; canonical: {merge.action} ({merge.detail})"
        return Settled(state, "scheduled", due.at if due else None, detail)
    if queue.asked_again(session, lease):
        # A push or a modified view arrived during this failed crawl: it gets its own try.
        return Settled(queue.complete(session, lease, now), "requeued", now, f"{kind}: {error}")
    failures = session.execute(select(Page.error_count).where(Page.id == lease.page_id)).scalar_one()
    decision = failure_decision(kind, max(failures, 1), now, retry_rule, random)
    message = f"{outcome}: {error or http_status or ''}".strip()
    if decision.action is FailureAction.RETRY and decision.retry_at is not None:
        queue.retry_later(session, lease, decision.retry_at, message, now)
        _set_page(session, lease.page_id, next_crawl_at=decision.retry_at)
        return Settled("queued", "retry", decision.retry_at, decision.reason)
    if decision.action is FailureAction.PARK:
        queue.park(session, lease, message, now)
        _set_page(session, lease.page_id, next_crawl_at=None, crawl_state=CrawlState.PARKED.value)
        log.warning("parked %s after %d failures in a row; last: %s", lease.url, failures, message)
        return Settled("parked", "park", None, decision.reason)
    queue.give_up(session, lease, message, now)
    _set_page(session, lease.page_id, next_crawl_at=None)
    return Settled("done", "give_up", None, decision.reason)


def crawl_history(session: Session, page_id: int, recent: int) -> CrawlHistory | None:
    """The successful crawls of a page as the schedule sees them; None if there are none."""
    ok = (Crawl.page_id == page_id) & Crawl.outcome.in_([o.value for o in SUCCESS_OUTCOMES])
    first = session.execute(select(func.min(Crawl.started_at)).where(ok)).scalar()
    if first is None:
        return None
    rows = list(session.execute(select(Crawl.finished_at, Crawl.content_hash).where(ok)
                                .order_by(Crawl.started_at.desc()).limit(recent + 1)).all())
    rows.reverse()
    changes = _changes([r.content_hash for r in rows])
    published = session.execute(select(Profile.published_at).where(Profile.page_id == page_id)).scalar()
    return CrawlHistory(first_crawled_at=first, last_crawled_at=rows[-1].finished_at,
                        published_at=published, changes=changes)


def site_recrawl_rule(session: Session, host: str, default: RecrawlRule) -> RecrawlRule:
    """The default rule with the site's recrawl bounds, if its row sets them."""
    site = session.execute(select(Site.min_recrawl_seconds, Site.max_recrawl_seconds).where(Site.host == host)).first()
    if site is None:
        return default
    rule = default
    if site.min_recrawl_seconds is not None:
        rule = replace(rule, min_interval=timedelta(seconds=site.min_recrawl_seconds))
    if site.max_recrawl_seconds is not None:
        rule = replace(rule, max_interval=timedelta(seconds=site.max_recrawl_seconds))
    return rule


def _changes(hashes: list[str | None]) -> tuple[bool, ...]:
    """One flag per recrawl: did it find content different from the last known content?
    An `unchanged` crawl stores no hash — it found the same content by definition."""
    flags, known = [], hashes[0] if hashes else None
    for content_hash in hashes[1:]:
        flags.append(content_hash is not None and content_hash != known)
        known = content_hash if content_hash is not None else known
    return tuple(flags)


def _set_page(session: Session, page_id: int, **values: object) -> None:
    session.execute(update(Page).where(Page.id == page_id).values(**values))

