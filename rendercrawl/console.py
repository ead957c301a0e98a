"""What every command shares: failing with one clear line, opening the database, reading saved
HTML, printing a profile."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import NoReturn

import click

from extraction.output import profile_json
from storage.db import Engine, has_schema, make_engine
from values.profile import ContentProfile

PREVIEW_CHARS = 160
"""How much of the body a summary shows: about two lines of a terminal."""
UNSUMMARIZED = ("body", "sources", "rejections", "datalayer")
"""Fields a summary does not print as they are: the body has its own line, the rest are long."""


def fail(message: str) -> NoReturn:
    """One clear line on stderr and exit status 1: how every command reports bad input."""
    click.echo(f"rendercrawl: {message}", err=True)
    sys.exit(1)


def open_database(database_url: str) -> Engine:
    """The engine of a migrated database; a database without the schema is rejected input."""
    engine = make_engine(database_url)
    if not has_schema(engine):
        fail("the database has no schema yet: run `rendercrawl db upgrade`")
    return engine


def print_profile(profile: ContentProfile, as_json: bool) -> None:
    """How `crawl`, `profile` and `extract` print a profile: its JSON (as `extract --out` writes
    it), or one line per field that has a value, the body's length and start, and where each
    field came from."""
    if as_json:
        click.echo(profile_json(profile), nl=False)
        return
    data = profile.to_json_dict()
    for key, value in data.items():
        if key not in UNSUMMARIZED and value not in (None, [], {}):
            click.echo(f"{key:>16}: {value}")
    body = data["body"]
    click.echo(f"{'body':>16}: {len(body.split())} words — {body[:PREVIEW_CHARS]}{'…' if len(body) > PREVIEW_CHARS else ''}")
    click.echo(f"{'sources':>16}: {', '.join(f'{k}={v}' for k, v in data['sources'].items())}")


def read_html(path: Path) -> str:
    """A saved page, gzipped or not, as text (undecodable bytes replaced, never an error)."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")
