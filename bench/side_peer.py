"""Worker for a peer that runs in an interpreter of its own: one JSON line in, one JSON line out.

rs-trafilatura ships wheels for CPython 3.12 only and cannot be built offline, so it runs in a
side environment (`make .venv-rs/.installed`) under that interpreter, and the benchmark talks to
this worker over a pipe (`bench/extraction_peers.py`). The worker imports nothing of the project
and only the standard library besides the peer, so it runs under any Python that has the peer.
The one exception is `ours`: the whole profile (`extraction.extract.extract_html`) of whatever
tree comes first on the worker's PYTHONPATH, so that `bench/extraction_cpu.py --tree DIR` times
another tree of the project (the base of a change) beside this one, page by page.

Each request is `{"html": ..., "url": ...}`; each answer `{"text": ..., "cpu_ms": ..., "error": ...}`,
CPU ms being `time.process_time` around the extraction call alone, in this process: the parent
only waits on the pipe, so its own clock would not measure the peer.

The cyclic collector runs as CPython's default, or, started as `side_peer.py NAME crawl`, as in a
crawling process (`CrawlCollector`): `bench/extraction_cpu.py` starts its workers with the setting
its own process runs (`--gc`), so every system it times pays the same collector.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from collections.abc import Callable

CRAWL_YOUNG_THRESHOLD = 50_000
"""rendercrawl/crawl.py's `GC_YOUNG_THRESHOLD` (a test checks they agree; this file imports nothing
of the project): a crawling process collects its youngest generation every 50,000 allocations,
not CPython's 700."""
CRAWL_FULL_COLLECTION_EVERY = 32
"""rendercrawl/memory.py's `FULL_COLLECTION_EVERY` (a test checks they agree): the crawler's own
full pass, every so many pages, outside the extraction call."""
GC_SETTINGS = ("crawl", "default")
"""`crawl`: as a crawling process (`CrawlCollector`); `default`: CPython's collector untouched."""


class CrawlCollector:
    """The cyclic collector as a crawling process runs it (rendercrawl/cli.py, rendercrawl/crawl.py,
    rendercrawl/memory.py): what was loaded before the first timed page frozen out of the passes
    (`start`, once the set-up call has run: imports, models), the youngest generation collected every
    `CRAWL_YOUNG_THRESHOLD` allocations, and a full pass after every `CRAWL_FULL_COLLECTION_EVERY`
    pages (`page_done`, called outside the timings, as the crawler runs its pass outside
    extraction). A crawl pays these settings, not CPython's defaults, which collect a page's
    thousands of short-lived objects dozens of times and walk every import in full passes."""

    def __init__(self) -> None:
        self._pages = 0

    def start(self) -> None:
        gc.collect()
        gc.freeze()
        gc.set_threshold(CRAWL_YOUNG_THRESHOLD, *gc.get_threshold()[1:])

    def page_done(self) -> None:
        self._pages += 1
        if self._pages % CRAWL_FULL_COLLECTION_EVERY == 0:
            gc.collect()


def _rs_trafilatura() -> Callable[[str, str], str]:
    import rs_trafilatura  # type: ignore[import-not-found]  # lives in the side environment only

    return lambda html, url: rs_trafilatura.extract(html, url=url).main_content or ""


def _ours() -> Callable[[str, str], str]:
    from extraction.extract import extract_html  # the tree first on PYTHONPATH

    return lambda html, url: extract_html(html, url).body


EXTRACTORS: dict[str, Callable[[], Callable[[str, str], str]]] = {"rs-trafilatura": _rs_trafilatura, "ours": _ours}


def main(name: str, collector: CrawlCollector | None) -> int:
    extract = EXTRACTORS[name]()
    for answered, line in enumerate(sys.stdin):
        if collector is not None:  # after the parent's set-up call, before each later page
            if answered == 1:
                collector.start()
            elif answered > 1:
                collector.page_done()
        request = json.loads(line)
        start = time.process_time()
        try:
            text, error = extract(request["html"], request["url"]), ""
        except Exception as err:  # noqa: BLE001 - reported to the parent, which scores the page empty
            text, error = "", f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
        cpu_ms = 1000 * (time.process_time() - start)
        sys.stdout.write(json.dumps({"text": text, "cpu_ms": cpu_ms, "error": error}) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    gc_setting = sys.argv[2] if len(sys.argv) > 2 else "default"
    if gc_setting not in GC_SETTINGS:
        sys.exit(f"usage: side_peer.py NAME [{'|'.join(GC_SETTINGS)}]")
    sys.exit(main(sys.argv[1], CrawlCollector() if gc_setting == "crawl" else None))
