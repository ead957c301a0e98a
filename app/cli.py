"""The `rendercrawl` command line (click): one group, and every command registered on it here,
in one list, from the module that holds it."""

from __future__ import annotations

import click

from app import admin, db_commands, page_commands, runners


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rendercrawl")
def main() -> None:
    """Render publisher pages in Chromium, extract content profiles, store them in SQL."""


COMMANDS: tuple[click.Command, ...] = (
    page_commands.crawl, page_commands.profile, page_commands.extract, page_commands.doctor, page_commands.demo,
    admin.push, admin.recrawl, admin.view, admin.ingest, admin.status, admin.sites,
    runners.run, runners.scheduler_command, runners.worker,
    db_commands.db_commands, db_commands.sql_command, db_commands.reextract_command,
)
"""Every command, registered the one way: `main.add_command`."""

for _command in COMMANDS:
    main.add_command(_command)

if __name__ == "__main__":
    main()
