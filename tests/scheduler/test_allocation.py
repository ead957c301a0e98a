"""The budget's spending and the change model, alone, with a fake clock."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from scheduler.allocation import (
    HORIZON,
    Candidate,
    ChangeModel,
    PageChanges,
    change_model,
    crawl_gain,
    gain_due,
    spend,
)
from scheduler.changerate import LadderClock
from scheduler.policy import RecrawlRule

T0 = datetime(2026, 3, 1, tzinfo=UTC)
HOUR = timedelta(hours=1)
RULE = RecrawlRule()


def model(rate: float, anchor: datetime = T0) -> ChangeModel:
    return ChangeModel(rate, LadderClock.of(anchor, RULE.ladder))


def gain(m: ChangeModel, last: datetime, at: datetime) -> float:
    return crawl_gain(m, last.timestamp(), at.timestamp())


def test_a_page_that_never_changes_gains_nothing_from_a_crawl() -> None:
    assert gain(model(0.0), T0, T0 + timedelta(days=20)) == 0.0


def test_the_gain_grows_with_time_since_the_last_crawl() -> None:
    m = model(2.0)
    gains = [gain(m, T0 + HOUR, T0 + HOUR + h * HOUR) for h in (1, 5, 24, 96)]
    assert gains == sorted(gains) and gains[0] > 0


def test_a_page_changing_much_faster_than_it_can_be_kept_gains_less() -> None:
    """Cho and Garcia-Molina's 'too often gets less': a fast page is stale again at once."""
    last, at = T0 + timedelta(days=40), T0 + timedelta(days=41)
    moderate, frantic = gain(model(30.0), last, at), gain(model(30_000.0), last, at)
    assert frantic < moderate / 10


def test_an_expected_change_count_follows_the_ladder_clock() -> None:
    m = model(3.0)
    assert m.expected_changes(T0.timestamp(), (T0 + 10 * HOUR).timestamp()) == pytest.approx(6.0)
    assert m.rate_per_day(T0 + 2 * HOUR) == pytest.approx(3.0 * 24 / 9)
    # a profile taken on a frozen-looking old page stays fresh for the whole horizon
    assert model(1e-9).fresh_seconds((T0 + timedelta(days=60)).timestamp(), HORIZON.total_seconds()) == pytest.approx(
        HORIZON.total_seconds())


def test_spend_buys_the_highest_gains_and_never_a_page_inside_its_floor() -> None:
    now = T0 + timedelta(days=3)
    pages = [Candidate(1, model(0.0), now - timedelta(days=2)),  # never changes
             Candidate(2, model(2.0), now - timedelta(days=1)),
             Candidate(3, model(50.0), now - RULE.min_interval / 2),  # changes a lot, but crawled just now
             Candidate(4, model(0.5), now - timedelta(days=1))]
    spent = spend(pages, 2, now, RULE)
    assert spent.page_ids == (2, 4)
    assert spent.threshold == pytest.approx(gain(model(0.5), now - timedelta(days=1), now))
    assert 3 not in spend(pages, 4, now, RULE).page_ids


def test_a_page_at_its_ceiling_is_bought_first_whatever_its_gain() -> None:
    now = T0 + timedelta(days=90)
    pages = [Candidate(1, model(5.0), now - timedelta(days=2)), Candidate(2, model(0.0), now - RULE.max_interval)]
    assert spend(pages, 1, now, RULE).page_ids == (2,)
    assert spend(pages, 0, now, RULE).page_ids == ()


def test_gain_due_is_when_the_gain_reaches_the_threshold_within_the_bounds() -> None:
    m, last = model(2.0), T0 + timedelta(days=5)
    threshold = gain(m, last, last + 6 * HOUR)
    assert abs((gain_due(m, last, threshold, RULE) - last) - 6 * HOUR) < timedelta(seconds=1)
    assert gain_due(m, last, 0.0, RULE) == last + RULE.min_interval
    assert gain_due(m, last, math.inf, RULE) == last + RULE.max_interval


def test_the_model_learns_a_page_that_changes_on_every_crawl_and_one_that_never_does() -> None:
    hour = HOUR
    busy = PageChanges(T0, None, tuple([(T0, None)] + [(T0 + timedelta(days=10) + i * hour, True) for i in range(1, 13)]))
    quiet = PageChanges(T0, None, tuple([(T0, None)] + [(T0 + timedelta(days=10) + i * hour, False) for i in range(1, 13)]))
    now = T0 + timedelta(days=10, hours=12)
    assert change_model(busy, now, RULE).rate_per_day(now) > 12
    assert change_model(quiet, now, RULE).rate_per_day(now) < 0.2


def test_a_dated_page_is_read_on_the_clock_from_its_publication() -> None:
    published = T0 - timedelta(days=2)
    page = PageChanges(T0, published, ((T0, None), (T0 + HOUR, False)))
    assert change_model(page, T0 + HOUR, RULE).clock.anchor == published.timestamp()
    undated = PageChanges(T0, T0 + timedelta(days=5), ((T0, None), (T0 + HOUR, False)))  # "published" after the crawl
    assert change_model(undated, T0 + HOUR, RULE).clock.anchor == T0.timestamp()
