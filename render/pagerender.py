"""One page, start to finish: block, navigate, check the response, settle, scroll, snapshot.

The main document's validators (`ETag`, `Last-Modified`, the hash of its raw body) are read from
the response Chromium got, so learning them costs no second request to the server.

Every call into the page runs under a deadline (`call_timeout_ms`, enforced both by Playwright
and by `asyncio.wait_for`, so a hung driver cannot hold a worker either). Anything the page, the
network or a dying browser does comes back as a typed `RenderFailure`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urldefrag, urlsplit

from playwright.async_api import BrowserContext, CDPSession, Page, Request, Response, Route
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeout

from render.blocking import RequestPolicy, site_of
from render.calls import PageCallTimeout, bounded
from render.egress import Egress
from render.imageprobe import probe_declared_image
from render.outcome import FailureKind, RenderFailure, classify_error
from render.readiness import wait_until_settled
from render.requests import RequestTracker
from render.settings import RenderSettings, SiteSettings
from render.slowhosts import SlowHosts
from render.snapshot import SNAPSHOT_JS, MalformedReading, PageReading, parse_reading, snapshot_options
from values.rendered import RenderedPage, Timings, raw_sha256

log = logging.getLogger(__name__)

HTML_TYPES = ("text/html", "application/xhtml+xml")
ERROR_PAGE_PREFIX = "chrome-error://"
"""Where Chromium ends up when a script navigates the page to a URL that fails: its error page,
not the publisher's, so it must never become a profile."""
SCROLL_PAUSE_MS = 60
"""Pause per scroll step where a scroll listener may wait out a pause of its own (a debounce)
before it starts its requests; a step where only observers react ends at the frame (below)."""
SCROLL_FRAME_CAP_MS = 250
"""A step waits at most this long for the page to draw a frame at its position. A loader sees a
position only in a frame drawn at it (an observer's intersection, a scroll event), and a
renderer on a loaded machine draws later than `SCROLL_PAUSE_MS`: a step that ended at the pause
alone went back to the top unseen (lazy.html's last image read with no source at concurrency 4,
bench/RENDER.md). The cap is for a page that draws no frame at all; it never binds on a page
that draws."""
SCROLL_JS = """async ([steps, pauseMs, frameCapMs]) => {
  const settle = window.__rcSettle;
  if (settle && !settle.scrollAware()) return null;
  const paced = settle ? !settle.scrollListeners() : false;
  const pause = () => new Promise((resolve) => {
    let drawn = !settle, paused = paced;
    const end = () => {
      if (!drawn || !paused) return;
      clearTimeout(cap);
      clearTimeout(timer);
      resolve();
    };
    const cap = setTimeout(() => { drawn = paused = true; end(); }, frameCapMs);
    const timer = paced ? null : setTimeout(() => { paused = true; end(); }, pauseMs);
    if (settle) settle.drawn().then(() => { drawn = true; end(); });
  });
  const h = window.innerHeight;
  for (let i = 1; i <= steps; i++) {
    if (i * h >= document.documentElement.scrollHeight) break;
    window.scrollTo(0, i * h);
    await pause();
  }
  window.scrollTo(0, 0);
  return settle ? settle.held() : 0;
}"""
"""Scroll through the page in viewport-high steps so lazy images start loading, then back to
the top so boxes are measured from the page's first screen. A page where nothing reacts to
scrolling (no IntersectionObserver, scroll listener or `loading=lazy`; render/readiness.js
watches) is not scrolled: the steps would only cost their pauses. A step ends once the page drew
a frame after it and the tasks that frame queued (the observers' callbacks) ran, and where a
scroll listener reacts not before `SCROLL_PAUSE_MS` either; without a frame, after
`SCROLL_FRAME_CAP_MS`. Returns null when it did not scroll, else how many holds the
page has left (render/readiness.js): a lazy loader the last step woke may have set an image
loading or a timer whose request the tracker has not seen yet."""


@dataclass(frozen=True, slots=True)
class PageJob:
    """Everything one render needs, resolved before the page opens."""

    url: str
    html: str | None
    site: SiteSettings
    slow_hosts: frozenset[str]
    settings: RenderSettings
    policy: RequestPolicy
    slow: SlowHosts
    egress: Egress
    """The proxy every request went through: it says why one was refused or failed."""

    @property
    def host(self) -> str:
        return (urlsplit(self.url).hostname or "").lower()


@dataclass(frozen=True, slots=True)
class _Document:
    """The main document's final response (after redirects), checked to be HTML and no error."""

    response: Response
    status: int
    content_type: str
    redirect_chain: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OpenedPage:
    """A page of its own context with the request tracker and blocking in place, not yet
    navigated: what `render_page` starts from."""

    page: Page
    tracker: RequestTracker


async def open_page(context: BrowserContext, job: PageJob) -> OpenedPage | RenderFailure:
    """Open the page and put the tracker and blocking in place. Nothing is requested from the
    page's site yet, so this may run while another page holds the browser's slot (`Renderer`).
    The page is the context's only one, and closes with it (the caller's)."""
    s = job.settings
    page = await bounded(context.new_page(), s.call_timeout_ms)
    tracker = RequestTracker(page, lambda r: _reason(job, r) or _egress_reason(job, r.url))
    try:
        await _install_blocking(context, page, job)
    except (PlaywrightError, PageCallTimeout) as error:
        return _failure_from(job.url, error, page.url, tracker, job.egress)
    return OpenedPage(page, tracker)


async def render_page(opened: OpenedPage, job: PageJob) -> RenderedPage | RenderFailure:
    """Navigate, check the response, settle, scroll and read the page. The caller closes its
    context, after giving its slot to the next page."""
    s = job.settings
    page, tracker = opened.page, opened.tracker
    started = time.monotonic()
    body_task: asyncio.Task[str | None] | None = None
    try:
        outcome = await _navigate(page, job, tracker)
        if isinstance(outcome, RenderFailure):
            return outcome
        document = outcome
        served = job.html is None  # a saved page was never served by its server: it has no validators
        # The body hash is asked for now and awaited after the snapshot: Chromium may answer
        # only once the page's other requests let it (10 s, its whole budget, on a page with
        # 10,000 images), and the page need not wait for it meanwhile.
        body_task = asyncio.ensure_future(_body_sha256(document.response, s)) if served else None
        await _wait_for_load(page, job)
        nav_done = time.monotonic()
        settled = await _settle_and_scroll(page, job, tracker)
        _record_overdue(job, tracker)
        settle_done = time.monotonic()
        raw = await bounded(page.evaluate(SNAPSHOT_JS, snapshot_options(s.datalayer_globals)), s.call_timeout_ms)
        reading = _reading(raw)
        declared = reading.declared_image if isinstance(reading, PageReading) and served else None
        probed = await probe_declared_image(page, declared)  # a saved page loads nothing
        body_hash = await body_task if body_task is not None else None
    except (PlaywrightError, PageCallTimeout) as error:
        return _failure_from(job.url, error, page.url, tracker, job.egress)
    finally:
        if body_task is not None and not body_task.done():
            body_task.cancel()  # the render failed or was cancelled: nobody wants the hash
    done = time.monotonic()
    if page.url.startswith(ERROR_PAGE_PREFIX):
        return RenderFailure(job.url, FailureKind.ERROR, "the page navigated to a URL that failed to load",
                             status=document.status, redirect_chain=document.redirect_chain)
    if isinstance(reading, MalformedReading):
        return RenderFailure(job.url, FailureKind.ERROR, str(reading), status=document.status,
                             final_url=page.url, redirect_chain=document.redirect_chain)
    timings = Timings(
        navigation_ms=round((nav_done - started) * 1000, 1), settle_ms=round((settle_done - nav_done) * 1000, 1),
        snapshot_ms=round((done - settle_done) * 1000, 1), total_ms=round((done - started) * 1000, 1))
    headers = document.response.headers if served else {}  # no round trip, unlike all_headers()
    return RenderedPage(
        requested_url=job.url, final_url=page.url, status=document.status, content_type=document.content_type,
        html=reading.html, redirect_chain=document.redirect_chain, boxes=reading.boxes, images=reading.images,
        viewport=reading.viewport, document_size=reading.document_size, datalayer=reading.datalayer,
        blocked=tuple(tracker.failures), timings=timings, settled=settled,
        still_loading=() if settled else tracker.still_loading(), auto_blocked_hosts=tuple(sorted(job.slow_hosts)),
        etag=headers.get("etag"), last_modified=headers.get("last-modified"), raw_sha256=body_hash,
        probed_image=probed)


def _reading(raw: object) -> PageReading | MalformedReading:
    try:
        return parse_reading(raw)
    except MalformedReading as error:
        return error


def _reason(job: PageJob, request: Request) -> str | None:
    return job.policy.reason(request.url, request.resource_type, job.host, job.site, job.slow_hosts)


def _egress_reason(job: PageJob, url: str) -> str | None:
    """Why the proxy did not connect a failed request (a refused target, a name that does not
    resolve), in place of Chromium's generic `ERR_EMPTY_RESPONSE`."""
    verdict = job.egress.verdict(url)
    return verdict.reason if verdict is not None else None


async def _install_blocking(context: BrowserContext, page: Page, job: PageJob) -> None:
    s = job.settings
    if job.html is not None:
        await page.route("**/*", _offline_handler(job.url, job.html))
    elif job.policy.mode == "proxy":
        # Hosts are refused by the egress proxy (the context's scope, `Renderer._render`); what
        # needs the path is paused by Chromium on these few patterns only, and decided here.
        patterns = job.policy.path_patterns()
        if patterns:
            cdp = await bounded(context.new_cdp_session(page), s.call_timeout_ms)
            cdp.on("Fetch.requestPaused", _path_handler(job, cdp))
            await bounded(cdp.send("Fetch.enable", {"patterns": patterns}), s.call_timeout_ms)
    elif job.policy.mode == "chromium":
        cdp = await bounded(context.new_cdp_session(page), s.call_timeout_ms)
        # Chromium applies blocked URLs only while the session's Network domain is enabled
        # (without it the blocking tests fail), though it then streams events to us.
        await bounded(cdp.send("Network.enable"), s.call_timeout_ms)
        patterns = job.policy.chromium_patterns(job.host, job.site, job.slow_hosts)
        await bounded(cdp.send("Network.setBlockedURLs", {"urlPatterns": patterns}), s.call_timeout_ms)
    else:
        async def handle(route: Route) -> None:
            if _reason(job, route.request) is None:
                await route.fallback()
            else:
                await route.abort("blockedbyclient")
        await page.route("**/*", handle)


def _path_handler(job: PageJob, cdp: CDPSession) -> Callable[[dict[str, Any]], Awaitable[None]]:
    """Decide a request a path pattern paused: `reason()` on its URL and type."""
    async def handle(event: dict[str, Any]) -> None:
        kind = str(event.get("resourceType", "")).lower()  # CDP's `Font` is Playwright's `font`
        why = job.policy.reason(event["request"]["url"], kind, job.host, job.site, job.slow_hosts)
        command, params = (("Fetch.continueRequest", {}) if why is None
                           else ("Fetch.failRequest", {"errorReason": "BlockedByClient"}))
        try:
            await cdp.send(command, {"requestId": event["requestId"], **params})
        except PlaywrightError:
            pass  # the page or its request is gone
    return handle


def _offline_handler(url: str, html: str) -> Any:
    """Serve the saved document and refuse everything else. A script that navigates the saved
    page elsewhere gets 204 No Content, on which Chromium stays where it is — refusing it would
    replace the page by Chromium's error page."""
    document = urldefrag(url).url

    async def handle(route: Route) -> None:
        request = route.request
        if not request.is_navigation_request():
            await route.abort("blockedbyclient")
        elif urldefrag(request.url).url == document:
            await route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)
        else:
            await route.fulfill(status=204)
    return handle


async def _navigate(page: Page, job: PageJob, tracker: RequestTracker) -> _Document | RenderFailure:
    """The final response if it is HTML and no HTTP error, or why there is none."""
    try:
        response = await bounded(page.goto(job.url, wait_until="domcontentloaded", timeout=job.settings.navigation_timeout_ms),
                                 job.settings.navigation_timeout_ms + job.settings.call_timeout_ms)
    except (PlaywrightError, PageCallTimeout) as error:
        return _failure_from(job.url, error, page.url, tracker, job.egress)
    if response is None:
        return RenderFailure(job.url, FailureKind.ERROR, "navigation produced no response")
    chain = tracker.navigation_chain()[:-1]
    content_type = response.headers.get("content-type", "")  # no round trip, unlike all_headers()
    status = response.status
    if not any(t in content_type.lower() for t in HTML_TYPES):
        return RenderFailure(job.url, FailureKind.NON_HTML, f"content type {content_type or 'missing'} is not HTML",
                             status=status, final_url=page.url, redirect_chain=chain, content_type=content_type)
    if status >= 400:
        return RenderFailure(job.url, FailureKind.HTTP_ERROR, f"HTTP {status}", status=status,
                             final_url=page.url, redirect_chain=chain, content_type=content_type)
    return _Document(response, status, content_type, chain)


async def _body_sha256(response: Response, s: RenderSettings) -> str | None:
    """`raw_sha256` of the document's body as Chromium received it (decoded from any
    Content-Encoding, as a plain GET without Accept-Encoding gets it). Chromium cannot always
    give a body back (evicted from its buffer, the page already gone): then the page simply has
    no hash, and its next recrawl renders instead of asking the server."""
    try:
        body = await bounded(response.body(), s.call_timeout_ms)
    except (PlaywrightError, PageCallTimeout) as error:
        log.debug("no body for %s: %s", response.url, getattr(error, "message", "") or error)
        return None
    return raw_sha256(body)


async def _wait_for_load(page: Page, job: PageJob) -> None:
    """`load` waits for every subresource, so one slow widget would hold the crawl for as long
    as it likes; past the subresource budget the page goes on to settle without it."""
    try:
        await page.wait_for_load_state("load", timeout=job.settings.subresource_budget_ms)
    except PlaywrightTimeout:
        pass  # the late requests count as timed out when the page is snapshotted


async def _settle_and_scroll(page: Page, job: PageJob, tracker: RequestTracker) -> bool:
    s = job.settings
    condition = job.site.datalayer_condition or s.datalayer_condition
    first = await wait_until_settled(page, tracker, s, s.settle_cap_ms, condition=condition)
    settled = first.settled
    if s.scroll_steps and first.scroll_aware is not False:  # asked in the page's last idle answer
        before = tracker.started
        held = await bounded(page.evaluate(SCROLL_JS, [s.scroll_steps, SCROLL_PAUSE_MS, SCROLL_FRAME_CAP_MS]), s.call_timeout_ms)
        if held is not None and (tracker.started > before or held > 0):
            # Scrolling woke lazy loaders: let their requests, images and timers finish.
            again = await wait_until_settled(page, tracker, s, s.settle_cap_ms // 2, condition=None)
            settled = again.settled and settled
    return settled


def _record_overdue(job: PageJob, tracker: RequestTracker) -> None:
    """Requests past their budget are timeouts; a third-party host that keeps causing them is
    blocked for a while (`SlowHosts`)."""
    overdue = tracker.overdue(job.settings.subresource_budget_ms)
    tracker.record_timeouts(overdue)
    page_site = site_of(job.host)
    for host in {urlsplit(r.url).hostname or "" for r in overdue}:
        if host and site_of(host) != page_site:
            job.slow.record_timeout(host)


def _failure_from(url: str, error: Exception, final_url: str, tracker: RequestTracker, egress: Egress) -> RenderFailure:
    message = (getattr(error, "message", "") or str(error)).splitlines()[0]
    kind = FailureKind.TIMEOUT if isinstance(error, PageCallTimeout) else classify_error(message)
    chain = tracker.navigation_chain()
    verdict = egress.verdict(chain[-1] if chain else url) if kind is not FailureKind.TIMEOUT else None
    if verdict is not None:  # the proxy refused the navigation (or a redirect of it), or could not reach it
        hop = f" (redirected to {chain[-1][:100]})" if len(chain) > 1 else ""
        return RenderFailure(url, verdict.kind, verdict.reason + hop, redirect_chain=chain[:-1])
    if kind is FailureKind.TIMEOUT:
        loading = tracker.still_loading()
        return RenderFailure(url, kind, f"{message}; still loading: {', '.join(loading[:5]) or 'nothing'}",
                             final_url=final_url or None, redirect_chain=chain[:-1], still_loading=loading)
    if kind is FailureKind.REDIRECT_LOOP:
        looped = " -> ".join(chain[-4:])
        return RenderFailure(url, kind, f"{message} after {len(chain) - 1} redirects (… {looped})",
                             redirect_chain=chain)
    return RenderFailure(url, kind, message, final_url=final_url or None, redirect_chain=chain[:-1])
