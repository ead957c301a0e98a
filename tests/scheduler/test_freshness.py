"""Cheap recrawls: a conditional GET or the raw-HTML hash answers routine recrawls without a render."""

import asyncio
import dataclasses
import hashlib
from datetime import UTC, datetime

from sqlalchemy import select

from scheduler.freshness import FULL_RENDER_EVERY, CheapRecrawls, probe, wants_probe
from scheduler.settings import SchedulerSettings
from scheduler.worker import Worker
from scheduler_fakes import RecordingFakeCrawl, read_log
from storage import queue
from storage.models import Crawl
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason
from storage.validators import Validators
from values.rendered import RenderedPage
from values.targets import PUBLIC_ONLY

HTML = b"<html><body>story</body></html>"
SHA = hashlib.sha256(HTML).hexdigest()


class FakeServer:
    """Answers like a server with an ETag; counts requests and what they asked for."""

    def __init__(self, body=HTML, etag='"v1"', honour_conditional=True):
        self.body, self.etag, self.honour_conditional, self.requests = body, etag, honour_conditional, []

    def __call__(self, url, headers):
        self.requests.append(dict(headers))
        if self.honour_conditional and headers.get("If-None-Match") == self.etag:
            return 304, {"ETag": self.etag}, b""
        return 200, {"ETag": self.etag, "Content-Type": "text/html"}, self.body


def test_conditional_get_answered_304_is_unchanged():
    server = FakeServer()
    result = probe("http://a.test/1", Validators('"v1"', None, SHA), "bot", fetch=server)
    assert result.unchanged and result.reason == "304 Not Modified"
    assert server.requests[0]["If-None-Match"] == '"v1"'


def test_same_raw_html_without_validators_is_unchanged():
    result = probe("http://a.test/1", Validators(None, None, SHA), "bot", fetch=FakeServer(etag=None, honour_conditional=False))
    assert result.unchanged and "hash" in result.reason


def test_changed_html_or_no_baseline_or_errors_mean_render():
    stale = Validators(None, None, "0" * 64)
    assert not probe("http://a.test/1", stale, "bot", fetch=FakeServer(honour_conditional=False)).unchanged
    assert probe("http://a.test/1", None, "bot", fetch=FakeServer()).reason == "no baseline"

    def down(url, headers):
        raise ConnectionRefusedError("refused")

    assert not probe("http://a.test/1", Validators('"v1"', None, SHA), "bot", fetch=down).unchanged
    assert not probe("http://a.test/1", Validators('"v1"', None, SHA), "bot", fetch=lambda u, h: (500, {}, b"")).unchanged


def test_only_routine_recrawls_with_a_baseline_are_probed_and_every_nth_renders():
    baseline = Validators('"v1"', None, SHA)
    assert wants_probe(Reason.SCHEDULED, baseline) and wants_probe(Reason.MANUAL, baseline)
    assert not any(wants_probe(r, baseline) for r in (Reason.PUSH, Reason.MODIFIED, Reason.NEW, Reason.RETRY))
    assert not wants_probe(Reason.SCHEDULED, None)
    assert not wants_probe(Reason.SCHEDULED, Validators('"v1"', None, SHA, unchanged_streak=FULL_RENDER_EVERY - 1))


def test_worker_skips_the_render_of_an_unchanged_page_and_renders_every_nth_time(sessions, tmp_path):
    url = "http://a.test/story"
    server = FakeServer()
    settings = SchedulerSettings(idle_poll_seconds=0.05, host_min_delay_ms=0, lease_renew_seconds=1)
    rendered = dataclasses.replace(RenderedPage.from_html(HTML.decode(), url), etag='"v1"', raw_sha256=SHA)
    crawl = RecordingFakeCrawl(sessions, tmp_path / "log", page=rendered)
    cheap = CheapRecrawls(sessions, "bot", lambda: datetime.now(UTC), PUBLIC_ONLY, fetch=server)

    def crawl_count():
        with sessions() as session:
            return len(session.execute(select(Crawl.id)).all())

    def crawl_once(reason):
        before = crawl_count()
        with write_transaction(sessions) as session:
            now = datetime.now(UTC)
            queue.enqueue(session, ensure_page(session, url, now), reason, now, now)

        async def until_crawled():
            stop = asyncio.Event()
            running = asyncio.create_task(Worker(sessions, crawl, settings, cheap=cheap).run(stop))
            deadline = asyncio.get_running_loop().time() + 20
            while crawl_count() == before:
                assert asyncio.get_running_loop().time() < deadline, "the worker crawled nothing in 20 s"
                await asyncio.sleep(0.02)
            stop.set()
            await running

        asyncio.run(until_crawled())

    crawl_once(Reason.NEW)  # first crawl: renders, stores the baseline
    for _ in range(FULL_RENDER_EVERY):
        crawl_once(Reason.SCHEDULED)
    with sessions() as session:
        outcomes = session.execute(select(Crawl.outcome).order_by(Crawl.id)).scalars().all()
    assert outcomes == ["ok"] + ["unchanged"] * (FULL_RENDER_EVERY - 1) + ["ok"]
    renders = [u for event, u, *_ in read_log(tmp_path / "log") if event == "end"]
    assert len(renders) == 2
    # Only the probed recrawls sent a request of their own: a render takes its validators from the browser.
    assert len(server.requests) == FULL_RENDER_EVERY - 1
