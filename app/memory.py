"""Handing a worker's freed memory back to the system after each page.

Extracting a page builds an lxml tree and the scorer's tables, tens of MB for a big page, in
whichever thread of the pool runs it; glibc's malloc keeps what they freed in that thread's
arena for reuse, so the worker's RSS climbed to the high-water mark of every arena and stayed
there. `malloc_trim(0)` returns the free pages of every arena (800 distinct WCXB pages through
`extract` on 6 threads: RSS +242 MB without it, +115 MB with it; the rest is Python objects,
the bounded caches filling. docs/lab/2026-12-04-reliability.md; the worker's curve: bench/soak.py).
Elsewhere than glibc this does nothing."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache


@cache
def _malloc_trim() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


def release_free_memory() -> None:
    """Return the allocator's free memory to the system (glibc's `malloc_trim(0)`)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
