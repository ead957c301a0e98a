"""Settling on Chromium's virtual time (`settle_virtual_time`, render/readiness.py): a page's held
timers run when its clock is moved to them, not when the wall clock reaches them; pages that
react to scrolling stay on real time; and why it is off by default.

No timings are asserted. That the wall clock was not waited for shows as a value caught
although the settle cap ended the wait long before the timer would have run in real time (the
same page on real time misses it), and in how far the page's clock was moved (the debug record
`render/pagerender.py` writes).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from demosite.server import DemoSite
from render.settings import RenderSettings
from tests.render.conftest import LoopRenderer, fixture_url
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

URL = "https://news.test/story.html"
CHAIN_900_MS = ("setTimeout(() => setTimeout(() => setTimeout(() => {"
                " window.pdl = {articleId: 'chain-900'}; }, 300), 300), 300);")
"""A value set 900 ms after parsing, by three chained 300 ms timers (each held: three levels)."""
SHORT_CAP = {"settle_cap_ms": 300, "datalayer_globals": ["pdl", "late"]}
"""A cap far shorter than the chain: on real time the wait ends before the value is set."""


@pytest.fixture(scope="module")
def virtual(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    shared = LoopRenderer(third_party_settings.model_copy(update={**SHORT_CAP, "settle_virtual_time": True}))
    yield shared
    shared.close()


def render(renderer: LoopRenderer, script: str) -> RenderedPage:
    page = renderer.render_html(f"<html><head><script>{script}</script></head><body><p>Story.</p></body></html>", URL)
    assert isinstance(page, RenderedPage), page
    return page


def virtual_ms(caplog: pytest.LogCaptureFixture) -> list[int]:
    """How far the page's clock was moved, per page settled on virtual time."""
    return [r.args[1] for r in caplog.records if r.name == "render.pagerender" and r.msg.startswith("virtual settle")]


def test_a_value_set_by_a_900_ms_timer_chain_is_caught_within_a_300_ms_cap(
        virtual: LoopRenderer, loop_renderer, third_party_settings: RenderSettings,  # type: ignore[no-untyped-def]
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="render.pagerender")
    page = render(virtual, CHAIN_900_MS)
    assert page.settled
    assert page.datalayer.globals["pdl"] == {"articleId": "chain-900"}
    assert virtual_ms(caplog)[0] > SHORT_CAP["settle_cap_ms"]  # moved farther than the wait could last
    real = render(loop_renderer(third_party_settings.model_copy(update={**SHORT_CAP, "settle_virtual_time": False})),
                  CHAIN_900_MS)
    assert "pdl" not in real.datalayer.globals  # the control: in real time the cap ends the wait first


def test_the_clock_moves_only_as_far_as_the_held_timers_need(virtual: LoopRenderer) -> None:
    # A 10 s timer is a deliberate deferral: it never holds the page, and the clock never reaches it.
    page = render(virtual, "setTimeout(() => { window.pdl = {articleId: 'short'}; }, 300);"
                           " setTimeout(() => { window.late = true; }, 10000);")
    assert page.datalayer.globals["pdl"] == {"articleId": "short"}
    assert "late" not in page.datalayer.globals


def test_a_request_that_outlasts_the_subresource_budget_does_not_stop_the_clock(
        loop_renderer, third_party_settings: RenderSettings, demo_site: DemoSite) -> None:  # type: ignore[no-untyped-def]
    # The clock stands while a fetch is pending; one past the subresource budget no longer
    # holds it, so the page's timer still runs before the cap, as it does on real time.
    renderer = loop_renderer(third_party_settings.model_copy(update={
        "settle_virtual_time": True, "subresource_budget_ms": 300, "settle_cap_ms": 2000, "datalayer_globals": ["pdl"]}))
    page = renderer.page(fixture_url(demo_site, "hung-request.html"))
    assert page.datalayer.globals["pdl"] == {"articleId": "not-held-up"}


def test_a_page_that_reacts_to_scrolling_stays_on_real_time_and_gets_its_lazy_images(
        loop_renderer, third_party_settings: RenderSettings, demo_site: DemoSite,  # type: ignore[no-untyped-def]
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="render.pagerender")
    renderer = loop_renderer(third_party_settings.model_copy(update={"settle_virtual_time": True}))
    page = renderer.page(fixture_url(demo_site, "lazy.html"))
    sizes = {img.url.rsplit("/", 1)[-1]: img.natural_width for img in page.images}
    assert sizes["storm-coast-road.svg"] > 0 and sizes["tidal-energy-pilot.svg"] > 0
    assert virtual_ms(caplog) == []


BUSY_WAIT = ("setTimeout(() => { const end = performance.now() + 50; while (performance.now() < end) {}"
             " window.pdl = {articleId: 'busy'}; }, 300);")
"""A timer that works on the main thread for 50 ms, measured by the page's own clock."""


def test_a_page_that_busy_waits_on_its_clock_is_rendered_by_default(
        loop_renderer, third_party_settings: RenderSettings) -> None:  # type: ignore[no-untyped-def]
    # On virtual time the clock stands inside the task: the loop never ends and the render fails
    # at the call timeout. The default must not do that.
    renderer = loop_renderer(RenderSettings(**{
        **third_party_settings.model_dump(exclude={"settle_virtual_time"}), "call_timeout_ms": 2000}))
    assert not renderer.renderer.settings.settle_virtual_time
    page = render(renderer, BUSY_WAIT)
    assert page.datalayer.globals["pdl"] == {"articleId": "busy"}
