"""What every command shares: failing with one clear line, opening the database, reading saved HTML."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import NoReturn

import click

from storage.db import Engine, has_schema, make_engine


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


def read_html(path: Path) -> str:
    """A saved page, gzipped or not, as text (undecodable bytes replaced, never an error)."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")
