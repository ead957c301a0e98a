"""The operating-system side of the browser: its process tree, its memory, ending it for sure.

Playwright closes Chromium politely, but a crashed driver, a signal or a hung browser can leave
a tree behind; a crawler that runs for weeks must not accumulate zombies. Every function here
acts only on a process tree this process started (identified by the browser's own pid, which
Chromium reports over CDP), never on processes found by name.
"""

from __future__ import annotations

import psutil

TERMINATE_GRACE_S = 2.0
"""Chromium shuts its children down on SIGTERM within ~100 ms; after this, SIGKILL."""

BYTES_PER_MB = 1024 * 1024


def process_tree(pid: int) -> list[psutil.Process]:
    """The process and all its descendants that still exist (empty if it is gone)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def tree_rss_mb(pid: int) -> float:
    """Resident memory of the whole tree in MB (shared pages counted per process, as `ps` does)."""
    total = 0
    for process in process_tree(pid):
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total / BYTES_PER_MB


def alive(pids: list[int]) -> list[int]:
    """Those of `pids` still running (zombies count as gone: they hold no memory)."""
    running = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                running.append(pid)
        except psutil.NoSuchProcess:
            continue
    return running


def end_tree(pid: int, grace_s: float = TERMINATE_GRACE_S) -> None:
    """SIGTERM the tree rooted at `pid`, then SIGKILL whatever is left after `grace_s`.

    Synchronous on purpose: it is also called from a signal handler, where the event loop may
    never run again.
    """
    tree = process_tree(pid)
    for process in tree:
        try:
            process.terminate()
        except psutil.NoSuchProcess:
            continue
    _, left = psutil.wait_procs(tree, timeout=grace_s)
    for process in left:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            continue
    psutil.wait_procs(left, timeout=grace_s)
