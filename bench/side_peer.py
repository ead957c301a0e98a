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
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable


def _rs_trafilatura() -> Callable[[str, str], str]:
    import rs_trafilatura  # type: ignore[import-not-found]  # lives in the side environment only

    return lambda html, url: rs_trafilatura.extract(html, url=url).main_content or ""


def _ours() -> Callable[[str, str], str]:
    from extraction.extract import extract_html  # the tree first on PYTHONPATH

    return lambda html, url: extract_html(html, url).body


EXTRACTORS: dict[str, Callable[[], Callable[[str, str], str]]] = {"rs-trafilatura": _rs_trafilatura, "ours": _ours}


def main(name: str) -> int:
    extract = EXTRACTORS[name]()
    for line in sys.stdin:
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
    sys.exit(main(sys.argv[1]))
