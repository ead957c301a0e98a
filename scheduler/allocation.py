"""Spending a crawl budget where the expected freshness gain per render is highest.

A page is fresh while its stored profile equals the live page. Recrawling it now buys fresh
time only if it changed since the last crawl, and only until it changes again, so the expected
gain of one crawl is P(changed since the last crawl) × E[time the new profile stays fresh],
in fresh page-days (`crawl_gain`). Every `budget` period the site's pages with the highest gain
are crawled (`spend`): the budget goes where a render buys the most freshness.

This is Cho and Garcia-Molina's result on refresh policies ("Synchronizing a database to
improve freshness", SIGMOD 2000) read as an index instead of fixed frequencies: pages that
never change gain nothing, and a page changing much faster than it can be crawled gains little
(its new profile is stale again within minutes), so it gets less — their "too often gets
less". Their optimal frequencies assume each page's rate never changes; a publisher's pages
do change pace (an article settles after a day, a live blog stops), and fixed frequencies
solved for today's rates measured no better than the seed's ladder (`bench/freshness_sim.py`,
docs/lab/2026-12-04-recrawl.md), so the model here is the ladder's: a Poisson process on the
ladder's clock from the page's publication (or first crawl), whose rate per rung
`changerate.estimate_rate` learns from the page's history with the ladder's own guess (one
change per rung) as the prior. A profile taken later in a page's life stays fresh longer,
which is what makes a crawl after an article settles worth more than one while it is edited.

The seed's bounds stay: no page is recrawled sooner than its floor after the last crawl, and
one at its ceiling is due whatever the budget. Pushes, `modified_time` recrawls and first
crawls are outside the budget (they have their own rules). Everything here is pure.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from scheduler.changerate import DAY, LadderClock, Prior, estimate_rate, intervals
from scheduler.policy import RecrawlRule

HISTORY_CRAWLS = 30
"""Latest successful crawls a page's change rate is estimated from; older ones weigh little
(`changerate.HISTORY_HALF_LIFE`) and reading them would cost every settle."""
CHANGE_PRIOR = Prior(1.0)
"""The ladder's guess as a prior on changes per rung: one per rung, log-normal with
`changerate.PRIOR_LOG_SD`. A tighter spread (0.75) measured a little better in
`bench/freshness_sim.py` but held a page changing on each of 12 hourly crawls at 6.5 changes
a day (49 with this one): too stiff for a page that starts changing late in its life.
"""
HORIZON = timedelta(days=14)
"""Fresh time a crawl is credited with looks this far ahead: the longer, the more a crawl that
catches a page's last edit is worth against one of a page that will change again soon.
`bench/freshness_sim.py` (seed 1, scale 0.25): 1 day 0.740 freshness at the ladder's crawls,
7 days 0.774, 30 days 0.789 but stale profiles 40 h old on average against 27 h."""


@dataclass(frozen=True, slots=True)
class PageChanges:
    """What the adaptive schedule knows of one crawled page."""

    first_crawled_at: datetime
    published_at: datetime | None
    seen: tuple[tuple[datetime, bool | None], ...]
    """(crawl time, changed) of its latest successful crawls, oldest first (`crawls.content_changed`)."""

    @property
    def last_crawled_at(self) -> datetime:
        return self.seen[-1][0]

    @property
    def dated(self) -> datetime | None:
        """The publication time, when it is plausible (not after the last crawl)."""
        published = self.published_at
        return published if published is not None and published <= self.last_crawled_at else None


# ---------------------------------------------------------------- the expected gain of one crawl

DUE_STEPS = 30
"""Bisection steps on the log of a page's next interval: 2^-30 of ln(ceiling/floor) is exact to
a fraction of a second."""
DAY_S = DAY.total_seconds()


@dataclass(frozen=True, slots=True)
class ChangeModel:
    """A page's changes: a Poisson process of `rate` changes per rung of its ladder clock."""

    rate: float
    clock: LadderClock

    @classmethod
    def at_rate(cls, rate_per_day: float, anchor: datetime, at: datetime, rule: RecrawlRule) -> ChangeModel:
        """The model whose pace at `at` is `rate_per_day` (as stored after a crawl)."""
        clock = LadderClock.of(anchor, rule.ladder)
        return cls(rate_per_day * clock.rung(at.timestamp())[2] / DAY_S, clock)

    @property
    def anchor_at(self) -> datetime:
        return datetime.fromtimestamp(self.clock.anchor, UTC)

    def rate_per_day(self, at: datetime) -> float:
        return self.rate / self.clock.rung(at.timestamp())[2] * DAY_S

    def expected_changes(self, start: float, end: float) -> float:
        return self.rate * (self.clock.reading(end) - self.clock.reading(start))

    def fresh_seconds(self, at: float, horizon: float) -> float:
        """Expected seconds a profile taken at `at` stays fresh, within `horizon`: the rate is
        constant on each rung, so the integral is a sum of one exponential per rung crossed."""
        total, changes, start, end = 0.0, 0.0, at, at + horizon
        while start < end:
            _, rung_start, length = self.clock.rung(start)
            stop = min(self.clock.anchor + rung_start + length, end)
            per_second, span = self.rate / length, stop - start
            x = per_second * span
            total += math.exp(-changes) * (span if x < 1e-9 else -math.expm1(-x) / per_second)
            changes += x
            start = stop
        return total


def crawl_gain(model: ChangeModel, last_crawled_at: float, at: float, horizon: float = HORIZON.total_seconds()) -> float:
    """The expected freshness one crawl at `at` buys, in fresh page-days: the chance the stored
    profile is stale by then times how long the new one would stay fresh."""
    stale = -math.expm1(-model.expected_changes(last_crawled_at, at))
    return stale * model.fresh_seconds(at, horizon) / DAY_S


def gain_due(model: ChangeModel, last_crawled_at: datetime, threshold: float, rule: RecrawlRule) -> datetime:
    """The first moment a crawl's gain reaches `threshold`, within the floor and the ceiling.
    The gain only grows with time since the last crawl (the chance of a change grows, and the
    new profile stays fresh longer as the page ages), so bisection finds it."""
    last = last_crawled_at.timestamp()
    floor, ceiling = rule.min_interval.total_seconds(), rule.max_interval.total_seconds()
    if crawl_gain(model, last, last + floor) >= threshold:
        return last_crawled_at + rule.min_interval
    if crawl_gain(model, last, last + ceiling) < threshold:
        return last_crawled_at + rule.max_interval
    low, high = math.log(floor), math.log(ceiling)
    for _ in range(DUE_STEPS):
        middle = (low + high) / 2
        if crawl_gain(model, last, last + math.exp(middle)) >= threshold:
            high = middle
        else:
            low = middle
    return last_crawled_at + timedelta(seconds=math.exp(high))


def change_model(page: PageChanges, now: datetime, rule: RecrawlRule) -> ChangeModel:
    """The page's changes as its history and the ladder's prior say, at `now`."""
    clock = LadderClock.of(page.dated or page.first_crawled_at, rule.ladder)
    return ChangeModel(estimate_rate(intervals(page.seen, now, clock), CHANGE_PRIOR), clock)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A page the budget may buy a recrawl of."""

    page_id: int
    model: ChangeModel
    last_crawled_at: datetime


@dataclass(frozen=True, slots=True)
class Spent:
    page_ids: tuple[int, ...]
    """Highest gain first."""
    threshold: float | None
    """The gain of the last page bought (fresh page-days): what a crawl of this site is worth at
    the margin, used to tell each page when it would be bought (`gain_due`). None if nothing was."""


def spend(candidates: Sequence[Candidate], crawls: int, now: datetime, rule: RecrawlRule) -> Spent:
    """The `crawls` pages whose recrawl now buys the most freshness. A page crawled less than
    the floor ago is never bought; a page at its ceiling is bought first."""
    floor, ceiling = rule.min_interval, rule.max_interval
    scored = []
    for candidate in candidates:
        since = now - candidate.last_crawled_at
        if since < floor:
            continue
        gain = math.inf if since >= ceiling else crawl_gain(candidate.model, candidate.last_crawled_at.timestamp(),
                                                             now.timestamp())
        scored.append((gain, candidate.page_id))
    bought = heapq.nlargest(max(crawls, 0), scored)
    finite = [gain for gain, _ in bought if gain != math.inf]
    return Spent(tuple(page_id for _, page_id in bought), min(finite) if finite else None)
