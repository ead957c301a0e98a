"""Soak: many mixed hostile and normal pages through one `rendercrawl worker` process.

Prints, over time, the RSS of the worker (Python), the Playwright driver (node) and the
Chromium tree, and the worker's open file descriptors; at the end pages/s, the outcomes, and
the processes left behind after SIGTERM. Prints numbers; asserts nothing.

    .venv/bin/python bench/soak.py [--pages 5000] [--sample-s 10] [--plot bench/soak.png] [--wcxb 1500]

The demo site's pages are the normal ones (or, with `--wcxb N`, N distinct real pages); the hostile ones (served by this script on
loopback) override JSON, nest their data layer 3,000 deep, flood the console, carry lone
surrogates, start thousands of fetches and load thousands of images: one page in four.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psutil
from sqlalchemy import func, select

from demosite.server import DemoSite, site_root
from loopback import LOOPBACK_ONLY
from storage import queue
from storage.db import make_engine, session_factory, upgrade
from storage.models import Crawl, QueueEntry
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import Reason

ROOT = Path(__file__).resolve().parent.parent
ARTICLE = "<h1>Soak</h1>" + "<p>The harbour reopened after a long winter of repairs and the boats came back.</p>" * 8
HOSTILE = {
    "/json.html": "<script>JSON.stringify = () => '{}'; Array.prototype.toJSON = function () { return 1; };</script>",
    "/deep.html": "<script>let v = {}, c = v; for (let i = 0; i < 3000; i++) { c.a = {}; c = c.a; } window.pdl = v;</script>",
    "/loud.html": "<script>const s = 'x'.repeat(1000000); for (let i = 0; i < 200; i++) console.log(s + i);</script>",
    "/halves.html": "<p id=o>x</p><script>document.getElementById('o').textContent = 'half \\ud800 a pair';</script>",
    "/fetches.html": "<script>for (let i = 0; i < 5000; i++) fetch('/tiny/' + i).catch(() => {});</script>",
    "/images.html": "".join(f"<img src='/tiny/{i}.png' width=4 height=4>" for i in range(10_000)),
}
HOSTILE_SHARE = 4
"""One page in this many is hostile."""


class _Hostile(BaseHTTPRequestHandler):
    distinct: list[str] = []
    """Real pages (`--wcxb`), served at `/distinct/N.html`."""

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        path = self.path.split("?")[0]
        if path.startswith("/tiny/"):
            self.send_response(204)
            self.end_headers()
            return
        if path.startswith("/distinct/"):
            number = path.removeprefix("/distinct/").removesuffix(".html")
            if not number.isdigit():  # a real page's own subresources (relative URLs): not served
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = self.distinct[int(number)].encode("utf-8", "replace")
        else:
            body = f"<!doctype html><title>Hostile</title><article>{ARTICLE}{HOSTILE.get(path, '')}</article>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def urls(demo: DemoSite, hostile_base: str, count: int, distinct: int = 0) -> list[str]:
    """One page in `HOSTILE_SHARE` hostile; the others the demo site's, or with `distinct` real
    pages (a different page each time until they run out: what grows caches and heaps)."""
    normal = ["/", "/about.html", "/contact.html"] + sorted(
        f"/articles/{n.name}" for n in (site_root() / "articles").iterdir() if n.name.endswith(".html"))
    hostile = sorted(HOSTILE)
    out = []
    for i in range(count):
        if i % HOSTILE_SHARE == HOSTILE_SHARE - 1:
            out.append(f"{hostile_base}{hostile[(i // HOSTILE_SHARE) % len(hostile)]}?copy={i}")
        elif distinct:
            out.append(f"{hostile_base}/distinct/{i % distinct}.html?copy={i}")
        else:
            out.append(demo.url(f"{normal[i % len(normal)]}?copy={i}"))
    return out


def _distinct_pages(count: int) -> list[str]:
    """The first `count` WCXB pages (../shared/bench/wcxb-dev), as bench/extraction_render.py reads them."""
    from bench.extraction_render import load_benchmark

    pages = load_benchmark(ROOT.parent / "shared" / "bench" / "wcxb-dev")
    return [html for _url, html in list(pages.values())[:count]]


def tree(process: psutil.Process) -> dict[str, float]:
    """RSS in MB of the worker, its driver (node) and its Chromium processes; the worker's fds."""
    rss: defaultdict[str, float] = defaultdict(float)
    try:
        rss["python"] = process.memory_info().rss / 2**20
        fds = process.num_fds()
        for child in process.children(recursive=True):
            try:
                name = child.name().lower()
                kind = "driver" if "node" in name else "chromium" if "chrom" in name else "other"
                rss[kind] += child.memory_info().rss / 2**20
            except psutil.NoSuchProcess:
                continue
    except psutil.NoSuchProcess:
        return {}
    return {**rss, "fds": fds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=5000)
    parser.add_argument("--sample-s", type=float, default=10.0)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--plot", type=Path, default=None, help="Write the RSS curve here (a PNG; needs matplotlib).")
    parser.add_argument("--wcxb", type=int, default=0, metavar="N",
                        help="Normal pages from the first N WCXB pages (distinct real pages) instead of the demo site's.")
    args = parser.parse_args()

    hostile = ThreadingHTTPServer(("127.0.0.1", 0), _Hostile)
    hostile.daemon_threads = True
    threading.Thread(target=hostile.serve_forever, daemon=True).start()
    workdir = Path(tempfile.mkdtemp(prefix="rc-soak-"))
    db_url = f"sqlite:///{workdir / 'soak.db'}"
    upgrade(db_url)
    engine = make_engine(db_url)
    sessions = session_factory(engine)
    with DemoSite(0) as demo:
        _Hostile.distinct = _distinct_pages(args.wcxb) if args.wcxb else []
        page_urls = urls(demo, f"http://127.0.0.1:{hostile.server_address[1]}", args.pages, len(_Hostile.distinct))
        now = datetime.now(UTC)
        with write_transaction(sessions) as session:
            for url in page_urls:
                queue.enqueue(session, ensure_page(session, url, now), Reason.NEW, now, now)
        env = {**os.environ, "RENDERCRAWL_DATABASE_URL": db_url, "RENDERCRAWL_RESOLVER_RULES": LOOPBACK_ONLY,
               "RENDERCRAWL_HOST_MAX_CONCURRENT": str(args.concurrency * 2), "RENDERCRAWL_HOST_MIN_DELAY_MS": "0",
               "RENDERCRAWL_IDLE_POLL_SECONDS": "0.1", "RENDERCRAWL_RETRY_BASE_DELAY_SECONDS": "86400",
               "RENDERCRAWL_CONCURRENCY": str(args.concurrency)}
        command = [str(ROOT / ".venv" / "bin" / "rendercrawl"), "worker", "--concurrency", str(args.concurrency)]
        worker = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=workdir)
        process = psutil.Process(worker.pid)
        started = time.monotonic()
        samples: list[tuple[float, int, dict[str, float]]] = []
        print(f"{args.pages} pages ({args.pages // HOSTILE_SHARE} hostile), worker concurrency {args.concurrency}")
        print(f"{'s':>6} {'done':>6} {'python':>7} {'driver':>7} {'chromium':>9} {'fds':>5}   (MB)")
        stop = threading.Event()
        signal.signal(signal.SIGINT, lambda *_: stop.set())  # Ctrl-C or `kill -INT`: stop and report what ran
        while not stop.is_set():
            stop.wait(args.sample_s)
            with sessions() as session:
                busy = session.execute(select(func.count()).where(QueueEntry.state.in_(["queued", "leased"]))).scalar_one()
                done = session.execute(select(func.count()).select_from(Crawl)).scalar_one()
            sample = tree(process)
            elapsed = time.monotonic() - started
            samples.append((elapsed, done, sample))
            print(f"{elapsed:6.0f} {done:6d} {sample.get('python', 0):7.0f} {sample.get('driver', 0):7.0f} "
                  f"{sample.get('chromium', 0):9.0f} {sample.get('fds', 0):5.0f}", flush=True)
            if not busy or done >= args.pages or worker.poll() is not None:
                break  # every page crawled once (a failed one waits a day for its retry)
        wall = time.monotonic() - started
        descendants = [p.pid for p in process.children(recursive=True)]
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
        time.sleep(1)
        leftovers = [pid for pid in descendants if psutil.pid_exists(pid)
                     and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE]
    with sessions() as session:
        outcomes = dict(session.execute(select(Crawl.outcome, func.count()).group_by(Crawl.outcome)).tuples().all())
    engine.dispose()
    hostile.shutdown()
    later = [s for s in samples if s[1] >= args.pages // 10] or samples
    driver = [s[2].get("driver", 0) for s in later]
    fds = [s[2].get("fds", 0) for s in later]
    print(f"\n{sum(outcomes.values())} crawls in {wall:.0f} s: {sum(outcomes.values()) / wall:.2f} pages/s")
    print("outcomes:", json.dumps({str(k): v for k, v in sorted(outcomes.items())}))
    if driver:
        print(f"driver RSS after the first 10%: first {driver[0]:.0f}, median {statistics.median(driver):.0f}, "
              f"last {driver[-1]:.0f} MB; worker fds first {fds[0]:.0f}, last {fds[-1]:.0f}")
    print(f"processes left after SIGTERM: {len(leftovers)} (worker exit status {worker.returncode})")
    _curve(samples, args)
    sys.exit(0)


WARM_UP = 200
"""Renders before the worker's RSS is taken as its baseline: imports, caches and pools filling."""
WINDOW = 200
"""Renders averaged at each end for the growth by means: one sample scatters by ±15 MB (the
pages in flight), so the first and last samples alone overstate or hide the growth."""


def _curve(samples: list[tuple[float, int, dict[str, float]]], args: argparse.Namespace) -> None:
    """The worker's RSS after warm-up (first sample past `WARM_UP` renders, last, growth; the
    means of the first and last `WINDOW` renders; the slope), and a plot of it by renders next to
    the output when `--plot` names a file (matplotlib)."""
    warm = [(done, s.get("python", 0)) for _t, done, s in samples if done >= WARM_UP]
    if warm:
        print(f"worker RSS after {WARM_UP} renders: {warm[0][1]:.0f} MB at {warm[0][0]}, {warm[-1][1]:.0f} MB at "
              f"{warm[-1][0]}: {warm[-1][1] - warm[0][1]:+.0f} MB")
        first = [rss for done, rss in warm if done < WARM_UP + WINDOW]
        last = [rss for done, rss in warm if done > warm[-1][0] - WINDOW]
        if warm[-1][0] >= WARM_UP + 2 * WINDOW:
            print(f"worker RSS mean of renders {WARM_UP}-{WARM_UP + WINDOW}: {statistics.fmean(first):.0f} MB, of "
                  f"{warm[-1][0] - WINDOW}-{warm[-1][0]}: {statistics.fmean(last):.0f} MB: "
                  f"{statistics.fmean(last) - statistics.fmean(first):+.0f} MB")
        if len(warm) > 2 and warm[-1][0] > warm[0][0]:
            # Least squares over every sample after warm-up: one sample scatters by the pages in flight.
            slope = statistics.linear_regression([d for d, _ in warm], [r for _, r in warm]).slope
            print(f"worker RSS slope after warm-up: {slope:+.4f} MB a render "
                  f"({slope * 4800:+.0f} MB over 4,800 renders)")
    if args.plot is None:
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(figsize=(6, 3.2), dpi=100)
    for kind in ("python", "driver", "chromium"):
        axes.plot([done for _t, done, _s in samples], [s.get(kind, 0) for _t, _done, s in samples], label=kind)
    axes.axvline(WARM_UP, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel("renders")
    axes.set_ylabel("RSS (MB)")
    axes.set_title(f"bench/soak.py --pages {args.pages}")
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(args.plot)
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
