"""An image whose load has started holds the page until it loaded (render/readiness.js), so its
natural size is read real, never 0x0; a `loading=lazy` image Chromium deferred holds nothing.

The in-page checks ask the settle state directly from the page's own script (`__rcSettle.idle`)
and keep its answer in `window.pdl`, which the reading carries back: how many holds were left
when it resolved and what the image looked like then. Images come from the demo site's slow
route (`?delay_ms=`), pages from a loopback server of their own. No timings are asserted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from demosite.server import DemoSite
from render import pagerender
from render.readiness import LAZY_STARTED_MARGIN_PX
from render.settings import RenderSettings
from tests.loopback import StoredPages
from tests.render.conftest import LoopRenderer
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

SLOW_MS = 800
"""How late the demo site answers for an image: far longer than a reading takes to be asked."""
IMAGE_SIZE = (960, 540)
"""storm-coast-road.svg's own size."""
VIEWPORT_HEIGHT = RenderSettings().viewport_height

# The page's script keeps the settle state's answer, and the image as it was then, in `pdl`.
ASK_IDLE = """
function askIdle(img, maxMs) {
  return __rcSettle.idle(maxMs, 0).then(function (state) {
    window.pdl = {pending: state.pending, complete: img.complete, size: [img.naturalWidth, img.naturalHeight]};
  });
}
"""


@pytest.fixture(scope="module")
def renderer(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    shared = LoopRenderer(third_party_settings.model_copy(update={"datalayer_globals": ["pdl"]}))
    yield shared
    shared.close()


def serve(origin: str, path: str, body: str) -> str:
    StoredPages.pages[path] = f"<!DOCTYPE html><html><head><script>{ASK_IDLE}</script></head><body>{body}</body></html>"
    return origin + path


def image_url(site: DemoSite, tag: str, delay_ms: int = SLOW_MS) -> str:
    return site.url(f"/images/storm-coast-road.svg?delay_ms={delay_ms}&t={tag}")


def sizes(page: RenderedPage) -> dict[str, tuple[int, int]]:
    return {img.url.rsplit("t=", 1)[-1]: (img.natural_width, img.natural_height) for img in page.images if "t=" in img.url}


def test_an_image_set_loading_holds_the_page_until_it_loaded(renderer: LoopRenderer, stored_origin: str,
                                                           demo_site: DemoSite) -> None:
    # Without the hold the state answers at once (nothing pending) while the image is still loading.
    url = serve(stored_origin, "/inserted.html", f"""<p>Story.</p><script>
      var img = document.createElement("img");
      img.src = {image_url(demo_site, "inserted")!r};
      document.body.appendChild(img);
      askIdle(img, 5000);
    </script>""")
    page = renderer.page(url)
    assert page.datalayer.globals["pdl"] == {"pending": 0, "complete": True, "size": list(IMAGE_SIZE)}
    assert sizes(page)["inserted"] == IMAGE_SIZE


def test_an_image_whose_source_a_lazy_loader_sets_holds_the_page(renderer: LoopRenderer, stored_origin: str,
                                                                demo_site: DemoSite) -> None:
    url = serve(stored_origin, "/swapped.html", f"""<img id="late" data-src={image_url(demo_site, "swapped")!r}><script>
      var img = document.getElementById("late");
      img.src = img.dataset.src;
      askIdle(img, 5000);
    </script>""")
    page = renderer.page(url)
    assert page.datalayer.globals["pdl"] == {"pending": 0, "complete": True, "size": list(IMAGE_SIZE)}


def test_a_deferred_lazy_image_far_below_holds_nothing(renderer: LoopRenderer, stored_origin: str,
                                                      demo_site: DemoSite) -> None:
    # Far below anything the scroll reaches: Chromium never fetches it, so it must not hold.
    far = image_url(demo_site, "far")
    url = serve(stored_origin, "/far.html", f"""<p>Story.</p><div style="height: 30000px"></div>
      <img id="far" loading="lazy" src={far!r}><script>askIdle(document.getElementById("far"), 1500);</script>""")
    page = renderer.page(url)
    assert page.datalayer.globals["pdl"] == {"pending": 0, "complete": False, "size": [0, 0]}
    assert page.settled
    assert not [path for _, path, _ in demo_site.requests if "t=far" in path], "Chromium fetched the far image"


def test_a_lazy_image_within_the_margin_was_started_and_holds_until_it_loaded(
        renderer: LoopRenderer, stored_origin: str, demo_site: DemoSite) -> None:
    # Below the first screen but within the margin: the hold assumes Chromium started it; had it
    # not, the state would answer at its deadline with the image still pending.
    below = VIEWPORT_HEIGHT + LAZY_STARTED_MARGIN_PX - 200
    url = serve(stored_origin, "/near.html", f"""<p>Story.</p><div style="height: {below}px"></div>
      <img id="near" loading="lazy" src={image_url(demo_site, "near")!r}>
      <div style="height: 30000px"></div>
      <script>
        // The margin's watch sees the image at the next frame after the state first looks at it.
        __rcSettle.idle(0, 0);
        var near = document.getElementById("near");
        requestAnimationFrame(function () {{ setTimeout(function () {{ askIdle(near, 5000); }}, 50); }});
      </script>""")
    page = renderer.page(url)
    assert page.datalayer.globals["pdl"] == {"pending": 0, "complete": True, "size": list(IMAGE_SIZE)}


def test_an_image_a_lazy_loader_sets_after_the_scroll_is_read_with_its_real_size(
        renderer: LoopRenderer, stored_origin: str, demo_site: DemoSite) -> None:
    # The loader waits out a debounce after its sentinel came into view in the scroll's last
    # step, so no request of the scroll has started when the scroll returns: the scroll says the
    # page still holds its timer, and the render waits for the timer and then the image.
    url = serve(stored_origin, "/debounced.html", f"""<p>Story.</p>
      <img id="hero" data-src={image_url(demo_site, "debounced")!r} width="96" height="54">
      <div style="height: {3 * VIEWPORT_HEIGHT}px"></div><p id="sentinel">End.</p><script>
      var observer = new IntersectionObserver(function (entries) {{
        if (!entries[0].isIntersecting) return;
        observer.disconnect();
        setTimeout(function () {{ var img = document.getElementById("hero"); img.src = img.dataset.src; }}, 500);
      }});
      observer.observe(document.getElementById("sentinel"));
    </script>""")
    page = renderer.page(url)
    assert page.settled
    assert sizes(page)["debounced"] == IMAGE_SIZE


def test_an_image_that_never_answers_holds_no_longer_than_its_request_budget(
        loop_renderer, third_party_settings: RenderSettings, stored_origin: str, demo_site: DemoSite) -> None:
    # `load` waits the budget out first; a hold counted from the settle's first look instead of
    # from when the image started would outlast the settle's cap.
    settings = third_party_settings.model_copy(update={"subresource_budget_ms": 2000, "settle_cap_ms": 1500})
    url = serve(stored_origin, "/hung.html", f"<p>Story.</p><img src={image_url(demo_site, 'hung', delay_ms=8000)!r}>")
    page = loop_renderer(settings).page(url)
    assert page.settled
    assert sizes(page)["hung"] == (0, 0)


def test_a_page_that_breaks_the_image_getters_still_settles_and_is_read(renderer: LoopRenderer, stored_origin: str,
                                                                       demo_site: DemoSite) -> None:
    # The images' look throws in the page's own realm; without its guard the settle state's
    # answer would reject and the render fail.
    url = serve(stored_origin, "/hostile.html", f"""<p>Story.</p><img src={image_url(demo_site, "hostile", delay_ms=0)!r}>
      <script>Object.defineProperty(HTMLImageElement.prototype, "complete", {{get() {{ throw new Error("no"); }}}});
      window.pdl = {{broken: true}};</script>""")
    page = renderer.page(url)
    assert page.settled
    assert page.datalayer.globals["pdl"] == {"broken": True}


LAST_STEP_TOP = 5 * VIEWPORT_HEIGHT + 50
"""Below every screen the scroll's first five steps show, inside the sixth's (`scroll_steps` 6)."""


@pytest.mark.parametrize("loader", ["observer", "scroll-listener"])
def test_an_image_a_loader_sets_in_the_scroll_s_last_step_is_read_when_the_pause_ends_before_a_frame(
        renderer: LoopRenderer, stored_origin: str, demo_site: DemoSite, monkeypatch: pytest.MonkeyPatch,
        loader: str) -> None:
    # A loader sees a scroll position only in a frame drawn at it (an observer's intersection, a
    # scroll event). Under load a renderer's frames can come later than a step's pause; the
    # pause cut to nothing stands for that here: the scroll went back to the top before any
    # frame at the last step, the loader never set the source, and the image was read with none.
    monkeypatch.setattr(pagerender, "SCROLL_PAUSE_MS", 0)
    watch = ("""var observer = new IntersectionObserver(function (entries) {
        if (!entries[0].isIntersecting) return;
        observer.disconnect();
        img.src = img.dataset.src;
      });
      observer.observe(img);""" if loader == "observer" else """window.addEventListener("scroll", function () {
        if (!img.src && img.getBoundingClientRect().top < innerHeight) img.src = img.dataset.src;
      });""")
    url = serve(stored_origin, f"/last-step-{loader}.html", f"""<p>Story.</p>
      <div style="height: {LAST_STEP_TOP}px"></div>
      <img id="last" data-src={image_url(demo_site, "last-" + loader, delay_ms=200)!r} width="96" height="54">
      <script>var img = document.getElementById("last");
      {watch}</script>""")
    page = renderer.page(url)
    assert sizes(page)["last-" + loader] == IMAGE_SIZE
