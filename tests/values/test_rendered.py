"""`RenderedPage` as stored data: the validators round-trip, and snapshots stored before they
existed still load (no format bump for fields with defaults)."""

from __future__ import annotations

import hashlib
import json

from values.rendered import RAW_HASH_MAX_BYTES, SNAPSHOT_FORMAT, Box, RenderedPage, boxes_by_node, raw_sha256

URL = "https://news.test/story.html"


def test_validators_round_trip_through_json() -> None:
    page = RenderedPage(requested_url=URL, final_url=URL, status=200, content_type="text/html", html="<p>x</p>",
                        etag='W/"v1"', last_modified="Tue, 03 Mar 2026 10:15:00 GMT", raw_sha256="ab" * 32)
    assert RenderedPage.from_json(page.to_json()) == page


def test_a_snapshot_stored_without_validators_loads_with_none() -> None:
    stored = json.loads(RenderedPage.from_html("<p>x</p>", URL).to_json())
    for key in ("etag", "last_modified", "raw_sha256"):
        del stored[key]
    assert stored["format"] == SNAPSHOT_FORMAT
    page = RenderedPage.from_json(json.dumps(stored))
    assert (page.etag, page.last_modified, page.raw_sha256) == (None, None, None)


def test_a_snapshot_stored_with_the_retired_box_fields_loads_without_them() -> None:
    box = Box(x=0, y=10, width=600, height=40, visible=True, font_size=16, display="block", position="static")
    page = RenderedPage(requested_url=URL, final_url=URL, status=200, content_type="text/html",
                        html='<p data-rc-id="3">x</p>', boxes={3: box})
    stored = json.loads(page.to_json())
    stored["boxes"]["3"].update(font_weight=700, covered=True)  # as snapshots were stored before 2026-12-06
    assert RenderedPage.from_json(json.dumps(stored)) == page


def test_boxes_from_rows_are_the_boxes_the_constructor_makes() -> None:
    rows = [[3, 8, 16.5, 100, 20, 1, 16, "block", "static", 0], [7, 0, 0, 0, 0, 0, 0, "none", "fixed", 1]]
    boxes = boxes_by_node(rows)
    assert boxes == {3: Box(x=8, y=16.5, width=100, height=20, visible=True, font_size=16, display="block",
                            position="static", overlay=False),
                     7: Box(x=0, y=0, width=0, height=0, visible=False, font_size=0, display="none", position="fixed",
                            overlay=True)}
    assert [(type(b.visible), type(b.overlay)) for b in boxes.values()] == [(bool, bool)] * 2  # as stored: true, not 1


def test_a_page_known_only_by_its_html_has_no_validators() -> None:
    page = RenderedPage.from_html("<p>x</p>", URL)
    assert (page.etag, page.last_modified, page.raw_sha256) == (None, None, None)


def test_raw_hash_is_the_sha256_of_the_bytes_up_to_the_probe_limit() -> None:
    assert raw_sha256(b"<p>x</p>") == hashlib.sha256(b"<p>x</p>").hexdigest()
    big = b"a" * (RAW_HASH_MAX_BYTES + 10)
    assert raw_sha256(big) == hashlib.sha256(big[:RAW_HASH_MAX_BYTES]).hexdigest()
