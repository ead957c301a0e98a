"""`rendercrawl db …` commands, as a click group the main CLI registers.

The database URL comes from `StorageSettings` (RENDERCRAWL_DATABASE_URL) unless `--database`
is given, read once here and passed down.
"""

from __future__ import annotations

import click
from sqlalchemy.engine import make_url

from storage.migrate import downgrade, upgrade
from storage.settings import StorageSettings

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
