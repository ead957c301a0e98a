"""Reading JSON-LD: the paywall a page declares (`jsonld.declares_paywall`)."""

from __future__ import annotations

import json

import pytest

from extraction.jsonld import declares_paywall
from tests.extraction.text.helpers import page


def _with(obj: object) -> bool:
    return declares_paywall(page("<p>x</p>", head=f'<script type="application/ld+json">{json.dumps(obj)}</script>'))


@pytest.mark.parametrize("obj", [
    {"@type": "NewsArticle", "isAccessibleForFree": False},
    {"@type": "NewsArticle", "isAccessibleForFree": " False "},
    {"@type": "NewsArticle", "isAccessibleForFree": True,
     "hasPart": {"@type": "WebPageElement", "isAccessibleForFree": "false", "cssSelector": ".paywall"}},
    {"@graph": [{"@type": "WebPage"}, {"@type": "Article", "hasPart": [{"isAccessibleForFree": False}]}]},
])
def test_not_free_on_the_object_or_a_part_of_it_declares_a_paywall(obj: object) -> None:
    assert _with(obj)


@pytest.mark.parametrize("obj", [
    {"@type": "NewsArticle", "isAccessibleForFree": "true"},
    {"@type": "NewsArticle", "isAccessibleForFree": True, "hasPart": "not an object"},
    {"@type": "NewsArticle"},
])
def test_free_or_silent_structured_data_declares_none(obj: object) -> None:
    assert not _with(obj)
