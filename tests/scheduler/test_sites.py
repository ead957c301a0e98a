"""Site settings: the row and the environment merge field by field, and a row is read once per
crawl, so `rendercrawl sites add` reaches a running worker at its next page of the host."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import SecretStr

from demosite.server import BASIC_AUTH_PASSWORD, BASIC_AUTH_USER, DemoSite
from render.settings import RenderSettings, SiteSettings
from rendercrawl.crawl import open_crawler
from scheduler.settings import SchedulerSettings
from scheduler.sites import crawl_site
from scheduler.worker import Crawled
from storage.db import Sessions
from storage.records import Outcome
from storage.sites import SiteRow, upsert_site

ENVIRONMENT = RenderSettings(sites={"paper.test": SiteSettings(
    username="env-user", password=SecretStr("env-secret"), headers={"X-Env": "1", "X-Both": "env"},
    block_hosts=["ads.env.test"], datalayer_condition="window.pdl")})


def test_a_row_with_credentials_keeps_the_environments_headers_and_condition() -> None:
    row = SiteRow(host="paper.test", basic_auth_ref="env:RC_TEST_ROW_AUTH", headers={"X-Both": "row"},
                  extra_denylist=("tracker.paper.test",))
    site = crawl_site("paper.test", row, ENVIRONMENT, environ={"RC_TEST_ROW_AUTH": "row-user:row-secret"})
    assert site.render.username == "row-user" and site.render.password is not None
    assert site.render.password.get_secret_value() == "row-secret"
    assert site.render.headers == {"X-Env": "1", "X-Both": "row"}
    assert site.render.block_hosts == ["ads.env.test", "tracker.paper.test"]
    assert site.render.datalayer_condition == "window.pdl"


def test_a_row_without_credentials_keeps_the_environments_credentials() -> None:
    site = crawl_site("paper.test", SiteRow(host="paper.test", min_recrawl_seconds=60), ENVIRONMENT, environ={})
    assert site.render.username == "env-user" and site.auth is not None and site.auth.password == "env-secret"
    assert site.min_recrawl is not None and site.min_recrawl.total_seconds() == 60


def test_unusable_row_credentials_fall_back_to_the_environments_and_never_show(caplog: pytest.LogCaptureFixture) -> None:
    row = SiteRow(host="paper.test", basic_auth_ref="env:RC_TEST_UNSET")
    site = crawl_site("paper.test", row, ENVIRONMENT, environ={})
    assert site.render.username == "env-user"
    assert "RC_TEST_UNSET" in caplog.text and "env-secret" not in caplog.text


def test_no_row_and_no_environment_site_is_the_empty_default() -> None:
    site = crawl_site("other.test", None, ENVIRONMENT)
    assert site.render == SiteSettings() and site.obey_robots and site.auth is None


@pytest.mark.browser
def test_credentials_added_while_the_worker_runs_reach_its_next_crawl(
        sessions: Sessions, demo_site: DemoSite, render_settings: RenderSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RC_TEST_GAZETTE_AUTH", f"{BASIC_AUTH_USER}:{BASIC_AUTH_PASSWORD}")
    url = demo_site.url("/protected")

    async def scenario() -> tuple[Crawled, Crawled]:
        settings = render_settings.model_copy(update={"handle_signals": False})
        async with open_crawler(sessions, SchedulerSettings(cheap_recrawls=False), settings) as worker:
            before = await worker.crawl_now(url)
            with sessions.begin() as session:
                upsert_site(session, "127.0.0.1", {"basic_auth_ref": "env:RC_TEST_GAZETTE_AUTH"})
            after = await worker.crawl_now(url)
        return before, after

    before, after = asyncio.run(scenario())
    assert before.attempt.outcome is Outcome.HTTP_ERROR and before.attempt.http_status == 401
    assert after.attempt.outcome is Outcome.OK, after.attempt
