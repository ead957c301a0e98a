"""A crawler's full collections (`rendercrawl.memory.CycleCollector`): a page's cyclic garbage
is freed after a bounded number of pages, not when CPython's generations get round to it."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from rendercrawl.memory import CycleCollector


class _Node:
    """A stand-in for a Playwright object and its channel: each refers to the other."""

    def __init__(self) -> None:
        self.other: _Node | None = None


def _garbage_cycle() -> weakref.ref[_Node]:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def collector_off() -> Iterator[None]:
    """Only the explicit passes run, as when the young generation is collected rarely."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@pytest.mark.usefixtures("collector_off")
def test_a_pages_cycles_are_freed_by_the_full_pass_after_every_nth_page() -> None:
    collector = CycleCollector(every=3)
    cycle = _garbage_cycle()
    collector.page_done()
    collector.page_done()
    assert cycle() is not None, "no pass before the third page"
    collector.page_done()
    assert cycle() is None, "the third page's pass frees the cycle"
    later = _garbage_cycle()
    for _ in range(2):
        collector.page_done()
    assert later() is not None
    collector.page_done()
    assert later() is None

