"""The `rendercrawl` command line (click): one group, one function per command.

Settings are read once here, at start-up, and passed down; nothing below reads the
environment on its own.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import click

from render.chromium import ChromiumNotFound
from render.settings import RenderSettings
from scheduler.console import fail
from storage.settings import StorageSettings


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rendercrawl")
def main() -> None:
    """Render publisher pages in Chromium, extract content profiles, store them in SQL."""


@main.command()
@click.argument("url")
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON.")
def crawl(url: str, as_json: bool) -> None:
    """Render URL, extract its profile, store it, and print it."""
    from scheduler.pipeline import crawl_url
    from storage.db import make_engine, session_factory

    storage = StorageSettings()
    engine = make_engine(storage.database_url)
    _require_schema(engine)

    async def run():
        from render.browser import Renderer
        async with Renderer(RenderSettings()) as renderer:
            return await crawl_url(renderer, session_factory(engine), url, keep_snapshot=storage.keep_snapshots)

    result = _run_browser(run())
    if result.profile is None:
        fail(f"{url}: {result.failure}")
    _print_profile(result.profile.to_json_dict(), as_json)
    if not result.ok:
        fail(f"{url}: {result.attempt.outcome}")


@main.command()
@click.argument("url")
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON.")
def profile(url: str, as_json: bool) -> None:
    """Print the stored profile of URL."""
    from storage.db import make_engine, session_factory
    from storage.repository import load_profile

    engine = make_engine(StorageSettings().database_url)
    _require_schema(engine)
    with session_factory(engine)() as session:
        found = load_profile(session, url)
    if found is None:
        fail(f"no stored profile for {url}")
    _print_profile(found.to_json_dict(), as_json)


@main.command()
@click.option("--install", is_flag=True, help="Install Chromium if none is found.")
def doctor(install: bool) -> None:
    """Say which Chromium will be used (and install one with --install)."""
    from render.chromium import ensure_chromium, find_chromium

    try:
        path = ensure_chromium(RenderSettings().chromium) if install else find_chromium(RenderSettings().chromium)
    except ChromiumNotFound as error:
        fail(str(error))
    click.echo(f"chromium: {path}")


@main.command()
@click.option("--port", default=0, show_default="a free port", help="Port of the demo site on 127.0.0.1.")
def demo(port: int) -> None:
    """Serve the bundled demo site on loopback, crawl it, store and summarise the profiles."""
    from scheduler.demo import run_demo

    run_demo(StorageSettings(), RenderSettings(), port)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--url", "original_url", help="The page's original URL (links, the title/domain rule).")
@click.option("--static", is_flag=True, help="Parse the HTML without a browser (no layout, no scripts).")
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write DIR/<name>.json per input instead of printing.")
@click.option("--explain", is_flag=True, help="Show how the main text was chosen.")
def extract(paths: tuple[str, ...], original_url: str | None, static: bool, as_json: bool,
            out_dir: Path | None, explain: bool) -> None:
    """Extract profiles from saved HTML files (.html, .html.gz, directories) or one URL."""
    from scheduler.extract_command import run_extract

    run_extract(paths, original_url, static, as_json, out_dir, explain, RenderSettings())


def _require_schema(engine: Any) -> None:
    from sqlalchemy import inspect

    if not inspect(engine).has_table("profiles"):
        fail("the database has no schema yet: run `rendercrawl db upgrade`")


def _run_browser(coro: Any) -> Any:
    try:
        return asyncio.run(coro)
    except ChromiumNotFound as error:
        fail(str(error))


def _print_profile(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    for key, value in data.items():
        if key in ("body", "sources", "rejections", "datalayer"):
            continue
        if value in (None, [], {}):
            continue
        click.echo(f"{key:>16}: {value}")
    body = data["body"]
    click.echo(f"{'body':>16}: {len(body.split())} words — {body[:160]}{'…' if len(body) > 160 else ''}")
    click.echo(f"{'sources':>16}: {', '.join(f'{k}={v}' for k, v in data['sources'].items())}")


def _register_component_commands() -> None:
    """The database commands: `db`, `sql`, `reextract`."""
    from scheduler.db_commands import db_commands, reextract_command, sql_command

    for command in (db_commands, sql_command, reextract_command):
        main.add_command(command)


_register_component_commands()
from scheduler import admin  # noqa: E402 - the scheduler's commands: push, recrawl, status, sites, view, ingest, run, scheduler, worker

for command in admin.COMMANDS:
    main.add_command(command)

if __name__ == "__main__":
    main()
