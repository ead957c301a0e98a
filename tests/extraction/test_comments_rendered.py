"""The comment count through a real Chromium: comment systems whose comments or count only a
script writes (a comment list loaded by script, Disqus' count.js filling the comments link)
give a count on the rendered page and none on the static one; the comments stay out of the body."""

from __future__ import annotations

import asyncio

import pytest

from extraction.extract import extract, extract_html
from render.browser import Renderer
from render.outcome import RenderFailure
from render.settings import RenderSettings
from tests.extraction.text.test_reader_comments import COMMENT, SHORT_STORY
from tests.extraction.text.test_traps import P1
from values.rendered import RenderedPage

pytestmark = pytest.mark.browser

URL = "http://example.test/2024/flood-plan.html"

STORY = (f"<div id='content'><article class='post'><h1>Flood plan</h1><div class='entry-content'>{SHORT_STORY}"
         f"<p class='meta'><a class='disqus-link' href='{URL}#disqus_thread'>Comments</a></p></div></article>"
         "<div id='comments' class='comments-area'><ol class='comment-list'></ol></div></div>")

LIST_SCRIPT = """<script>
document.addEventListener("DOMContentLoaded", function () {
  function comment(i, parent) {
    var li = document.createElement("li");
    li.id = "comment-" + i; li.className = "comment";
    li.innerHTML = "<article class='comment-body'><footer class='comment-meta'><b class='fn'>reader" + i +
      "</b> says:</footer><div class='comment-content'><p>" + TEXT + "</p></div></article>";
    parent.appendChild(li);
    return li;
  }
  var list = document.querySelector(".comment-list");
  for (var i = 1; i <= 5; i++) comment(i, list);
  var replies = document.createElement("ol"); replies.className = "children";
  document.getElementById("comment-2").appendChild(replies);
  comment(6, replies);
});
</script>""".replace("TEXT", repr(COMMENT))

COUNT_SCRIPT = """<script>
document.addEventListener("DOMContentLoaded", function () {
  document.querySelector("a.disqus-link").textContent = "12 Comments";  /* what count.js writes */
});
</script>"""


def _html(script: str) -> str:
    return f"<html><head><title>Flood plan</title>{script}</head><body>{STORY}</body></html>"


def _render(html: str, settings: RenderSettings) -> RenderedPage:
    async def go() -> RenderedPage | RenderFailure:
        async with Renderer(settings) as renderer:
            return await renderer.render_html(html, URL)
    page = asyncio.run(go())
    assert isinstance(page, RenderedPage), page
    return page


def test_a_comment_list_written_by_script_is_counted_on_the_rendered_page(render_settings: RenderSettings) -> None:
    html = _html(LIST_SCRIPT)
    assert extract_html(html, URL).comment_count is None
    profile = extract(_render(html, render_settings))
    assert (profile.comment_count, profile.sources["comment_count"]) == (6, "counted:li.comment")
    assert P1 in profile.body and COMMENT.strip() not in profile.body


def test_a_count_its_script_writes_into_the_comments_link_is_read(render_settings: RenderSettings) -> None:
    html = _html(COUNT_SCRIPT)
    assert extract_html(html, URL).comment_count is None
    profile = extract(_render(html, render_settings))
    assert (profile.comment_count, profile.sources["comment_count"]) == (12, "label:a[href=#disqus_thread]")
