"""The browser tree's memory, read from /proc: the whole tree (grandchildren too), as psutil
reads it."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator

import psutil
import pytest

from render import proctree
from render.proctree import BYTES_PER_MB, tree_rss_mb

SPAWN_TIMEOUT_S = 10.0


@pytest.fixture
def tree() -> Iterator[psutil.Process]:
    """A shell with two children of its own (sleeps): three processes, two levels below us."""
    shell = subprocess.Popen(["sh", "-c", "sleep 60 & sleep 60 & wait"])
    root = psutil.Process(shell.pid)
    deadline = time.monotonic() + SPAWN_TIMEOUT_S
    while len(root.children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield root
    finally:
        for process in [root, *root.children(recursive=True)]:
            process.kill()
        shell.wait()


def _psutil_mb(root: psutil.Process) -> float:
    return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)]) / BYTES_PER_MB


@pytest.mark.skipif(not proctree.KERNEL_LISTS_CHILDREN, reason="the kernel does not list children in /proc")
def test_the_tree_s_memory_counts_every_descendant_as_psutil_does(tree: psutil.Process) -> None:
    assert len(tree.children()) == 2
    read = tree_rss_mb(tree.pid)
    assert read == pytest.approx(_psutil_mb(tree))
    assert read > tree.memory_info().rss / BYTES_PER_MB  # the children were counted


def test_without_the_kernel_s_lists_psutil_reads_the_same(tree: psutil.Process, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proctree, "KERNEL_LISTS_CHILDREN", False)
    assert tree_rss_mb(tree.pid) == pytest.approx(_psutil_mb(tree))


def test_a_process_that_is_gone_has_no_memory() -> None:
    done = subprocess.Popen(["true"])
    done.wait()
    assert tree_rss_mb(done.pid) == 0.0
