"""`Renderer`: one Chromium per worker process, a fresh context per page.

Blocking happens inside Chromium (CDP `Network.setBlockedURLs`) rather than in a Playwright
`route()` handler: a handler sends every request through the driver and turns the HTTP cache
off, which a recrawler that sees the same publisher's scripts again and again pays for most.
Blocked requests are recorded from the `requestfailed` events Chromium emits for them.
"""

from __future__ import annotations

import asyncio
import json
import time
from importlib.resources import files
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from render.chromium import find_chromium, launch_args
from render.denylist import PIANO_COMPOSER_HOSTS, Denylist
from render.model import Box, DataLayer, Image, RenderedPage, Timings
from render.outcome import FailureKind, RenderFailure, classify_error
from render.requests import RequestTracker
from render.settings import RenderSettings

SNAPSHOT_JS = (files("render") / "snapshot.js").read_text(encoding="utf-8")

COMPOSER_PROPERTIES = (
    "contentAuthor", "contentCreated", "contentSection", "tags", "contentIsNative",
    "contentId", "zone", "customPageUrl", "customVariables",
)
"""Properties Piano Composer keeps on `tp` once its script has run the queued commands."""

DATALAYER_GLOBALS = ("pdl",)
"""Globals read into `DataLayer.globals` in addition to Composer's `tp`."""

HTML_TYPES = ("text/html", "application/xhtml+xml")
POLL_INTERVAL_S = 0.05
"""How often the settle loop looks at the network; finer costs CPU for no better snapshot."""
SCROLL_PAUSE_MS = 60
"""Pause per scroll step so lazy-loading observers fire and start their requests."""


class Renderer:
    """Renders URLs (or HTML) in one shared browser. Use as `async with Renderer(s) as r`."""

    def __init__(self, settings: RenderSettings | None = None, denylist: Denylist | None = None) -> None:
        self.settings = settings or RenderSettings()
        extra = PIANO_COMPOSER_HOSTS if self.settings.block_piano_composer else ()
        self.denylist = denylist or Denylist.default(extra=extra)
        self._patterns = self.denylist.url_patterns()
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self.user_agent = ""

    async def __aenter__(self) -> Renderer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        executable = find_chromium(self.settings.chromium)
        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(
            executable_path=str(executable), headless=True, args=launch_args(self.settings.resolver_rules))
        cdp = await self._browser.new_browser_cdp_session()
        version = await cdp.send("Browser.getVersion")
        await cdp.detach()
        self.user_agent = f"{version['userAgent']} {self.settings.bot_token}"

    async def close(self) -> None:
        if self._browser is not None:
            await self._browser.close()
            self._browser = None
        if self._playwright is not None:
            await self._playwright.stop()
            self._playwright = None

    async def render(self, url: str) -> RenderedPage | RenderFailure:
        """Render one URL; every failure the page or network can cause comes back typed."""
        context = await self._new_context()
        try:
            return await self._render_in(context, url, html=None)
        finally:
            await context.close()

    async def render_html(self, html: str, url: str) -> RenderedPage | RenderFailure:
        """Render a saved page as if served from `url`, with every other request refused."""
        context = await self._new_context()
        try:
            return await self._render_in(context, url, html=html)
        finally:
            await context.close()

    async def _new_context(self) -> BrowserContext:
        if self._browser is None:
            raise RuntimeError("Renderer.start() was not called")
        s = self.settings
        context = await self._browser.new_context(
            user_agent=self.user_agent, viewport={"width": s.viewport_width, "height": s.viewport_height},
            service_workers="block", accept_downloads=False)
        context.set_default_timeout(s.call_timeout_ms)
        context.on("page", _close_popup)
        return context

    async def _render_in(self, context: BrowserContext, url: str, html: str | None) -> RenderedPage | RenderFailure:
        s = self.settings
        started = time.monotonic()
        page = await context.new_page()
        tracker = RequestTracker(page, self.denylist.blocks_url)
        if html is None:
            cdp = await context.new_cdp_session(page)
            await cdp.send("Network.enable")
            await cdp.send("Network.setBlockedURLs", {"urls": self._patterns})
        else:
            await _serve_offline(page, url, html)
        try:
            response = await page.goto(url, wait_until="load", timeout=s.navigation_timeout_ms)
        except PlaywrightError as error:
            kind = classify_error(error.message)
            message = error.message.splitlines()[0]
            if kind is FailureKind.TIMEOUT:
                message += f"; still loading: {', '.join(tracker.still_loading()[:5]) or 'nothing'}"
            return RenderFailure(url, kind, message)
        if response is None:
            return RenderFailure(url, FailureKind.ERROR, "navigation produced no response")
        chain = _redirect_chain(response.request)
        content_type = (await response.all_headers()).get("content-type", "")
        status = response.status
        if not any(t in content_type.lower() for t in HTML_TYPES):
            return RenderFailure(url, FailureKind.NON_HTML, f"content type {content_type or 'missing'} is not HTML",
                                 status=status, final_url=page.url, redirect_chain=chain, content_type=content_type)
        if status >= 400:
            return RenderFailure(url, FailureKind.HTTP_ERROR, f"HTTP {status}", status=status,
                                 final_url=page.url, redirect_chain=chain, content_type=content_type)
        nav_done = time.monotonic()
        try:
            settled = await self._settle(tracker, s.settle_cap_ms, min_wait_ms=s.settle_quiet_ms)
            await asyncio.wait_for(page.evaluate(SCROLL_JS, [s.scroll_steps, SCROLL_PAUSE_MS]), s.call_timeout_ms / 1000)
            settled = await self._settle(tracker, s.settle_cap_ms // 2, min_wait_ms=0) and settled
            settle_done = time.monotonic()
            raw = await asyncio.wait_for(
                page.evaluate(SNAPSHOT_JS, {"composerProperties": list(COMPOSER_PROPERTIES),
                                            "globals": list(DATALAYER_GLOBALS)}),
                s.call_timeout_ms / 1000)
        except (PlaywrightError, asyncio.TimeoutError) as error:
            message = getattr(error, "message", "") or f"page call exceeded {s.call_timeout_ms} ms"
            return RenderFailure(url, classify_error(message) if message else FailureKind.TIMEOUT,
                                 message.splitlines()[0], status=status, final_url=page.url, redirect_chain=chain)
        done = time.monotonic()
        timings = Timings(
            navigation_ms=round((nav_done - started) * 1000, 1), settle_ms=round((settle_done - nav_done) * 1000, 1),
            snapshot_ms=round((done - settle_done) * 1000, 1), total_ms=round((done - started) * 1000, 1))
        return _page_from_snapshot(json.loads(raw), url, page.url, status, content_type, chain,
                                   tuple(tracker.failures), timings, settled)

    async def _settle(self, tracker: RequestTracker, cap_ms: int, min_wait_ms: int) -> bool:
        """Wait until the network was quiet for `settle_quiet_ms` and `min_wait_ms` passed (so
        timers a page sets at load get to run), or until `cap_ms`; True if it settled."""
        quiet = self.settings.settle_quiet_ms
        start = time.monotonic()
        while True:
            elapsed = (time.monotonic() - start) * 1000
            if not tracker.inflight and tracker.quiet_ms() >= quiet and elapsed >= min_wait_ms:
                return True
            if elapsed >= cap_ms:
                return False
            await asyncio.sleep(POLL_INTERVAL_S)


SCROLL_JS = """async ([steps, pauseMs]) => {
  const h = window.innerHeight;
  for (let i = 1; i <= steps; i++) {
    if (i * h >= document.documentElement.scrollHeight) break;
    window.scrollTo(0, i * h);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  window.scrollTo(0, 0);
}"""
"""Scroll through the page in viewport-high steps so lazy images start loading, then back to
the top so boxes are measured from the page's first screen."""


async def _close_popup(page: Page) -> None:
    """Popups are refused: a crawl renders one page, never what it opens."""
    if await page.opener() is not None:
        await page.close()


async def _serve_offline(page: Page, url: str, html: str) -> None:
    async def handle(route: Any) -> None:
        request = route.request
        if request.url == url and request.is_navigation_request():
            await route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)
        else:
            await route.abort("blockedbyclient")

    await page.route("**/*", handle)


def _redirect_chain(request: Any) -> tuple[str, ...]:
    chain: list[str] = []
    previous = request.redirected_from
    while previous is not None:
        chain.append(previous.url)
        previous = previous.redirected_from
    return tuple(reversed(chain))


def _page_from_snapshot(raw: dict[str, Any], requested: str, final: str, status: int, content_type: str,
                        chain: tuple[str, ...], blocked: tuple, timings: Timings, settled: bool) -> RenderedPage:
    boxes = {
        row[0]: Box(x=row[1], y=row[2], width=row[3], height=row[4], visible=bool(row[5]), font_size=row[6],
                    font_weight=row[7], display=row[8], position=row[9], overlay=bool(row[10]))
        for row in raw["boxes"]
    }
    images = tuple(
        Image(node_id=r[0], url=r[1], natural_width=r[2], natural_height=r[3], width=r[4], height=r[5],
              x=r[6], y=r[7], visible=bool(r[8]), alt=r[9])
        for r in raw["images"]
    )
    composer = raw["composer"]
    datalayer = DataLayer(
        composer_commands=tuple((c[0], tuple(c[1])) for c in composer["commands"]),
        composer_state=composer["state"], globals=raw["globals"])
    return RenderedPage(
        requested_url=requested, final_url=final, status=status, content_type=content_type, html=raw["html"],
        redirect_chain=chain, boxes=boxes, images=images, viewport=tuple(raw["viewport"]),
        document_size=tuple(raw["document"]), datalayer=datalayer, blocked=blocked, timings=timings,
        settled=settled)
