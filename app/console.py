"""What every command shares: failing with one clear line, reading saved HTML."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import NoReturn

import click


def fail(message: str) -> NoReturn:
    """One clear line on stderr and exit status 1: how every command reports bad input."""
    click.echo(f"rendercrawl: {message}", err=True)
    sys.exit(1)


def read_html(path: Path) -> str:
    """A saved page, gzipped or not, as text (undecodable bytes replaced, never an error)."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")
