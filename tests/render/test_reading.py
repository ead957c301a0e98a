"""The in-page reading's shape (render/snapshot.js → render/snapshot.parse_reading), without a
browser: the rows' JSON, a NUL, then the HTML as the page serialized it."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from render.snapshot import READING_SEPARATOR, MalformedReading, parse_reading
from values.rendered import Box

EXTRACTION = Path(__file__).resolve().parents[2] / "extraction"
ROWS = {"boxes": [1, 8, 16, 100, 20, 1], "looks": [["block", "static", 16]],
        "images": [[1, "https://news.test/a.jpg", 640, 480, 320, 240, 8, 40, 1, "A harbour"]],
        "viewport": [1280, 800], "document": [1280, 2000],
        "composer": {"commands": [["setContentAuthor", ["Ann"]]], "state": {}}, "globals": {"pdl": {"id": 1}},
        "declaredImage": None}


def test_the_html_after_the_first_nul_is_kept_as_it_is() -> None:
    html = '<html><body><p class="x">Quotes " and \\ and a NUL \x00 stay</p></body></html>'
    reading = parse_reading(json.dumps(ROWS) + READING_SEPARATOR + html)
    assert reading.html == html
    assert reading.boxes[0].width == 100 and reading.images[0].natural_width == 640
    assert reading.datalayer.composer_commands == (("setContentAuthor", ("Ann",)),)


def test_a_row_is_read_into_its_box_field_by_field() -> None:
    reading = parse_reading(json.dumps(ROWS) + READING_SEPARATOR + "<p>x</p>")
    assert reading.boxes == {0: Box(x=8, y=16, width=100, height=20, visible=True, font_size=16, display="block",
                                    position="static", overlay=False)}


def test_the_flat_boxes_are_read_with_their_ids_and_looks() -> None:
    # As render/snapshot.js writes them: the id as the step from the previous one's (the first's
    # from -1), and the look as its (display, position, font size) index times 4, plus 1 visible,
    # 2 overlay.
    rows = dict(ROWS, boxes=[3, 8, 16, 100, 20, 1, 4, 0, 0, 0, 0, 6, 2, 0, 0, 50, 10, 11],
                looks=[["block", "static", 16], ["none", "fixed", 0], ["block", "static", 13.5]])
    reading = parse_reading(json.dumps(rows) + READING_SEPARATOR + "<p>x</p>")
    assert reading.boxes == {
        2: Box(x=8, y=16, width=100, height=20, visible=True, font_size=16, display="block", position="static"),
        6: Box(x=0, y=0, width=0, height=0, visible=False, font_size=0, display="none", position="fixed", overlay=True),
        8: Box(x=0, y=0, width=50, height=10, visible=True, font_size=13.5, display="block", position="static",
               overlay=True)}
    assert [(type(b.visible), type(b.overlay)) for b in reading.boxes.values()] == [(bool, bool)] * 3


@pytest.mark.parametrize("boxes", [[1, 8, 16, 100, 20], [1, 8, 16, 100, 20, 4]])
def test_boxes_out_of_shape_are_malformed(boxes: list[int]) -> None:
    # A row cut short, and a look past the page's looks.
    with pytest.raises(MalformedReading):
        parse_reading(json.dumps(dict(ROWS, boxes=boxes)) + READING_SEPARATOR + "<p>x</p>")


def test_every_measured_field_is_read_by_extraction() -> None:
    # Each field is a computed-style or layout read of every element of every page: one that
    # extraction never reads is cost for nothing.
    source = "\n".join(path.read_text(encoding="utf-8") for path in EXTRACTION.rglob("*.py"))
    unread = [f.name for f in fields(Box) if not re.search(rf"\.{f.name}\b", source)]
    assert unread == []


def test_lone_surrogates_in_the_html_and_the_rows_are_repaired() -> None:
    rows = dict(ROWS, globals={"pdl": "half \ud800 a pair"})
    reading = parse_reading(json.dumps(rows) + READING_SEPARATOR + "<p>half \udc00 a pair</p>")
    assert reading.html == "<p>half \ufffd a pair</p>"
    assert reading.datalayer.globals["pdl"] == "half \ufffd a pair"


@pytest.mark.parametrize("text", [json.dumps(ROWS), None, '["rows"]\x00<p>', "{}\x00<p>"])
def test_a_reading_out_of_shape_is_malformed(text: object) -> None:
    with pytest.raises(MalformedReading):
        parse_reading(text)
