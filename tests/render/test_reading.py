"""The in-page reading's shape (render/snapshot.js → render/snapshot.parse_reading), without a
browser: the rows' JSON, a NUL, then the HTML as the page serialized it."""

from __future__ import annotations

import json

import pytest

from render.snapshot import READING_SEPARATOR, MalformedReading, parse_reading

ROWS = {"boxes": [[0, 8, 16, 100, 20, 1, 16, 400, "block", "static", 0, 0]],
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


def test_lone_surrogates_in_the_html_and_the_rows_are_repaired() -> None:
    rows = dict(ROWS, globals={"pdl": "half \ud800 a pair"})
    reading = parse_reading(json.dumps(rows) + READING_SEPARATOR + "<p>half \udc00 a pair</p>")
    assert reading.html == "<p>half \ufffd a pair</p>"
    assert reading.datalayer.globals["pdl"] == "half \ufffd a pair"


@pytest.mark.parametrize("text", [json.dumps(ROWS), None, '["rows"]\x00<p>', "{}\x00<p>"])
def test_a_reading_out_of_shape_is_malformed(text: object) -> None:
    with pytest.raises(MalformedReading):
        parse_reading(text)
