"""Scheduler settings: environment in, policy rules out, bounds checked."""

from datetime import timedelta

import pytest
from pydantic import ValidationError

from scheduler import policy
from scheduler.settings import SchedulerSettings


def test_defaults_are_the_policy_constants():
    settings = SchedulerSettings(_env_file=None)
    assert settings.view_rule() == policy.ViewRule()
    assert settings.push_rule() == policy.PushRule()
    assert settings.host_rule() == policy.HostRule()
    assert settings.retry_rule() == policy.RetryRule()
    assert settings.recrawl_rule() == policy.RecrawlRule()


def test_environment_sets_the_view_rule(monkeypatch):
    monkeypatch.setenv("RENDERCRAWL_VIEW_THRESHOLD", "5")
    monkeypatch.setenv("RENDERCRAWL_VIEW_WINDOW_HOURS", "2")
    monkeypatch.setenv("RENDERCRAWL_PUSH_LIMIT_PER_URL", "10")
    settings = SchedulerSettings()
    assert settings.view_rule() == policy.ViewRule(5, timedelta(hours=2))
    assert settings.push_rule().limit == 10


@pytest.mark.parametrize("env", [{"RENDERCRAWL_VIEW_THRESHOLD": "0"},
                                 {"RENDERCRAWL_LEASE_SECONDS": "10", "RENDERCRAWL_LEASE_RENEW_SECONDS": "20"},
                                 {"RENDERCRAWL_RECRAWL_LADDER_HOURS": "[10, 1]"}, {"RENDERCRAWL_RETRY_JITTER_FRACTION": "1.5"}])
def test_out_of_bounds_settings_are_refused(monkeypatch, env):
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ValidationError):
        SchedulerSettings()
