"""`BrowserHost`: the one Chromium of a worker process, kept healthy behind callers' backs.

Callers take a `lease()` (one of `concurrency` slots) and get a connected `Browser`. The host
relaunches Chromium after `restart_after_pages` pages, when the RSS of its process tree passes
`rss_ceiling_mb`, or as soon as it crashed or disconnected; the Playwright driver (a node
process) is restarted every `driver_restart_after_pages`, and at once when it died (killed,
out of memory): its pages fail as browser crashes and the next lease starts a new driver and
browser. The driver's V8 old space is capped (`driver_max_old_space_mb`) so its heap does not
fill with garbage up to node's default limit. A planned relaunch drains first — no new leases
until the pages in flight are done — so no render is cut short; after a crash there is nothing
to drain, and the next lease simply gets a new browser.

A disconnect is a crash only while nobody is ending the browser. Once `close()` began, a
shutdown signal arrived, or the owner said one is coming (`expect_shutdown()`), Chromium going
away is the shutdown itself — a SIGTERM to the process group also reaches the driver, which
closes Chromium on its own, often before the owner's `close()` starts — and is logged as such.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from types import FrameType
from typing import Any

import psutil
from playwright.async_api import Browser, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from render.chromium import PLAYWRIGHT_ARGS_DROPPED, find_chromium, launch_args, silent_host_rules
from render.egress import Egress
from render.proctree import alive, end_tree, process_tree, tree_rss_mb
from render.settings import RenderSettings
from values.hostrules import HostRules

log = logging.getLogger(__name__)

RSS_CHECK_EVERY_PAGES = 10
"""Summing the RSS of ~6-10 processes costs ~1 ms; every 10th page is often enough for a
ceiling meant to catch slow growth."""
CLOSE_TIMEOUT_S = 5.0
"""A browser that does not close politely within this is ended by signal."""
LAUNCH_TIMEOUT_MS = 30_000
"""Playwright's own bound on `chromium.launch`, kept by the driver."""
DRIVER_SILENCE_S = 5.0
"""How long past its own timeout a driver may take to answer a launch before it is taken as
wedged (see `LAUNCH_DEADLINE_S`)."""
LAUNCH_DEADLINE_S = LAUNCH_TIMEOUT_MS / 1000 + DRIVER_SILENCE_S
"""`chromium.launch` answers within this, or the driver is ended (its Chromium with it) and the
page that leased the browser fails as a browser crash; the next lease starts a new driver.
Playwright's `LAUNCH_TIMEOUT_MS` is counted inside the driver, so a driver that stopped
answering (stopped, stuck in a loop) never keeps it, and a relaunch runs inside a page's lease,
outside the page's deadline."""
DRIVER_START_TIMEOUT_S = 30.0
"""A new Playwright driver answers its first message within this, or it is ended and the page
that leased the browser fails as a browser crash (a node that hangs at start would otherwise
hold the lease without end, as above)."""
DRIVER_COMMAND = "run-driver"
"""The argument Playwright starts its driver (node) with: how a driver is told among the
process's children before its browser names it."""
ANSWER_TIMEOUT_S = 10.0
"""A launched Chromium answers its first calls (its version, its process list) within this, or
it is ended and the page that leased it fails as a browser crash: a relaunch runs inside a
page's lease, outside the page's own deadline, so an unanswered call there would hold the crawl
without end."""
SHUTDOWN_SIGNALS = (signal.SIGTERM, signal.SIGINT)
NODE_OPTIONS = "NODE_OPTIONS"
NODE_OPTIONS_LOCK_POLL_S = 0.01
_node_options_lock = threading.Lock()
"""Serialises the driver starts of every host in the process (any loop or thread) while
`NODE_OPTIONS` is changed for one of them; see `BrowserHost._start_driver`."""


async def _identify(browser: Browser) -> tuple[dict[str, Any], dict[str, Any]]:
    """The browser's version and its process list, by one CDP session of the browser's own."""
    cdp = await browser.new_browser_cdp_session()
    version = await cdp.send("Browser.getVersion")
    processes = await cdp.send("SystemInfo.getProcessInfo")
    await cdp.detach()
    return version, processes


def _drivers() -> set[psutil.Process]:
    """This process's children that are Playwright drivers."""
    found = set()
    for child in psutil.Process().children():
        try:
            if DRIVER_COMMAND in child.cmdline():
                found.add(child)
        except psutil.Error:
            continue
    return found


def driver_node_options(existing: str | None, max_old_space_mb: int | None) -> str | None:
    """The `NODE_OPTIONS` the driver starts with: the user's own, plus the old-space cap.

    Appended, not replacing: a user's `--max-old-space-size` earlier in the string loses (node
    takes the last), their other options stay. `None` means leave the environment alone."""
    if not max_old_space_mb:
        return existing
    flag = f"--max-old-space-size={max_old_space_mb}"
    return f"{existing} {flag}" if existing else flag


class BrowserHost:
    """Owns the Playwright driver and one Chromium; see the module docstring."""

    def __init__(self, settings: RenderSettings) -> None:
        self.settings = settings
        self.egress = Egress(settings.targets, HostRules.parse(", ".join(filter(None, [settings.resolver_rules,
                                                                                        silent_host_rules()]))))
        """Every connection of this host's Chromium goes through it (`render/egress.py`)."""
        self.user_agent = ""
        self.launches = 0
        self.driver_starts = 0
        self._playwright: Playwright | None = None
        self._driver: psutil.Process | None = None
        self._browser: Browser | None = None
        self._browser_pid: int | None = None
        self._slots = asyncio.Semaphore(settings.concurrency)
        self._state = asyncio.Condition()
        self._inflight = 0
        self._pages_on_browser = 0
        self._pages_on_driver = 0
        self._draining = False
        self._disconnected = False
        self._shutting_down = False
        self._previous_handlers: dict[int, Any] = {}
        self._signalled: int | None = None

    @property
    def browser_pid(self) -> int | None:
        """Pid of the Chromium browser process now running (tests use it to kill it)."""
        return self._browser_pid

    @property
    def driver_pid(self) -> int | None:
        """Pid of the Playwright driver (node) now running, once a browser was launched."""
        return self._driver.pid if self._driver is not None else None

    @property
    def shutting_down(self) -> bool:
        """`close()` began, a shutdown signal arrived, or `expect_shutdown()` was called."""
        return self._shutting_down or self._signalled is not None

    def expect_shutdown(self) -> None:
        """The owner is stopping (its stop event was set): from now on Chromium going away is
        expected, not a crash. Leases are still handed out, so pages in flight may finish."""
        self._shutting_down = True

    def chromium_pids(self) -> list[int]:
        """Every live process of the current Chromium tree."""
        return [p.pid for p in process_tree(self._browser_pid)] if self._browser_pid else []

    async def start(self) -> None:
        self._shutting_down = False
        async with self._state:
            await self._launch()
        self._install_signal_handlers()

    async def close(self) -> None:
        """Close Chromium and the driver; whatever of the tree survives is ended by signal."""
        self._shutting_down = True
        self._remove_signal_handlers()
        async with self._state:
            await self._close_browser()
            await self._stop_driver()
        await asyncio.to_thread(self.egress.stop)

    @asynccontextmanager
    async def lease(self) -> AsyncIterator[Browser]:
        """One page slot on a connected browser, relaunched first if it is due or dead.

        After a shutdown signal no slot is handed out: the caller is cancelled instead. Counting
        on the signal's own cancellation is not enough — killing Chromium fails the page calls in
        flight at the same moment, and `asyncio.wait_for` (Python 3.11) then returns that failure
        and drops the cancellation, so a render loop would relaunch the browser it just ended."""
        if self._signalled is not None:
            raise asyncio.CancelledError(f"signal {self._signalled} received: no new pages")
        async with self._slots:
            async with self._state:
                await self._state.wait_for(lambda: not self._draining or self._inflight == 0 or self._disconnected)
                if self._browser is None or self._disconnected or self._draining or self._driver_gone():
                    await self._relaunch()
                self._inflight += 1
                browser = self._browser
            assert browser is not None
            try:
                yield browser
            finally:
                async with self._state:
                    self._inflight -= 1
                    self._count_page()
                    self._state.notify_all()

    def _count_page(self) -> None:
        self._pages_on_browser += 1
        self._pages_on_driver += 1
        if self._pages_on_browser >= self.settings.restart_after_pages:
            self._draining = True
        elif self._pages_on_browser % RSS_CHECK_EVERY_PAGES == 0 and self._browser_pid is not None:
            rss = tree_rss_mb(self._browser_pid)
            if rss > self.settings.rss_ceiling_mb:
                log.info("browser tree uses %.0f MB > %d MB; relaunching", rss, self.settings.rss_ceiling_mb)
                self._draining = True

    def _driver_gone(self) -> bool:
        """The driver process exited (killed, out of memory, crashed). Playwright then fails
        every call with "Target page, context or browser has been closed" but fires no
        `disconnected` event and has no public "connection lost" state, so the process is
        asked. It is reaped before those calls fail, so the first lease after a failed page
        already sees it gone; `is_running` also guards against a reused pid."""
        driver = self._driver
        if driver is None or self._playwright is None:
            return False
        try:
            return not driver.is_running() or driver.status() == psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return True

    async def _relaunch(self) -> None:
        if self._driver_gone():
            log.warning("Playwright driver (pid %s) is gone; starting a new one", self._driver.pid if self._driver else "?")
            await self._close_browser()
            await self._stop_driver()
        else:
            await self._close_browser()
            if self._pages_on_driver >= self.settings.driver_restart_after_pages:
                await self._stop_driver()
        await self._launch()

    async def _start_driver(self) -> Playwright:
        """Start the driver with `NODE_OPTIONS` carrying the old-space cap, for it alone.

        Playwright's Python side has no way to pass the driver an environment or node flags: it
        copies `os.environ` when it spawns the driver inside `start()`. So the variable is set
        just around that call and restored right after, rather than for the whole process, where
        every node program the crawler or its user runs (and a second host started in the same
        process) would inherit it. A process-wide lock, taken off the event loop, keeps two
        hosts' starts from interleaving their change and restore (it is polled, not awaited in a
        thread, so a start cancelled while waiting leaves no lock held).

        The start is bounded (`DRIVER_START_TIMEOUT_S`); the new driver is the child that was not
        there before it (no other host starts one meanwhile: the lock), ended if it never answers."""
        while not _node_options_lock.acquire(blocking=False):  # polled: a cancelled wait holds nothing
            await asyncio.sleep(NODE_OPTIONS_LOCK_POLL_S)
        previous = os.environ.get(NODE_OPTIONS)
        before = _drivers()
        try:
            wanted = driver_node_options(previous, self.settings.driver_max_old_space_mb)
            if wanted is not None:
                os.environ[NODE_OPTIONS] = wanted
            try:
                playwright = await asyncio.wait_for(async_playwright().start(), DRIVER_START_TIMEOUT_S)
            except TimeoutError:
                for driver in _drivers() - before:
                    await asyncio.to_thread(end_tree, driver.pid)
                raise PlaywrightError(
                    f"the Playwright driver did not start within {DRIVER_START_TIMEOUT_S:g} s") from None
            started = _drivers() - before
            self._driver = started.pop() if len(started) == 1 else None
            return playwright
        finally:
            if previous is None:
                os.environ.pop(NODE_OPTIONS, None)
            else:
                os.environ[NODE_OPTIONS] = previous
            _node_options_lock.release()

    async def _launch(self) -> None:
        s = self.settings
        if self._playwright is None:
            self._playwright = await self._start_driver()
            self.driver_starts += 1
            self._pages_on_driver = 0
        executable = find_chromium(s.chromium)
        # Playwright adds `<-loopback>` to the bypass list, so loopback targets go through the
        # proxy (and its policy) too.
        try:
            browser = await asyncio.wait_for(self._playwright.chromium.launch(
                executable_path=str(executable), headless=True, timeout=LAUNCH_TIMEOUT_MS,
                args=launch_args(executable), proxy={"server": self.egress.start()},
                ignore_default_args=list(PLAYWRIGHT_ARGS_DROPPED)), LAUNCH_DEADLINE_S)
        except TimeoutError:
            log.warning("the Playwright driver did not answer a launch within %g s; ending it", LAUNCH_DEADLINE_S)
            await self._end_driver()
            raise PlaywrightError(f"Chromium did not launch within {LAUNCH_DEADLINE_S:g} s") from None
        try:
            version, processes = await asyncio.wait_for(_identify(browser), ANSWER_TIMEOUT_S)
        except (TimeoutError, PlaywrightError) as error:
            await self._end_unanswering(browser)
            raise PlaywrightError(f"Chromium started but did not answer within {ANSWER_TIMEOUT_S:g} s") from error
        self._browser_pid = next(p["id"] for p in processes["processInfo"] if p["type"] == "browser")
        if self._driver is None:
            self._driver = _parent(self._browser_pid)
        self.user_agent = f"{version['userAgent']} {s.bot_token}"
        self._browser = browser
        self._disconnected = False
        self._draining = False
        self._pages_on_browser = 0
        self.launches += 1
        browser.on("disconnected", self._on_disconnected)

    async def _end_unanswering(self, browser: Browser) -> None:
        """Close a browser that never answered; its pid is not known, so the driver ends it, or
        the driver is ended with it when it does not."""
        try:
            await asyncio.wait_for(browser.close(), CLOSE_TIMEOUT_S)
        except (TimeoutError, PlaywrightError) as error:
            log.warning("an unanswering Chromium did not close (%s); ending its driver", error)
            await self._end_driver()

    def _on_disconnected(self, browser: Browser) -> None:
        if browser is not self._browser:
            return  # closed by us for a relaunch or at close(): that browser is no longer ours
        self._disconnected = True
        if self.shutting_down:
            log.info("Chromium closed (shutting down)")
        else:
            log.warning("Chromium disconnected (crashed or killed); the next page relaunches it")

    async def _close_browser(self) -> None:
        browser, pid = self._browser, self._browser_pid
        self._browser, self._browser_pid = None, None
        if browser is not None and browser.is_connected():
            try:
                await asyncio.wait_for(browser.close(), CLOSE_TIMEOUT_S)
            except (TimeoutError, PlaywrightError) as error:
                log.warning("Chromium did not close politely (%s); ending it", error)
        if pid is not None and alive([p.pid for p in process_tree(pid)]):
            await asyncio.to_thread(end_tree, pid)

    async def _end_driver(self) -> None:
        """End a driver that stopped answering, and whatever it launched, by signal; the next
        lease starts a new one."""
        if self._driver is not None:
            await asyncio.to_thread(end_tree, self._driver.pid)
        await self._stop_driver()

    async def _stop_driver(self) -> None:
        self._driver = None
        if self._playwright is not None:
            playwright, self._playwright = self._playwright, None
            try:
                await asyncio.wait_for(playwright.stop(), CLOSE_TIMEOUT_S)
            except (TimeoutError, PlaywrightError) as error:
                log.warning("Playwright driver did not stop cleanly: %s", error)

    def _install_signal_handlers(self) -> None:
        """On SIGTERM/SIGINT end Chromium at once, then let the previous handler act (asyncio's
        SIGINT handler cancels the main task; the default SIGTERM action ends the process)."""
        if not self.settings.handle_signals or threading.current_thread() is not threading.main_thread():
            return
        for sig in SHUTDOWN_SIGNALS:
            self._previous_handlers[sig] = signal.getsignal(sig)
            signal.signal(sig, self._on_signal)

    def _remove_signal_handlers(self) -> None:
        for sig, previous in self._previous_handlers.items():
            if signal.getsignal(sig) == self._on_signal:
                signal.signal(sig, previous)
        self._previous_handlers.clear()

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self._signalled = signum
        if self._browser_pid is not None:
            end_tree(self._browser_pid)
        previous = self._previous_handlers.get(signum, signal.SIG_DFL)
        self._remove_signal_handlers()
        _chain(previous, signum, frame)


def _parent(pid: int) -> psutil.Process | None:
    """The driver: Playwright spawns Chromium itself, so the browser's parent is the node
    process (unambiguous even with several hosts, hence several drivers, in one process)."""
    try:
        return psutil.Process(pid).parent()
    except psutil.NoSuchProcess:
        return None


def _chain(previous: Callable[[int, FrameType | None], Any] | int | None, signum: int, frame: FrameType | None) -> None:
    if callable(previous):
        previous(signum, frame)
    elif previous == signal.SIG_IGN:
        return
    else:
        signal.signal(signum, signal.SIG_DFL)
        signal.raise_signal(signum)
