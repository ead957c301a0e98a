"""bench/extraction_cpu.py and bench/side_peer.py: the collector every timed process runs is the crawler's."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bench.side_peer import CRAWL_FULL_COLLECTION_EVERY, CRAWL_YOUNG_THRESHOLD, CrawlCollector
from rendercrawl.crawl import GC_YOUNG_THRESHOLD
from rendercrawl.memory import FULL_COLLECTION_EVERY


@pytest.fixture
def restored_collector() -> Iterator[None]:
    thresholds = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_the_bench_collects_as_the_crawler_does():
    assert CRAWL_YOUNG_THRESHOLD == GC_YOUNG_THRESHOLD
    assert CRAWL_FULL_COLLECTION_EVERY == FULL_COLLECTION_EVERY


def test_start_freezes_what_is_loaded_and_raises_the_young_threshold(restored_collector: None):
    gc.unfreeze()
    CrawlCollector().start()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == CRAWL_YOUNG_THRESHOLD


def test_a_full_pass_after_every_few_pages(restored_collector: None):
    collector = CrawlCollector()
    collector.start()
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            passes.append(1)

    gc.callbacks.append(count)
    try:
        for _ in range(2 * CRAWL_FULL_COLLECTION_EVERY):
            collector.page_done()
    finally:
        gc.callbacks.remove(count)
    assert len(passes) == 2


def test_the_objects_a_page_leaves_to_the_collector_are_counted():
    from bench.extraction_cpu import cyclic_garbage

    def cycle(html: str, url: str) -> str:
        node: dict[str, object] = {}
        node["self"] = node
        return html

    pages = [("https://example.test/a", "<p>a</p>"), ("https://example.test/b", "<p>b</p>")]
    assert cyclic_garbage(pages, cycle) == [1, 1]
    assert cyclic_garbage(pages, lambda html, url: html) == [0, 0]
