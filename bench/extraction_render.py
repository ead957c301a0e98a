"""Render the benchmark pages offline, once, into cached `RenderedPage` JSON.

Uses the project's `render.browser.Renderer.render_html` (the saved HTML answers the page's
own URL, every other request is refused), so the benchmark measures the crawler's real
snapshot. The cache (bench/out/rendered/<id>.json) means tuning runs never re-render.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import sys
from pathlib import Path
from urllib.parse import urldefrag

from render.model import RenderedPage

PAGES_IN_FLIGHT = 2  # CPU-bound at 2 pages on 2 cores (shared/reference/chromium-playwright.md)


async def _render_all(jobs: list[tuple[str, str, str]], out: Path) -> list[str]:
    from render.browser import Renderer

    failed: list[str] = []
    sem = asyncio.Semaphore(PAGES_IN_FLIGHT)
    async with Renderer() as renderer:

        async def one(page_id: str, url: str, html: str) -> None:
            async with sem:
                # The offline route matches the request URL, which never carries a fragment.
                result = await renderer.render_html(html, urldefrag(url).url)
            if isinstance(result, RenderedPage):
                (out / f"{page_id}.json").write_text(result.to_json(), encoding="utf-8")
            else:
                failed.append(f"{page_id[:12]}: {result.kind} {result.message}")

        await asyncio.gather(*(one(*job) for job in jobs))
    return failed


def render_pages(pages: dict[str, tuple[str, str]], out: Path) -> dict[str, RenderedPage]:
    """Render `{id: (url, html)}` pages not cached in `out` yet; return every cached page."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [(pid, url, html) for pid, (url, html) in pages.items() if not (out / f"{pid}.json").exists()]
    if todo:
        print(f"rendering {len(todo)} pages offline (cached in {out})", file=sys.stderr)
        for failure in asyncio.run(_render_all(todo, out)):
            print(f"  render failed {failure}", file=sys.stderr)
    return {pid: RenderedPage.from_json((out / f"{pid}.json").read_text(encoding="utf-8"))
            for pid in pages if (out / f"{pid}.json").exists()}


def load_benchmark(root: Path) -> dict[str, tuple[str, str]]:
    """`{id: (url, html)}` for every page of the benchmark's ground truth."""
    gold = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    return {
        pid: (entry["url"], gzip.decompress((root / "html" / f"{pid}.html.gz").read_bytes()).decode("utf-8"))
        for pid, entry in gold.items()
    }
