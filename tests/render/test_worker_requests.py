"""A dedicated worker's requests are the page's: the request tracker waits for them and the
blocking's path rules refuse them, as for the document's own.

A page session's CDP Network domain sees neither (it follows the page's frames, not its
workers), and `Network.setBlockedURLs` on it lets a worker's `/matomo.php` through, while the
Fetch interception the path rules use covers the worker (docs/lab/2026-12-07-s35-render.md).
These tests keep that coverage whatever source of requests or blocking the renderer uses.

The worker is a blob (its script needs no route of its own); what it asks for comes from the
demo site, whose log says what reached it. Pages come from a loopback server of their own.
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
"""How late the demo site answers the worker: far past the page's quiet window after `load`."""


@pytest.fixture(scope="module")
def renderer(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    shared = LoopRenderer(third_party_settings.model_copy(update={"datalayer_globals": ["pdl"]}))
    yield shared
    shared.close()


def serve_with_worker(origin: str, path: str, worker_js: str) -> str:
    """A page that starts a dedicated worker running `worker_js` and keeps what the worker
    posts back in `window.pdl`."""
    StoredPages.pages[path] = f"""<!DOCTYPE html><html><body><p>Story.</p><script>
      const source = new Blob([{worker_js!r}], {{type: "text/javascript"}});
      const worker = new Worker(URL.createObjectURL(source));
      worker.onmessage = (event) => {{ window.pdl = event.data; }};
    </script></body></html>"""
    return origin + path


def test_a_workers_slow_request_holds_the_page_until_it_answered(renderer: LoopRenderer, stored_origin: str,
                                                                  demo_site: DemoSite) -> None:
    """Nothing in the page holds it (no timer, no fetch of its own): only the tracker, which
    sees the worker's request, keeps the page from settling before the worker posts its value."""
    slow = demo_site.url(f"/images/storm-coast-road.svg?delay_ms={SLOW_MS}&t=worker")
    worker_js = f"fetch({slow!r}, {{mode: 'no-cors'}}).then(() => postMessage({{late: 'from the worker'}}));"
    page = renderer.page(serve_with_worker(stored_origin, "/worker-slow.html", worker_js))
    assert page.settled
    assert page.datalayer.globals.get("pdl") == {"late": "from the worker"}


def test_a_workers_request_on_a_path_rule_is_refused_and_recorded(renderer: LoopRenderer, stored_origin: str,
                                                                   demo_site: DemoSite) -> None:
    """The denylist's `/matomo.php` rule (any host) holds in the worker too: the demo site never
    sees the request, and the page records it as the denylist's, as a frame's would be."""
    tracker = demo_site.url("/matomo.php?idsite=1&rec=1&t=worker")
    worker_js = (f"fetch({tracker!r}, {{mode: 'no-cors'}}).then(() => postMessage('sent'),"
                 " () => postMessage('refused'));")
    demo_site.clear_requests()
    page = renderer.page(serve_with_worker(stored_origin, "/worker-tracker.html", worker_js))
    assert page.datalayer.globals.get("pdl") == "refused"
    assert not [p for _, p, _ in demo_site.requests if p.startswith("/matomo.php")]
    assert [(b.url, b.reason) for b in page.blocked] == [(tracker, "denylist")]
