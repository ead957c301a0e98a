"""Fixture pages as parsed `Document`s: static (no layout) or with given boxes."""

from __future__ import annotations

from extraction.document import Document, parse
from extraction.text.phrases import boilerplate_phrase
from values.rendered import Box, RenderedPage

STORY_SENTENCE = "The plant in the valley made ten thousand washing machines last year and hired more staff. "
"""One sentence of an article's running prose: four of them make a paragraph the scorer keeps."""

DOC_INTRO = ("The command line client talks to the local server over a socket, so every step below can be "
             "run on the same machine without any network access or extra configuration at all.")
DOC_STEP = ("Once the server runs, the client prints the version it found and the path of the socket it "
            "opened, which is the quickest way to check that both sides agree on the protocol.")
DOC_MORE = ("When the two versions differ, upgrade the client first: a newer client speaks every older "
            "protocol, while an older client refuses a newer server with a clear error message.")
"""Three paragraphs of a documentation page's prose."""


def phrase_class(text: str) -> str | None:
    """The boilerplate phrase class of a line, its words counted as a block's are."""
    return boilerplate_phrase(text, len(text.split()))


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
    return Box(x=x, y=y, width=width, height=height, visible=visible, font_size=font_size,
               display=display, position=position, overlay=overlay)
