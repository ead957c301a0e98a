"""The crawl budget's adapters: what settling a crawl learns of the page's changes, and the
scheduler's job that spends each budgeted site's recrawls (`allocation.spend`).

A site with a budget (`rendercrawl sites add HOST --budget 120`, recrawls an hour) has its
scheduled recrawls bought by expected freshness gain: every run of the job buys the run's
share of the budget among the site's pages still being viewed. Its pages' `next_crawl_at` is
then their ceiling (when they are due whatever the budget); the job brings them forward.
Everything else — first crawls, `modified_time` recrawls, pushes, retries — is outside the
budget and unchanged. A site without a budget keeps the seed's ladder; its pages' change rates
are estimated and shown all the same.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from scheduler.allocation import Candidate, ChangeModel, PageChanges, change_model, gain_due, spend
from scheduler.policy import Due, RecrawlRule, human_duration
from scheduler.sites import CrawlSite, crawl_site
from storage import queue
from storage.budgets import BudgetedSite, budget_pages, set_budget_threshold
from storage.db import Session
from storage.history import SuccessfulCrawls
from storage.pages import ChangeEstimate
from storage.records import Reason
from storage.sites import load_site

log = logging.getLogger(__name__)


def learned_changes(found: SuccessfulCrawls, now: datetime, rule: RecrawlRule) -> ChangeEstimate:
    """The page's change estimate after a successful crawl, from its history."""
    seen = tuple((o.at, o.changed) for o in found.recent)
    model = change_model(PageChanges(found.first_crawled_at, found.published_at, seen), now, rule)
    return ChangeEstimate(model.rate_per_day(now), model.anchor_at)


def budgeted_due(last_crawled_at: datetime, rule: RecrawlRule) -> Due:
    """A budgeted page's `next_crawl_at`: its ceiling; the budget job buys it sooner if it is worth it."""
    return Due(last_crawled_at + rule.max_interval,
               f"budgeted: recrawled when among the highest expected gains; at the latest in "
               f"{human_duration(rule.max_interval)}")


def expected_due(rate_per_day: float, anchor: datetime, last_crawled_at: datetime, threshold: float,
                 rule: RecrawlRule) -> datetime:
    """When the budget would buy this page's recrawl if a crawl stays worth `threshold` (the
    last bought one's gain): for operators; the job decides by comparing pages, not by this."""
    return gain_due(ChangeModel.at_rate(rate_per_day, anchor, last_crawled_at, rule), last_crawled_at, threshold, rule)


def crawls_this_run(budget_per_hour: float, period: timedelta, random: Callable[[], float]) -> int:
    """The run's share of the budget in whole crawls; the fraction is a crawl with that
    probability, so over many runs the budget is spent exactly (`random` in [0, 1))."""
    share = budget_per_hour * (period / timedelta(hours=1))
    whole = int(share)
    return whole + (1 if random() < share - whole else 0)


def spend_site_budget(session: Session, site: BudgetedSite, now: datetime, default: RecrawlRule, period: timedelta,
                      random: Callable[[], float]) -> tuple[int, ...]:
    """Buy this run's recrawls of one site: queue them now, and keep what the last was worth."""
    rule = _site(session, site.host).recrawl_rule(default)
    candidates = [Candidate(p.page_id, ChangeModel.at_rate(p.change_rate_per_day, p.change_anchor_at,
                                                            p.last_crawled_at, rule), p.last_crawled_at)
                  for p in budget_pages(session, site.host)]
    spent = spend(candidates, crawls_this_run(site.crawl_budget_per_hour, period, random), now, rule)
    for page_id in spent.page_ids:
        queue.enqueue(session, page_id, Reason.SCHEDULED, now, now)
    if spent.threshold is not None:
        set_budget_threshold(session, site.host, spent.threshold)
    return spent.page_ids


def _site(session: Session, host: str) -> CrawlSite:
    return crawl_site(host, load_site(session, host))
