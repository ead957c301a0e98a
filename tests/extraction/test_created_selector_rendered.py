"""`setContentCreatedSelector` through a real Chromium: the command is queued by page script and
the element it names is written by script too, so only the rendered page can give the date."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from extraction.extract import extract
from extraction.pubtimes import CREATED_SELECTOR_SOURCE
from render.browser import Renderer
from render.outcome import RenderFailure
from render.settings import RenderSettings
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

HTML = """<html><head><title>Budget approved</title>
<meta property="article:published_time" content="2024-01-04T00:00:00Z">
<script>
  var tp = window.tp || [];
  tp.push(["setContentCreatedSelector", "article .byline time"]);
  document.addEventListener("DOMContentLoaded", function () {
    var time = document.createElement("time");
    time.setAttribute("datetime", "2024-03-01T09:30:00+01:00");
    time.textContent = "1 March 2024";
    document.querySelector("article .byline").appendChild(time);
  });
</script></head>
<body><article><h1>Budget approved</h1><p class="byline">By Jane Doe </p><p>The story.</p></article></body></html>"""


LOADED = HTML.replace(
    'var tp = window.tp || [];\n  tp.push(["setContentCreatedSelector", "article .byline time"]);',
    '// What Composer leaves once its script has run the queued commands.\n'
    '  window.tp = {contentCreatedSelector: "article .byline time"};')
assert LOADED != HTML


def render(html: str, settings: RenderSettings) -> RenderedPage:
    async def go() -> RenderedPage | RenderFailure:
        async with Renderer(settings) as renderer:
            return await renderer.render_html(html, "http://example.test/budget.html")
    page = asyncio.run(go())
    assert isinstance(page, RenderedPage), page
    return page


@pytest.mark.parametrize("html", [HTML, LOADED], ids=["queued", "loaded"])
def test_selector_set_by_page_script_is_followed_in_the_rendered_dom(html: str, render_settings: RenderSettings) -> None:
    profile = extract(render(html, render_settings))
    assert profile.sources["published_time"] == CREATED_SELECTOR_SOURCE
    assert profile.published_time == datetime(2024, 3, 1, 8, 30, tzinfo=UTC)
