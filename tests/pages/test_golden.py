"""Every page of the golden corpus gives exactly its expected metadata and sources, and a
body with the expected snippets."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from extraction import extract
from tests.pages.golden import Case, cases, field_sources, metadata

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_metadata_is_exactly_as_expected(case: Case):
    profile = extract(case.page()).to_json_dict()
    assert metadata(profile) == case.expected["profile"]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_field_comes_from_the_expected_source(case: Case):
    assert field_sources(extract(case.page()).to_json_dict()) == case.expected["sources"]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_body_contains_and_omits_the_expected_snippets(case: Case):
    body = extract(case.page()).body
    for snippet in case.expected.get("body_contains", []):
        assert snippet in body
    for snippet in case.expected.get("body_not_contains", []):
        assert snippet not in body


def _sources(case: Case) -> dict[str, str]:
    return case.expected["sources"]


PUBLISHER_KINDS: dict[str, Callable[[Case], bool]] = {
    "Arc XP (Fusion)": lambda c: "Fusion.arcSite" in c.html,
    "WordPress with Yoast SEO": lambda c: "yoast-schema-graph" in c.html,
    "Drupal": lambda c: 'name="Generator" content="Drupal' in c.html,
    "Piano Composer data layer": lambda c: bool(c.composer.composer_commands or c.composer.composer_state),
    "cXenseParse metas": lambda c: any(s.startswith("cxenseparse") for s in _sources(c).values()),
    "JSON-LD without Open Graph": lambda c: _sources(c).get("published_time") == "jsonld"
    and not any(s.startswith("og:") for s in _sources(c).values()),
    "hAtom blog": lambda c: _sources(c).get("authors") == "hatom",
    "plain HTML (visible byline and date only)": lambda c: _sources(c).get("authors") == "byline"
    and _sources(c).get("published_time") == "heuristic",
    "front page": lambda c: c.expected["profile"]["page_class"] == "frontpage" and not c.expected["profile"]["soft_404"],
    "soft 404": lambda c: c.expected["profile"]["soft_404"] is True,
    "Japanese (no spaces between words)": lambda c: c.expected["profile"]["language"] == "ja",
}
"""Kinds of publisher page the corpus must hold, each recognised from the case itself (its page
and its expected profile), not from its directory name."""


def test_corpus_covers_the_publisher_kinds():
    present = {kind for kind, is_kind in PUBLISHER_KINDS.items() if any(is_kind(case) for case in CASES)}
    assert set(PUBLISHER_KINDS) - present == set()
