"""`rendercrawl extract`: profiles of saved pages, rendered offline or parsed statically.

One browser serves every file of a call; each file is rendered with all network refused
except the document itself, so a saved page gives the same profile wherever it is checked.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import click
from tqdm import tqdm

from extraction import extract, extract_explained
from extraction.output import output_name, profile_json
from render.outcome import RenderFailure
from render.settings import RenderSettings
from rendercrawl.console import fail, print_profile, read_html
from values.rendered import RenderedPage
from values.targets import refuse_target
from values.urls import InvalidUrl, normalize_url

HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
OFFLINE_CONCURRENCY = 2
"""Pages rendered at once: Chromium is CPU-bound at two pages on two cores."""


def run_extract(inputs: tuple[str, ...], original_url: str | None, static: bool, as_json: bool,
                out_dir: Path | None, explain: bool, settings: RenderSettings) -> None:
    now = datetime.now(UTC)  # the I/O edge reads the clock; extraction never does
    if original_url is not None:
        try:
            original_url = normalize_url(original_url)
        except InvalidUrl as error:
            fail(str(error))
    if len(inputs) == 1 and inputs[0].startswith(("http://", "https://")):
        pages: Sequence[tuple[Path | None, RenderedPage]] = [_render_live(inputs[0], settings)]
    else:
        files = list(_html_files(inputs))
        if not files:
            fail("no .html or .html.gz files in " + ", ".join(inputs))
        if (len(files) > 1 or out_dir) and original_url:
            fail("--url applies to a single file")
        if len(files) > 1 and out_dir is None:
            fail("several files need --out DIR")
        sources = [(f, read_html(f), original_url or f.resolve().as_uri()) for f in files]
        pages = _parse_all(sources) if static else _render_all(sources, settings, show_progress=out_dir is not None)
    for path, page in pages:
        if explain and out_dir is None:
            profile, report = extract_explained(page, now=now)
            click.echo(report)
        else:
            profile = extract(page, now=now)
        if out_dir is not None:
            out_dir.mkdir(parents=True, exist_ok=True)
            (out_dir / output_name(path.name if path else "page.html")).write_text(profile_json(profile))
            continue
        print_profile(profile, as_json)


def _render_live(url: str, settings: RenderSettings) -> tuple[Path | None, RenderedPage]:
    from render.browser import Renderer

    try:
        refuse_target(normalize_url(url), settings.targets)
    except InvalidUrl as error:
        fail(str(error))

    async def go() -> RenderedPage | RenderFailure:
        async with Renderer(settings) as renderer:
            return await renderer.render(url)

    page = asyncio.run(go())
    if isinstance(page, RenderFailure):
        fail(f"{url}: {page}")
    return None, page


def _parse_all(sources: list[tuple[Path, str, str]]) -> list[tuple[Path, RenderedPage]]:
    return [(path, RenderedPage.from_html(html, url)) for path, html, url in sources]


def _render_all(sources: list[tuple[Path, str, str]], settings: RenderSettings,
                show_progress: bool) -> list[tuple[Path, RenderedPage]]:
    from render.browser import Renderer

    async def go() -> list[tuple[Path, RenderedPage]]:
        gate = asyncio.Semaphore(OFFLINE_CONCURRENCY)
        bar = tqdm(total=len(sources), unit="page", disable=not show_progress, file=sys.stderr)
        async with Renderer(settings) as renderer:
            async def one(path: Path, html: str, url: str) -> tuple[Path, RenderedPage]:
                async with gate:
                    page = await render_saved(renderer, html, url)
                bar.update()
                return path, page
            results = await asyncio.gather(*(one(*s) for s in sources))
        bar.close()
        return results

    return asyncio.run(go())


async def render_saved(renderer, html: str, url: str) -> RenderedPage:
    """Render saved HTML as if served from `url`; a page that fails to render falls back to
    its static parse, so a bulk run never loses a file."""
    served_at = url if url.startswith(("http://", "https://")) else "http://saved-page.invalid/page.html"
    page = await renderer.render_html(html, served_at)
    if isinstance(page, RenderFailure):
        click.echo(f"rendercrawl: {url}: {page}; parsed statically instead", err=True)
        return RenderedPage.from_html(html, url)
    return dataclasses.replace(page, requested_url=url, final_url=url)


def _html_files(inputs: Iterable[str]) -> Iterable[Path]:
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.name.endswith(HTML_SUFFIXES))
        elif path.is_file():
            yield path
        else:
            fail(f"{item}: no such file or directory")
