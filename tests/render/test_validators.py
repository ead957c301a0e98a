"""The main document's validators come from the response Chromium got: its ETag and
Last-Modified, and the hash of its raw bytes — equal to what a plain GET of the page hashes, so
a later cheap-recrawl probe compares equal — and the server sees one request per render.

The origin here is a small server of its own (loopback, any free port) that counts requests per
path and gzips for clients that accept it, as publishers' servers do."""

from __future__ import annotations

import gzip
import hashlib
import threading
import urllib.request
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from render.settings import RenderSettings
from tests.render.conftest import LoopRenderer
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

DOCUMENT = "<!doctype html><html><head><title>Café</title></head><body><p>Crème brûlée — a story.</p></body></html>"
BODY = DOCUMENT.encode("utf-8")
ETAG = '"story-v7"'
LAST_MODIFIED = "Tue, 03 Mar 2026 10:15:00 GMT"
REDIRECT_ETAG = '"the-redirect"'


class Origin:
    """A publisher's server: `/story.html` with validators, `/moved` redirecting to it."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.encodings: list[str] = []
        origin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                origin.hits[self.path] += 1
                if self.path == "/moved":
                    self.send_response(301)
                    self.send_header("Location", "/story.html")
                    self.send_header("ETag", REDIRECT_ETAG)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif self.path == "/story.html":
                    self._story()
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()

            def _story(self) -> None:
                accepted = self.headers.get("Accept-Encoding", "")
                origin.encodings.append(accepted)
                body = gzip.compress(BODY) if "gzip" in accepted else BODY
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("ETag", ETAG)
                self.send_header("Last-Modified", LAST_MODIFIED)
                if "gzip" in accepted:
                    self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def origin() -> Iterator[Origin]:
    served = Origin()
    yield served
    served.close()


@pytest.fixture(scope="module")
def renderer(third_party_settings: RenderSettings) -> Iterator[LoopRenderer]:
    shared = LoopRenderer(third_party_settings)
    yield shared
    shared.close()


def test_etag_last_modified_and_the_hash_of_the_served_bytes_reach_the_page(
        renderer: LoopRenderer, origin: Origin) -> None:
    origin.hits.clear()
    page = renderer.page(origin.url("/story.html"))
    assert page.etag == ETAG
    assert page.last_modified == LAST_MODIFIED
    assert page.raw_sha256 == hashlib.sha256(BODY).hexdigest()
    assert origin.hits["/story.html"] == 1, "the document was fetched more than once for one render"
    assert "gzip" in origin.encodings[-1], "Chromium got the body compressed: the hash is of the decoded bytes"


def test_the_hash_equals_what_a_plain_get_of_the_page_hashes(renderer: LoopRenderer, origin: Origin) -> None:
    page = renderer.page(origin.url("/story.html"))
    with urllib.request.urlopen(origin.url("/story.html"), timeout=5) as response:  # as the cheap probe fetches
        plain = response.read()
    assert page.raw_sha256 == hashlib.sha256(plain).hexdigest()


def test_validators_are_those_of_the_final_response_after_redirects(renderer: LoopRenderer, origin: Origin) -> None:
    origin.hits.clear()
    page = renderer.page(origin.url("/moved"))
    assert page.final_url == origin.url("/story.html")
    assert page.etag == ETAG and page.raw_sha256 == hashlib.sha256(BODY).hexdigest()
    assert (origin.hits["/moved"], origin.hits["/story.html"]) == (1, 1)


def test_a_saved_page_rendered_offline_has_no_validators(renderer: LoopRenderer) -> None:
    page = renderer.render_html(DOCUMENT, "https://news.test/story.html")
    assert isinstance(page, RenderedPage), page
    assert (page.etag, page.last_modified, page.raw_sha256) == (None, None, None)
