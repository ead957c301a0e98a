"""Every page of the golden corpus gives exactly its expected metadata and sources, and a
body with the expected snippets."""

from __future__ import annotations

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


def test_corpus_covers_the_publisher_kinds():
    assert len(CASES) >= 10
