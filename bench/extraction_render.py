"""Render the benchmark pages offline, once, into cached `RenderedPage` JSON.

    nice -n 19 .venv/bin/python bench/extraction_render.py --set wcxb     # WCXB dev, 1,358 pages
    .venv/bin/python bench/extraction_render.py --set zyte                # Zyte 2019, 181 pages
    .venv/bin/python bench/extraction_render.py --set wcxb --retry        # try the failures again

Uses the project's `render.browser.Renderer.render_html` (the saved HTML answers the page's
own URL, every other request is refused), so the benchmark measures the crawler's real
snapshot. The cache (bench/out/rendered/<id>.json for Zyte, bench/out/rendered-wcxb/<id>.json
for WCXB) means tuning runs never re-render. Pages that failed to render are listed in the
cache's `_failed.json` and not retried unless asked: a rerun of the benchmark must not spend
minutes of Chromium on pages that are known to fail.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urldefrag

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the project's packages sit beside bench/
    sys.path.insert(0, str(ROOT))

from values.rendered import RenderedPage  # noqa: E402

PAGES_IN_FLIGHT = 2  # CPU-bound at 2 pages on 2 cores (shared/reference/chromium-playwright.md)
BENCH = ROOT.parent / "shared" / "bench"
OUT = ROOT / "bench" / "out"
SETS: dict[str, tuple[str, str]] = {"zyte": ("scrapinghub", "rendered"), "wcxb": ("wcxb-dev", "rendered-wcxb")}
"""Benchmark name -> (its folder under ../shared/bench, its render cache under bench/out)."""
FAILED = "_failed.json"
ERROR_PAGE_PREFIX = "chrome-error://"  # final URL of a snapshot of Chromium's own error page
NO_URL = "https://page-saved-without-url.invalid/"  # a reserved name: never resolves, and nothing is fetched


def cache_dir(name: str, out: Path = OUT) -> Path:
    """The render cache of one benchmark (`zyte` or `wcxb`)."""
    return out / SETS[name][1]


async def _render_all(jobs: list[tuple[str, str, str]], out: Path) -> dict[str, str]:
    from render.browser import Renderer

    failed: dict[str, str] = {}
    done = 0
    start = time.monotonic()
    sem = asyncio.Semaphore(PAGES_IN_FLIGHT)
    async with Renderer() as renderer:

        async def one(page_id: str, url: str, html: str) -> None:
            nonlocal done
            async with sem:
                # The offline route matches the request URL, which never carries a fragment.
                # Three WCXB pages were saved without their URL; Chromium needs one to serve the HTML at.
                at = urldefrag(url).url or f"{NO_URL}{page_id}"
                try:
                    result = await renderer.render_html(html, at)
                except Exception as err:  # noqa: BLE001 - one page's crash must not lose the others
                    failed[page_id] = f"{type(err).__name__}: {err}"
                    result = None
            if isinstance(result, RenderedPage):
                (out / f"{page_id}.json").write_text(result.to_json(), encoding="utf-8")
            elif result is not None:
                failed[page_id] = f"{result.kind} {result.message}"
            done += 1
            if done % 50 == 0 or done == len(jobs):
                print(f"  rendered {done}/{len(jobs)} ({len(failed)} failed, "
                      f"{done / (time.monotonic() - start):.2f} pages/s)", file=sys.stderr, flush=True)

        await asyncio.gather(*(one(*job) for job in jobs))
    return failed


def known_failures(out: Path) -> dict[str, str]:
    """`{id: reason}` of the pages that failed to render into this cache."""
    path = out / FAILED
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def ensure_rendered(pages: dict[str, tuple[str, str]], out: Path, *, retry: bool = False) -> None:
    """Render the `{id: (url, html)}` pages not cached in `out` yet (known failures only if `retry`)."""
    out.mkdir(parents=True, exist_ok=True)
    failed = {} if retry else known_failures(out)
    todo = [(pid, url, html) for pid, (url, html) in pages.items()
            if not (out / f"{pid}.json").exists() and pid not in failed]
    if not todo:
        return
    print(f"rendering {len(todo)} pages offline (cached in {out})", file=sys.stderr)
    new = asyncio.run(_render_all(todo, out))
    for pid in [p for p, _, _ in todo if p not in new]:
        failed.pop(pid, None)
    failed.update(new)
    (out / FAILED).write_text(json.dumps(failed, indent=1, sort_keys=True), encoding="utf-8")
    for pid, reason in sorted(new.items()):
        print(f"  render failed {pid[:12]}: {reason}", file=sys.stderr)


def cached_snapshots(ids: Iterable[str], out: Path) -> dict[str, Path]:
    """`{id: path}` of the cached snapshots of these pages, without loading them (they are large)."""
    return {pid: out / f"{pid}.json" for pid in ids if (out / f"{pid}.json").exists()}


def render_pages(pages: dict[str, tuple[str, str]], out: Path, *, retry: bool = False) -> dict[str, RenderedPage]:
    """Render the pages not cached in `out` yet; return every cached page, loaded.

    A snapshot in an older format is reported and left out (the page is then scored static).
    """
    ensure_rendered(pages, out, retry=retry)
    snapshots: dict[str, RenderedPage] = {}
    for pid, path in cached_snapshots(pages, out).items():
        try:
            snapshots[pid] = RenderedPage.from_json(path.read_text(encoding="utf-8"))
        except ValueError as err:
            print(f"  stale snapshot {pid[:12]}: {err}", file=sys.stderr)
    return snapshots


def load_benchmark(root: Path) -> dict[str, tuple[str, str]]:
    """`{id: (url, html)}` for every page of the benchmark's ground truth.

    Undecodable bytes are replaced, not fatal: a few WCXB pages carry stray bytes, and every
    system is handed the same text.
    """
    gold = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    return {
        pid: (entry["url"],
              gzip.decompress((root / "html" / f"{pid}.html.gz").read_bytes()).decode("utf-8", errors="replace"))
        for pid, entry in gold.items()
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=(*SETS, "both"), default="both")
    ap.add_argument("--bench", type=Path, default=BENCH, help="folder with scrapinghub/ and wcxb-dev/")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--retry", action="store_true", help="render the pages that failed before again")
    args = ap.parse_args(argv)
    for name in SETS if args.set == "both" else (args.set,):
        pages = load_benchmark(args.bench / SETS[name][0])
        out = cache_dir(name, args.out)
        start = time.monotonic()
        snapshots = render_pages(pages, out, retry=args.retry)
        failed = known_failures(out)
        errors = sum(1 for s in snapshots.values() if s.final_url.startswith(ERROR_PAGE_PREFIX))
        layout = sum(1 for s in snapshots.values() if s.has_layout and not s.final_url.startswith(ERROR_PAGE_PREFIX))
        print(f"{name}: {len(pages)} pages; {len(snapshots)} rendered ({layout} with layout, {errors} ended on a "
              f"Chromium error page), {len(failed)} failed to render; {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
