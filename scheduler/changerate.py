"""How often a page changes, estimated from a history that only says whether it changed
between two crawls.

A crawl sees "changed" or "the same", never how many times the page changed in between, so
counting changes and dividing by time underestimates a page that changes faster than it is
crawled (two edits between two crawls count once). Cho and Garcia-Molina ("Estimating
frequency of change", ACM TOIT 3(3), 2003) model changes as a Poisson process of rate λ: an
interval of length t shows a change with probability 1 − e^(−λt). The likelihood of a history
of irregular intervals is then

    L(λ) = Π_changed (1 − e^(−λ tᵢ)) · Π_unchanged e^(−λ tⱼ)

and its maximum is their estimator for irregular access (`estimate_rate` without a prior);
`bias_reduced_rate` is their estimator for regular access, r̂ = −log((X̄ + ½)/(n + ½)).

Three additions make it usable by a scheduler:
- **A prior, for the cold start.** Before the history says anything, the seed's ladder does
  (`scheduler.allocation.CHANGE_PRIOR`: one change per rung). The prior is log-normal on λ,
  not a Gamma: a Gamma prior weighs like observed time without a change, which outweighs a
  history in which every crawl found a change (that history only says "λ is at least about
  1/t", and a Gamma prior would hold the estimate far below it, so the page would be crawled
  too rarely to ever learn better). The log-normal's pull grows only with the logarithm of the
  distance, so such a history moves the estimate up, the crawls come closer, and the history
  catches up with the page.
- **A clock.** Intervals are measured in days (`days_clock`) or on the ladder's clock
  (`LadderClock`), on which a page's pace may slow with age as the ladder's does.
- **Recency.** A page's pace changes (an article is edited in its first day, then freezes;
  a live page stops): each interval counts with weight ½^(age / `HISTORY_HALF_LIFE`).

The maximum of the posterior is found by bisection on log λ: the log-posterior is concave in
log λ (each term is), so its derivative falls through zero once. Bisection to
`SOLVE_TOLERANCE` is 40-odd steps of a few float operations per interval; no solver library
is needed for one monotone root.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol

DAY = timedelta(days=1)
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""`days_clock`'s zero; only differences of its readings matter."""

HISTORY_HALF_LIFE = timedelta(days=3)
"""An interval that ended this long ago counts half: a few days of a page's history decide its
pace, so a page that stopped changing is believed within days, not months."""
PRIOR_LOG_SD = 1.5
"""Default spread of a log-normal prior in natural-log units (a factor of e^1.5 ≈ 4.5 either way)."""
MIN_RATE_PER_DAY = 1e-4
"""Searched range of λ: once in 27 years ..."""
MAX_RATE_PER_DAY = 1e5
"""... to about once a second: beyond both, no schedule would differ."""
SOLVE_TOLERANCE = 1e-6
"""Bisection stops when log λ is known to this (a relative error of 0.0001 %)."""
NEGLIGIBLE_WEIGHT = 1e-6
"""Intervals weighing less than this (many half-lives old) are dropped from the sums."""


@dataclass(frozen=True, slots=True)
class Interval:
    """The span between two successful crawls and what the second one found."""

    exposure: float
    """Its length on the estimate's clock: days, or ladder steps for a dated page (`LadderClock`)."""
    changed: bool
    weight: float = 1.0
    """How much this interval counts (recency): 1 for a fresh one."""


@dataclass(frozen=True, slots=True)
class Prior:
    """A log-normal prior on the change rate: its median and its spread in log units."""

    rate: float
    """Changes per unit of the clock's exposure."""
    log_sd: float = PRIOR_LOG_SD


class Clock(Protocol):
    def __call__(self, at: datetime) -> float:
        """A reading that grows with time; an interval's exposure is the difference of two."""
        ...


def days_clock(at: datetime) -> float:
    """Plain time, in days (for pages whose pace does not depend on their age)."""
    return (at - EPOCH) / DAY


@dataclass(frozen=True, slots=True)
class LadderClock:
    """Time as the seed's ladder counts it from a page's publication (or first crawl): one unit
    per rung (1 h, then 9 h, then 3.6 days, 26 days, then every 30 days). A page's changes are
    modelled as a Poisson process on this clock — its pace slows as the ladder says news does —
    so its rate in changes per day falls with age without waiting for crawls to say so, and a
    page that keeps changing simply shows a higher rate per rung. Times are POSIX seconds inside
    (the scheduler's hot loop), datetimes at the edges."""

    anchor: float
    steps: tuple[float, ...]
    """The ladder's offsets from the anchor, in seconds, increasing."""

    @classmethod
    def of(cls, anchor: datetime, ladder: Sequence[timedelta]) -> LadderClock:
        return cls(anchor.timestamp(), tuple(step.total_seconds() for step in ladder))

    def __call__(self, at: datetime) -> float:
        return self.reading(at.timestamp())

    def reading(self, t: float) -> float:
        count, start, length = self.rung(t)
        return count + (max(t - self.anchor, 0.0) - start) / length

    def rung(self, t: float) -> tuple[float, float, float]:
        """(rungs passed, the current rung's start as an age, its length), all but the count in seconds."""
        age, start = max(t - self.anchor, 0.0), 0.0
        for count, step in enumerate(self.steps):
            if age < step:
                return count, start, step - start
            start = step
        last = self.steps[-1]
        repeats = (age - start) // last
        return len(self.steps) + repeats, start + repeats * last, last


def intervals(seen: Sequence[tuple[datetime, bool | None]], now: datetime, clock: Clock = days_clock,
              half_life: timedelta = HISTORY_HALF_LIFE) -> list[Interval]:
    """The intervals of a page's crawl history, oldest first: `seen` holds (crawl time, changed)
    of its successful crawls in time order; the first is the reference, and a crawl that says
    nothing about change (None: a first profile) starts a new reference."""
    out = []
    for (before, _), (at, changed) in zip(seen, seen[1:], strict=False):
        exposure = clock(at) - clock(before)
        if changed is None or exposure <= 0:
            continue
        weight = 0.5 ** (max((now - at) / half_life, 0.0))
        if weight >= NEGLIGIBLE_WEIGHT:
            out.append(Interval(exposure, changed, weight))
    return out


def estimate_rate(history: Sequence[Interval], prior: Prior | None = None) -> float:
    """Changes per unit of exposure (per day on `days_clock`): the maximum of the posterior (of
    the likelihood when `prior` is None).

    Without a prior the likelihood has no finite maximum when no interval saw a change (the
    answer is `MIN_RATE_PER_DAY`) or when every interval did (`MAX_RATE_PER_DAY`); with one,
    the answer is always finite and equals the prior's median when `history` is empty.
    """
    changed = [(i.exposure, i.weight) for i in history if i.changed and i.exposure > 0]
    unchanged = sum(i.weight * i.exposure for i in history if not i.changed)

    def slope(log_rate: float) -> float:
        """d/d(log λ) of the log-posterior: decreasing in log λ."""
        rate = math.exp(log_rate)
        total = sum(w * _changed_slope(rate * t) for t, w in changed) - rate * unchanged
        if prior is not None:
            total -= (log_rate - math.log(prior.rate)) / prior.log_sd**2
        return total

    low, high = math.log(MIN_RATE_PER_DAY), math.log(MAX_RATE_PER_DAY)
    if slope(low) <= 0:
        return MIN_RATE_PER_DAY
    if slope(high) >= 0:
        return MAX_RATE_PER_DAY
    while high - low > SOLVE_TOLERANCE:
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return math.exp((low + high) / 2)


def _changed_slope(x: float) -> float:
    """d/d(log λ) of log(1 − e^(−x)) with x = λt: x / (eˣ − 1), which tends to 1 as x → 0."""
    if x < 1e-12:
        return 1.0
    if x > 700:  # e^x overflows; the term is below 1e-300 anyway
        return 0.0
    return x / math.expm1(x)


def bias_reduced_rate(unchanged_visits: int, visits: int, interval: timedelta) -> float:
    """Changes per day from `visits` equally spaced visits, `unchanged_visits` of which found
    no change: Cho and Garcia-Molina's r̂ = −log((X̄ + ½)/(n + ½)) per interval, which stays
    finite when every visit found a change and is nearly unbiased where the plain maximum
    likelihood, −log(X̄/n), is not."""
    if visits < 1 or not 0 <= unchanged_visits <= visits or interval <= timedelta(0):
        raise ValueError(f"needs 0 <= unchanged_visits <= visits, visits >= 1 and a positive interval; "
                         f"got {unchanged_visits}, {visits}, {interval}")
    return -math.log((unchanged_visits + 0.5) / (visits + 0.5)) / (interval / DAY)
