"""Fixture pages as parsed `Document`s: static (no layout) or with given boxes."""

from __future__ import annotations

from extraction.document import Document, parse
from render.model import Box, RenderedPage


def page(body: str, head: str = "") -> Document:
    """A static page: HTML only, no layout."""
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return parse(RenderedPage.from_html(html, "https://example.org/a"))


def rendered(body: str, boxes: dict[int, Box]) -> Document:
    """A page with layout: `body` must carry `data-rc-id` on the elements `boxes` describes."""
    html = f"<html><head><title>t</title></head><body>{body}</body></html>"
    page_ = RenderedPage(requested_url="https://example.org/a", final_url="https://example.org/a", status=200,
                         content_type="text/html", html=html, boxes=boxes, viewport=(1280, 900))
    return parse(page_)


def box(visible: bool = True, y: float = 100.0, x: float = 100.0, width: float = 600.0, height: float = 40.0,
        font_size: float = 16.0, display: str = "block", position: str = "static", overlay: bool = False) -> Box:
    return Box(x=x, y=y, width=width, height=height, visible=visible, font_size=font_size, font_weight=400,
               display=display, position=position, overlay=overlay)
