"""A recrawl that comes back gutted (200 OK, the text or the title gone) keeps the last good
profile, is logged as `suspect` and retried; the third such result in a row is believed."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy import func, select

from render.settings import RenderSettings
from rendercrawl.crawl import open_crawler
from scheduler.policy import SUSPECT_CONFIRMATIONS, confirms_suspect, suspect_change
from scheduler.settings import SchedulerSettings
from storage.db import Sessions
from storage.models import Crawl, ProfileVersion
from storage.records import Outcome, ProfileShape
from storage.repository import load_profile
from tests.loopback import QuietHandler, serving

GOOD = ("<!doctype html><title>Harbour reopens</title><article><h1>Harbour reopens</h1>"
        + "<p>The harbour reopened after a long winter of repairs, and the boats came back one by one.</p>" * 16
        + "</article>")
GUTTED = "<!doctype html><title></title><body><div>Loading…</div></body>"


def test_a_drop_to_nearly_nothing_or_a_lost_title_and_half_the_text_is_suspect():
    before = ProfileShape("Harbour reopens", 276)
    assert suspect_change(before, ProfileShape("Harbour reopens", 0))
    assert suspect_change(before, ProfileShape(None, 120))
    assert suspect_change(before, ProfileShape("Harbour reopens", 120)) is None  # a shorter article, titled
    assert suspect_change(before, ProfileShape(None, 200)) is None  # most of the text is still there
    assert suspect_change(ProfileShape("Stub", 12), ProfileShape(None, 0)) is None  # too little to judge
    assert suspect_change(None, ProfileShape(None, 0)) is None  # a first crawl has nothing to lose


def test_the_result_is_believed_once_it_repeats():
    assert [confirms_suspect(n) for n in range(SUSPECT_CONFIRMATIONS)] == [False] * (SUSPECT_CONFIRMATIONS - 1) + [True]


@pytest.fixture()
def page_server() -> Iterator[tuple[str, dict[str, str]]]:
    content = {"html": GOOD}

    class Handler(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            self.send_html(content["html"])

    with serving(Handler) as base:
        yield f"{base}/story.html", content


@pytest.mark.browser
def test_a_gutted_recrawl_keeps_the_last_good_profile_until_it_repeats(
        sessions: Sessions, page_server: tuple[str, dict[str, str]], render_settings: RenderSettings) -> None:
    url, content = page_server

    async def crawls() -> list[Outcome]:
        settings = render_settings.model_copy(update={"handle_signals": False})
        async with open_crawler(sessions, SchedulerSettings(cheap_recrawls=False), settings) as worker:
            outcomes = [(await worker.crawl_now(url)).attempt.outcome]
            content["html"] = GUTTED
            for _ in range(SUSPECT_CONFIRMATIONS - 1):
                outcomes.append((await worker.crawl_now(url)).attempt.outcome)
                with sessions() as session:
                    kept = load_profile(session, url)
                assert kept is not None and kept.title == "Harbour reopens" and kept.word_count > 200
            outcomes.append((await worker.crawl_now(url)).attempt.outcome)
        return outcomes

    outcomes = asyncio.run(crawls())
    assert outcomes == [Outcome.OK] + [Outcome.SUSPECT] * (SUSPECT_CONFIRMATIONS - 1) + [Outcome.OK]
    with sessions() as session:
        believed = load_profile(session, url)
        versions = session.execute(select(func.count()).select_from(ProfileVersion)).scalar_one()
        errors = session.execute(select(Crawl.error).where(Crawl.outcome == Outcome.SUSPECT)).scalars().all()
    assert believed is not None and believed.word_count < 10
    assert versions == 2  # the good one, then the confirmed one: no version for a suspect result
    assert all("words where the last good profile had" in e for e in errors)
