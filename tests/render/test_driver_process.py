"""The Playwright driver (node): started with the configured V8 old-space cap, and replaced
when it dies — its pages fail typed, the next render gets a new driver and browser."""

from __future__ import annotations

import asyncio
import os
import signal

import psutil
import pytest

from demosite.server import DemoSite
from render.browser import Renderer
from render.lifecycle import driver_node_options
from render.outcome import FailureKind, RenderFailure
from render.proctree import alive
from render.settings import RenderSettings
from values.rendered import RenderedPage

KILL_AFTER_S = 0.6
"""The slow page answers after 3 s; the driver is killed well inside that."""
USER_NODE_OPTIONS = "--trace-warnings"
"""Some option a user might have set for their own node programs; it must reach the driver too."""


def test_node_options_append_the_cap_to_the_users_own() -> None:
    assert driver_node_options(None, 96) == "--max-old-space-size=96"
    assert driver_node_options("--trace-warnings", 96) == "--trace-warnings --max-old-space-size=96"
    assert driver_node_options("--trace-warnings", 0) == "--trace-warnings"
    assert driver_node_options(None, None) is None


@pytest.mark.browser
@pytest.mark.parametrize("cap", [80, 0])
def test_the_driver_starts_with_the_configured_old_space_cap_and_only_it_does(
        render_settings: RenderSettings, demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch, cap: int) -> None:
    monkeypatch.setenv("NODE_OPTIONS", USER_NODE_OPTIONS)
    settings = render_settings.model_copy(update={"driver_max_old_space_mb": cap, "handle_signals": False})

    async def go() -> tuple[RenderedPage | RenderFailure, dict[str, str], list[str]]:
        async with Renderer(settings) as renderer:
            page = await renderer.render(demo_site.url("/index.html"))
            driver = psutil.Process(renderer.host.driver_pid)
            return page, driver.environ(), driver.cmdline()
    page, environ, cmdline = asyncio.run(go())
    assert isinstance(page, RenderedPage), page
    assert "run-driver" in cmdline
    expected = f"{USER_NODE_OPTIONS} --max-old-space-size={cap}" if cap else USER_NODE_OPTIONS
    assert environ["NODE_OPTIONS"] == expected
    assert os.environ["NODE_OPTIONS"] == USER_NODE_OPTIONS  # this process's own is left as it was


@pytest.mark.browser
def test_killing_the_driver_mid_render_is_a_typed_failure_and_the_next_render_succeeds(
        render_settings: RenderSettings, demo_site: DemoSite) -> None:
    settings = render_settings.model_copy(update={"handle_signals": False})

    async def go() -> tuple[RenderedPage | RenderFailure, RenderedPage | RenderFailure, int, list[int], int, int]:
        async with Renderer(settings) as renderer:
            assert isinstance(await renderer.render(demo_site.url("/about.html")), RenderedPage)
            driver_pid = renderer.host.driver_pid
            assert driver_pid is not None and "run-driver" in psutil.Process(driver_pid).cmdline()
            first_pids = renderer.host.chromium_pids()
            pending = asyncio.create_task(renderer.render(demo_site.url("/slow?ms=3000")))
            await asyncio.sleep(KILL_AFTER_S)
            os.kill(driver_pid, signal.SIGKILL)
            crashed = await pending
            after = await renderer.render(demo_site.url("/index.html"))
            assert renderer.host.driver_pid not in (None, driver_pid)
            return crashed, after, driver_pid, first_pids, renderer.host.driver_starts, renderer.host.launches
    crashed, after, driver_pid, first_pids, driver_starts, launches = asyncio.run(go())
    assert isinstance(crashed, RenderFailure) and crashed.kind is FailureKind.BROWSER_CRASH, crashed
    assert isinstance(after, RenderedPage), after
    assert (driver_starts, launches) == (2, 2)
    assert alive([driver_pid, *first_pids]) == []  # the old browser went with its driver
