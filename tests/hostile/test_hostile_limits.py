"""Pages that would hold a worker past its bounds: a document trickled byte by byte, thousands
of requests or images, a history entry with an enormous URL. Each ends within its bound and
the worker goes on; a page that never settles still yields its profile, flagged unsettled."""

from __future__ import annotations

import asyncio

import pytest

from hostile_corpus import ARTICLE, PAGES, TRICKLED, HostileRun
from render.browser import Renderer
from render.requests import MAX_FOLLOWED_REQUESTS
from render.settings import RenderSettings
from storage.records import Outcome
from values.rendered import RenderedPage

NAVIGATION_BOUND_S = 15 + 10
"""The navigation deadline (15 s) with room for a loaded machine."""
SETTLE_BOUND_S = 30.0

PAGES.update({
    "/trickled.html": f"<!doctype html><title>Slow</title><article>{ARTICLE}</article>",
    "/five-thousand-fetches.html": "<!doctype html><title>Busy</title><script>"
                                   "for (let i = 0; i < 5000; i++) fetch('/tiny/' + i).catch(() => {});"
                                   "setInterval(() => fetch('/tiny/again').catch(() => {}), 50);"
                                   f"</script><article>{ARTICLE}</article>",
    "/ten-thousand-images.html": "<!doctype html><title>Gallery</title><article>" + ARTICLE
                                 + "".join(f"<img src='/tiny/{i}.png' width=4 height=4>" for i in range(10_000))
                                 + "</article>",
    "/three-thousand-refusals.html": "<!doctype html><title>Refused</title><script>"
                                     "for (let i = 0; i < 3000; i++) fetch('http://refused.hostile.test/' + i).catch(() => {});"
                                     f"</script><article>{ARTICLE}</article>",
    "/huge-history-url.html": "<!doctype html><title>Long</title><script>"
                              "history.replaceState(null, '', '/huge-history-url.html?' + 'a'.repeat(200000));"
                              f"</script><article>{ARTICLE}</article>",
    "/lengthening-history-url.html": "<!doctype html><title>Longer</title><script>"
                                     "addEventListener('load', () => { let u = '/lengthening-history-url.html?';"
                                     " while (u.length < 200000) { u += 'a'.repeat(100); history.replaceState(null, '', u); } });"
                                     f"</script><article>{ARTICLE}</article>",
})
HISTORY_UPDATES_ALLOWED = 200
"""Chromium's navigation rate limiter: a frame's history changes past this many in 10 s are ignored."""
TRICKLED["/trickled.html"] = 2.0


def assert_goes_on(run: HostileRun, outcome: Outcome, bound_s: float) -> None:
    assert run.crawled.attempt.outcome is outcome, run.crawled.attempt
    assert run.seconds < bound_s, f"took {run.seconds:.1f} s"
    assert [o for _, o in run.crawl_rows] == [outcome.value, "ok"]
    assert run.next_page.ok, run.next_page.attempt
    assert run.leftover_browsers == []


@pytest.mark.browser
def test_a_trickled_document_times_out_at_the_navigation_deadline(crawl_hostile) -> None:
    assert_goes_on(crawl_hostile("/trickled.html"), Outcome.TIMEOUT, NAVIGATION_BOUND_S)


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/five-thousand-fetches.html", "/ten-thousand-images.html"])
def test_a_page_that_never_settles_is_snapshotted_at_the_cap(crawl_hostile, path: str) -> None:
    run = crawl_hostile(path)
    assert_goes_on(run, Outcome.OK, SETTLE_BOUND_S)
    page = run.crawled.result.page if run.crawled.result is not None else None
    assert page is not None and "fishing boats" in page.html


@pytest.mark.browser
def test_an_enormous_history_url_ends_within_bounds(crawl_hostile) -> None:
    run = crawl_hostile("/huge-history-url.html")
    assert run.seconds < SETTLE_BOUND_S, f"took {run.seconds:.1f} s"
    assert run.next_page.ok and run.leftover_browsers == []
    assert len(run.crawl_rows) == 2


@pytest.mark.browser
def test_a_url_lengthened_step_by_step_is_cut_short_by_chromium(crawl_hostile) -> None:
    """2,000 `replaceState` calls, each URL 100 characters longer, to 200,000: every version
    went through the browser, the driver and the worker (Playwright turns Chromium's rate
    limiter off). Now Chromium ignores the calls past its limit, the crawl ends with its row,
    and the page keeps the URL of the last change allowed."""
    run = crawl_hostile("/lengthening-history-url.html")
    assert run.crawled.attempt.outcome is Outcome.OK, run.crawled.attempt
    assert [o for _, o in run.crawl_rows] == ["ok", "ok"]
    final_url = run.crawled.attempt.final_url or ""
    assert "/lengthening-history-url.html?" in final_url
    assert len(final_url) <= len(run.crawl_rows[0][0]) + 1 + HISTORY_UPDATES_ALLOWED * 100, len(final_url)
    assert run.next_page.ok and run.leftover_browsers == []


@pytest.mark.browser
def test_two_galleries_of_ten_thousand_images_at_once_are_snapshotted_unsettled(
        hostile_site: str, render_settings: RenderSettings) -> None:
    """Two renders of 10,000 images at once: every request's events used to reach the worker,
    behind which the navigations' answers waited past the page-call deadline (`timeout`, "page
    call exceeded 25000 ms"). Past `MAX_FOLLOWED_REQUESTS` they are no longer followed; each
    page is snapshotted at the settle cap, unsettled, with its body."""
    settings = render_settings.model_copy(update={"handle_signals": False, "concurrency": 2})

    async def both() -> list[object]:
        async with Renderer(settings) as renderer:
            return list(await asyncio.gather(*(renderer.render(f"{hostile_site}/ten-thousand-images.html?{i}")
                                               for i in range(2))))

    for rendered in asyncio.run(both()):
        assert isinstance(rendered, RenderedPage), rendered
        assert rendered.settled is False
        assert "fishing boats" in rendered.html


@pytest.mark.browser
def test_requests_that_all_fail_are_no_longer_followed_past_the_bound(
        hostile_site: str, render_settings: RenderSettings) -> None:
    """3,000 requests to a host that does not resolve, each failing: the tracker stops following
    requests after `MAX_FOLLOWED_REQUESTS` of them, and stops listening for failures after
    recording that many (each one was a `Request` object delivered to the worker, thousands on
    a hostile page: the memory study's high-water mark). The page is snapshotted with its body."""
    settings = render_settings.model_copy(update={"handle_signals": False})

    async def render() -> object:
        async with Renderer(settings) as renderer:
            return await renderer.render(f"{hostile_site}/three-thousand-refusals.html")

    rendered = asyncio.run(render())
    assert isinstance(rendered, RenderedPage), rendered
    assert "fishing boats" in rendered.html
    refused = [b for b in rendered.blocked if b.host == "refused.hostile.test"]
    assert 0 < len(refused) <= MAX_FOLLOWED_REQUESTS, len(refused)
