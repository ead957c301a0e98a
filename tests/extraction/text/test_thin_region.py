"""A thin first read (`rules/thin_region`): the model's fallback to the article read needs a region
that is the page's story, not a fragment of its content."""

from __future__ import annotations

import dataclasses
from functools import cache

from extraction.document import parse
from extraction.text import inclusive
from extraction.text.blocks import Gate, segment
from extraction.text.cards import card_blocks
from extraction.text.inclusive import KIND_POLICY, weighed
from extraction.text.kind_model import predict
from extraction.text.layout import LISTING, LayoutKind
from extraction.text.pipeline import FirstRead, first_read
from extraction.text.rules.thin_region import FALLBACK_MIN_CONTENT_SHARE, thin_region
from tests.extraction.text.helpers import STORY_SENTENCE
from values.rendered import RenderedPage

NAV = "<nav>" + "".join(f"<a href='/s{i}'>Section {i}</a> " for i in range(8)) + "</nav>"


def _story() -> FirstRead:
    """A story, its region the whole of the page's content."""
    story = "".join(f"<p>{STORY_SENTENCE * 4} Worker {i} said so.</p>" for i in range(8))
    html = (f"<html><head><title>t</title><meta property='og:type' content='article'></head><body><header>{NAV}"
            f"</header><article><h1>Plant hires more staff</h1><p class='byline'>By Ann Lee, March 4, 2026</p>{story}"
            "</article><footer><p>Copyright 2026 The Valley Times</p></footer></body></html>")
    doc = parse(RenderedPage.from_html(html, "https://example.org/2026/03/04/plant-hires-more-staff"))
    blocks = segment(doc, Gate.ALL)
    return first_read(doc, blocks, cache(lambda: card_blocks(blocks)))


def test_a_region_holding_a_sliver_of_the_content_words_is_thin():
    evidence = _story().evidence
    assert not thin_region(evidence)
    floor = FALLBACK_MIN_CONTENT_SHARE * evidence.content_words
    assert thin_region(dataclasses.replace(evidence, region_words=int(floor) - 1))
    assert not thin_region(dataclasses.replace(evidence, region_words=int(floor) + 1))
    assert not thin_region(dataclasses.replace(evidence, region_words=0, content_words=0))


def test_a_first_read_that_found_no_region_is_not_a_fragment():
    """No words in the region: the first read found none (a story loose in a layout table's cells),
    and there is no fragment; the rules' inclusive read would be of the whole body."""
    evidence = _story().evidence
    assert evidence.content_words > 0
    assert not thin_region(dataclasses.replace(evidence, region_words=0))


def test_the_models_fallback_keeps_the_rules_inclusive_read_when_the_region_is_thin(monkeypatch):
    """The model's probabilities are fixed at the fallback's threshold (the shipped trees' own
    for this story move with every retraining): what is tested is the fallback and the thin region."""
    first = _story()
    sure = {kind: 0.0 for kind in predict(first.features)} | {"article": KIND_POLICY.fallback}
    sure["listing"] = 1.0 - KIND_POLICY.fallback
    monkeypatch.setattr(inclusive, "predict", lambda values: sure)
    rule = LayoutKind(LISTING, ("the rules",), True)
    fallen = weighed(rule, first.features, first.evidence)
    assert not fallen.inclusive and fallen.kind == "article"
    thin = dataclasses.replace(first.evidence, region_words=first.evidence.content_words // 20)
    kept = weighed(rule, first.features, thin)
    assert kept.inclusive and kept.kind == LISTING and kept.page == LISTING
