"""Settling on what the page still has pending (render/readiness.js): short timers, their chains,
animation frames and requests hold the page; long timers, intervals and loops do not.

Pages are rendered from HTML (`render_html`), so nothing but the document loads. No timings are
asserted: `settled` says whether the page settled before its cap or was cut off at it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from render.settings import RenderSettings
from tests.render.conftest import LoopRenderer
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

URL = "https://news.test/story.html"


@pytest.fixture(scope="module")
def renderer(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    settings = third_party_settings.model_copy(update={"datalayer_globals": ["pdl", "ticks", "late"]})
    shared = LoopRenderer(settings)
    yield shared
    shared.close()


def render(renderer: LoopRenderer, script: str) -> RenderedPage:
    page = renderer.render_html(f"<html><head><script>{script}</script></head><body><p>Story.</p></body></html>", URL)
    assert isinstance(page, RenderedPage), page
    return page


def test_value_set_by_a_700_ms_timer_is_captured(renderer: LoopRenderer) -> None:
    page = render(renderer, "setTimeout(function () { window.pdl = {articleId: 'dl-700'}; }, 700);")
    assert page.settled
    assert page.datalayer.globals["pdl"] == {"articleId": "dl-700"}


def test_value_set_by_a_timer_that_a_timer_set_is_captured(renderer: LoopRenderer) -> None:
    page = render(renderer, "setTimeout(() => setTimeout(() => { window.pdl = {articleId: 'nested'}; }, 300), 200);")
    assert page.datalayer.globals["pdl"] == {"articleId": "nested"}


def test_value_set_after_a_timer_awaited_in_a_promise_is_captured(renderer: LoopRenderer) -> None:
    page = render(renderer, "(async () => { await new Promise((r) => setTimeout(r, 400));"
                            " window.pdl = {articleId: 'awaited'}; })();")
    assert page.datalayer.globals["pdl"] == {"articleId": "awaited"}


def test_value_set_when_a_request_started_by_a_timer_answers_is_captured(renderer: LoopRenderer) -> None:
    # Offline rendering refuses the request: its rejection handler sets the value.
    page = render(renderer, "setTimeout(function () { fetch('/api/meta.json').catch(function () {"
                            " window.pdl = {articleId: 'after-fetch'}; }); }, 300);")
    assert page.datalayer.globals["pdl"] == {"articleId": "after-fetch"}


def test_value_set_in_an_animation_frame_after_a_timer_is_captured(renderer: LoopRenderer) -> None:
    page = render(renderer, "setTimeout(() => requestAnimationFrame(() => { window.pdl = {articleId: 'frame'}; }), 600);")
    assert page.datalayer.globals["pdl"] == {"articleId": "frame"}


def test_a_cleared_timer_does_not_hold_the_page(renderer: LoopRenderer) -> None:
    page = render(renderer, "var t = setTimeout(function () { window.late = true; }, 900); clearTimeout(t);")
    assert page.settled and "late" not in page.datalayer.globals


def test_a_page_with_a_10_s_timer_settles_without_it(renderer: LoopRenderer) -> None:
    page = render(renderer, "setTimeout(function () { window.late = true; }, 10000);")
    assert page.settled
    assert "late" not in page.datalayer.globals


def test_a_page_with_a_100_ms_interval_settles(renderer: LoopRenderer) -> None:
    page = render(renderer, "window.ticks = 0; setInterval(function () { window.ticks++;"
                            " setTimeout(function () {}, 50); }, 100);")
    assert page.settled


def test_a_self_rescheduling_timer_loop_does_not_hold_the_page_to_the_cap(renderer: LoopRenderer) -> None:
    page = render(renderer, "window.ticks = 0; (function poll() { window.ticks++; setTimeout(poll, 50); })();")
    assert page.settled


def test_an_animation_loop_does_not_hold_the_page_to_the_cap(renderer: LoopRenderer) -> None:
    page = render(renderer, "window.ticks = 0; (function step() { window.ticks++; requestAnimationFrame(step); })();")
    assert page.settled


def test_the_page_sees_one_hidden_helper_and_its_timers_still_work(renderer: LoopRenderer) -> None:
    page = render(renderer, "window.pdl = {keys: Object.keys(window).filter((k) => k.startsWith('__rc')),"
                            " timeoutArgs: null}; setTimeout(function (a, b) { window.pdl.timeoutArgs = [a, b]; }, 10, 1, 2);")
    assert page.datalayer.globals["pdl"] == {"keys": [], "timeoutArgs": [1, 2]}


def test_a_page_that_reloads_itself_while_waited_for_is_rendered_after_the_reload(renderer: LoopRenderer) -> None:
    # The reload comes while another short timer still holds the page (the wait is in flight).
    page = render(renderer, "setTimeout(function () {}, 1000); setTimeout(function () {"
                            " if (!sessionStorage.getItem('seen')) { sessionStorage.setItem('seen', '1'); location.reload(); }"
                            " else { window.pdl = {articleId: 'reloaded'}; } }, 800);")
    assert page.datalayer.globals["pdl"] == {"articleId": "reloaded"}


@pytest.mark.parametrize(("script", "aware", "listeners"), [
    ("new IntersectionObserver(() => {});", True, False),
    ("addEventListener('scroll', () => {});", True, True),
    ("window.onscroll = () => {};", True, True),
    ("", False, False),
])
def test_the_page_tells_observers_from_scroll_listeners(renderer: LoopRenderer, script: str, aware: bool,
                                                        listeners: bool) -> None:
    """Observers see a scroll step at the next frame, so their steps end with it; a scroll
    listener may act a while after the event (a debounce) and keeps the whole pause."""
    page = render(renderer, script + " window.pdl = {aware: __rcSettle.scrollAware(), listeners: __rcSettle.scrollListeners()};")
    assert page.datalayer.globals["pdl"] == {"aware": aware, "listeners": listeners}
