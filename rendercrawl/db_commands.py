"""The database commands: `db upgrade|downgrade`, the read-only `sql`, and `reextract`.

The database URL comes from `StorageSettings` (RENDERCRAWL_DATABASE_URL) unless `--database`
is given, read once here and passed down.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import click
import psycopg
from sqlalchemy.engine import make_url
from tqdm import tqdm

from rendercrawl.tables import format_table
from storage.db import make_engine, session_factory
from storage.migrate import downgrade, upgrade
from storage.readonly import ReadOnlyViolation, run_readonly
from storage.reextract import reextract
from storage.settings import StorageSettings

SQL_CELL_MAX_CHARS = 60
"""Wider values are cut with `…` in the table view; --csv and --json print them whole."""


DATABASE_OPTION = click.option(
    "--database", "database_url", metavar="URL", default=None,
    help="Database URL (default: $RENDERCRAWL_DATABASE_URL or sqlite:///rendercrawl.db).")


def _url(database_url: str | None) -> str:
    return database_url or StorageSettings().database_url


@click.group("db")
def db_commands() -> None:
    """Create and migrate the profiles database."""


@db_commands.command("upgrade")
@DATABASE_OPTION
@click.argument("revision", default="head")
def upgrade_command(database_url: str | None, revision: str) -> None:
    """Apply migrations up to REVISION (default: the newest)."""
    url = _url(database_url)
    upgrade(url, revision)
    click.echo(f"database at {_safe(url)} is at revision {revision}")


@db_commands.command("downgrade")
@DATABASE_OPTION
@click.argument("revision")
def downgrade_command(database_url: str | None, revision: str) -> None:
    """Revert migrations down to REVISION (`base` drops every table)."""
    url = _url(database_url)
    downgrade(url, revision)
    click.echo(f"database at {_safe(url)} is at revision {revision}")


def _safe(url: str) -> str:
    """The URL with any password masked, for messages."""
    return make_url(url).render_as_string(hide_password=True)


@click.command("sql")
@DATABASE_OPTION
@click.argument("statement")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV with a header row.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of row objects.")
def sql_command(database_url: str | None, statement: str, as_csv: bool, as_json: bool) -> None:
    """Run one read-only SQL STATEMENT and print its rows.

    The database refuses writes (read-only connection / transaction), whatever the text says.
    Tables and example queries: the README's "Querying profiles".
    """
    if as_csv and as_json:
        raise click.UsageError("choose one of --csv and --json")
    try:
        columns, rows = run_readonly(_url(database_url), statement)
    except ReadOnlyViolation as error:
        raise click.ClickException(str(error)) from error
    except (sqlite3.Error, psycopg.Error) as error:
        raise click.ClickException(f"query failed: {str(error).strip()}") from error
    if as_json:
        click.echo(json.dumps([dict(zip(columns, row, strict=True)) for row in rows], default=str, ensure_ascii=False, indent=1))
    elif as_csv:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        click.echo(out.getvalue(), nl=False)
    else:
        click.echo(format_table(columns, [list(r) for r in rows], max_cell=SQL_CELL_MAX_CHARS, null="NULL"))
        click.echo(f"({len(rows)} row{'' if len(rows) == 1 else 's'})")


@click.command("reextract")
@DATABASE_OPTION
@click.option("--site", "host", metavar="HOST", default=None, help="Only pages of this host.")
@click.option("--all", "all_pages", is_flag=True, help="Every page that has a snapshot.")
def reextract_command(database_url: str | None, host: str | None, all_pages: bool) -> None:
    """Recompute profiles from stored snapshots (RENDERCRAWL_KEEP_SNAPSHOTS) without recrawling."""
    if (host is None) == (not all_pages):
        raise click.UsageError("give exactly one of --site HOST and --all")
    from extraction.extract import extract  # the one place storage's CLI needs the extractor

    engine = make_engine(_url(database_url))
    with session_factory(engine).begin() as session, tqdm(unit="page", desc="re-extracting") as bar:
        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        result = reextract(session, extract, progress, host=host)
    engine.dispose()
    click.echo(f"{result.pages} pages: {result.changed} changed, {result.unchanged} unchanged, "
               f"{len(result.failed)} failed")
    for url, reason in result.failed:
        click.echo(f"  {url}: {reason}", err=True)
