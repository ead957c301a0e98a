"""Overridden generated fields and categories from taxonomy paths."""

from __future__ import annotations

from extraction.overrides import categories, overrides
from tests.extraction.fieldpages import doc, meta
from values.profile import OVERRIDE_KINDS


def test_every_override_kind_is_read_with_multiple_values():
    head = "".join(meta(f"cXenseParse:{kind}", f"{kind} value") for kind in OVERRIDE_KINDS)
    head += meta("cXenseParse:person", "Tiger Woods")
    found = overrides(doc(head))
    assert found.source == "cxenseparse"
    assert set(found.value) == set(OVERRIDE_KINDS)
    assert found.value["person"] == ("person value", "tiger woods")


def test_no_overrides_is_none():
    assert overrides(doc(meta("description", "x"))) is None


def test_categories_are_every_prefix_of_every_taxonomy_path():
    assert categories(("news/sports/golf", "/culture/film/")) == (
        "news", "news/sports", "news/sports/golf", "culture", "culture/film")
