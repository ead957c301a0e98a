"""A running worker follows the site rows: credentials or blocked hosts added with
`rendercrawl sites add` apply to its next pages, without a restart (`follow_site_rows`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping

import pytest
from sqlalchemy.orm import Session, sessionmaker

from demosite.server import BASIC_AUTH_PASSWORD, BASIC_AUTH_USER, DemoSite
from render.browser import Renderer
from render.model import RenderedPage
from render.outcome import FailureKind, RenderFailure
from render.settings import RenderSettings, SiteSettings
from scheduler.sites import follow_site_rows, merged_render_sites, upsert_site

RELOAD_S = 0.05
WAIT_FOR_RELOAD_S = 5.0


class Recorder:
    """Stands in for the renderer where only the calls matter."""

    def __init__(self) -> None:
        self.calls: list[dict[str, SiteSettings]] = []

    def use_sites(self, sites: Mapping[str, SiteSettings]) -> None:
        self.calls.append(dict(sites))


async def _until(condition: Callable[[], bool], timeout_s: float = WAIT_FOR_RELOAD_S) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the site rows were not re-read in time"
        await asyncio.sleep(0.01)


def _add_site(sessions: sessionmaker[Session], host: str, values: dict[str, object]) -> None:
    with sessions.begin() as session:
        upsert_site(session, host, values)


def test_a_changed_site_row_reaches_the_renderer_once_and_environment_sites_stay(
        sessions: sessionmaker[Session]) -> None:
    from_env = {"env.test": SiteSettings(block_hosts=["ads.env.test"])}

    async def scenario() -> Recorder:
        recorder, stop = Recorder(), asyncio.Event()
        started = merged_render_sites(sessions, from_env)
        follower = asyncio.create_task(follow_site_rows(recorder, sessions, from_env, started, RELOAD_S, stop))
        await asyncio.sleep(RELOAD_S * 4)  # nothing changed: no call
        assert recorder.calls == []
        _add_site(sessions, "paper.test", {"extra_denylist": "tracker.paper.test"})
        await _until(lambda: len(recorder.calls) == 1)
        await asyncio.sleep(RELOAD_S * 4)  # unchanged again: still one call
        stop.set()
        await follower
        return recorder

    recorder = asyncio.run(scenario())
    assert len(recorder.calls) == 1
    assert recorder.calls[0]["paper.test"].block_hosts == ["tracker.paper.test"]
    assert recorder.calls[0]["env.test"] == from_env["env.test"]


@pytest.mark.browser
def test_credentials_added_while_the_worker_runs_reach_the_protected_page(
        sessions: sessionmaker[Session], demo_site: DemoSite, render_settings: RenderSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RC_TEST_GAZETTE_AUTH", f"{BASIC_AUTH_USER}:{BASIC_AUTH_PASSWORD}")
    url = demo_site.url("/protected")

    async def scenario() -> tuple[RenderedPage | RenderFailure, RenderedPage | RenderFailure]:
        stop = asyncio.Event()
        started = merged_render_sites(sessions, {})
        async with Renderer(render_settings.model_copy(update={"handle_signals": False, "sites": started})) as renderer:
            follower = asyncio.create_task(follow_site_rows(renderer, sessions, {}, started, RELOAD_S, stop))
            before = await renderer.render(url)
            _add_site(sessions, "127.0.0.1", {"basic_auth_ref": "env:RC_TEST_GAZETTE_AUTH"})
            await _until(lambda: "127.0.0.1" in renderer.settings.sites)
            after = await renderer.render(url)
            stop.set()
            await follower
        return before, after

    before, after = asyncio.run(scenario())
    assert isinstance(before, RenderFailure) and before.kind is FailureKind.HTTP_ERROR and before.status == 401
    assert isinstance(after, RenderedPage), after
    assert "subscriber edition" in after.html.lower()
