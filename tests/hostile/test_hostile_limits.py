"""Pages that would hold a worker past its bounds: a document trickled byte by byte, thousands
of requests or images, a history entry with an enormous URL. Each ends within its bound and
the worker goes on; a page that never settles still yields its profile, flagged unsettled."""

from __future__ import annotations

import pytest

from hostile_corpus import ARTICLE, PAGES, TRICKLED, HostileRun
from storage.records import Outcome

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
    "/huge-history-url.html": "<!doctype html><title>Long</title><script>"
                              "history.replaceState(null, '', '/huge-history-url.html?' + 'a'.repeat(200000));"
                              f"</script><article>{ARTICLE}</article>",
})
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
