"""A shutdown we asked for is not a crash: Chromium going away while the renderer closes, after a
shutdown signal, or once the owner said it is stopping, is logged as a close, not as a crash
warning — while a browser that dies under a running renderer still is one."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from demosite.server import DemoSite
from render.browser import Renderer
from render.settings import RenderSettings
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

LOGGER = "render.lifecycle"
CRASHED = "crashed"
CLOSED = "Chromium closed"
EVENT_TIMEOUT_S = 10.0
CHILD_EXIT_TIMEOUT_S = 30


def _records(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == LOGGER and r.levelno == level]


async def _until_logged(caplog: pytest.LogCaptureFixture, text: str) -> None:
    deadline = time.monotonic() + EVENT_TIMEOUT_S
    while not any(text in r.getMessage() for r in caplog.records if r.name == LOGGER):
        assert time.monotonic() < deadline, f"no {text!r} record from {LOGGER}"
        await asyncio.sleep(0.02)


def test_a_clean_close_logs_no_crash(render_settings: RenderSettings, demo_site: DemoSite,
                                     caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger=LOGGER)

    async def go() -> None:
        async with Renderer(render_settings.model_copy(update={"handle_signals": False})) as renderer:
            assert isinstance(await renderer.render(demo_site.url("/about.html")), RenderedPage)
            assert not renderer.shutting_down
        assert renderer.shutting_down
    asyncio.run(go())
    assert not [r for r in _records(caplog, logging.WARNING) if CRASHED in r.getMessage()]


def test_chromium_going_after_expect_shutdown_is_no_crash(render_settings: RenderSettings,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """As when a SIGTERM to the process group reaches the driver, which closes Chromium itself."""
    caplog.set_level(logging.INFO, logger=LOGGER)

    async def go() -> None:
        async with Renderer(render_settings.model_copy(update={"handle_signals": False})) as renderer:
            renderer.expect_shutdown()
            assert renderer.host.browser_pid is not None
            os.kill(renderer.host.browser_pid, signal.SIGTERM)
            await _until_logged(caplog, CLOSED)
    asyncio.run(go())
    assert _records(caplog, logging.WARNING) == []


def test_chromium_dying_under_a_running_renderer_is_still_a_crash(render_settings: RenderSettings,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)

    async def go() -> None:
        async with Renderer(render_settings.model_copy(update={"handle_signals": False})) as renderer:
            assert renderer.host.browser_pid is not None
            os.kill(renderer.host.browser_pid, signal.SIGKILL)
            await _until_logged(caplog, CRASHED)
    asyncio.run(go())
    assert any(CRASHED in r.getMessage() for r in _records(caplog, logging.WARNING))


WORKER_LIKE = textwrap.dedent("""
    import asyncio, logging, signal, sys
    from render.browser import Renderer
    from render.settings import RenderSettings

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(levelname)s %(name)s %(message)s")

    async def main(url, handle_signals):
        # As the worker does: SIGTERM/SIGINT set a stop event, then the renderer is left.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        settings = RenderSettings(resolver_rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", handle_signals=handle_signals)
        async with Renderer(settings) as renderer:
            async def on_stop():
                await stop.wait()
                renderer.expect_shutdown()
            watcher = asyncio.create_task(on_stop())
            await renderer.render(url)
            print("ready", flush=True)
            await stop.wait()
            await asyncio.sleep(0.5)  # in-flight pages finishing: the driver has closed Chromium by now
            await watcher

    asyncio.run(main(sys.argv[1], sys.argv[2] == "1"))
""")


@pytest.mark.parametrize("handle_signals", [True, False])
def test_sigterm_to_the_process_group_of_a_stopping_worker_logs_no_crash(demo_site: DemoSite,
                                                                        handle_signals: bool) -> None:
    """The group's SIGTERM reaches the Playwright driver too, which closes Chromium by itself;
    with `handle_signals` the host ends Chromium itself, otherwise the owner's stop event calls
    `expect_shutdown()`."""
    child = subprocess.Popen(
        [sys.executable, "-c", WORKER_LIKE, demo_site.url("/index.html"), "1" if handle_signals else "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        os.killpg(child.pid, signal.SIGTERM)
        _, errors = child.communicate(timeout=CHILD_EXIT_TIMEOUT_S)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, errors
    assert CRASHED not in errors and "WARNING" not in errors, errors
    assert CLOSED in errors, errors
