"""The golden corpus: `tests/pages/<case>/page.html` and `expected.json`, plus an optional
`composer.json` with the Composer commands a render would have read from the page.

`expected.json` holds the page's original `url`, the exact metadata (`profile`, every
`ContentProfile` JSON key except the body's), the `sources` of those fields, and snippets the
body must and must not contain (the body is tuned elsewhere, so it is not compared exactly).
Shared by the corpus test and `bench/metadata_quality.py`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from values.rendered import DataLayer, RenderedPage

PAGES_DIR = Path(__file__).parent
BODY_KEYS = ("body", "sections")
"""Profile keys owned by main-text extraction: checked by snippets, not compared exactly."""
UNCOMPARED_KEYS = BODY_KEYS + ("content_hash", "sources")


@dataclass(frozen=True)
class Case:
    name: str
    url: str
    html: str
    expected: dict[str, Any]
    composer: DataLayer

    def page(self) -> RenderedPage:
        base = RenderedPage.from_html(self.html, self.url)
        return RenderedPage(requested_url=base.requested_url, final_url=base.final_url, status=base.status,
                            content_type=base.content_type, html=base.html, datalayer=self.composer)


def cases() -> list[Case]:
    return [load(path.parent) for path in sorted(PAGES_DIR.glob("*/page.html"))]


def load(directory: Path) -> Case:
    expected = json.loads((directory / "expected.json").read_text(encoding="utf-8"))
    composer_path = directory / "composer.json"
    layer = DataLayer()
    if composer_path.exists():
        data = json.loads(composer_path.read_text(encoding="utf-8"))
        layer = DataLayer(composer_commands=tuple((c[0], tuple(c[1])) for c in data.get("commands", [])),
                          composer_state=data.get("state", {}))
    return Case(directory.name, expected["url"], (directory / "page.html").read_text(encoding="utf-8"),
                expected, layer)


def metadata(profile_json: dict[str, Any]) -> dict[str, Any]:
    """The exactly compared part of a profile's JSON."""
    return {k: v for k, v in profile_json.items() if k not in UNCOMPARED_KEYS}


def field_sources(profile_json: dict[str, Any]) -> dict[str, str]:
    return {k: v for k, v in profile_json["sources"].items() if k not in BODY_KEYS}
