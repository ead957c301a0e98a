"""Render the benchmark pages offline into cached `RenderedPage` JSON (bench/out/rendered/).

Prefers the project's own offline renderer (`render.snapshot`) when it exists; until then it
uses a minimal stand-in below (Playwright + Debian's headless shell, every request except the
page's own HTML refused, one snapshot script). The cache means tuning runs never re-render.
"""

from __future__ import annotations

import asyncio
import gzip
import importlib
import json
import sys
from pathlib import Path

from render.model import Box, RenderedPage

CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
VIEWPORT = (1280, 900)  # CSS px: a common desktop window, wide enough for a sidebar layout
SETTLE_MS = 300  # ms after `load` for inline scripts' timers
NAVIGATION_TIMEOUT_MS = 20_000  # a page that has not loaded by then is snapshotted as it is
PAGES_IN_FLIGHT = 2  # CPU-bound on 2 cores (shared/reference/chromium-playwright.md)

SNAPSHOT_JS = r"""
() => {
  const els = document.getElementsByTagName('*');
  const rows = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  const sx = window.scrollX, sy = window.scrollY;
  const overlayOf = new Map();
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    el.setAttribute('data-rc-id', String(i));
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const parent = el.parentElement;
    let overlay = parent ? (overlayOf.get(parent) || false) : false;
    if ((cs.position === 'fixed' || cs.position === 'sticky') && r.width * r.height > 0) overlay = true;
    overlayOf.set(el, overlay);
    let visible = el.checkVisibility ? el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}) : true;
    if (visible && r.width <= 1 && r.height <= 1 && cs.overflow !== 'visible') visible = false;
    if (visible && (r.right + sx < 0 || r.bottom + sy < 0)) visible = false;
    rows.push([i, r.x + sx, r.y + sy, r.width, r.height, visible ? 1 : 0,
               parseFloat(cs.fontSize) || 0, parseInt(cs.fontWeight) || 400, cs.display, cs.position,
               overlay ? 1 : 0]);
  }
  const dt = document.doctype ? '<!DOCTYPE html>' : '';
  return JSON.stringify({
    rows, html: dt + document.documentElement.outerHTML,
    doc: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  });
}
"""


def _page_from_snapshot(url: str, raw: str) -> RenderedPage:
    data = json.loads(raw)
    boxes = {
        r[0]: Box(x=r[1], y=r[2], width=r[3], height=r[4], visible=bool(r[5]), font_size=r[6],
                  font_weight=r[7], display=r[8], position=r[9], overlay=bool(r[10]))
        for r in data["rows"]
    }
    return RenderedPage(requested_url=url, final_url=url, status=200, content_type="text/html",
                        html=data["html"], boxes=boxes, viewport=VIEWPORT,
                        document_size=tuple(data["doc"]))


async def _render_one(browser, url: str, html: str) -> RenderedPage:
    context = await browser.new_context(viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]})
    try:
        page = await context.new_page()

        served = []

        async def route(r):
            # The saved HTML answers the first navigation only; a script's redirect or
            # reload is refused like every other request, so the snapshot stays on it.
            if not served and r.request.is_navigation_request():
                served.append(r.request.url)
                await r.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)
            else:
                await r.abort()

        await page.route("**/*", route)
        try:
            await page.goto(url, wait_until="load", timeout=NAVIGATION_TIMEOUT_MS)
        except Exception as err:  # noqa: BLE001 - a slow page is still snapshotted, the error recorded
            print(f"  navigation: {type(err).__name__} on {url}", file=sys.stderr)
        await page.wait_for_timeout(SETTLE_MS)
        raw = await page.evaluate(SNAPSHOT_JS)
        return _page_from_snapshot(url, raw)
    finally:
        await context.close()


async def _render_all(jobs: list[tuple[str, str, str]], out: Path) -> None:
    from playwright.async_api import async_playwright

    sem = asyncio.Semaphore(PAGES_IN_FLIGHT)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM)

        async def one(page_id: str, url: str, html: str) -> None:
            async with sem:
                try:
                    rendered = await _render_one(browser, url, html)
                except Exception as err:  # noqa: BLE001 - recorded; the page is re-tried next run
                    print(f"  render failed {page_id}: {err}", file=sys.stderr)
                    return
                (out / f"{page_id}.json").write_text(rendered.to_json(), encoding="utf-8")

        await asyncio.gather(*(one(*job) for job in jobs))
        await browser.close()


def _project_renderer():
    """`render.snapshot.render_html(html, url) -> RenderedPage` once the render package has it."""
    try:
        module = importlib.import_module("render.snapshot")
    except ImportError:
        return None
    return getattr(module, "render_html", None)


def render_pages(pages: dict[str, tuple[str, str]], out: Path) -> dict[str, RenderedPage]:
    """Render `{id: (url, html)}` not yet cached in `out`; return every cached page."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [(pid, url, html) for pid, (url, html) in pages.items() if not (out / f"{pid}.json").exists()]
    if todo:
        project = _project_renderer()
        print(f"rendering {len(todo)} pages with {'render.snapshot' if project else 'the bench stand-in'}",
              file=sys.stderr)
        if project:
            for pid, url, html in todo:
                (out / f"{pid}.json").write_text(project(html, url).to_json(), encoding="utf-8")
        else:
            asyncio.run(_render_all(todo, out))
    cached = {}
    for pid in pages:
        path = out / f"{pid}.json"
        if path.exists():
            cached[pid] = RenderedPage.from_json(path.read_text(encoding="utf-8"))
    return cached


def load_benchmark(root: Path) -> dict[str, tuple[str, str]]:
    gold = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    return {
        pid: (entry["url"], gzip.decompress((root / "html" / f"{pid}.html.gz").read_bytes()).decode("utf-8"))
        for pid, entry in gold.items()
    }
