"""Where the CPU-seconds of a crawled page go: the worker (claim → render → extract → save →
settle, as `rendercrawl worker` runs it) beside a bare Playwright loop (new context, goto `load`,
`page.content()`) on the same pages, same Chromium, same host map, interleaved in one run.

Each system runs in a child process of its own, timed after its browser is up and it crawled
a first page (`WARM_UPS`: or every distinct page once, the steady state), and is measured
as a whole process tree (psutil, CPU times before and after, per process kind; renderers exit
with their context, so the zygote's reaped-children times carry theirs):
- the Python process, split by thread (the event loop, the egress proxy's thread, the thread
  pool) and inside them by what ran (`time.thread_time` around the snapshot's JSON, extraction,
  trafilatura's second candidate, saving, the queue's claim and settle; the rest of the event
  loop's thread is orchestration: Playwright's client, asyncio, the worker);
- the Playwright driver (node);
- Chromium's browser, renderer, network and other processes.
Waiting is the render's phases (navigation, settle and scroll, snapshot) in wall time.

`--compare-with TREE` runs a second tree's worker in the same rounds; the two workers swap
places every other round (of two children of the same code, the one that ran later in a round
read 7-23 CPU-ms a page more, session 28), and their difference is printed paired by round and
by place, the place's share cancelled (give an even `--rounds`). A tree of the same commit
reads the benchmark's spread.

Correctness on the same pages: late data-layer values caught (the Composer commands and the
script-written meta tag the articles add 200-300 ms after parsing) and analytics connections
(the analytics hosts are mapped to a `ConnectionLogger`, which counts connections that reached
it; a system that blocks them makes none).

    .venv/bin/python bench/render_budget.py [--rounds 3] [--concurrency 1 2 4] [--py-spy bench/out/spy] [--by-page]

The wall a page is printed for the articles (their late values come from their own 200 and 300
ms timers: at concurrency 1 the page's clock) apart from the other pages, and with `--by-page`
page by page: the worker's in its slot (navigation to the last read), the bare loop's from its
context to its close; and the driver's messages a page by kind (`reply Type.method`, `create
Type`, `dispose`, `Type.event`), each system's. The worker's "render call" is longer than its
slot: it includes waiting for a browser lease and a slot (the worker claims the pages opened
ahead and one being saved besides those in flight).

`--py-spy DIR` records the worker's child with py-spy (collapsed stacks per thread, the whole
run, start-up included); `--py-spy-gil` samples only the thread holding the GIL (without it a
thread waiting for the GIL, or in epoll, counts as active: the event loop looked busy in
`os.write` to the driver's pipe while extraction held the GIL).

`--steps` measures instead the renderer alone (`Renderer.render`, one page at a time, no
database, no extraction) and splits each render's CPU by step and process: the context, the
page opened, navigation, `load`, settling and scrolling, the snapshot's evaluate, the rest, the
close (a live process's CPU from its threads' schedstat, in nanoseconds: the 10 ms ticks of
`cpu_times()` are coarser than a step). `--without-fetch` alternates it round by round with
the renderer without the blocking's path rules, whose Fetch interception every request then
skips: what they cost (pages that need them lose them: a measurement, never a setting).

    .venv/bin/python bench/render_budget.py --steps [--without-fetch] [--rounds 4]

The worker's child starts as `rendercrawl worker` does (rendercrawl/cli.py): the collector is
off while the modules load and they are frozen (`gc.freeze`) before the crawler opens; it keeps
each page's outcome, not the page (a page's boxes would lengthen every later collection). The
collector's passes are timed too (`gc.callbacks`, CPU of the thread that ran them), the
crawler's full passes (`CycleCollector`) on their own.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
TREE = os.environ.get("RENDER_BUDGET_TREE", str(ROOT))
"""The project tree whose worker a child measures (`--compare-with` sets another)."""
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, TREE)

from loopback import LOOPBACK_ONLY  # noqa: E402

ARTICLES = ("harbour-bridge", "bakery-cooperative", "community-orchard", "golf-open-final", "rail-timetable-guide",
            "storm-coast-road", "tidal-energy-pilot")
PAGES = (
    *(f"/articles/{a}.html" for a in ARTICLES * 2), "/index.html", "/about.html", "/contact.html",
    "/render-fixtures/big.html?n=1700", "/render-fixtures/big.html?n=5000", "/render-fixtures/many-requests.html",
    "/render-fixtures/lazy.html", "/render-fixtures/script-chain.html", "/render-fixtures/datalayer.html",
    "/render-fixtures/third-parties.html",
)
"""24 pages a round: the demo site's articles (twice) and other pages, and heavy pages (5,100
and 15,010 elements, 100 image requests, lazy images, a script chain, a late data layer,
third-party hosts)."""
LATE_MARK = 'property="content:section"'
"""The meta tag each article's 200 ms timer writes; its 300 ms timer fills the Composer queue."""
ANALYTICS_HOSTS = ("www.google-analytics.com", "www.googletagmanager.com")
SAMPLE_S = 0.05
"""How often the children's process tree is sampled (new renderers are found this way)."""
CHILD_TIMEOUT_S = 400
"""One system's round; the parent waits a little longer for the child."""
CHILD_ATTEMPTS = 2
"""A child that fails (on a loaded machine the driver can miss its start-up deadline) is run once
more, and the retry is printed; a second failure ends the run."""
MESSAGE_KINDS_FROM = 0.5
"""`--by-page` lists the driver's messages of each kind seen at least this often a page (by
either system); the rarer ones are summed."""
PARTS = ("python: event loop", "python: egress proxy", "python: thread pool", "driver (node)",
         "chromium: browser", "chromium: renderers", "chromium: network", "chromium: other")


def host_rules(logger_port: int) -> str:
    """Analytics hosts to the connection logger, every other name nowhere, loopback as is."""
    mapped = ", ".join(f"MAP {h} 127.0.0.1:{logger_port}" for h in ANALYTICS_HOSTS)
    return f"{mapped}, {LOOPBACK_ONLY}"


def page_urls(base: str, round_no: int) -> list[str]:
    """Distinct URLs each round (a queue never crawls one page twice at once), same work."""
    return [f"{base}{p}{'&' if '?' in p else '?'}copy={round_no}-{i}" for i, p in enumerate(PAGES)]


WARM_UPS = ("one", "each")
"""What a child crawls before it is timed: `one`, the round's first page (an article: the
default), or `each` distinct page of the round once. A process pays once for what its first page
of a kind loads, and the issue's own measurements run each system as a whole process tree over a
few rounds, so the default keeps those costs in the figures; `each` times the steady state a
long-running worker reaches (session 33 found dateparser's first parse there, ~300 CPU-ms once,
since removed from extraction). With `each` the worker's child has crawled 17 pages when it is
timed, so the crawler's full pass at its 32nd page (`rendercrawl.memory.FULL_COLLECTION_EVERY`)
falls in the run: one in the 24 pages, where a long run has one in 32; with `one` none does."""


def warm_urls(urls: list[str], warm_up: str) -> list[str]:
    """The warm-up's URLs (`WARM_UPS`), marked `warm=` so no timed URL repeats one."""
    if warm_up == "one":
        return [urls[0].replace("copy=", "warm=")]
    distinct: dict[str, str] = {}
    for url in urls:
        distinct.setdefault(url.split("copy=")[0], url.replace("copy=", "warm="))
    return list(distinct.values())


# ---------------------------------------------------------------- the process tree, by kind


def kind_of(process: psutil.Process, me: int) -> str:
    if process.pid == me:
        return "python"
    cmd = process.cmdline()
    if not cmd or "node" in process.name() or cmd[0].endswith("node"):
        return "driver (node)"
    kind = next((a.split("=", 1)[1] for a in cmd if a.startswith("--type=")), "browser")
    if kind == "renderer":
        return "chromium: renderers"
    if kind == "browser":
        return "chromium: browser"
    if any("NetworkService" in a for a in cmd):
        return "chromium: network"
    return "zygote" if kind == "zygote" else "chromium: other"


class TreeClock:
    """CPU seconds of this process's descendants by kind, from `start()` to `stop()`.

    A renderer's time counts while it is alive and, once it exited and was reaped, in its
    zygote's children times: the sum of both is exact whenever it is taken."""

    def __init__(self) -> None:
        self._me = os.getpid()
        self._kinds: dict[int, str] = {}
        self._procs: dict[int, psutil.Process] = {}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._seen: dict[int, float] = {}
        self._thread: threading.Thread | None = None

    def _scan(self) -> dict[str, float]:
        totals: dict[str, float] = defaultdict(float)
        for child in psutil.Process(self._me).children(recursive=True):
            try:
                if child.pid not in self._procs:
                    self._procs[child.pid] = child
                    self._kinds[child.pid] = kind_of(child, self._me)
                times = child.cpu_times()
            except psutil.Error:
                continue
            kind = self._kinds[child.pid]
            if kind == "zygote":  # its own time is nil; its reaped children are renderers (and the gpu)
                totals["chromium: renderers"] += times.children_user + times.children_system
            else:
                totals[kind] += times.user + times.system
        return totals

    def start(self) -> None:
        self._base = self._scan()

    def stop(self) -> dict[str, float]:
        end = self._scan()
        return {k: end.get(k, 0.0) - self._base.get(k, 0.0) for k in set(end) | set(self._base)}


class StepClock(TreeClock):
    """A `TreeClock` read many times a render: a live process's CPU from its threads'
    `/proc/PID/task/TID/schedstat` (nanoseconds; `cpu_times()` counts 10 ms ticks, too coarse for
    a step of a few ms). A renderer that exited counts through its zygote's reaped-children ticks,
    as in `TreeClock`, so the step it exits in (the context's close) carries that rounding."""

    def renderers(self) -> int:
        """Renderer processes alive now (one that exits while it is asked counts as gone)."""
        alive = 0
        for child in psutil.Process(self._me).children(recursive=True):
            if self._kinds.get(child.pid) != "chromium: renderers":
                continue
            try:
                alive += child.is_running() and child.status() != psutil.STATUS_ZOMBIE
            except psutil.NoSuchProcess:
                continue
        return alive

    def _scan(self) -> dict[str, float]:
        totals: dict[str, float] = defaultdict(float)
        for child in psutil.Process(self._me).children(recursive=True):
            try:
                if child.pid not in self._kinds:
                    self._kinds[child.pid] = kind_of(child, self._me)
                kind = self._kinds[child.pid]
                if kind == "zygote":
                    times = child.cpu_times()
                    totals["chromium: renderers"] += times.children_user + times.children_system
                    continue
                for tid in os.listdir(f"/proc/{child.pid}/task"):
                    with open(f"/proc/{child.pid}/task/{tid}/schedstat") as f:
                        totals[kind] += int(f.read().split()[0]) / 1e9
            except (psutil.Error, OSError):
                continue
        return totals


def thread_cpu() -> dict[int, float]:
    return {t.id: t.user_time + t.system_time for t in psutil.Process().threads()}


class Messages:
    """Messages the Playwright driver sent this process (object creations, events, replies to
    calls), counted where its client dispatches each one, in all and by kind (`kind`): ~0.8 us a
    message, against the ~50 us the client spends on one."""

    count = 0
    kinds: Counter[str] = Counter()

    @classmethod
    def install(cls) -> None:
        from playwright._impl.connection import Connection

        dispatch = Connection.dispatch

        def counted(self: Any, message: dict[str, Any]) -> None:
            cls.count += 1
            cls.kinds[cls.kind(self, message)] += 1
            dispatch(self, message)
        Connection.dispatch = counted  # type: ignore[method-assign]

    @staticmethod
    def kind(connection: Any, message: dict[str, Any]) -> str:
        """`reply Type.method` (the call it answers), `create Type`, `dispose`, or `Type.event`
        (the object it is about), read before the client dispatches it (a reply's call is
        forgotten then)."""
        method = message.get("method")
        if method is None:
            call = connection._callbacks.get(message.get("id"))
            return f"reply {call.type}.{call.method}" if call is not None else "reply"
        if method == "__create__":
            return f"create {message.get('params', {}).get('type')}"
        if method == "__dispose__":
            return "dispose"
        owner = connection._objects.get(message.get("guid"))
        return f"{owner._type if owner is not None else '?'}.{method}"

    @classmethod
    def since(cls, before: Counter[str]) -> dict[str, int]:
        """The messages by kind since `before` (a copy of `kinds`)."""
        return dict(cls.kinds - before)


# ---------------------------------------------------------------- the bare loop (a child)


async def bare_child(urls: list[str], concurrency: int, rules: str, warm_up: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from render.chromium import LAUNCH_ARGS, find_chromium

    executable = find_chromium()
    late = 0
    Messages.install()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(executable),
                                          args=[*LAUNCH_ARGS, f"--host-resolver-rules={rules}"])

        walls: dict[str, float] = {}

        async def one(url: str) -> str:
            started = time.perf_counter()
            context = await browser.new_context()
            page = await context.new_page()
            await page.goto(url, wait_until="load")
            html = await page.content()
            await page.close()
            await context.close()
            walls[url] = (time.perf_counter() - started) * 1000
            return html

        for url in warm_urls(urls, warm_up):
            await one(url)
        walls.clear()
        queue = list(urls)
        htmls: list[str] = []

        async def worker() -> None:
            while queue:
                htmls.append(await one(queue.pop(0)))

        clock = TreeClock()
        clock.start()
        cpu, started, messages, kinds_before = time.process_time(), time.perf_counter(), Messages.count, Messages.kinds.copy()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - started
        python = time.process_time() - cpu
        messages, kinds = Messages.count - messages, Messages.since(kinds_before)
        parts = clock.stop()
        await browser.close()
    late = sum(LATE_MARK in h for h in htmls)
    parts["python: event loop"] = python
    return {"wall": wall, "pages": len(urls), "parts": parts, "late": late, "late_of": sum("/articles/" in u for u in urls),
            "messages": messages, "message_kinds": kinds, "by_kind": by_kind(walls), "by_page": by_page(walls)}


def by_page(walls: dict[str, float]) -> dict[str, float]:
    """Mean wall ms a page of each of `PAGES` (the articles' copies together)."""
    kept: dict[str, list[float]] = defaultdict(list)
    for url, ms in walls.items():
        path = url.split("://", 1)[-1].split("/", 1)[-1].split("copy=")[0].rstrip("?&")
        kept["articles" if path.startswith("articles/") else path].append(ms)
    return {path: statistics.mean(values) for path, values in kept.items()}


def by_kind(walls: dict[str, float]) -> dict[str, float]:
    """Mean wall ms a page of the articles (whose late values come from their 200 and 300 ms
    timers) and of the other pages: at concurrency 1 the articles' share is the pages' own clock."""
    articles = [ms for url, ms in walls.items() if "/articles/" in url]
    others = [ms for url, ms in walls.items() if "/articles/" not in url]
    return {"articles": statistics.mean(articles) if articles else 0.0, "others": statistics.mean(others) if others else 0.0}


# ---------------------------------------------------------------- Crawlee (a child, in its own venv)


async def crawlee_child(urls: list[str], concurrency: int, rules: str, executable: str, args: list[str],
                        warm_up: str) -> dict[str, Any]:
    """Crawlee's `PlaywrightCrawler` as its documentation sets it up (the page's HTML taken in
    the default handler), with the same Chromium, launch flags and host map, `concurrency`
    pages at once, no retries, its storages in memory. Kept alive after its warm-up, so it
    is timed with its browser up, as the others are."""
    from crawlee import ConcurrencySettings, service_locator
    from crawlee.crawlers import BasicCrawlingContext, PlaywrightCrawler, PlaywrightCrawlingContext
    from crawlee.storage_clients import MemoryStorageClient

    service_locator.set_storage_client(MemoryStorageClient())
    htmls: list[str] = []
    failed: list[str] = []
    crawler = PlaywrightCrawler(
        concurrency_settings=ConcurrencySettings(min_concurrency=concurrency, max_concurrency=concurrency,
                                                 desired_concurrency=concurrency),
        max_request_retries=0, headless=True, browser_type="chromium", keep_alive=True,
        # --no-sandbox as Playwright passes it to the others (Crawlee turns Chromium's sandbox on,
        # which cannot run as root)
        browser_launch_options={"executable_path": executable, "chromium_sandbox": False,
                                "args": [*args, "--no-sandbox", f"--host-resolver-rules={rules}"]})

    @crawler.router.default_handler
    async def handle(context: PlaywrightCrawlingContext) -> None:
        htmls.append(await context.page.content())

    @crawler.failed_request_handler
    async def failure(context: BasicCrawlingContext, error: Exception) -> None:
        failed.append(context.request.url)

    async def handled(count: int) -> None:
        while len(htmls) + len(failed) < count:
            await asyncio.sleep(0.01)

    warm = warm_urls(urls, warm_up)
    running = asyncio.create_task(crawler.run(warm))
    await asyncio.wait_for(handled(len(warm)), CHILD_TIMEOUT_S)
    htmls.clear()
    failed.clear()
    clock = TreeClock()
    clock.start()
    cpu, started = time.process_time(), time.perf_counter()
    await crawler.add_requests(urls)
    await asyncio.wait_for(handled(len(urls)), CHILD_TIMEOUT_S)
    wall = time.perf_counter() - started
    python = time.process_time() - cpu
    parts = clock.stop()
    crawler.stop()
    await running
    parts["python: event loop"] = python
    late = sum(LATE_MARK in h for h in htmls)
    return {"wall": wall, "pages": len(urls), "parts": parts, "late": late, "late_of": sum("/articles/" in u for u in urls),
            "failures": len(failed)}


# ---------------------------------------------------------------- the worker (a child)


class Accounts:
    """CPU seconds of named steps in this process, each on the thread that ran it."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.lock = threading.Lock()

    def wrap(self, module: Any, name: str, label: str, none_label: str | None = None) -> None:
        """Time every call of `module.name` under `label`; with `none_label`, a call that returned
        None (a claim that found nothing due: an idle poll) is counted there instead."""
        self.seconds[label] = 0.0
        if none_label is not None:
            self.seconds[none_label] = 0.0
        original = getattr(module, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            t = time.thread_time()
            idle = False
            try:
                result = original(*args, **kwargs)
                idle = result is None and none_label is not None
                return result
            finally:
                spent = time.thread_time() - t
                with self.lock:
                    self.seconds[none_label if idle and none_label is not None else label] += spent
        setattr(module, name, timed)


def instrument(accounts: Accounts) -> None:
    import extraction.text.peer
    import render.pagerender
    import rendercrawl.crawl
    import scheduler.worker

    accounts.wrap(render.pagerender, "parse_reading", "snapshot JSON (parse_reading)")
    accounts.wrap(rendercrawl.crawl, "extract", "extraction (all of it)")
    accounts.wrap(extraction.text.peer, "peer_text", "  of which trafilatura (second candidate)")
    accounts.wrap(rendercrawl.crawl, "save_crawl", "saving (save_crawl)")
    accounts.wrap(rendercrawl.crawl, "_gutted", "gutted check (reads)")
    if hasattr(rendercrawl.crawl, "current_profiles"):  # a tree from before the check and the save shared one read
        accounts.wrap(rendercrawl.crawl, "current_profiles", "current profile (gutted check and save)")
    accounts.wrap(scheduler.worker.Worker, "_claim", "queue: claims that leased a page", "queue: idle polls (claimed nothing)")
    accounts.wrap(scheduler.worker.Worker, "_settle", "queue: settle")
    try:
        import rendercrawl.memory
        accounts.wrap(rendercrawl.memory.CycleCollector, "page_done", "full collections (CycleCollector)")
    except (ImportError, AttributeError):
        pass  # a tree from before the crawler ran its own full passes
    loop_thread = threading.get_ident()
    started: dict[int, float] = {}

    def collections(phase: str, info: dict[str, Any]) -> None:
        """Every pass of the collector (young ones too), on the event loop's thread or another."""
        me = threading.get_ident()
        if phase == "start":
            started[me] = time.thread_time()
        elif me in started:
            label = "collector, event loop" if me == loop_thread else "collector, other threads"
            with accounts.lock:
                accounts.seconds[label] += time.thread_time() - started.pop(me)
    accounts.seconds["collector, event loop"] = accounts.seconds["collector, other threads"] = 0.0
    gc.callbacks.append(collections)


async def ours_child(urls: list[str], concurrency: int, rules: str, db_url: str, warm_up: str) -> dict[str, Any]:
    # As `rendercrawl worker` starts (rendercrawl/cli.py): the collector waits while the modules
    # load, and what they allocated is frozen out of its passes (the crawler's full passes,
    # `rendercrawl.memory.CycleCollector`, would otherwise walk every module's objects).
    gc.disable()
    from rendercrawl.crawl import open_crawler
    try:
        from values.rendered import RenderedPage
    except ImportError:  # a tree from before RenderedPage moved under every layer
        from render.model import RenderedPage  # type: ignore[no-redef]
    from render.settings import RenderSettings
    from scheduler.settings import SchedulerSettings
    from storage import queue
    from storage.db import make_engine, session_factory, upgrade
    from storage.pages import ensure_page
    from storage.queue import write_transaction
    from storage.records import Reason
    from storage.types import utc_now

    importlib.import_module("rendercrawl.runners")  # what the command line imports for `worker`, then freezes
    gc.freeze()
    gc.enable()
    Messages.install()
    accounts = Accounts()
    instrument(accounts)
    settings, render = SchedulerSettings(worker_concurrency=concurrency), RenderSettings()  # as `worker --concurrency N`
    # Politeness off (every page is on one host), but a slot that found nothing waits as long as
    # a production worker's does (`idle_poll_seconds`, 1 s): every page is queued before the
    # worker starts, so the wait never holds a page back, and polling every 20 ms cost the worker
    # 0.6 / 2.2 / 6.6 CPU ms a page at concurrency 1 / 2 / 4 that `rendercrawl worker` does not spend.
    settings = settings.model_copy(update={"host_max_concurrent": 64, "host_min_delay_ms": 0})
    render = render.model_copy(update={"resolver_rules": rules, "handle_signals": False})
    upgrade(db_url)  # with this tree's own migrations
    sessions = session_factory(make_engine(db_url))
    pages: list[dict[str, Any]] = []
    """Each page's outcome and timings, taken when it is crawled: the pages themselves are not
    kept (their boxes and HTML would grow what the crawler's full collections walk)."""
    done = asyncio.Event()

    class Observer:
        def watch(self, renderer: Any) -> None:
            pass

        def observe(self, crawled: Any) -> None:
            page = getattr(crawled.result, "page", None) if crawled.result is not None else None
            if isinstance(page, RenderedPage) and "warm=" not in page.requested_url:
                pages.append({"url": page.requested_url, "outcome": outcome(page, crawled.result.profile),
                              "timings": page.timings,
                              "late": "/articles/" in page.requested_url and LATE_MARK in page.html
                              and bool(page.datalayer.composer_commands)})
                attempt = crawled.attempt
                stages.append((attempt.render_ms, attempt.extract_ms or 0, crawled.result.save_ms or 0))
            if len(pages) + failures[0] >= len(urls):
                done.set()
            if crawled.attempt.outcome.value != "ok":
                failures[0] += 1
                print(f"  failed: {crawled.attempt.url} {crawled.attempt.outcome} {crawled.attempt.error}", file=sys.stderr)

    failures = [0]
    stages: list[tuple[float, float, float]] = []
    async with open_crawler(sessions, settings, render, metrics=Observer()) as worker:  # type: ignore[arg-type]
        egress_thread = worker_egress_thread(worker)
        for url in warm_urls(urls, warm_up):  # browser up, robots.txt cached, extraction's tables loaded
            await worker.crawl_now(url)
        now = utc_now()
        with write_transaction(sessions) as session:
            for url in urls:
                queue.enqueue(session, ensure_page(session, url, now), Reason.NEW, now, now)
        for key in list(accounts.seconds):
            accounts.seconds[key] = 0.0
        clock = TreeClock()
        clock.start()
        threads, loop_cpu, started, messages = thread_cpu(), time.thread_time(), time.perf_counter(), Messages.count
        kinds_before = Messages.kinds.copy()
        stop = asyncio.Event()
        running = asyncio.create_task(worker.run(stop))
        await asyncio.wait_for(done.wait(), CHILD_TIMEOUT_S)  # a worker that stops crawling fails the run
        wall = time.perf_counter() - started
        loop_cpu = time.thread_time() - loop_cpu
        messages, kinds = Messages.count - messages, Messages.since(kinds_before)
        after = thread_cpu()
        parts = clock.stop()
        stop.set()
        await running
    egress = after.get(egress_thread, 0.0) - threads.get(egress_thread, 0.0)
    everything = sum(after.get(t, 0.0) - threads.get(t, 0.0) for t in after)
    parts["python: event loop"] = loop_cpu
    parts["python: egress proxy"] = egress
    parts["python: thread pool"] = everything - loop_cpu - egress
    phases = {f: statistics.mean(getattr(p["timings"], f) for p in pages)
              for f in ("navigation_ms", "settle_ms", "snapshot_ms", "total_ms")}
    phases.update({name: statistics.mean(s[i] for s in stages) for i, name in enumerate(("render", "extract", "save"))})
    late = sum(p["late"] for p in pages)
    # The browser's page slots (`concurrency`, from navigation to the page's last read) busy over
    # the run: below 1, a slot waited for a page to take it (opened, or claimed at all).
    busy = sum(p["timings"].total_ms for p in pages) / 1000 / (wall * concurrency)
    import extraction
    try:
        from extraction import native
    except ImportError:  # a tree from before extraction could be compiled
        native = None
    # An older tree has no native.py of its own: the editable install's finder then answers with
    # the project's, which says nothing of this tree.
    how = native.summary() if native and native.PACKAGE == Path(extraction.__file__).resolve().parent else "as Python"
    return {"extraction": how, "wall": wall, "pages": len(urls), "parts": parts, "steps": dict(accounts.seconds),
            "phases": phases, "late": late, "late_of": sum("/articles/" in u for u in urls), "failures": failures[0],
            "outcomes": {p["url"]: p["outcome"] for p in pages}, "messages": messages, "message_kinds": kinds,
            "slots_busy": busy,
            "by_kind": by_kind({p["url"]: p["timings"].total_ms for p in pages}),
            "by_page": by_page({p["url"]: p["timings"].total_ms for p in pages})}


def outcome(page: Any, profile: Any) -> dict[str, Any]:
    """What must not move when the crawler gets cheaper, per page: the body as served and as
    rendered (the snapshot's HTML), the profile extracted from it (every field, by its repr),
    the late values, every image's natural size, and what was blocked (host and reason)."""
    rendered = hashlib.sha256(page.html.encode("utf-8", "surrogatepass")).hexdigest()
    extracted = hashlib.sha256(repr(profile).encode("utf-8", "surrogatepass")).hexdigest()
    return {"body": page.raw_sha256, "rendered": rendered, "profile": extracted, "late_meta": LATE_MARK in page.html,
            "composer": [name for name, _ in page.datalayer.composer_commands],
            "images": sorted(f"{i.url} {i.natural_width}x{i.natural_height}" for i in page.images),
            "blocked": sorted({f"{b.host} {b.reason}" for b in page.blocked})}


def differences(ours: list[dict[str, Any]], before: list[dict[str, Any]]) -> dict[str, int]:
    """Pages whose outcome differs between two workers in the same rounds, by field; each
    difference is printed (page, field, both values), so it can be told from a timeout."""
    counts: dict[str, int] = defaultdict(int)
    for mine, theirs in zip(ours, before, strict=True):
        for url, outcome in mine["outcomes"].items():
            other = theirs["outcomes"].get(url)
            counts["pages"] += 1
            for field in outcome:
                differs = other is None or other[field] != outcome[field]
                counts[field] += differs
                if differs:
                    theirs_value = None if other is None else other[field]
                    print(f"    differs: {url} {field}: worker {outcome[field]} / before {theirs_value}")
    return dict(counts)


def worker_egress_thread(worker: Any) -> int:
    """The egress proxy's native thread id (its thread is started with the browser)."""
    for thread in threading.enumerate():
        if thread.name == "rendercrawl-egress" and thread.native_id is not None:
            return thread.native_id
    raise RuntimeError("no egress thread")


# ---------------------------------------------------------------- a render's steps (a child)

RENDER_STEPS = ("context", "open", "navigate", "load", "settle", "snapshot", "rest", "close")
"""A render's steps in order, each ending where it is marked: the context (its egress listener,
`new_context`, the init scripts), the page opened (page, request tracker, the blocking's CDP
session and Fetch patterns), navigation to `domcontentloaded`, the wait for `load`, settling
and scrolling, the snapshot's evaluate, the rest (the declared image's probe, the body hash),
the context's close."""


async def steps_child(urls: list[str], rules: str, fetch: bool = True) -> dict[str, Any]:
    """The renderer alone (`Renderer.render`, one page at a time, no database, no extraction),
    its steps timed by wrapping the functions `render/` calls them through. Without `fetch`, the
    blocking's path rules are left out (no CDP session, no Fetch interception): what they cost."""
    import render.browser as browser
    import render.pagerender as pagerender
    from render.blocking import RequestPolicy
    from render.settings import RenderSettings

    if not fetch:
        RequestPolicy.path_patterns = lambda self: []  # type: ignore[method-assign]

    clock = StepClock()
    marks: list[tuple[str, dict[str, float], float, float, float]] = []

    def mark(step: str, loop_end: float | None = None) -> None:
        """The processes' CPU now, and the event loop's before and after the scan that reads
        it: a step's event loop CPU runs from the last mark's scan to this one's, so the
        benchmark's own scans (~7 ms each on a loaded machine) count in no step."""
        end = time.thread_time() if loop_end is None else loop_end
        scan = clock._scan()
        marks.append((step, scan, end, time.thread_time(), time.perf_counter()))

    def after(module: Any, name: str, step: str) -> None:
        original = getattr(module, name)
        if asyncio.iscoroutinefunction(original):
            async def timed(*args: Any, **kwargs: Any) -> Any:
                result = await original(*args, **kwargs)
                mark(step)
                return result
        else:
            def timed(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
                result = original(*args, **kwargs)
                mark(step)
                return result
        setattr(module, name, timed)

    new_context = browser.Renderer._new_context

    async def timed_context(self: Any, *args: Any, **kwargs: Any) -> Any:
        mark("start")
        result = await new_context(self, *args, **kwargs)
        mark("context")
        return result

    browser.Renderer._new_context = timed_context  # type: ignore[method-assign]
    after(browser, "open_page", "open")
    after(pagerender, "_navigate", "navigate")
    after(pagerender, "_wait_for_load", "load")
    after(pagerender, "_settle_and_scroll", "settle")
    after(pagerender, "_reading", "snapshot")  # parses what the evaluate returned: the evaluate just ended
    after(browser, "render_page", "rest")
    close_context = browser._close_context

    async def timed_close(*args: Any, **kwargs: Any) -> None:
        # Marked once the page's renderer has exited and been reaped (its CPU is then in the
        # zygote's children times), so its last ticks land in this step and not a later one.
        # The event loop's share leaves out this scan and the polls after the close.
        scanning = time.thread_time()
        alive = clock.renderers()
        scanned = time.thread_time() - scanning
        await close_context(*args, **kwargs)
        closed = time.thread_time() - scanned
        for _ in range(50):
            if clock.renderers() < alive:
                break
            await asyncio.sleep(0.01)
        mark("close", loop_end=closed)

    browser._close_context = timed_close
    steps: dict[str, dict[str, float]] = {step: defaultdict(float) for step in RENDER_STEPS}
    settings = RenderSettings().model_copy(update={"resolver_rules": rules, "handle_signals": False})
    async with browser.Renderer(settings) as renderer:
        await renderer.render(urls[0].replace("copy=", "warm="))
        for url in urls:
            marks.clear()
            await renderer.render(url)
            for (_, before, _, resumed, wall0), (step, now, ended, _, wall1) in zip(marks, marks[1:], strict=False):
                for kind in PARTS:
                    if kind.startswith(("chromium", "driver")):
                        steps[step][kind] += now.get(kind, 0.0) - before.get(kind, 0.0)
                steps[step]["python: event loop"] += ended - resumed
                steps[step]["wall"] += wall1 - wall0
    return {"pages": len(urls), "steps": {k: dict(v) for k, v in steps.items()}}


def print_steps(runs: list[dict[str, Any]], title: str) -> None:
    kinds = [p for p in PARTS if p.startswith(("chromium", "driver"))] + ["python: event loop", "wall"]
    print(f"\n{title}: CPU ms per page by step and process, median of {len(runs)} rounds"
          " (python: the event loop's thread, the benchmark's own scans left out; wall: ms, scans included)")
    print(f"    {'step':<10}" + "".join(f"{k.split(': ')[-1][:10]:>11}" for k in kinds))
    for step in RENDER_STEPS:
        print(f"    {step:<10}" + "".join(
            f"{statistics.median(r['steps'][step].get(k, 0.0) / r['pages'] * 1000 for r in runs):11.1f}" for k in kinds))
    print(f"    {'total':<10}" + "".join(
        f"{statistics.median(sum(r['steps'][s].get(k, 0.0) for s in RENDER_STEPS) / r['pages'] * 1000 for r in runs):11.1f}"
        for k in kinds))


# ---------------------------------------------------------------- the parent


def run_child(system: str, urls: list[str], concurrency: int, rules: str, db_url: str,
              py_spy: Path | None = None, tree: Path | None = None, python: Path | None = None,
              gil: bool = False, warm_up: str = "one") -> dict[str, Any]:
    kind = "steps" if system.startswith("steps") else system if system in ("bare", "crawlee") else "ours"
    spec: dict[str, Any] = {"system": kind, "urls": urls, "concurrency": concurrency, "rules": rules, "db": db_url,
                            "fetch": system != "steps-without-fetch", "warm_up": warm_up}
    if kind == "crawlee":
        from render.chromium import LAUNCH_ARGS, find_chromium
        spec.update(executable=str(find_chromium()), args=list(LAUNCH_ARGS))
    command = [str(python if kind == "crawlee" and python else sys.executable), __file__, "--child", json.dumps(spec)]
    if py_spy is not None:  # samples every thread of the child, idle ones left out, as collapsed stacks
        py_spy.parent.mkdir(parents=True, exist_ok=True)
        command = [str(Path(sys.executable).with_name("py-spy")), "record", "--format", "raw", "--threads", "--rate", "250",
                   *(["--gil"] if gil else []), "--output", str(py_spy), "--", *command]
    for attempt in range(CHILD_ATTEMPTS):
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                              timeout=CHILD_TIMEOUT_S + 120, env={**os.environ, "RENDER_BUDGET_TREE": str(tree or TREE)})
        if done.returncode == 0:
            break
        print(f"  {system} child failed (attempt {attempt + 1} of {CHILD_ATTEMPTS}): {done.stderr.strip()[-300:]}",
              file=sys.stderr)
    else:
        raise RuntimeError(f"{system} child failed:\n{done.stderr[-3000:]}")
    if done.stderr.strip():
        print(done.stderr.strip()[-1500:], file=sys.stderr)
    return json.loads([line for line in done.stdout.splitlines() if line.startswith("{")][-1])


def round_order(systems: list[str], round_no: int) -> list[str]:
    """The systems in the order they run in a round: the two workers swap places every other
    round, so neither always runs right after the bare loop (the place alone moves a child's CPU
    a page: the module docstring)."""
    if round_no % 2 == 0 or "before" not in systems:
        return systems
    return [{"ours": "before", "before": "ours"}.get(s, s) for s in systems]


def print_paired(ours: list[dict[str, Any]], before: list[dict[str, Any]]) -> None:
    """The worker against the other tree's worker, round by round (the same pages, the same
    moment), in the rounds where the worker ran first of the two and where it ran later: the
    mean of the two medians is the code's difference with the place's share cancelled (the
    places alternate, `round_order`), half their gap what running later adds; each round's
    difference with that share taken out, lowest and highest, is the spread the code's
    difference stands against. Two trees of the same code read the benchmark's spread."""
    def per_page(run: dict[str, Any], part: str) -> float:
        if part == "pages/s":
            return float(run["pages"] / run["wall"])
        total = sum(run["parts"].values()) if part == "total" else run["parts"].get(part, 0.0)
        return float(total / run["pages"] * 1000)

    places = {"first": range(0, len(ours), 2), "later": range(1, len(ours), 2)}
    print("  worker - before, paired by round (CPU ms a page; pages/s), medians of the rounds the worker ran first / later:")
    print(f"    {'':<28} {'first':>8} {'later':>8} {'the code':>9} {'running later':>14} {'rounds, place out':>19}")
    for part in (*PARTS, "total", "pages/s"):
        diffs = {place: [per_page(ours[i], part) - per_page(before[i], part) for i in rounds]
                 for place, rounds in places.items()}
        if not any(diffs.values()):
            continue
        med = {place: statistics.median(d) if d else None for place, d in diffs.items()}
        first, later = med["first"], med["later"]
        both = ""
        if first is not None and later is not None:
            adds = (later - first) / 2
            rounds = [d + adds for d in diffs["first"]] + [d - adds for d in diffs["later"]]
            both = f"{(first + later) / 2:9.2f} {adds:14.2f} {min(rounds):9.2f} ..{max(rounds):7.2f}"
        print(f"    {part:<28} {first if first is not None else float('nan'):8.2f} "
              f"{later if later is not None else float('nan'):8.2f} {both}")


def print_budget(name: str, runs: list[dict[str, Any]], floor: list[dict[str, Any]] | None, by_pages: bool = False) -> None:
    per_page = lambda run, key: run["parts"].get(key, 0.0) / run["pages"] * 1000  # noqa: E731
    print(f"  {name}: CPU ms per page, median of {len(runs)} rounds" + ("   (bare loop)" if floor else ""))
    for part in PARTS:
        ours = statistics.median(per_page(r, part) for r in runs)
        bare = statistics.median(per_page(r, part) for r in floor) if floor else None
        if ours or bare:
            print(f"    {part:<28} {ours:7.1f}" + (f"   {bare:7.1f}" if bare is not None else ""))
    total = statistics.median(sum(r["parts"].values()) / r["pages"] * 1000 for r in runs)
    bare_total = statistics.median(sum(r["parts"].values()) / r["pages"] * 1000 for r in floor) if floor else None
    print(f"    {'total':<28} {total:7.1f}" + (f"   {bare_total:7.1f}   ratio {total / bare_total:.2f}"
                                               if bare_total else ""))
    if "messages" in runs[0]:
        messages = statistics.median(r["messages"] / r["pages"] for r in runs)
        bare_messages = statistics.median(r["messages"] / r["pages"] for r in floor) if floor and "messages" in floor[0] else None
        print(f"    {'driver messages a page':<28} {messages:7.1f}" + (f"   {bare_messages:7.1f}" if bare_messages else ""))
        if by_pages and "message_kinds" in runs[0]:
            print_message_kinds(runs, floor if floor and "message_kinds" in floor[0] else None)
    if "extraction" in runs[0]:
        print(f"    extraction {runs[0]['extraction']}")
    if "by_kind" in runs[0]:
        kinds = {k: statistics.median(r["by_kind"][k] for r in runs) for k in ("articles", "others")}
        floor_kinds = ({k: statistics.median(r["by_kind"][k] for r in floor) for k in ("articles", "others")}
                       if floor and "by_kind" in floor[0] else None)
        where = "   (worker: in the slot, navigation to the last read)" if "slots_busy" in runs[0] else ""
        print(f"    wall ms a page, articles / other pages: {kinds['articles']:.0f} / {kinds['others']:.0f}"
              + (f"   bare loop (context to close) {floor_kinds['articles']:.0f} / {floor_kinds['others']:.0f}"
                 if floor_kinds else "") + where)
    if by_pages and "by_page" in runs[0] and floor and "by_page" in floor[0]:
        print("    wall ms a page by page (median of the rounds' means), this system / bare loop:")
        for path in runs[0]["by_page"]:
            ours = statistics.median(r["by_page"][path] for r in runs)
            bare = statistics.median(r["by_page"].get(path, 0.0) for r in floor)
            print(f"      {path:<42} {ours:7.0f} {bare:7.0f}")
    if "slots_busy" in runs[0]:
        print(f"    page slots busy (render wall / run wall x concurrency): "
              f"{statistics.median(r['slots_busy'] for r in runs):.0%}")
    if "steps" in runs[0]:
        print("    inside the Python process (CPU ms per page):")
        for step in runs[0]["steps"]:
            print(f"      {step:<42} {statistics.median(r['steps'].get(step, 0) / r['pages'] * 1000 for r in runs):7.1f}")
        phases = {k: statistics.median(r["phases"][k] for r in runs) for k in runs[0]["phases"]}
        # `render` is the crawl's call of `Renderer.render`, so it includes waiting for a browser lease and
        # a page slot: the worker claims the pages opened ahead and one being saved besides those in flight.
        print("    wall ms, mean per page: the render call {render:.0f} (waiting for a lease and a slot included), "
              "in the slot {total_ms:.0f} (navigation {navigation_ms:.0f}, settle+scroll {settle_ms:.0f}, "
              "snapshot {snapshot_ms:.0f}), extract {extract:.0f}, save {save:.0f}".format(**phases))


def print_message_kinds(runs: list[dict[str, Any]], floor: list[dict[str, Any]] | None) -> None:
    """The driver's messages a page by kind (median of the rounds), the kinds of either system
    above `MESSAGE_KINDS_FROM` a page, most first; the rest together."""
    def per_page(group: list[dict[str, Any]], kind: str) -> float:
        return statistics.median(r["message_kinds"].get(kind, 0) / r["pages"] for r in group)

    kinds = {kind for r in [*runs, *(floor or [])] for kind in r["message_kinds"]}
    ours = {kind: per_page(runs, kind) for kind in kinds}
    bare = {kind: per_page(floor, kind) for kind in kinds} if floor else {}
    shown = sorted((k for k in kinds if max(ours[k], bare.get(k, 0.0)) >= MESSAGE_KINDS_FROM),
                   key=lambda k: (-ours[k], -bare.get(k, 0.0), k))
    print("    driver messages a page by kind" + ("   (bare loop)" if floor else "") + ":")
    for kind in shown:
        print(f"      {kind:<42} {ours[kind]:7.1f}" + (f" {bare[kind]:7.1f}" if floor else ""))
    rest = sum(ours[k] for k in kinds if k not in shown)
    print(f"      {'the other kinds':<42} {rest:7.1f}"
          + (f" {sum(bare[k] for k in kinds if k not in shown):7.1f}" if floor else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--compare-with", type=Path,
                        help="a second project tree (a worktree of the commit before a change): its worker runs too")
    parser.add_argument("--py-spy", type=Path, help="record the worker's children with py-spy into this directory")
    parser.add_argument("--py-spy-gil", action="store_true",
                        help="with --py-spy, sample only the thread holding the GIL (Python's CPU, not its waits: "
                             "without it a thread waiting for the GIL or in epoll counts as active)")
    parser.add_argument("--crawlee", type=Path, metavar="PYTHON",
                        help="also run Crawlee's PlaywrightCrawler with this interpreter (a side venv with crawlee[playwright])")
    parser.add_argument("--steps", action="store_true",
                        help="instead: the renderer alone, one page at a time, its CPU by step of a render and process")
    parser.add_argument("--without-fetch", action="store_true",
                        help="with --steps, alternate with the renderer without the blocking's path rules (their cost)")
    parser.add_argument("--by-page", action="store_true",
                        help="also print each page's wall time, the worker's in its slot beside the bare loop's")
    parser.add_argument("--warm-up", choices=WARM_UPS, default="one",
                        help="what each child crawls before it is timed: one page (default), or each distinct "
                             "page of the round once (the steady state)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        spec = json.loads(args.child)
        if spec["system"] == "bare":
            result = asyncio.run(bare_child(spec["urls"], spec["concurrency"], spec["rules"], spec["warm_up"]))
        elif spec["system"] == "steps":
            result = asyncio.run(steps_child(spec["urls"], spec["rules"], spec.get("fetch", True)))
        elif spec["system"] == "crawlee":
            result = asyncio.run(crawlee_child(spec["urls"], spec["concurrency"], spec["rules"], spec["executable"],
                                               spec["args"], spec["warm_up"]))
        else:
            result = asyncio.run(ours_child(spec["urls"], spec["concurrency"], spec["rules"], spec["db"], spec["warm_up"]))
        print(json.dumps(result))
        return

    from bench.render_site import demo_site_process
    from demosite.server import ConnectionLogger

    with demo_site_process() as site, ConnectionLogger() as logger, tempfile.TemporaryDirectory() as tmp:
        rules = host_rules(logger.port)
        if args.steps:
            print(f"{len(PAGES)} pages a round, {args.rounds} rounds; {os.cpu_count()} cores, "
                  f"load average {os.getloadavg()[0]:.1f} at start")
            variants = ["steps", *(["steps-without-fetch"] if args.without_fetch else [])]
            runs: dict[str, list[dict[str, Any]]] = {v: [] for v in variants}
            for r in range(args.rounds):  # alternating, round by round
                for variant in variants if r % 2 == 0 else reversed(variants):
                    runs[variant].append(run_child(variant, page_urls(site.base_url, r), 1, rules, ""))
            print_steps(runs["steps"], "the renderer alone, one page at a time")
            if args.without_fetch:
                print_steps(runs["steps-without-fetch"], "the same without the path rules' Fetch interception")
            print(f"load average {os.getloadavg()[0]:.1f} at the end")
            return
        print(f"{len(PAGES)} pages a round, {args.rounds} rounds, bare loop and worker alternating, warm-up: "
              f"{args.warm_up}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
        summary = []
        for level in args.concurrency:
            systems = ["bare", "ours", *(["before"] if args.compare_with else []), *(["crawlee"] if args.crawlee else [])]
            results: dict[str, list[dict[str, Any]]] = {s: [] for s in systems}
            analytics: dict[str, int] = dict.fromkeys(systems, 0)
            loads = []
            for round_no in range(args.rounds):
                urls = page_urls(site.base_url, round_no)
                for system in round_order(systems, round_no):
                    before = len(logger.connections)
                    db = f"sqlite:///{Path(tmp) / f'budget-{system}-{level}-{round_no}.db'}" if system != "bare" else ""
                    spy = args.py_spy / f"{system}-c{level}-r{round_no}.txt" if args.py_spy and system != "bare" else None
                    tree = args.compare_with if system == "before" else None
                    results[system].append(run_child(system, urls, level, rules, db, spy, tree, args.crawlee,
                                                     args.py_spy_gil, args.warm_up))
                    time.sleep(0.5)  # the logger's reader threads record a hang-up within its read timeout
                    analytics[system] += len(logger.connections) - before
                    loads.append(os.getloadavg()[0])
            rate = {s: statistics.median(r["pages"] / r["wall"] for r in results[s]) for s in results}
            cpu = {s: statistics.median(sum(r["parts"].values()) / r["pages"] for r in results[s]) for s in results}
            late = {s: f"{sum(r['late'] for r in results[s])}/{sum(r['late_of'] for r in results[s])}" for s in results}
            print(f"\nconcurrency {level} (load average {min(loads):.1f}-{max(loads):.1f}): "
                  f"pages/s bare {rate['bare']:.2f}, worker {rate['ours']:.2f} ({rate['ours'] / rate['bare']:.2f}x); "
                  f"CPU s/page bare {cpu['bare']:.3f}, worker {cpu['ours']:.3f} ({cpu['ours'] / cpu['bare']:.2f}x); "
                  f"late values caught bare {late['bare']}, worker {late['ours']}; "
                  f"analytics connections bare {analytics['bare']}, worker {analytics['ours']}")
            if args.crawlee:
                print(f"  crawlee: pages/s {rate['crawlee']:.2f} ({rate['crawlee'] / rate['bare']:.2f}x), "
                      f"CPU s/page {cpu['crawlee']:.3f} ({cpu['crawlee'] / cpu['bare']:.2f}x), late {late['crawlee']}, "
                      f"analytics {analytics['crawlee']}; worker/crawlee {rate['ours'] / rate['crawlee']:.2f}x pages/s, "
                      f"{cpu['ours'] / cpu['crawlee']:.2f}x CPU")
                print_budget("crawlee", results["crawlee"], results["bare"], args.by_page)
            if args.compare_with:
                print(f"  before ({args.compare_with}): pages/s {rate['before']:.2f} ({rate['before'] / rate['bare']:.2f}x), "
                      f"CPU s/page {cpu['before']:.3f} ({cpu['before'] / cpu['bare']:.2f}x), late {late['before']}, "
                      f"analytics {analytics['before']}")
                print_budget("before", results["before"], results["bare"], args.by_page)
                print_paired(results["ours"], results["before"])
                if all("outcomes" in r for r in results["before"]):
                    diff = differences(results["ours"], results["before"])
                    print(f"  outcomes, worker against before, same pages: {diff.pop('pages')} pages, differing by field: "
                          + ", ".join(f"{k} {v}" for k, v in diff.items()))
            print_budget("worker", results["ours"], results["bare"], args.by_page)
            summary.append((level, rate, cpu, late, analytics, loads))
        print("\n| concurrency | worker | p/s (bare) | worker/bare | CPU s/page (bare) | worker/bare | "
              "late values (bare) | analytics (bare) | load |")
        print("|---|---|---|---|---|---|---|---|---|")
        for level, rate, cpu, late, analytics, loads in summary:
            for system in [s for s in rate if s != "bare"]:
                print(f"| {level} | {system} | {rate[system]:.2f} ({rate['bare']:.2f}) | **{rate[system] / rate['bare']:.2f}** | "
                      f"{cpu[system]:.3f} ({cpu['bare']:.3f}) | **{cpu[system] / cpu['bare']:.2f}** | "
                      f"{late[system]} ({late['bare']}) | {analytics[system]} ({analytics['bare']}) | "
                      f"{min(loads):.1f}-{max(loads):.1f} |")


if __name__ == "__main__":
    main()
