"""An inserted external script holds the page until it has run (render/readiness.js), whenever
it is inserted: the page's mutations are watched from its `load` on, since Chromium runs every
script and loads every image inserted before `load` first; a page whose `load` never comes is
watched from the settle's first look.

The page's own script asks the settle state (`__rcSettle.held`) a microtask after inserting a
script, once the mutation records were delivered, and keeps the answer in `window.held`. Scripts
and images come from the demo site's slow route (`?delay_ms=`), pages from a loopback server of
their own. No timings are asserted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from demosite.server import DemoSite
from render.settings import RenderSettings
from tests.loopback import StoredPages
from tests.render.conftest import LoopRenderer

pytestmark = pytest.mark.browser

SLOW_MS = 800
"""How late the demo site answers for a script: far longer than a reading takes to be asked."""
CHAIN_VALUE = {"articleId": "from-the-chain"}
"""What the demo site's chain-datalayer.js writes into `window.pdl`."""

INSERT = """
function insertScript(src) {
  var s = document.createElement("script");
  s.src = src;
  document.head.appendChild(s);
  Promise.resolve().then(function () { window.held = __rcSettle.held(); });
}
"""


@pytest.fixture(scope="module")
def renderer(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    shared = LoopRenderer(third_party_settings.model_copy(update={"datalayer_globals": ["pdl", "held", "atLoad"]}))
    yield shared
    shared.close()


def serve(origin: str, path: str, head: str, body: str = "<p>Story.</p>") -> str:
    StoredPages.pages[path] = (f"<!DOCTYPE html><html><head><script>{INSERT}</script><script>{head}</script></head>"
                               f"<body>{body}</body></html>")
    return origin + path


def chain_url(site: DemoSite, tag: str) -> str:
    return site.url(f"/render-fixtures/chain-datalayer.js?delay_ms={SLOW_MS}&t={tag}")


def test_a_script_inserted_after_load_holds_the_page_until_it_ran(renderer: LoopRenderer, stored_origin: str,
                                                                  demo_site: DemoSite) -> None:
    # Unwatched, the state would count nothing held while the script is still loading.
    url = serve(stored_origin, "/after-load.html",
                f"addEventListener('load', function () {{ insertScript({chain_url(demo_site, 'after')!r}); }});")
    page = renderer.page(url)
    assert page.datalayer.globals["held"] == 1
    assert page.datalayer.globals["pdl"] == CHAIN_VALUE


def test_scripts_and_images_inserted_before_load_have_run_and_loaded_by_load(
        renderer: LoopRenderer, stored_origin: str, demo_site: DemoSite) -> None:
    # What leaving them unwatched rests on: Chromium's load event waits for each of them.
    image = demo_site.url(f"/images/storm-coast-road.svg?delay_ms={SLOW_MS}&t=before")
    url = serve(stored_origin, "/before-load.html", f"""
      var s = document.createElement("script");
      s.src = {chain_url(demo_site, 'parsing')!r};
      document.head.appendChild(s);
      document.addEventListener("DOMContentLoaded", function () {{
        var img = document.createElement("img");
        img.src = {image!r};
        document.body.appendChild(img);
        addEventListener("load", function () {{
          window.atLoad = {{ran: JSON.stringify(window.pdl || null), complete: img.complete, width: img.naturalWidth}};
        }});
      }});""")
    page = renderer.page(url)
    assert page.datalayer.globals["atLoad"] == {"ran": '{"articleId":"from-the-chain"}', "complete": True, "width": 960}


def test_a_page_whose_load_never_comes_is_watched_once_settling_starts(
        loop_renderer: type[LoopRenderer], third_party_settings: RenderSettings, stored_origin: str,
        demo_site: DemoSite) -> None:
    # An image that answers after the render ended keeps `load` from firing; the render stops
    # waiting for it at the request budget and settles, and a chain of two timers (each short
    # enough to hold the page) inserts a script well after that, answered within the budget.
    budget_ms = 500
    settings = third_party_settings.model_copy(update={
        "datalayer_globals": ["pdl", "held"], "subresource_budget_ms": budget_ms, "settle_cap_ms": 6000})
    hanging = demo_site.url("/images/storm-coast-road.svg?delay_ms=15000&t=hanging")
    script = demo_site.url("/render-fixtures/chain-datalayer.js?delay_ms=100&t=no-load")
    url = serve(stored_origin, "/no-load.html",
                f"setTimeout(function () {{ setTimeout(function () {{ insertScript({script!r}); }}, 900); }}, 900);",
                body=f'<p>Story.</p><img src="{hanging}">')
    page = loop_renderer(settings).page(url)
    assert page.datalayer.globals["held"] == 1
    assert page.datalayer.globals["pdl"] == CHAIN_VALUE
