"""`rendercrawl demo --serve`: the demo driven by page views, as a publisher's pages drive it.

The service (`rendercrawl serve`'s app) runs in this process on a free loopback port, over the
demo's database. The demo site is registered and given an events key, and a day of views of
its pages — a few read a lot, most a few times — is sent to `POST /v1/events/pageview`, one
event per request as the beacon sends them, from several clients at once. The views that
complete 3 within 6 hours queue their page (the policy's rule, decided by the service); a
worker then crawls what the views queued, and the demo prints what the views did, the queue
and the profiles. Nothing is crawled that no view asked for.
"""

from __future__ import annotations

import asyncio
import random
import socket
import statistics
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta

import click
import httpx
import uvicorn

from demosite.server import site_root
from render.settings import RenderSettings
from rendercrawl.crawl import open_crawler
from rendercrawl.demo import DEMO_CONCURRENCY
from rendercrawl.service.app import create_app
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.settings import ServiceSettings
from rendercrawl.tables import format_table
from scheduler.settings import SchedulerSettings
from scheduler.worker import Crawled
from storage.apikeys import create_key
from storage.db import Engine, Sessions
from storage.health import head_revision
from storage.queue import write_transaction
from storage.records import QueueState
from storage.sites import upsert_site
from storage.status import read_status
from storage.types import utc_now
from values.urls import host_of

REPLAY_VIEWS = 60
"""Views replayed: enough that the most read pages pass 3 within 6 hours and the least read
do not, so the demo shows both answers."""
REPLAY_CLIENTS = 8
"""Browsers sending at once, each one view per request."""
REPLAY_SPAN = timedelta(hours=12)
"""The replayed day: well inside the service's bound on an event's age."""
ZIPF_S = 1.1
"""Popularity: the k-th page is read about 1/k^s as often as the first."""
REPLAY_SEED = 14
"""The stream is the same on every run, so the demo's answers are too."""
START_TIMEOUT_S = 20.0
"""How long the in-process service may take to start listening."""
CRAWL_POLL_S = 0.5
"""How often the demo looks whether the worker has emptied the queue."""


def view_stream(urls: Sequence[str], views: int, seed: int, now: datetime, span: timedelta = REPLAY_SPAN,
                modified_share: float = 0.0) -> list[dict[str, str]]:
    """`views` page-view events over `urls` within the `span` before `now`, in arrival order
    (time order, with a little jitter, as beacons arrive); the k-th URL is read about 1/k^s as
    often as the first. A `modified_share` of them carry an `article:modified_time` from the
    two hours before the view."""
    rnd = random.Random(seed)
    weights = [1 / (k + 1) ** ZIPF_S for k in range(len(urls))]
    chosen = rnd.choices(range(len(urls)), weights, k=views)
    start = now - span
    events = []
    for n, page in enumerate(chosen):
        at = start + span * (n / views) + timedelta(seconds=rnd.uniform(-30, 0))
        event = {"url": urls[page], "time": max(at, start).isoformat()}
        if rnd.random() < modified_share:
            event["modified_time"] = (at - timedelta(minutes=rnd.randrange(1, 120))).isoformat()
        events.append(event)
    return events


def demo_pages(base_url: str) -> list[str]:
    """The demo site's articles and front page, front page first."""
    articles = sorted(entry.name for entry in (site_root() / "articles").iterdir() if entry.name.endswith(".html"))
    return [f"{base_url}/", *(f"{base_url}/articles/{name}" for name in articles)]


def run_served_demo(engine: Engine, sessions: Sessions, database_url: str, render: RenderSettings,
                    base_url: str) -> list[Crawled]:
    """Register the demo site, replay the views through the service, crawl what they queued;
    returns the crawls."""
    host = host_of(base_url)
    with write_transaction(sessions) as session:
        upsert_site(session, host, {})
        _row, key = create_key(session, host, "events", utc_now())
    urls = demo_pages(base_url)
    events = view_stream(urls, REPLAY_VIEWS, REPLAY_SEED, utc_now())
    ctx = ServiceContext.build(engine, ServiceSettings(), SchedulerSettings(), render.targets, head_revision(database_url))
    with _service(ctx) as service_url:
        click.echo(f"service at {service_url}; replaying {len(events)} views of {len(urls)} pages, "
                   f"one per request, {REPLAY_CLIENTS} at a time")
        started = time.perf_counter()
        answers = asyncio.run(_send(service_url, key, events))
        seconds = time.perf_counter() - started
    _report_views(events, answers, seconds, base_url)
    with sessions() as session:
        queued = read_status(session, utc_now()).queue_by_state.get(QueueState.QUEUED.value, 0)
    click.echo(f"\nqueue: {queued} pages queued by the views; a worker crawls them now")
    return asyncio.run(_crawl_queue(sessions, render))


@contextmanager
def _service(ctx: ServiceContext) -> Iterator[str]:
    """The service's app under uvicorn in a thread of this process, on a free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(ctx), host="127.0.0.1", port=port, log_level="warning",
                                           access_log=False))
    thread = threading.Thread(target=server.run, name="demo-service", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise click.ClickException("the service did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join()
        ctx.committer.close()


async def _send(service_url: str, key: str, events: list[dict[str, str]]) -> list[tuple[int, float, dict[str, int]]]:
    """Each event in its own request, `REPLAY_CLIENTS` at a time, in order: (status, ms, queued)."""
    answers: list[tuple[int, float, dict[str, int]]] = [(0, 0.0, {})] * len(events)
    pending = iter(enumerate(events))
    limits = httpx.Limits(max_connections=REPLAY_CLIENTS)
    async with httpx.AsyncClient(base_url=service_url, limits=limits, timeout=30) as client:

        async def browser() -> None:
            for index, event in pending:
                started = time.perf_counter()
                answer = await client.post("/v1/events/pageview", json=event, headers={"X-API-Key": key})
                answers[index] = (answer.status_code, (time.perf_counter() - started) * 1000,
                                  answer.json().get("queued", {}) if answer.status_code == 202 else {})

        await asyncio.gather(*(browser() for _ in range(REPLAY_CLIENTS)))
    return answers


def _report_views(events: list[dict[str, str]], answers: list[tuple[int, float, dict[str, int]]], seconds: float,
                  base_url: str) -> None:
    """What the views did, per page: how many were stored, and why the page was queued (the
    answer of the view that completed the rule; concurrent requests may be stored in another
    order than sent, so which view that was is not said)."""
    statuses: dict[int, int] = {}
    views: dict[str, int] = {}
    reasons: dict[str, set[str]] = {}
    for event, (status, _ms, queued) in zip(events, answers, strict=True):
        statuses[status] = statuses.get(status, 0) + 1
        views[event["url"]] = views.get(event["url"], 0) + (status == 202)
        reasons.setdefault(event["url"], set()).update(queued)
    latencies = sorted(ms for _status, ms, _queued in answers)
    click.echo(f"{len(events)} views in {seconds:.2f} s; answers {dict(sorted(statuses.items()))}; "
               f"latency p50 {statistics.median(latencies):.1f} ms, max {latencies[-1]:.1f} ms\n")
    click.echo(format_table(["page", "views stored", "queued a crawl"],
                            [[url.removeprefix(base_url), count,
                              ", ".join(sorted(reasons[url])) or "no: not 3 views within 6 h"]
                             for url, count in sorted(views.items(), key=lambda item: -item[1])], max_cell=60))


async def _crawl_queue(sessions: Sessions, render: RenderSettings) -> list[Crawled]:
    """Run a worker until nothing is queued or leased any more; its crawls."""
    settings = SchedulerSettings(idle_poll_seconds=CRAWL_POLL_S, worker_concurrency=DEMO_CONCURRENCY)
    stop = asyncio.Event()
    crawled: list[Crawled] = []
    async with open_crawler(sessions, settings, render, name="demo") as worker:
        worker.on_crawled = crawled.append
        running = asyncio.create_task(worker.run(stop))
        while not running.done():
            await asyncio.sleep(CRAWL_POLL_S)
            with sessions() as session:
                by_state = read_status(session, utc_now()).queue_by_state
            if not by_state.get(QueueState.QUEUED.value) and not by_state.get(QueueState.LEASED.value):
                stop.set()
        await running
    return crawled
