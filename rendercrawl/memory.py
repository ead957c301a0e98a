"""Keeping a worker's RSS at what it uses: freed memory back to the system after each page, and
few allocator arenas.

Extracting a page builds an lxml tree and the scorer's tables, tens of MB for a big page, in
whichever thread of the pool runs it; glibc's malloc keeps what they freed in that thread's
arena for reuse, so the worker's RSS climbed to the high-water mark of every arena and stayed
there. `malloc_trim(0)` returns the free pages of every arena (800 distinct WCXB pages through
`extract` on 6 threads: RSS +242 MB without it, +115 MB with it; the rest is Python objects,
the bounded caches filling. docs/lab/2026-12-04-reliability.md; the worker's curve: bench/soak.py).
Elsewhere than glibc this does nothing.

What trimming leaves is spread over arenas: glibc gives each thread of the pool an arena of its
own, up to 8 per core, and a fragmented arena keeps its pages. Two arenas for the whole process
(`mallopt(M_ARENA_MAX, 2)`, what `MALLOC_ARENA_MAX=2` does) took the same 800 pages on 6
threads, trimmed, from +115 MB to +35 MB; the threads only wait on each other at `malloc` when
they allocate at once, and the worker's threads mostly wait on the database or the browser."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

ARENAS = 2
"""glibc malloc arenas for the whole worker process (see the module's docstring)."""
M_ARENA_MAX = -8
"""`mallopt`'s parameter number for the arena cap (glibc's malloc.h)."""


@cache
def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


def limit_arenas() -> None:
    """Cap the allocator's arenas (`ARENAS`): call before the process starts its threads."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(M_ARENA_MAX, ARENAS)


def release_free_memory() -> None:
    """Return the allocator's free memory to the system (glibc's `malloc_trim(0)`)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
