"""bench/kind/policy.py: which read a page gets under a policy, and how each set's scores add up."""

from __future__ import annotations

from bench.kind.policy import aggregate, choose
from bench.kind.reads import READS, rule_read
from extraction.text.kind_model import Policy

POLICY = Policy(name=0.0, fallback=0.8, up=1.01)


def _row(rule: str, inclusive: bool) -> dict[str, object]:
    return {"rule": rule, "rule_inclusive": inclusive}


def test_the_rules_alone_read_as_they_decided():
    assert choose(_row("listing", True), {}, None) == ("listing", "listing")
    assert choose(_row("article", False), {}, None) == ("article", "article")
    assert choose(_row("documentation", False), {}, None) == ("documentation-region", "documentation")


def test_a_likely_article_falls_back_and_a_named_kind_keeps_the_read():
    article = {"article": 0.9, "thread": 0.05, "listing": 0.05}
    assert choose(_row("thread", True), article, POLICY) == ("article", "article")
    service = {"article": 0.3, "multi-section": 0.6, "listing": 0.1}
    assert choose(_row("article", False), service, POLICY) == ("article", "multi-section")
    assert choose(_row("listing", True), service, POLICY) == ("listing", "multi-section")


def test_shingle_sets_score_the_f1_of_mean_precision_and_recall_word_sets_the_mean_f1():
    scores: list[list[float | None]] = [[1.0, 0.5, 0.667], [None, 0.0, 0.0]]
    assert abs(aggregate("oldweb", scores) - 2 * 1.0 * 0.25 / 1.25) < 1e-9
    assert abs(aggregate("wcxb", scores) - 0.3335) < 1e-9


def test_a_declared_thread_or_a_fragment_of_a_region_keeps_the_rules_inclusive_read_as_the_pipeline_does():
    article = {"article": 0.9, "thread": 0.05, "listing": 0.05}
    assert choose({**_row("thread", True), "declared_thread": True}, article, POLICY) == ("thread", "thread")
    assert choose({**_row("listing", True), "thin_region": True}, article, POLICY) == ("listing", "listing")
    assert choose({**_row("listing", True), "thin_region": False}, article, POLICY) == ("article", "article")


def test_no_kind_likely_enough_reads_an_inclusive_page_as_an_article_under_unsure():
    """`unsure`: the second fallback policy.py weighs (the pipeline does not have it)."""
    spread = {"article": 0.29, "documentation": 0.30, "listing": 0.22, "thread": 0.19}
    assert choose(_row("listing", True), spread, POLICY) == ("listing", "documentation")
    assert choose(_row("listing", True), spread, POLICY, unsure=0.31) == ("article", "article")
    assert choose(_row("listing", True), spread, POLICY, unsure=0.30) == ("listing", "documentation")
    assert choose(_row("article", False), spread, POLICY, unsure=0.31) == ("article", "documentation")
    assert choose({**_row("thread", True), "declared_thread": True}, spread, POLICY, unsure=0.31) == ("thread", "thread")


def test_the_two_reads_are_the_rules_own_and_the_article():
    assert rule_read("listing", True) == "listing"
    assert rule_read("documentation", False) == "documentation-region"
    assert rule_read("article", False) == "article"
    assert {rule_read("thread", True), "article"} <= set(READS)
