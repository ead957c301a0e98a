"""The declared image's size when the page never shows it (`render/imageprobe.py`), measured in
real Chromium after the snapshot: found, bounded in bytes, and subject to the target policy like
every other request of the page."""

from __future__ import annotations

import struct
import zlib

import pytest

from extraction.extract import extract
from render import imageprobe
from render.settings import RenderSettings
from tests.loopback import QuietHandler, serving
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + b"\0\0\0" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


LEAD = _png(321, 123)
ARTICLE = "<h1>Lead image</h1>" + "<p>The story's picture is declared for sharing but never shown.</p>" * 8


def _site(image_url: str) -> type[QuietHandler]:
    class Site(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            if self.path == "/lead.png":
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(LEAD)))
                self.end_headers()
                self.wfile.write(LEAD)
                return
            self.send_html(f"<!doctype html><html><head><title>Lead</title>"
                           f"<meta property='og:image' content='{image_url}'></head>"
                           f"<body><article>{ARTICLE}</article></body></html>")
    return Site


def test_an_image_the_page_never_shows_gets_its_natural_size(loop_renderer, render_settings: RenderSettings) -> None:
    renderer = loop_renderer(render_settings)
    with serving(_site("/lead.png")) as base:
        page = renderer.page(f"{base}/story")
    assert isinstance(page, RenderedPage) and page.probed_image is not None
    assert (page.probed_image.width, page.probed_image.height) == (321, 123)
    assert page.probed_image.url == f"{base}/lead.png" and page.probed_image.method in ("fetch", "img")
    profile = extract(page)
    assert profile.image is not None and (profile.image.width, profile.image.height) == (321, 123)


def test_an_image_over_the_byte_bound_is_not_measured(loop_renderer, render_settings: RenderSettings,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(imageprobe, "PROBE_MAX_BYTES", len(LEAD) - 1)
    renderer = loop_renderer(render_settings)
    with serving(_site("/lead.png")) as base:
        page = renderer.page(f"{base}/story")
    assert page.probed_image is None


def test_an_image_on_a_refused_target_is_never_fetched(loop_renderer, render_settings: RenderSettings) -> None:
    asked: list[str] = []

    class Internal(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802
            asked.append(self.path)
            self.send_response(200)
            self.end_headers()

    rules = render_settings.resolver_rules.replace("EXCLUDE 127.0.0.1", "EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2")
    renderer = loop_renderer(render_settings.model_copy(update={"resolver_rules": rules,
                                                                "allow_targets": ["127.0.0.1/32"]}))
    with serving(Internal, "127.0.0.2") as inner, serving(_site(f"{inner}/lead.png")) as base:
        page = renderer.page(f"{base}/story")
    assert page.probed_image is None and asked == []
    assert any("refused target" in b.reason for b in page.blocked if b.url.endswith("/lead.png"))
