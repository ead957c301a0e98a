"""Building pages for the field tests: head and body markup, optional Composer values,
layout and loaded images, as a parsed `Document`."""

from __future__ import annotations

from typing import Any

from extraction.document import Document, parse
from values.rendered import Box, DataLayer, Image, RenderedPage

URL = "https://www.example.com/news/2024/05/city-council-approves-new-budget-123456"


def page(head: str = "", body: str = "", url: str = URL, *, title: str = "",
         commands: tuple[tuple[str, tuple[Any, ...]], ...] = (), state: dict[str, Any] | None = None,
         images: tuple[Image, ...] = (), boxes: dict[int, Box] | None = None, status: int = 200,
         viewport: tuple[int, int] = (1280, 900), html_attrs: str = "") -> RenderedPage:
    title_tag = f"<title>{title}</title>" if title else ""
    html = f"<html{html_attrs}><head>{title_tag}{head}</head><body>{body}</body></html>"
    return RenderedPage(
        requested_url=url, final_url=url, status=status, content_type="text/html", html=html,
        boxes=boxes or {}, images=images, viewport=viewport if boxes or images else (0, 0),
        datalayer=DataLayer(composer_commands=commands, composer_state=state or {}),
    )


def doc(head: str = "", body: str = "", url: str = URL, **kwargs: Any) -> Document:
    return parse(page(head, body, url, **kwargs))


def meta(key: str, content: str, attr: str = "name", extra: str = "") -> str:
    return f'<meta {attr}="{key}" content="{content}" {extra}>'


def box(y: float = 100.0, font_size: float = 16.0, visible: bool = True, overlay: bool = False) -> Box:
    return Box(x=0, y=y, width=600, height=40, visible=visible, font_size=font_size,
               display="block", position="static", overlay=overlay)


def image(node_id: int, url: str, width: float, height: float, natural: tuple[int, int] | None = None,
          visible: bool = True, y: float = 300.0, alt: str = "") -> Image:
    nw, nh = natural or (int(width * 2), int(height * 2))
    return Image(node_id=node_id, url=url, natural_width=nw, natural_height=nh, width=width, height=height,
                 x=0, y=y, visible=visible, alt=alt)
