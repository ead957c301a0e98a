"""The soft-404 corpus: every error page flagged, no trap flagged, through the full extraction."""

from __future__ import annotations

import pytest

from extraction import extract
from tests.extraction.soft404_corpus import CASES, SOFT_404, TRAPS


def test_corpus_has_twenty_of_each_kind_in_several_languages():
    assert len(SOFT_404) >= 20 and len(TRAPS) >= 20
    assert len({c.lang for c in SOFT_404}) >= 8 and len({c.lang for c in TRAPS}) >= 8


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_page_is_judged_as_labelled(case):
    profile = extract(case.page())
    assert profile.soft_404 is case.is_soft_404, profile.sources.get("soft_404")
    assert profile.recommendable is not case.is_soft_404


def test_the_two_articles_of_the_issue_stay_recommendable():
    by_name = {c.name: c for c in TRAPS}
    route = extract(by_name["en-route-404"].page())
    hidden = extract(by_name["en-hidden-template-rendered"].page())
    assert (route.soft_404, hidden.soft_404) == (False, False)
    assert 150 <= route.word_count <= 180
