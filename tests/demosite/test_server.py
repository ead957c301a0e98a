"""The demo site serves what the crawler's end-to-end tests rely on, over plain urllib."""

from __future__ import annotations

import base64
import json
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from html.parser import HTMLParser
from typing import NamedTuple

import pytest

from demosite.server import ConnectionLogger, DemoSite, site_root


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


NO_REDIRECT = urllib.request.build_opener(_NoRedirect)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [v for k, v in attrs if k == "href" and v]


@pytest.fixture(scope="module")
def site() -> Iterator[DemoSite]:
    with DemoSite(port=0) as demo:
        yield demo


class Reply(NamedTuple):
    status: int
    ctype: str
    body: bytes
    headers: Message


def get(url: str, headers: dict[str, str] | None = None) -> Reply:
    """GET without following redirects and without raising on error statuses."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with NO_REDIRECT.open(request, timeout=10) as response:
            return Reply(response.status, response.headers.get("Content-Type", ""),
                         response.read(), response.headers)
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers.get("Content-Type", ""), error.read(),
                     error.headers)


def article_links(index_html: str) -> list[str]:
    parser = _Links()
    parser.feed(index_html)
    return sorted({h for h in parser.hrefs if re.fullmatch(r"/articles/[a-z0-9-]+\.html", h)})


def test_base_url_is_loopback(site: DemoSite) -> None:
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+", site.base_url)
    assert site.url("/index.html") == site.base_url + "/index.html"
    assert site.url("feed.json") == site.base_url + "/feed.json"


def test_site_is_package_data() -> None:
    assert (site_root() / "index.html").is_file()
    assert (site_root() / "static" / "site.css").is_file()


def test_index_and_every_linked_article(site: DemoSite) -> None:
    status, ctype, body, _ = get(site.url("/"))
    assert status == 200 and ctype.startswith("text/html")
    page = body.decode()
    assert 'property="og:type" content="website"' in page
    assert "cXenseParse:pageclass" not in page
    links = article_links(page)
    assert len(links) >= 6
    for link in links:
        status, ctype, body, _ = get(site.url(link))
        assert status == 200, link
        assert ctype.startswith("text/html"), link
        html = body.decode()
        assert "| The Loopback Gazette</title>" in html
        assert 'property="og:type" content="article"' in html
        assert '<script type="application/ld+json">' in html
        assert "google-analytics.com/analytics.js" in html


def test_js_only_author_appears_once_in_static_html(site: DemoSite) -> None:
    for link in article_links(get(site.url("/")).body.decode()):
        html = get(site.url(link)).body.decode()
        author = re.search(r'"setContentAuthor", "([^"]+)"', html)
        assert author, link
        assert html.count(author.group(1)) == 1, link
        assert 'property="content:section"' not in html  # only a script adds it


def test_main_images_are_svgs_with_intrinsic_size(site: DemoSite) -> None:
    for link in article_links(get(site.url("/")).body.decode()):
        html = get(site.url(link)).body.decode()
        img = re.search(r'<figure class="article-figure">\s*<img ([^>]*)>', html)
        assert img and "width" not in img.group(1) and "height" not in img.group(1), link
        src = re.search(r'src="([^"]+)"', img.group(1)).group(1)  # type: ignore[union-attr]
        status, ctype, svg, _ = get(site.url(src))
        assert status == 200 and ctype == "image/svg+xml"
        assert re.search(rb'<svg [^>]*width="\d+" height="\d+"', svg)
    status, ctype, gif, _ = get(site.url("/images/pixel.gif"))
    assert status == 200 and ctype == "image/gif" and gif.startswith(b"GIF89a")


def test_soft_404_and_feed(site: DemoSite) -> None:
    status, ctype, body, _ = get(site.url("/missing.html"))
    assert status == 200 and ctype.startswith("text/html")
    assert "<h1>Page not found</h1>" in body.decode()
    status, ctype, body, _ = get(site.url("/feed.json"))
    assert status == 200 and ctype == "application/json"
    assert len(json.loads(body)["items"]) >= 6


def test_unknown_path_and_traversal_are_404(site: DemoSite) -> None:
    assert get(site.url("/no-such-page.html")).status == 404
    assert get(site.url("/%2e%2e/server.py")).status == 404


def test_basic_auth(site: DemoSite) -> None:
    reply = get(site.url("/protected/"))
    assert reply.status == 401
    assert reply.headers["WWW-Authenticate"].startswith("Basic ")
    wrong = base64.b64encode(b"crawler:wrong").decode()
    assert get(site.url("/protected/"), {"Authorization": f"Basic {wrong}"}).status == 401
    right = base64.b64encode(b"crawler:s3cret").decode()
    status, ctype, _, _ = get(site.url("/protected/"), {"Authorization": f"Basic {right}"})
    assert status == 200 and ctype.startswith("text/html")


def test_redirect_chain(site: DemoSite) -> None:
    hops = []
    reply = get(site.url("/redirect/3"))
    while reply.status == 302 and len(hops) < 10:
        hops.append(site.url(reply.headers["Location"]))
        reply = get(hops[-1])
    assert reply.status == 200
    assert hops == [site.url("/redirect/2"), site.url("/redirect/1"), site.url("/index.html")]
    with urllib.request.urlopen(site.url("/redirect/2"), timeout=10) as response:
        assert response.url == site.url("/index.html")


def test_redirect_loop(site: DemoSite) -> None:
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(site.url("/loop"), timeout=10)
    assert raised.value.code == 302  # urllib gives up on the loop


def test_status_routes(site: DemoSite) -> None:
    status, ctype, body, _ = get(site.url("/status/404"))
    assert status == 404 and ctype.startswith("text/html") and b"404" in body
    assert get(site.url("/status/503")).status == 503
    assert get(site.url("/status/abc")).status == 404


def test_slow_page(site: DemoSite) -> None:
    status, ctype, body, _ = get(site.url("/slow?ms=50"))
    assert status == 200 and ctype.startswith("text/html") and b"50 ms" in body


def test_requests_are_recorded(site: DemoSite) -> None:
    site.clear_requests()
    get(site.url("/about.html?from=test"), {"X-Probe": "yes"})
    method, path, headers = site.requests[-1]
    assert (method, path) == ("GET", "/about.html?from=test")
    assert headers.get("X-Probe") == "yes"


def test_connection_logger_records_plaintext_request() -> None:
    with ConnectionLogger() as logger:
        with socket.create_connection(("127.0.0.1", logger.port), timeout=5) as conn:
            conn.sendall(b"GET /analytics.js HTTP/1.1\r\nHost: www.google-analytics.com\r\n\r\n")
            assert conn.recv(100) == b""  # it hangs up without answering
        assert logger.wait(1, timeout=5)
        assert logger.connections[0].startswith(b"GET /analytics.js HTTP/1.1\r\n")


def test_never_settles_page_and_slow_poll(site: DemoSite) -> None:
    status, ctype, body, _ = get(site.url("/never-settles.html"))
    assert status == 200 and ctype.startswith("text/html") and b'fetch("/poll' in body
    started = time.monotonic()
    status, ctype, body, _ = get(site.url("/poll"))
    assert status == 200 and ctype == "application/json" and json.loads(body)["ok"]
    assert time.monotonic() - started >= 0.9


def test_head_sends_no_body(site: DemoSite) -> None:
    request = urllib.request.Request(site.url("/index.html"), method="HEAD")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
        assert int(response.headers["Content-Length"]) > 1000
        assert response.read() == b""
