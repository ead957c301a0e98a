"""One page in a real Chromium: waiting, the snapshot, identity and typed outcomes."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from demosite.server import BASIC_AUTH_PASSWORD, BASIC_AUTH_USER, DemoSite
from render.outcome import FailureKind, RenderFailure
from render.settings import RenderSettings, SiteSettings
from tests.render.conftest import LoopRenderer, fixture_url
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

CRAWL_HEADER = ("X-Crawl-Token", "gazette-42")
GLOBALS = ["pdl", "uaSeen", "swResult", "lateValue"]


@pytest.fixture(scope="module")
def renderer(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    site = SiteSettings(username=BASIC_AUTH_USER, password=BASIC_AUTH_PASSWORD, headers=dict([CRAWL_HEADER]))
    settings = third_party_settings.model_copy(update={"datalayer_globals": GLOBALS, "sites": {"127.0.0.1": site}})
    shared = LoopRenderer(settings)
    yield shared
    shared.close()


@pytest.fixture(scope="module")
def impatient(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    """Short caps and budgets: never-settling pages and slow hosts show up fast."""
    settings = third_party_settings.model_copy(update={
        "settle_cap_ms": 1000, "subresource_budget_ms": 300, "slow_host_strikes": 2,
        "navigation_timeout_ms": 1000})
    shared = LoopRenderer(settings)
    yield shared
    shared.close()


@pytest.fixture(scope="module")
def timed(renderer: LoopRenderer, demo_site: DemoSite) -> RenderedPage:
    return renderer.page(fixture_url(demo_site, "datalayer.html"))


def test_value_set_by_a_300_ms_timer_is_captured(timed: RenderedPage) -> None:
    assert timed.datalayer.globals["pdl"] == {"articleId": "dl-300", "section": "news"}
    assert ("setContentAuthor", ("Tim Er",)) in timed.datalayer.composer_commands


def test_page_sees_the_bot_token_in_navigator_user_agent(timed: RenderedPage, renderer: LoopRenderer) -> None:
    assert renderer.renderer.settings.bot_token in timed.datalayer.globals["uaSeen"]
    assert "HeadlessChrome" in timed.datalayer.globals["uaSeen"] or "Chrome/" in timed.datalayer.globals["uaSeen"]


def test_service_workers_are_refused(timed: RenderedPage) -> None:
    assert timed.datalayer.globals.get("swResult") in ("refused", "unavailable")


def test_data_layer_condition_waits_for_a_late_value(loop_renderer, third_party_settings: RenderSettings,
                                                     demo_site: DemoSite) -> None:
    settings = third_party_settings.model_copy(update={
        "datalayer_globals": GLOBALS, "datalayer_condition": "window.lateValue && window.lateValue.ready"})
    page = loop_renderer(settings).page(fixture_url(demo_site, "datalayer.html"))
    assert page.datalayer.globals.get("lateValue") == {"ready": True}


def test_value_written_by_a_script_that_a_long_running_script_inserts_is_captured(
        loop_renderer, third_party_settings: RenderSettings, demo_site: DemoSite) -> None:
    # The loader executes for 300 ms, far longer than the default network quiet window, before
    # it asks for the next script: only holding the page until an inserted script ran catches it.
    settings = third_party_settings.model_copy(update={
        "datalayer_globals": GLOBALS, "settle_quiet_ms": RenderSettings().settle_quiet_ms})
    page = loop_renderer(settings).page(fixture_url(demo_site, "script-chain.html"))
    assert page.settled
    assert page.datalayer.globals.get("pdl") == {"articleId": "from-the-chain"}


def test_lazy_images_get_their_real_size(renderer: LoopRenderer, demo_site: DemoSite) -> None:
    page = renderer.page(fixture_url(demo_site, "lazy.html"))
    sizes = {img.url.rsplit("/", 1)[-1]: (img.natural_width, img.natural_height) for img in page.images}
    assert sizes["storm-coast-road.svg"][0] > 0
    assert sizes["tidal-energy-pilot.svg"][0] > 0, "the script lazy-loader never fired"


def test_text_in_a_fixed_layer_is_marked_overlay(renderer: LoopRenderer, demo_site: DemoSite) -> None:
    page = renderer.page(fixture_url(demo_site, "overlay.html"))
    by_id = _boxes_by_html_id(page)
    assert by_id["wall-text"].overlay and by_id["bar-text"].overlay
    assert not by_id["body-text"].overlay and not by_id["headline"].overlay


def test_a_page_of_thousands_of_elements_is_snapshotted(renderer: LoopRenderer, demo_site: DemoSite) -> None:
    page = renderer.page(fixture_url(demo_site, "big.html"))
    assert len(page.boxes) >= 5000
    assert page.timings.snapshot_ms < renderer.renderer.settings.call_timeout_ms


def test_basic_auth_reaches_the_protected_page(renderer: LoopRenderer, demo_site: DemoSite) -> None:
    page = renderer.page(demo_site.url("/protected/"))
    assert "Subscriber edition" in page.html


def test_protected_page_without_credentials_is_an_http_error(impatient: LoopRenderer, demo_site: DemoSite) -> None:
    result = impatient.render(demo_site.url("/protected/"))
    assert isinstance(result, RenderFailure) and result.kind is FailureKind.HTTP_ERROR and result.status == 401
    assert BASIC_AUTH_PASSWORD not in str(result)


def test_per_site_headers_are_sent(renderer: LoopRenderer, demo_site: DemoSite) -> None:
    demo_site.clear_requests()
    renderer.page(demo_site.url("/about.html"))
    sent = [h.get(CRAWL_HEADER[0]) for _, path, h in demo_site.requests if path == "/about.html"]
    assert sent and all(value == CRAWL_HEADER[1] for value in sent)


def test_a_never_settling_page_returns_at_the_cap_and_says_what_was_loading(
        impatient: LoopRenderer, demo_site: DemoSite) -> None:
    started = time.monotonic()
    page = impatient.page(demo_site.url("/never-settles.html"))
    elapsed_ms = (time.monotonic() - started) * 1000
    cap = impatient.renderer.settings.settle_cap_ms
    assert not page.settled
    assert any("/poll" in url for url in page.still_loading)
    assert elapsed_ms < 2 * cap + 1500  # the settle cap plus the post-scroll half cap, plus overhead


def test_a_third_party_host_that_keeps_timing_out_is_blocked_and_recorded(
        impatient: LoopRenderer, demo_site: DemoSite) -> None:
    url = fixture_url(demo_site, "slow-third-party.html")
    first = impatient.page(url)
    assert any(b.host == "slow.thirdparty.test" and b.reason == "timeout" for b in first.blocked)
    impatient.page(url)
    third = impatient.page(url)
    assert third.auto_blocked_hosts == ("slow.thirdparty.test",)
    assert any(b.host == "slow.thirdparty.test" and b.reason == "slow-domain" for b in third.blocked)


def test_navigation_timeout_reports_what_was_loading(impatient: LoopRenderer, demo_site: DemoSite) -> None:
    result = impatient.render(demo_site.url("/slow?ms=3000"))
    assert isinstance(result, RenderFailure) and result.kind is FailureKind.TIMEOUT, result
    assert any("/slow?ms=3000" in url for url in result.still_loading)


def test_redirect_loop_reports_the_chain(impatient: LoopRenderer, demo_site: DemoSite) -> None:
    result = impatient.render(demo_site.url("/loop"))
    assert isinstance(result, RenderFailure) and result.kind is FailureKind.REDIRECT_LOOP
    assert len(result.redirect_chain) > 10
    assert {u.rsplit("/", 1)[-1] for u in result.redirect_chain} == {"loop", "b"}


def test_tls_failure_is_typed(impatient: LoopRenderer, demo_site: DemoSite) -> None:
    result = impatient.render(f"https://127.0.0.1:{demo_site.port}/index.html")
    assert isinstance(result, RenderFailure) and result.kind is FailureKind.TLS, result


def test_connection_refused_is_typed(impatient: LoopRenderer) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = impatient.render(f"http://127.0.0.1:{port}/")
    assert isinstance(result, RenderFailure) and result.kind is FailureKind.CONNECTION, result


def _boxes_by_html_id(page: RenderedPage) -> dict:
    import re
    ids = dict(re.findall(r'id="([\w-]+)"[^>]*data-rc-id="(\d+)"', page.html))
    return {name: page.boxes[int(node)] for name, node in ids.items() if int(node) in page.boxes}


def test_each_image_is_read_with_the_id_of_its_own_element(renderer: LoopRenderer) -> None:
    """Images are read before the ids are written, their ids found by position: each one must
    still name its own `<img>`, wherever it sits (nested, in an SVG's foreignObject, after skipped
    elements, beside an SVG `image`, which `document.images` leaves out)."""
    import re
    html = ("<html><head><title>t</title><style>p{margin:0}</style></head><body>"
            "<img src='https://news.test/0.jpg' alt='first'>"
            "<div><section><p>text</p><img src='https://news.test/1.jpg'></section></div>"
            "<script>var x = 1;</script><svg width='50' height='50'><image href='https://news.test/svg.png'/>"
            "<foreignObject width='40' height='40'><img src='https://news.test/2.jpg'></foreignObject></svg>"
            "<div style='display:none'><img src='https://news.test/3.jpg'></div>"
            "<picture><img src='https://news.test/4.jpg'></picture>"
            "</body></html>")
    page = renderer.render_html(html, "https://news.test/images.html")
    assert isinstance(page, RenderedPage), page
    ids = {int(node): src for src, node in re.findall(r'<img src="([^"]+)"[^>]*data-rc-id="(\d+)"', page.html)}
    assert len(ids) == 5 and len(page.images) == 5
    for image in page.images:
        assert ids[image.node_id] == image.url, (image, ids)
    assert sorted(image.node_id for image in page.images) == sorted(ids)


def test_saved_page_that_navigates_away_stays_rendered(renderer: LoopRenderer) -> None:
    html = ("<html><body><p>Saved article text.</p>"
            "<script>setTimeout(() => { location.href = 'https://elsewhere.test/x'; }, 30)</script></body></html>")
    page = renderer.render_html(html, "https://news.test/story.html#comments")
    assert isinstance(page, RenderedPage), page
    assert "Saved article text." in page.html and page.final_url == "https://news.test/story.html#comments"


def test_live_page_that_ends_on_chromium_error_page_is_a_failure(renderer: LoopRenderer, demo_site: DemoSite) -> None:
    result = renderer.render(fixture_url(demo_site, "navigates-to-dead-host.html"))
    assert isinstance(result, RenderFailure), result
