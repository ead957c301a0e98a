"""The `rendercrawl` command line (click): one group, and every command registered on it here,
in one list, from the module that holds it."""

from __future__ import annotations

from typing import Any

import click

from app import admin, db_commands, page_commands, runners, serve_command
from app.console import fail
from storage.db import DatabaseError


class _Commands(click.Group):
    """A database that fails under a command (gone, read-only, full disk) is one clear line and
    exit 1, never a traceback; the command's transaction was rolled back, so nothing is half-written."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DatabaseError as error:
            cause = str(getattr(error, "orig", None) or error).strip().splitlines()
            fail(f"database error: {cause[0] if cause else type(error).__name__}")


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rendercrawl")
def main() -> None:
    """Render publisher pages in Chromium, extract content profiles, store them in SQL."""


COMMANDS: tuple[click.Command, ...] = (
    page_commands.crawl, page_commands.profile, page_commands.extract, page_commands.doctor, page_commands.demo,
    admin.push, admin.recrawl, admin.view, admin.ingest, admin.status, admin.sites,
    runners.run, runners.scheduler_command, runners.worker,
    db_commands.db_commands, db_commands.sql_command, db_commands.reextract_command, serve_command.serve,
)
"""Every command, registered the one way: `main.add_command`."""

for _command in COMMANDS:
    main.add_command(_command)

if __name__ == "__main__":
    main()
