"""bench/render_budget.py counts the Playwright driver's messages by kind (`Messages`): each one
the client dispatched, named by the call a reply answers, the type an object is created as, or
the object an event is about. Measured against a real driver and browser on the demo site."""

from __future__ import annotations

import asyncio
import sys

import pytest
from playwright._impl.connection import Connection
from playwright.async_api import async_playwright

from demosite.server import DemoSite
from render.chromium import LAUNCH_ARGS, find_chromium


@pytest.mark.browser
def test_every_message_is_counted_once_under_its_kind(demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch) -> None:
    # The benchmark's module sets its path and the loopback targets for its children: both put
    # back after the test, with the driver client's dispatch it wraps.
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delenv("RENDERCRAWL_ALLOW_TARGETS", raising=False)
    monkeypatch.setattr(Connection, "dispatch", Connection.dispatch)
    from bench.render_budget import LOOPBACK_ONLY, Messages

    monkeypatch.setattr(Messages, "count", 0)
    monkeypatch.setattr(Messages, "kinds", type(Messages.kinds)())
    Messages.install()

    async def visit() -> tuple[int, dict[str, int]]:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=str(find_chromium()),
                                              args=[*LAUNCH_ARGS, f"--host-resolver-rules={LOOPBACK_ONLY}"])
            context = await browser.new_context()
            page = await context.new_page()
            count, before = Messages.count, Messages.kinds.copy()
            page.on("request", lambda request: None)  # the driver now sends the page's requests too
            await page.goto(demo_site.url("/articles/harbour-bridge.html"), wait_until="load")
            await context.close()
            counted = Messages.count - count, Messages.since(before)
            await browser.close()
            return counted

    count, kinds = asyncio.run(visit())
    assert sum(kinds.values()) == count
    assert kinds.get("reply Frame.goto") == 1 and kinds.get("reply BrowserContext.close") == 1
    assert kinds.get("reply Page.updateSubscription") == 1, "the listener subscribed the page to its requests"
    assert kinds.get("create Request", 0) >= 2 and kinds.get("BrowserContext.request") == kinds["create Request"]
    assert kinds.get("Frame.loadstate", 0) >= 1
    assert "reply" not in kinds and not any(kind.startswith("?") for kind in kinds), kinds
