"""Every crawl-policy rule, with a fake clock: time is a parameter, never read."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from scheduler.policy import (
    CrawlHistory,
    FailureAction,
    PushRule,
    RecrawlRule,
    RetryRule,
    Transience,
    ViewRule,
    failure_decision,
    first_crawl_due,
    modified_since_crawl,
    next_recrawl,
    push_decision,
    retry_delay,
    scheduled_recrawl_wanted,
    transience,
)
from storage.records import Outcome, Reason

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
H = timedelta(hours=1)
MIN = timedelta(minutes=1)
S = timedelta(seconds=1)


# ---------------------------------------------------------------- new pages: 3 views within 6 h


def test_new_page_is_not_crawled_after_two_views():
    assert first_crawl_due([T0, T0 + H]) is None


def test_new_page_is_due_at_the_third_view_within_six_hours():
    assert first_crawl_due([T0, T0 + H, T0 + 5 * H]) == T0 + 5 * H


def test_three_views_spread_over_more_than_six_hours_do_not_count():
    assert first_crawl_due([T0, T0 + 4 * H, T0 + 6 * H + S]) is None


def test_views_exactly_six_hours_apart_count():
    assert first_crawl_due([T0, T0 + 3 * H, T0 + 6 * H]) == T0 + 6 * H


def test_a_later_dense_burst_triggers_even_after_sparse_views():
    views = [T0, T0 + 7 * H, T0 + 20 * H, T0 + 20 * H + MIN, T0 + 20 * H + 2 * MIN]
    assert first_crawl_due(views) == T0 + 20 * H + 2 * MIN


def test_views_arriving_out_of_order_decide_the_same():
    assert first_crawl_due([T0 + 2 * H, T0, T0 + H]) == T0 + 2 * H


def test_view_threshold_and_window_are_settings():
    rule = ViewRule(threshold=2, window=timedelta(minutes=10))
    assert first_crawl_due([T0, T0 + 9 * MIN], rule) == T0 + 9 * MIN
    assert first_crawl_due([T0, T0 + 11 * MIN], rule) is None
    assert first_crawl_due([T0], ViewRule(threshold=1)) == T0


# ---------------------------------------------------------------- modified pages


def test_modified_time_after_last_crawl_triggers_a_recrawl():
    assert modified_since_crawl(T0 + H, last_crawled_at=T0)


def test_modified_time_before_or_at_last_crawl_does_not():
    assert not modified_since_crawl(T0 - H, last_crawled_at=T0)
    assert not modified_since_crawl(T0, last_crawled_at=T0)


def test_missing_modified_time_or_never_crawled_page_does_not_trigger():
    assert not modified_since_crawl(None, last_crawled_at=T0)
    assert not modified_since_crawl(T0, last_crawled_at=None)


# ---------------------------------------------------------------- scheduled recrawls


def _history(last, published=T0, first=None, changes=()):
    return CrawlHistory(first_crawled_at=first or T0 + 5 * MIN, last_crawled_at=last, published_at=published,
                        changes=tuple(changes))


@pytest.mark.parametrize(
    ("last_crawl", "expected"),
    [
        (T0 + 5 * MIN, T0 + H),  # first crawl just after publication -> 1 h after publication
        (T0 + H, T0 + 10 * H),  # then 10 h
        (T0 + 10 * H, T0 + timedelta(days=4)),  # then 4 days
        (T0 + timedelta(days=4), T0 + timedelta(days=30)),  # then a month
    ],
)
def test_recrawl_ladder_follows_publication(last_crawl, expected):
    due = next_recrawl(_history(last_crawl, changes=[True] if last_crawl > T0 + H else []))
    assert due.at == expected
    assert "ladder" in due.reason


def test_past_the_ladder_recrawls_repeat_monthly():
    last = T0 + timedelta(days=40)
    due = next_recrawl(_history(last, changes=[True]))
    assert due.at == last + timedelta(days=30)


def test_without_publication_time_the_ladder_starts_at_the_first_crawl():
    first = T0
    due = next_recrawl(CrawlHistory(first_crawled_at=first, last_crawled_at=first, published_at=None))
    assert due.at == first + H
    assert "first crawl" in due.reason


def test_publication_time_after_the_crawl_is_not_trusted():
    due = next_recrawl(CrawlHistory(first_crawled_at=T0, last_crawled_at=T0, published_at=T0 + timedelta(days=3)))
    assert due.at == T0 + H


def test_unchanged_recrawls_back_off_exponentially_up_to_a_cap():
    last = T0 + H  # ladder gap is 9 h from here
    rule = RecrawlRule()
    gaps = [next_recrawl(_history(last, changes=[True] + [False] * n), rule).at - last for n in range(0, 6)]
    assert gaps[1] == 2 * 9 * H
    assert gaps[2] == 4 * 9 * H
    assert gaps[3] == gaps[4] == gaps[5] == 8 * 9 * H


def test_one_change_is_no_pattern():
    last = T0 + H
    assert next_recrawl(_history(last, changes=[True, True])).at == T0 + 10 * H


def test_pages_that_keep_changing_are_recrawled_sooner():
    last = T0 + H
    due = next_recrawl(_history(last, changes=[True, True, False, True]))
    assert due.at - last == 4.5 * H
    assert "x0.5" in due.reason


def test_site_minimum_interval_bounds_the_schedule():
    last = T0 + 59 * MIN  # ladder says 1 minute from now
    due = next_recrawl(_history(last), RecrawlRule(min_interval=timedelta(minutes=30)))
    assert due.at == last + 30 * MIN
    assert "minimum" in due.reason


def test_site_maximum_interval_bounds_the_schedule():
    last = T0 + timedelta(days=4)
    due = next_recrawl(_history(last, changes=[False]), RecrawlRule(max_interval=timedelta(days=7)))
    assert due.at == last + timedelta(days=7)
    assert "maximum" in due.reason


def test_scheduled_recrawl_needs_a_view_since_the_last_crawl():
    last = T0
    assert scheduled_recrawl_wanted(T0 + H, last_view_at=T0 + 30 * MIN, last_crawled_at=last, now=T0 + 2 * H)
    assert not scheduled_recrawl_wanted(T0 + H, last_view_at=T0 - MIN, last_crawled_at=last, now=T0 + 2 * H)


def test_scheduled_recrawl_waits_until_due():
    assert not scheduled_recrawl_wanted(T0 + H, last_view_at=T0 + MIN, last_crawled_at=T0, now=T0 + 59 * MIN)
    assert scheduled_recrawl_wanted(T0 + H, last_view_at=T0 + MIN, last_crawled_at=T0, now=T0 + H)


# ---------------------------------------------------------------- force push: 4 per URL per rolling hour


def test_four_pushes_in_an_hour_are_honoured_and_the_fifth_declined():
    honoured = []
    for i in range(4):
        decision = push_decision(honoured, T0 + i * S)
        assert decision.allowed
        honoured.append(T0 + i * S)
    fifth = push_decision(honoured, T0 + 4 * S)
    assert not fifth.allowed
    assert fifth.next_allowed_at == T0 + H  # when the first of the four leaves the window


def test_a_push_stamped_later_than_now_still_counts():
    """Two service processes: one committed pushes stamped a moment after the other's `now`."""
    honoured = [T0 + 2 * S, T0 + 3 * S, T0 + 4 * S, T0 + 5 * S]
    late = push_decision(honoured, T0 + S)
    assert not late.allowed
    assert late.honoured_in_window == 4
    assert late.next_allowed_at == T0 + 2 * S + H


def test_pushing_every_second_gets_about_four_crawls_an_hour():
    honoured = []
    for second in range(3600):
        now = T0 + second * S
        if push_decision(honoured, now).allowed:
            honoured.append(now)
    assert len(honoured) == 4


def test_window_is_rolling_not_calendar_hours():
    honoured = [T0, T0 + 10 * MIN, T0 + 20 * MIN, T0 + 30 * MIN]
    assert not push_decision(honoured, T0 + 59 * MIN).allowed
    assert push_decision(honoured, T0 + H).allowed
    assert push_decision(honoured, T0 + H).honoured_in_window == 3
    later = push_decision(honoured + [T0 + H], T0 + H + MIN)
    assert not later.allowed and later.next_allowed_at == T0 + 70 * MIN


def test_pushes_of_one_url_do_not_limit_another():
    history = {"http://e.com/a": [T0, T0 + S, T0 + 2 * S, T0 + 3 * S], "http://e.com/b": []}
    assert not push_decision(history["http://e.com/a"], T0 + 4 * S).allowed
    assert push_decision(history["http://e.com/b"], T0 + 4 * S).allowed


def test_push_limit_is_a_setting():
    rule = PushRule(limit=1, window=timedelta(minutes=5))
    assert not push_decision([T0], T0 + MIN, rule).allowed
    assert push_decision([T0], T0 + 5 * MIN, rule).allowed


# ---------------------------------------------------------------- politeness


# ---------------------------------------------------------------- failures


@pytest.mark.parametrize(("status", "kind"), [(404, Transience.PERMANENT), (410, Transience.PERMANENT),
                                              (403, Transience.PERMANENT), (500, Transience.TRANSIENT),
                                              (503, Transience.TRANSIENT), (429, Transience.TRANSIENT),
                                              (408, Transience.TRANSIENT), (None, Transience.TRANSIENT)])
def test_http_errors_are_classified_by_whether_a_retry_can_help(status, kind):
    assert transience(Outcome.HTTP_ERROR, status) is kind


EXPECTED_TRANSIENCE = {
    Outcome.OK: None, Outcome.SOFT_404: None, Outcome.UNCHANGED: None,
    Outcome.TIMEOUT: Transience.TRANSIENT, Outcome.DNS_ERROR: Transience.TRANSIENT,
    Outcome.CONNECTION_ERROR: Transience.TRANSIENT, Outcome.BROWSER_CRASH: Transience.TRANSIENT,
    Outcome.ERROR: Transience.TRANSIENT, Outcome.SUSPECT: Transience.TRANSIENT,
    Outcome.TLS_ERROR: Transience.PERMANENT, Outcome.REDIRECT_LOOP: Transience.PERMANENT,
    Outcome.NON_HTML: Transience.PERMANENT, Outcome.BLOCKED: Transience.PERMANENT,
    Outcome.HTTP_ERROR: Transience.PERMANENT,  # with a 404; the statuses have their own test
}


def test_the_expectations_name_every_outcome():
    assert set(EXPECTED_TRANSIENCE) == set(Outcome)


@pytest.mark.parametrize("outcome", list(Outcome))
def test_each_outcome_has_one_transience(outcome):
    assert transience(outcome, 404) is EXPECTED_TRANSIENCE[outcome]


def test_transient_failures_back_off_exponentially_without_jitter_at_midpoint():
    rule = RetryRule(base_delay=MIN, max_delay=timedelta(hours=6), jitter_fraction=0.25, park_after=100)
    delays = [retry_delay(n, rule, lambda: 0.5) for n in range(1, 6)]
    assert delays == [MIN, 2 * MIN, 4 * MIN, 8 * MIN, 16 * MIN]


def test_backoff_is_capped():
    rule = RetryRule(base_delay=MIN, max_delay=H, park_after=1000)
    assert retry_delay(30, rule, lambda: 0.5) == H
    assert retry_delay(500, rule, lambda: 0.5) == H


def test_jitter_spreads_retries_within_the_fraction():
    rule = RetryRule(base_delay=timedelta(seconds=100), jitter_fraction=0.25)
    rng = random.Random(7)
    delays = {retry_delay(1, rule, rng.random).total_seconds() for _ in range(200)}
    assert min(delays) >= 75 and max(delays) <= 125
    assert len(delays) > 150
    assert retry_delay(1, rule, lambda: 0.0) == timedelta(seconds=75)


def test_transient_failure_is_retried_at_the_backoff_time():
    decision = failure_decision(Transience.TRANSIENT, 2, T0, RetryRule(base_delay=MIN), lambda: 0.5)
    assert decision.action is FailureAction.RETRY
    assert decision.retry_at == T0 + 2 * MIN


def test_permanent_failure_is_not_retried():
    decision = failure_decision(Transience.PERMANENT, 1, T0)
    assert decision.action is FailureAction.GIVE_UP and decision.retry_at is None


def test_page_is_parked_after_n_consecutive_failures():
    rule = RetryRule(park_after=3)
    assert failure_decision(Transience.TRANSIENT, 2, T0, rule).action is FailureAction.RETRY
    parked = failure_decision(Transience.TRANSIENT, 3, T0, rule)
    assert parked.action is FailureAction.PARK and "3 failures" in parked.reason


# ---------------------------------------------------------------- priorities


def test_push_is_claimed_before_modified_before_new_before_scheduled():
    assert (Reason.PUSH.priority < Reason.MODIFIED.priority < Reason.NEW.priority < Reason.SCHEDULED.priority
            < Reason.MANUAL.priority)
