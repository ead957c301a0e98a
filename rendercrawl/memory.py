"""Keeping a worker's RSS at what it uses: freed memory back to the system after each page, few
allocator arenas, and large blocks outside the arenas.

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
they allocate at once, and the worker's threads mostly wait on the database or the browser.

Large blocks go to the system, not the arenas (`MMAP_THRESHOLD`): glibc serves a block of
128 KB or more by `mmap` and unmaps it when freed, but raises that threshold to the size of
every such block freed, up to 32 MB. After the first big message from the browser, the worker's
later large blocks (a snapshot's JSON, a page's HTML, the tables of a page of thousands of
requests) were carved from the two arenas instead, and the arenas grew around them: in a soak
the arenas went from 100 to 189 MB between renders 540 and 600 while the blocks in use stayed at
50-70 MB, and the worker's RSS stepped from 340 to 390 MB (docs/lab/2026-12-05-s19-soak.md).

A page's Playwright objects hold their channels and the channels them: thousands of cycles a
page, freed only by the cyclic collector's full pass (`CycleCollector`)."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import cache

ARENAS = 2
"""glibc malloc arenas for the whole worker process (see the module's docstring)."""
M_ARENA_MAX = -8
"""`mallopt`'s parameter number for the arena cap (glibc's malloc.h)."""
MMAP_THRESHOLD = 128 * 1024
"""Blocks of this many bytes or more are mapped alone and unmapped when freed: glibc's own
starting threshold, fixed (setting it turns off glibc's raising it; see the module's docstring).
A map and an unmap per large block cost microseconds; pages are tens of milliseconds."""
M_MMAP_THRESHOLD = -3
"""`mallopt`'s parameter number for the mmap threshold (glibc's malloc.h)."""
FULL_COLLECTION_EVERY = 32
"""Pages a crawler finishes between two full passes of the cyclic collector. A rendered page
leaves a few thousand unreachable objects in cycles (Playwright's objects and their channels),
and they live long enough to reach the oldest generation, whose pass CPython runs only after ten
passes of the middle one, and once the young one runs every `crawl.GC_YOUNG_THRESHOLD`
allocations, that is after millions of allocations: tens of pages' garbage at a time, and
pymalloc keeps an arena for as long as one object in it lives. With the imports frozen
(rendercrawl/cli.py) a full pass walks what the pages in flight and the caches hold besides the
garbage: tens of thousands of objects, more while a large page is being extracted, whatever the
number of pages since the last pass. So the passes are spaced as far as memory allows: a page's
garbage is a fraction of a MB, and over a long run the worker's RSS levels off as it did with a
pass every 8 pages, a little higher (bench/RENDER.md, "The crawler's full passes")."""


@cache
def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


def tune_allocator() -> None:
    """Cap the allocator's arenas (`ARENAS`) and fix its mmap threshold (`MMAP_THRESHOLD`): call
    before the process starts its threads."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(M_ARENA_MAX, ARENAS)
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def release_free_memory() -> None:
    """Return the allocator's free memory to the system (glibc's `malloc_trim(0)`)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


class CycleCollector:
    """Runs the cyclic collector's full pass, then returns the freed memory to the system,
    after every `every` pages (see `FULL_COLLECTION_EVERY`)."""

    def __init__(self, every: int = FULL_COLLECTION_EVERY) -> None:
        self._every = every
        self._pages = 0

    def page_done(self) -> None:
        self._pages += 1
        if self._pages % self._every == 0:
            gc.collect()
            release_free_memory()
