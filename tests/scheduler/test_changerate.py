"""The change-rate estimator alone, on pages whose true rate is known (seeded Poisson changes)."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta

import pytest

from scheduler.changerate import (
    DAY,
    MAX_RATE_PER_DAY,
    MIN_RATE_PER_DAY,
    Interval,
    LadderClock,
    Prior,
    bias_reduced_rate,
    estimate_rate,
    intervals,
)
from scheduler.policy import RECRAWL_LADDER

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def observed(rate_per_day: float, mean_gap: timedelta, visits: int, seed: int) -> list[Interval]:
    """Visits at random (exponential) gaps to a page changing as a Poisson process."""
    rng = random.Random(seed)
    out = []
    for _ in range(visits):
        gap = timedelta(days=rng.expovariate(DAY / mean_gap))
        changes = rng.random() < 1 - math.exp(-rate_per_day * (gap / DAY))
        out.append(Interval(gap / DAY, changes))
    return out


@pytest.mark.parametrize(("rate", "mean_gap"), [(3.0, timedelta(hours=8)), (0.2, timedelta(days=2)),
                                                (24.0, timedelta(hours=2))])
def test_the_estimate_finds_a_known_rate_from_irregular_visits(rate: float, mean_gap: timedelta) -> None:
    found = estimate_rate(observed(rate, mean_gap, 400, seed=7))
    assert found == pytest.approx(rate, rel=0.15)


def test_changes_between_visits_are_not_lost_as_counting_loses_them() -> None:
    history = observed(24.0, timedelta(hours=2), 400, seed=3)
    counted = sum(i.changed for i in history) / sum(i.exposure for i in history)
    assert counted < 0.6 * 24.0  # two or more edits between two visits count once
    assert estimate_rate(history) == pytest.approx(24.0, rel=0.15)


def test_without_a_prior_a_history_of_no_change_or_all_change_has_no_finite_estimate() -> None:
    assert estimate_rate([Interval(1.0, False)] * 5) == MIN_RATE_PER_DAY
    assert estimate_rate([Interval(1.0, True)] * 5) == MAX_RATE_PER_DAY


def test_with_no_history_the_estimate_is_the_prior() -> None:
    assert estimate_rate([], Prior(2.0)) == pytest.approx(2.0, rel=1e-5)


def test_a_history_of_changes_on_every_visit_pulls_the_estimate_above_one_per_interval() -> None:
    """The prior (a monthly page) must not hold down a page that changed on each of 10 hourly visits."""
    found = estimate_rate([Interval(1 / 24, True)] * 10, Prior(1 / 30))
    assert found > 24.0


def test_unchanged_visits_pull_the_estimate_below_the_prior() -> None:
    found = estimate_rate([Interval(1.0, False)] * 10, Prior(1.0))
    assert found < 0.2


def test_bias_reduced_estimator_for_regular_visits() -> None:
    assert bias_reduced_rate(5, 10, DAY) == pytest.approx(-math.log(5.5 / 10.5))
    assert bias_reduced_rate(0, 10, timedelta(hours=12)) == pytest.approx(-math.log(0.5 / 10.5) * 2)
    rng = random.Random(11)
    rate, gap = 2.0, timedelta(hours=12)
    found = [bias_reduced_rate(sum(rng.random() >= 1 - math.exp(-rate * 0.5) for _ in range(50)), 50, gap)
             for _ in range(200)]
    assert sum(found) / len(found) == pytest.approx(rate, rel=0.05)
    with pytest.raises(ValueError, match="unchanged_visits"):
        bias_reduced_rate(11, 10, DAY)


def test_the_ladder_clock_counts_rungs_from_the_anchor() -> None:
    clock = LadderClock.of(T0, RECRAWL_LADDER)
    hour = timedelta(hours=1)
    assert [clock(T0 + h * hour) for h in (0, 0.5, 1, 5.5, 10)] == pytest.approx([0, 0.5, 1, 1.5, 2])
    assert clock(T0 + timedelta(days=30)) == pytest.approx(4)
    assert clock(T0 + timedelta(days=75)) == pytest.approx(5.5)  # past the ladder, one rung per 30 days


def test_intervals_weigh_recent_history_and_skip_crawls_that_say_nothing() -> None:
    hour = timedelta(hours=1)
    seen = [(T0, None), (T0 + hour, True), (T0 + 2 * hour, None), (T0 + 5 * hour, False)]
    found = intervals(seen, now=T0 + 5 * hour + timedelta(days=3), half_life=timedelta(days=3))
    assert [(i.exposure, i.changed) for i in found] == [(pytest.approx(1 / 24), True), (pytest.approx(3 / 24), False)]
    assert found[1].weight == pytest.approx(0.5)
    assert found[0].weight < found[1].weight
