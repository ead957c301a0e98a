"""The browser's life: crashes are typed failures, restarts are invisible, nothing outlives it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import psutil
import pytest

from demosite.server import DemoSite
from render import lifecycle
from render.browser import Renderer
from render.chromium import PLAYWRIGHT_DISABLED_FEATURES, launch_args
from render.lifecycle import RSS_CHECK_EVERY_PAGES
from render.outcome import FailureKind, RenderFailure
from render.proctree import alive
from render.settings import RenderSettings
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

KILL_AFTER_S = 0.6
"""The slow page answers after 3 s; Chromium is killed well inside that."""
CHILD_EXIT_TIMEOUT_S = 20


def test_killing_chromium_mid_render_is_a_typed_failure_and_the_next_render_succeeds(
        render_settings: RenderSettings, demo_site: DemoSite) -> None:
    async def go() -> tuple[RenderedPage | RenderFailure, RenderedPage | RenderFailure, list[int], int]:
        async with Renderer(render_settings) as renderer:
            first_pids = renderer.host.chromium_pids()
            pending = asyncio.create_task(renderer.render(demo_site.url("/slow?ms=3000")))
            await asyncio.sleep(KILL_AFTER_S)
            os.kill(renderer.host.browser_pid, signal.SIGKILL)
            crashed = await pending
            after = await renderer.render(demo_site.url("/index.html"))
            return crashed, after, first_pids, renderer.host.launches
    crashed, after, first_pids, launches = asyncio.run(go())
    assert isinstance(crashed, RenderFailure) and crashed.kind is FailureKind.BROWSER_CRASH, crashed
    assert isinstance(after, RenderedPage), after
    assert launches == 2
    assert alive(first_pids) == []


def test_a_relaunched_chromium_that_does_not_answer_fails_the_page_and_is_ended(
        render_settings: RenderSettings, demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch) -> None:
    """A relaunch happens inside a page's lease, outside its deadline: a browser that starts but
    does not answer in time (here: no time at all) fails that page and leaves no process behind;
    the page after it relaunches again."""
    settings = render_settings.model_copy(update={"restart_after_pages": 1})

    async def go() -> tuple[RenderedPage | RenderFailure, list[int], RenderedPage | RenderFailure, int]:
        async with Renderer(settings) as renderer:
            assert isinstance(await renderer.render(demo_site.url("/about.html")), RenderedPage)  # then due
            driver = psutil.Process(renderer.host.driver_pid)
            monkeypatch.setattr(lifecycle, "ANSWER_TIMEOUT_S", 0.0)
            failed = await renderer.render(demo_site.url("/index.html"))
            left = [child.pid for child in driver.children(recursive=True)]
            monkeypatch.setattr(lifecycle, "ANSWER_TIMEOUT_S", 10.0)
            after = await renderer.render(demo_site.url("/index.html"))
            return failed, left, after, renderer.host.launches
    failed, left, after, launches = asyncio.run(go())
    assert isinstance(failed, RenderFailure) and failed.kind is FailureKind.BROWSER_CRASH, failed
    assert "did not answer" in failed.message
    assert alive(left) == []
    assert isinstance(after, RenderedPage), after
    assert launches == 2  # the first browser and the one after; the unanswering one never counted


WEDGED_TEST_TIMEOUT_S = 90
"""The tests of a wedged driver end within this: unbounded, the relaunch would wait forever."""


def test_a_relaunch_on_a_driver_that_stopped_answering_fails_the_page_and_ends_the_driver(
        render_settings: RenderSettings, demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stopped driver (SIGSTOP) never answers `chromium.launch`, so Playwright's own launch
    timeout, kept inside the driver, never comes: the relaunch gives up at the launch deadline,
    the page that leased it fails typed, the driver and its Chromium are ended, and the next
    page starts a new driver and browser."""
    settings = render_settings.model_copy(update={"restart_after_pages": 1})
    deadline = lifecycle.LAUNCH_DEADLINE_S
    monkeypatch.setattr(lifecycle, "CLOSE_TIMEOUT_S", 1.0)

    async def go() -> tuple[RenderedPage | RenderFailure, list[int], RenderedPage | RenderFailure, int, int]:
        async with Renderer(settings) as renderer:
            assert isinstance(await renderer.render(demo_site.url("/about.html")), RenderedPage)  # then due
            driver = psutil.Process(renderer.host.driver_pid)
            tree = [driver.pid] + [child.pid for child in driver.children(recursive=True)]
            driver.suspend()
            monkeypatch.setattr(lifecycle, "LAUNCH_DEADLINE_S", 2.0)
            failed = await renderer.render(demo_site.url("/index.html"))
            monkeypatch.setattr(lifecycle, "LAUNCH_DEADLINE_S", deadline)
            after = await renderer.render(demo_site.url("/index.html"))
            return failed, tree, after, renderer.host.launches, renderer.host.driver_starts
    failed, tree, after, launches, driver_starts = asyncio.run(asyncio.wait_for(go(), WEDGED_TEST_TIMEOUT_S))
    assert isinstance(failed, RenderFailure) and failed.kind is FailureKind.BROWSER_CRASH, failed
    assert "did not launch" in failed.message
    assert alive(tree) == []
    assert isinstance(after, RenderedPage), after
    assert (launches, driver_starts) == (2, 2)


HANGING_START = "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600000);\n"
"""Loaded into node before the driver's own code (`--require`): it blocks for ten minutes."""


def test_a_driver_that_hangs_at_start_fails_the_page_and_is_ended(
        render_settings: RenderSettings, demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """A driver restart (due after every page here) runs inside a page's lease: a node that never
    answers its first message fails that page typed and is ended; the next page starts one that
    answers."""
    settings = render_settings.model_copy(update={"restart_after_pages": 1, "driver_restart_after_pages": 1})
    hang = tmp_path / "hang.js"
    hang.write_text(HANGING_START)
    timeout = lifecycle.DRIVER_START_TIMEOUT_S

    async def go() -> tuple[RenderedPage | RenderFailure, list[int], RenderedPage | RenderFailure, int]:
        async with Renderer(settings) as renderer:
            assert isinstance(await renderer.render(demo_site.url("/about.html")), RenderedPage)  # then due
            monkeypatch.setenv("NODE_OPTIONS", f"--require {hang}")
            monkeypatch.setattr(lifecycle, "DRIVER_START_TIMEOUT_S", 3.0)
            failed = await renderer.render(demo_site.url("/index.html"))
            drivers = [child.pid for child in psutil.Process().children() if lifecycle.DRIVER_COMMAND in child.cmdline()]
            monkeypatch.delenv("NODE_OPTIONS")
            monkeypatch.setattr(lifecycle, "DRIVER_START_TIMEOUT_S", timeout)
            after = await renderer.render(demo_site.url("/index.html"))
            return failed, drivers, after, renderer.host.driver_starts
    failed, drivers, after, driver_starts = asyncio.run(asyncio.wait_for(go(), WEDGED_TEST_TIMEOUT_S))
    assert isinstance(failed, RenderFailure) and failed.kind is FailureKind.BROWSER_CRASH, failed
    assert "did not start" in failed.message
    assert drivers == []  # the one before was stopped as due, the hanging one ended
    assert isinstance(after, RenderedPage), after
    assert driver_starts == 2  # the first and the one after; the hanging one never counted


def test_no_chromium_process_is_left_after_close(render_settings: RenderSettings, demo_site: DemoSite) -> None:
    async def go() -> list[int]:
        async with Renderer(render_settings) as renderer:
            await renderer.render(demo_site.url("/index.html"))
            return renderer.host.chromium_pids()
    pids = asyncio.run(go())
    assert len(pids) >= 3  # browser, zygotes, renderers...
    assert alive(pids) == []


def test_browser_is_relaunched_after_the_configured_number_of_pages(
        render_settings: RenderSettings, demo_site: DemoSite) -> None:
    settings = render_settings.model_copy(update={"restart_after_pages": 2, "concurrency": 1})

    async def go() -> tuple[list[RenderedPage | RenderFailure], int]:
        async with Renderer(settings) as renderer:
            results = await asyncio.gather(*(renderer.render(demo_site.url("/about.html")) for _ in range(7)))
            return list(results), renderer.host.launches
    results, launches = asyncio.run(go())
    assert all(isinstance(r, RenderedPage) for r in results), results
    # A browser takes at most restart_after_pages + its leases - 1 pages; at concurrency 1 the
    # leases are the page in flight and the one opened ahead (render/browser.py).
    assert launches >= 3


CHILD = textwrap.dedent("""
    import asyncio, json, sys
    from render.browser import Renderer
    from render.settings import RenderSettings

    async def main():
        async with Renderer(RenderSettings(resolver_rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")) as renderer:
            page = await renderer.render(sys.argv[1])
            pids = renderer.host.chromium_pids()
            print(json.dumps(pids), flush=True)
            while True:
                await renderer.render(sys.argv[2])

    asyncio.run(main())
""")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_leaves_no_chromium_process(demo_site: DemoSite, signum: int) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, demo_site.url("/index.html"), demo_site.url("/never-settles.html")],
        stdout=subprocess.PIPE, text=True)
    try:
        pids = json.loads(child.stdout.readline())
        assert pids[0] in alive(pids)  # the browser itself (renderers of closed pages come and go)
        child.send_signal(signum)
        child.wait(timeout=CHILD_EXIT_TIMEOUT_S)
    finally:
        if child.poll() is None:
            child.kill()
    assert alive(pids) == []


def test_browser_is_relaunched_when_its_memory_passes_the_ceiling(
        render_settings: RenderSettings, demo_site: DemoSite) -> None:
    settings = render_settings.model_copy(update={"rss_ceiling_mb": 100, "handle_signals": False})

    async def go() -> int:
        async with Renderer(settings) as renderer:
            for _ in range(RSS_CHECK_EVERY_PAGES + 1):
                assert isinstance(await renderer.render(demo_site.url("/about.html")), RenderedPage)
            return renderer.host.launches
    assert asyncio.run(go()) == 2  # any Chromium tree is above 100 MB


def test_full_chromium_flags_repeat_playwrights_disabled_features() -> None:
    """`--disable-features` is last-one-wins: ours must carry Playwright's list, which changes
    with Playwright releases."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8")
    block = text[text.index("disabledFeatures = ["):]
    block = block[:block.index("].filter")]
    listed = set(re.findall(r'^\s*"([A-Za-z]+)"', block, flags=re.M))
    assert listed == set(PLAYWRIGHT_DISABLED_FEATURES)
    args = launch_args(Path("/usr/lib/chromium/chromium"))
    assert any(a.startswith("--disable-features=") and "SpareRendererForSitePerProcess" in a for a in args)
    assert not any(a.startswith("--disable-features=") for a in launch_args(Path("/x/chromium-headless-shell")))
