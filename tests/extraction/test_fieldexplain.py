"""`profile --explain`: chosen source, losing candidates with the reason, rejections."""

from __future__ import annotations

from extraction import extract
from extraction.fieldexplain import explain_profile
from tests.extraction.fieldpages import meta, page


def test_explanation_lists_winner_losers_and_rejections():
    head = (meta("og:title", "OG headline", "property") + meta("article:published_time", "not a date", "property")
            + meta("date", "2023-01-21T19:43:28-05:00") + meta("author", "Staff"))
    rendered = page(head, '<h1>Headline</h1><p class="byline">By Jane Doe</p>', title="Headline | Example")
    lines = explain_profile(extract(rendered), rendered)
    text = "\n".join(lines)
    assert "title: OG headline  [source: og:title]" in text
    assert "title: 'Headline | Example' — lost: lower priority" in text
    assert "published_time: 2023-01-21T19:43:28-05:00  [source: date]" in text
    assert "rejected: 'not a date' — article:published_time: not a date" in text
    assert "author: Staff — lost: no person (not people: Staff (a job title or role))" in text
    assert "byline: Jane Doe — chosen" in text


def test_without_a_snapshot_only_sources_and_rejections_are_shown():
    rendered = page(meta("og:title", "OG headline", "property"))
    lines = explain_profile(extract(rendered))
    assert lines[0].startswith("title: OG headline") and "no snapshot" in lines[-1]


def test_title_refusals_and_image_reasons_are_explained():
    from tests.extraction.fieldpages import image

    head = meta("og:title", "Example", "property") + meta("og:site_name", "Example", "property")
    body = ('<article><h1>Bridge reopens after repairs</h1><img data-rc-id="1" src="/logo.png">'
            '<img data-rc-id="2" src="/lead.jpg"></article>')
    images = (image(1, "https://www.example.com/logo.png", 40, 40),
              image(2, "https://www.example.com/lead.jpg", 640, 360, natural=(1280, 720)))
    rendered = page(head, body, title="Bridge reopens after repairs | Example", images=images)
    text = "\n".join(explain_profile(extract(rendered), rendered))
    assert "title: Bridge reopens after repairs  [source: title]" in text
    assert "og:title: 'Example' — refused: only the site's name" in text
    assert "rendered <img>: https://www.example.com/logo.png 40x40 — refused: shown at 40x40, under 100px" in text
    assert "rendered <img>: https://www.example.com/lead.jpg 640x360 — chosen: largest content image" in text
