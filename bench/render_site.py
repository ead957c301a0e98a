"""The demo site served from a child process for the render benchmarks.

Served in the benchmark's own process, the demo site's threads share the GIL with the renderer
and its request log (method, path and headers of every request, kept for tests) grows by ~17 KB
per rendered page — tracemalloc showed it was all of the "Python memory growth" the memory
benchmark once reported. In a child process the measured process holds the renderer only.

    python bench/render_site.py      # serves until stdin closes; prints the base URL first
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLEAR_LOG_EVERY_S = 5.0
"""The child's request log is emptied this often: nobody reads it here."""
START_TIMEOUT_S = 10.0


class RemoteSite:
    """The `DemoSite.url()` the benchmarks use, for a site served by another process."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def url(self, path: str = "/") -> str:
        return self.base_url + (path if path.startswith("/") else "/" + path)


@contextmanager
def demo_site_process() -> Iterator[RemoteSite]:
    """Start the child, yield its site, stop it (closing its stdin) when done."""
    child = subprocess.Popen([sys.executable, str(Path(__file__).resolve())], cwd=ROOT, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        if not line.startswith("http://"):
            raise RuntimeError(f"demo site child did not start: {line!r}")
        yield RemoteSite(line)
    finally:
        if child.stdin is not None:
            child.stdin.close()
        try:
            child.wait(timeout=START_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def serve() -> None:
    sys.path.insert(0, str(ROOT))
    from demosite.server import DemoSite

    with DemoSite() as site:
        stop = threading.Event()
        threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
        print(site.base_url, flush=True)
        while not stop.wait(CLEAR_LOG_EVERY_S):
            site.clear_requests()


if __name__ == "__main__":
    serve()
