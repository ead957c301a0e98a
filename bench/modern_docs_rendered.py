"""Rendered against static on pages that carry their whole site: the modern documentation set, served.

    PYTHONPATH=$PWD .venv/bin/python bench/modern_docs_rendered.py            # render (cached), score both modes
    PYTHONPATH=$PWD .venv/bin/python bench/modern_docs_rendered.py --per-page

Issue 12 asks the visual side to earn its keep, and to show the gain of rendered over static,
paired, where layout is available. WCXB's and Zyte's saved pages carry no external stylesheet or
script, so their layout is default styles and inline CSS, and the two modes are level there
(`make bench-extraction`). The sites ``bench/modern_docs_set.py`` builds are whole: each page's
stylesheets, scripts, fonts and pictures sit beside it. Here each built site is served on
loopback (a static file server, one per site) and every sampled page is rendered by the
crawler's own `render.browser.Renderer` -- scripts run, the theme's CSS lays the page out, a
client-side app (VitePress, Docusaurus, Starlight) hydrates -- and its main text is scored
against the same structural gold as its static read of the same file. Chromium resolves every
name to nowhere but loopback (`bench.loopback.LOOPBACK_ONLY`).

Snapshots are cached in bench/out/modern-docs/rendered/ (a rerun renders nothing new); the
paired interval is a bootstrap over pages (2,000 resamples, seed 0), as in the benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import statistics
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.docs_set import Page  # noqa: E402
from bench.extraction_halves import half_of, load_scorer  # noqa: E402
from bench.loopback import LOOPBACK_ONLY  # noqa: E402
from bench.modern_docs_set import OUT, SITES, build, load_pages  # noqa: E402
from bench.other_sets import f1  # noqa: E402
from values.rendered import RenderedPage  # noqa: E402

CACHE = OUT / "rendered"
PAGES_IN_FLIGHT = 2  # two cores
RESAMPLES = 2000
SCORER = ROOT.parent / "shared" / "bench" / "wcxb_score.py"
"""Its `paired` is the benchmark's own paired bootstrap (seed 0), which `make bench-extraction` uses too."""


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class names it so
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """A built site's folder on an ephemeral loopback port, for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _cache_path(page: Page) -> Path:
    return CACHE / f"{hashlib.sha256(page.page_id.encode()).hexdigest()[:24]}.json"


async def _render(pages: list[tuple[Page, str]]) -> dict[str, str]:
    """Render `(page, its loopback URL)` pairs into the cache; `{page_id: reason}` of failures."""
    from render.browser import Renderer
    from render.settings import RenderSettings

    failed: dict[str, str] = {}
    sem = asyncio.Semaphore(PAGES_IN_FLIGHT)
    async with Renderer(RenderSettings(resolver_rules=LOOPBACK_ONLY, handle_signals=False)) as renderer:

        async def one(page: Page, url: str) -> None:
            async with sem:
                try:
                    result = await renderer.render(url)
                except Exception as err:  # noqa: BLE001 - one page's crash must not lose the others
                    failed[page.page_id] = f"{type(err).__name__}: {err}"
                    return
            if isinstance(result, RenderedPage):
                _cache_path(page).write_text(result.to_json(), encoding="utf-8")
            else:
                failed[page.page_id] = f"{result.kind} {result.message}"

        await asyncio.gather(*(one(page, url) for page, url in pages))
    return failed


def render_missing(pages: list[Page], sites: dict[str, Path]) -> dict[str, str]:
    """Render the pages not cached yet, each site served while its pages render."""
    CACHE.mkdir(parents=True, exist_ok=True)
    failed: dict[str, str] = {}
    for site, folder in sites.items():
        todo = [p for p in pages if p.package == site and not _cache_path(p).exists()]
        if not todo:
            continue
        print(f"rendering {len(todo)} pages of {site}", file=sys.stderr)
        with served(folder) as base:
            failed.update(asyncio.run(_render([(p, base + urlsplit(p.url).path) for p in todo])))
    return failed


def _main_text(page: RenderedPage) -> str:
    from extraction.document import parse
    from extraction.maintext import main_text

    return main_text(parse(page)).body


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--per-page", action="store_true", help="print every page's static and rendered F1")
    args = ap.parse_args(argv)
    sites = build(list(SITES))
    pages = load_pages(sites)
    failed = render_missing(pages, sites)
    for page_id, reason in sorted(failed.items()):
        print(f"  render failed {page_id}: {reason}", file=sys.stderr)
    rows: list[tuple[Page, float, float, bool, bool]] = []  # page, static F1, rendered F1, layout, same body
    for page in pages:
        static_body = _main_text(RenderedPage.from_html(page.html, page.url))
        path = _cache_path(page)
        if not path.exists():
            continue
        rendered = RenderedPage.from_json(path.read_text(encoding="utf-8"))
        rendered_body = _main_text(rendered)
        rows.append((page, f1(static_body, page.gold), f1(rendered_body, page.gold), rendered.has_layout,
                     static_body == rendered_body))
    paired = load_scorer("wcxb_score", SCORER).paired
    with_layout = [r for r in rows if r[3]]
    print(f"Modern documentation sites served on loopback and rendered whole: {len(with_layout)} of {len(pages)} "
          f"pages rendered with layout ({len(failed)} failed); {sum(r[4] for r in with_layout)} bodies identical "
          "between the modes\n")
    print("| pages (n) | static F1 | rendered F1 | rendered minus static [95%] |")
    print("|---|---|---|---|")

    def line(label: str, chosen: list[tuple[Page, float, float, bool, bool]]) -> None:
        if not chosen:
            return
        ids = [r[0].page_id for r in chosen]
        mean, low, high = paired({r[0].page_id: {"f1": r[2]} for r in chosen},
                                 {r[0].page_id: {"f1": r[1]} for r in chosen}, ids, RESAMPLES)
        print(f"| {label} ({len(chosen)}) | {statistics.mean(r[1] for r in chosen):.3f} | "
              f"{statistics.mean(r[2] for r in chosen):.3f} | {mean:+.3f} [{low:+.3f}, {high:+.3f}] |")

    line("all", with_layout)
    for half in ("tune", "held"):
        line(half, [r for r in with_layout if half_of(r[0].page_id) == half])
    for site in sites:
        line(site, [r for r in with_layout if r[0].package == site])
    if args.per_page:
        print()
        for page, static_f1, rendered_f1, _, same in with_layout:
            print(f"  {half_of(page.page_id):5s} {page.page_id:70s} static {static_f1:.3f}  rendered {rendered_f1:.3f}"
                  f"{'' if same else '  (bodies differ)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
