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

Two additions make it usable by a scheduler:
- **A prior, for the cold start.** Before the history says anything, the seed's ladder does: a
  page of age a is expected to change about once per ladder gap at a (`ladder_prior`). The
  prior is log-normal on λ, not a Gamma: a Gamma prior weighs like observed time without a
  change, which outweighs a history in which every crawl found a change (that history only
  says "λ is at least about 1/t", and a Gamma prior would hold the estimate far below it, so
  the page would be crawled too rarely to ever learn better). The log-normal's pull grows
  only with the logarithm of the distance, so such a history moves the estimate up to a few
  changes per interval, the crawls come closer, and the history catches up with the page.
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
from datetime import datetime, timedelta

DAY = timedelta(days=1)

HISTORY_HALF_LIFE = timedelta(days=3)
"""An interval that ended this long ago counts half. Set on `bench/freshness_sim.py`: shorter
loses the steady pages' precision (section fronts), longer keeps frozen articles 'live' for
days after their last edit."""
PRIOR_LOG_SD = 1.5
"""Spread of the log-normal prior in natural-log units: the ladder's guess is trusted to within
a factor of about e^1.5 ≈ 4.5 either way before the history has to argue."""
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

    length: timedelta
    changed: bool
    weight: float = 1.0
    """How much this interval counts (recency): 1 for a fresh one."""


@dataclass(frozen=True, slots=True)
class Prior:
    """A log-normal prior on the change rate: its median and its spread in log units."""

    rate_per_day: float
    log_sd: float = PRIOR_LOG_SD


def intervals(seen: Sequence[tuple[datetime, bool | None]], now: datetime,
              half_life: timedelta = HISTORY_HALF_LIFE) -> list[Interval]:
    """The intervals of a page's crawl history, oldest first: `seen` holds (crawl time, changed)
    of its successful crawls in time order; the first is the reference, and a crawl that says
    nothing about change (None: a first profile) starts a new reference."""
    out = []
    for (before, _), (at, changed) in zip(seen, seen[1:], strict=False):
        if changed is None or at <= before:
            continue
        weight = 0.5 ** (max((now - at) / half_life, 0.0))
        if weight >= NEGLIGIBLE_WEIGHT:
            out.append(Interval(at - before, changed, weight))
    return out


def estimate_rate(history: Sequence[Interval], prior: Prior | None = None) -> float:
    """Changes per day: the maximum of the posterior (of the likelihood when `prior` is None).

    Without a prior the likelihood has no finite maximum when no interval saw a change (the
    answer is `MIN_RATE_PER_DAY`) or when every interval did (`MAX_RATE_PER_DAY`); with one,
    the answer is always finite and equals the prior's median when `history` is empty.
    """
    changed = [(i.length / DAY, i.weight) for i in history if i.changed and i.length > timedelta(0)]
    unchanged_days = sum(i.weight * (i.length / DAY) for i in history if not i.changed)

    def slope(log_rate: float) -> float:
        """d/d(log λ) of the log-posterior: decreasing in log λ."""
        rate = math.exp(log_rate)
        total = sum(w * _changed_slope(rate * t) for t, w in changed) - rate * unchanged_days
        if prior is not None:
            total -= (log_rate - math.log(prior.rate_per_day)) / prior.log_sd**2
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


def ladder_prior(age: timedelta, ladder: Sequence[timedelta], log_sd: float = PRIOR_LOG_SD) -> Prior:
    """The seed's ladder read as a guess of the change rate: a page of `age` (since publication,
    or its first crawl) changes about once per ladder gap at that age — hourly in its first
    hour, about daily on its first day, monthly once past the ladder."""
    start = timedelta(0)
    for step in ladder:
        if age < step:
            return Prior(DAY / (step - start), log_sd)
        start = step
    return Prior(DAY / ladder[-1], log_sd)  # past the ladder, its last step repeats
