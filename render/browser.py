"""`Renderer`: the browser layer's public face — `render(url)` and `render_html(html, url)`.

One Chromium per worker process (`BrowserHost`, which also relaunches it when due or dead),
`concurrency` pages in flight (from navigation to the last read of the page), a fresh context
per page closed after use (its page with it: Chromium disposes of the context's targets, so the
page needs no call of its own), so no page sees another's cookies and memory stays flat.
Opening a context and its page costs ~20-200 ms of wall time (Chromium starts a renderer
process), and closing them ~10-40 ms, and neither requests anything from a site: so up to
`OPENED_AHEAD` pages are opened while the pages in flight render, and each is closed after it
gave its slot to the next (`_render`). At concurrency 1 one page loads at a time, and at
most one more blank page waits, ready. Each context has its own listener on the
egress proxy, which refuses the hosts the page's rules refuse; rules on paths are Fetch patterns
(see `render/blocking.py`); blocked requests are recorded from the failure events Chromium emits
for them.

Callers may run many `render()` calls at once (`asyncio.gather`); the host's slots bound how
many pages are open.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from importlib.resources import files
from urllib.parse import urlsplit

from playwright.async_api import Browser, BrowserContext, HttpCredentials, Page
from playwright.async_api import Error as PlaywrightError

from render.blocking import RequestPolicy
from render.calls import PageCallTimeout, bounded
from render.denylist import Denylist
from render.egress import Scope
from render.lifecycle import BrowserHost
from render.outcome import FailureKind, RenderFailure
from render.pagerender import OpenedPage, PageJob, open_page, render_page
from render.readiness import settle_init_script
from render.settings import RenderSettings, SiteSettings
from render.slowhosts import SlowHosts
from values.rendered import RenderedPage

log = logging.getLogger(__name__)

GUARDS_JS = (files("render") / "guards.js").read_text(encoding="utf-8")
RENDER_DEADLINE_CALLS = 4
"""The whole render is also bounded: navigation + two settle caps + this many page calls. A
last guard — every step has its own deadline — so one render can never hold a slot for ever."""
OPEN_DEADLINE_CALLS = 4
"""Opening a page (new page, the path rules' CDP session and its Fetch patterns) is bounded by
this many page calls."""
OPENED_AHEAD = 2
"""Pages opened (context, page, blocking: nothing requested yet) beyond the `concurrency` in
flight, at most. One is enough for the next page to start as soon as a slot frees; two when
several pages end at about the same time. Each holds an idle renderer (~20-40 MB), so not more."""


class Renderer:
    """Renders URLs (or HTML) in one shared browser. Use as `async with Renderer(s) as r`."""

    def __init__(self, settings: RenderSettings | None = None, denylist: Denylist | None = None) -> None:
        self.settings = settings or RenderSettings()
        policy = RequestPolicy.from_settings(self.settings)
        if denylist is not None:
            policy = RequestPolicy(denylist, policy.filters, policy.block_fonts, policy.block_media, policy.mode)
        self.policy = policy
        self.denylist = policy.denylist
        self.slow_hosts = SlowHosts(self.settings.slow_host_strikes, self.settings.slow_host_window_s,
                                    self.settings.slow_host_block_s)
        self.pages_held = self.settings.concurrency + min(self.settings.concurrency, OPENED_AHEAD)
        """Pages the renderer holds at most: in flight, and opened ahead of them."""
        # The host's leases cover a page from its context's opening to its closing, so it
        # hands out the pages in flight plus those opened ahead; `_in_flight` bounds the first.
        self.host = BrowserHost(self.settings.model_copy(update={"concurrency": self.pages_held}))
        self._in_flight = asyncio.Semaphore(self.settings.concurrency)
        self._init_script = GUARDS_JS + "\n" + settle_init_script(self.settings)
        filters = policy.filters
        if self.settings.filter_lists:
            log.info("filter lists: %d rules loaded, %d ignored; blocking mode %s",
                     filters.loaded, filters.ignored, policy.mode)

    @property
    def user_agent(self) -> str:
        return self.host.user_agent

    async def __aenter__(self) -> Renderer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        await self.host.start()

    async def close(self) -> None:
        await self.host.close()

    @property
    def shutting_down(self) -> bool:
        """Closing, signalled, or told a shutdown is coming: a browser that goes now is no crash."""
        return self.host.shutting_down

    def expect_shutdown(self) -> None:
        """Call as soon as the owner decides to stop (before its `close()`): a SIGTERM sent to the
        process group also reaches the Playwright driver, which then closes Chromium by itself,
        and that must not be reported as a crash. Renders still work until `close()`."""
        self.host.expect_shutdown()

    async def render(self, url: str, site: SiteSettings | None = None) -> RenderedPage | RenderFailure:
        """Render one URL; every failure the page, the network or the browser can cause comes
        back typed (a crashed browser is relaunched for the next call).

        `site` is the page's site settings when the caller has them (a crawl reads its site row
        once and merges it with the environment's, `scheduler.sites`); else the environment's
        `sites` for the URL's host apply."""
        return await self._render(url, html=None, site=site)

    async def render_html(self, html: str, url: str) -> RenderedPage | RenderFailure:
        """Render a saved page as if served from `url`, with every other request refused."""
        return await self._render(url, html=html, site=None)

    async def _render(self, url: str, html: str | None, site: SiteSettings | None) -> RenderedPage | RenderFailure:
        s = self.settings
        site = site if site is not None else s.site((urlsplit(url).hostname or "").lower())
        job = PageJob(url=url, html=html, site=site, slow_hosts=self.slow_hosts.blocked(), settings=s,
                      policy=self.policy, slow=self.slow_hosts, egress=self.host.egress)
        deadline_ms = s.navigation_timeout_ms + 2 * s.settle_cap_ms + RENDER_DEADLINE_CALLS * s.call_timeout_ms
        try:
            async with self.host.lease() as browser:
                try:
                    scope = await bounded(self._scope(job), s.call_timeout_ms)
                except OSError as error:  # no socket for the context's listener (out of file descriptors)
                    return RenderFailure(url, FailureKind.ERROR, f"no egress listener for the page: {error}")
                try:
                    proxy = scope.server if scope is not None else None
                    context = await bounded(self._new_context(browser, url, site, proxy), s.call_timeout_ms)
                    try:
                        opened = await bounded(open_page(context, job), OPEN_DEADLINE_CALLS * s.call_timeout_ms)
                        if isinstance(opened, RenderFailure):
                            return opened
                        return await self._render_opened(opened, job, deadline_ms)
                    finally:
                        await _close_context(context, s.call_timeout_ms)
                finally:
                    if scope is not None:
                        await scope.close()
        except PageCallTimeout as error:
            return RenderFailure(url, FailureKind.TIMEOUT, str(error))
        except PlaywrightError as error:
            # Opening a context fails only when the browser is going or gone.
            return RenderFailure(url, FailureKind.BROWSER_CRASH, error.message.splitlines()[0])

    async def _render_opened(self, opened: OpenedPage, job: PageJob, deadline_ms: int) -> RenderedPage | RenderFailure:
        """Render an opened page in one of the `concurrency` slots; its context is closed after
        the slot is given back (`_render`), so the next page starts meanwhile."""
        async with self._in_flight:
            return await bounded(render_page(opened, job), deadline_ms)

    async def _scope(self, job: PageJob) -> Scope | None:
        """The context's own listener on the egress proxy, refusing the hosts the page's rules
        refuse (`proxy` blocking; a saved page loads nothing, so it needs none). Each host is
        decided once a page (the rules are fixed for it): on a plain-HTTP site every request is
        a connection of its own, ~12 a page to a few hosts, at ~16 us a decision."""
        if self.policy.mode != "proxy" or job.html is not None:
            return None
        policy, page_host, site, slow = job.policy, job.host, job.site, job.slow_hosts
        return await self.host.egress.scope(functools.cache(lambda host: policy.host_reason(host, page_host, site, slow)))

    async def _new_context(self, browser: Browser, url: str, site: SiteSettings, proxy: str | None) -> BrowserContext:
        s = self.settings
        credentials: HttpCredentials | None = None
        if site.username is not None and site.password is not None:
            parts = urlsplit(url)
            credentials = {"username": site.username, "password": site.password.get_secret_value(),
                           "origin": f"{parts.scheme}://{parts.netloc}"}
        context = await browser.new_context(
            user_agent=self.user_agent, viewport={"width": s.viewport_width, "height": s.viewport_height},
            service_workers="block", accept_downloads=False, http_credentials=credentials,
            extra_http_headers=site.headers or None, proxy={"server": proxy} if proxy else None)
        context.set_default_timeout(s.call_timeout_ms)
        context.on("page", _close_popup)
        await context.add_init_script(self._init_script)
        return context


async def _close_popup(page: Page) -> None:
    """Popups are refused: a crawl renders one page, never what it opens."""
    try:
        if await page.opener() is not None:
            await page.close()
    except PlaywrightError:
        pass  # the context is closing anyway


async def _close_context(context: BrowserContext, timeout_ms: int) -> None:
    try:
        await asyncio.wait_for(context.close(), timeout_ms / 1000)
    except (TimeoutError, PlaywrightError):
        pass  # a dead browser has no context left to close; the host relaunches it
