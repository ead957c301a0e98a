"""The `rendercrawl` command line (click): one group, and every command registered on it here,
in one list, from the module that holds it.

A command's module is imported only when that command runs (or help lists them all): a
process that crawls one page never loads the service's web framework, PostgreSQL's driver or
the scheduler's jobs: the imports of `rendercrawl crawl URL` went from 1.64 to 1.07 CPU-seconds
(medians of 5, machine under load; bench/RENDER.md).

The garbage collector waits while a command's modules load: they allocate hundreds of thousands
of objects that live as long as the process, and its passes over them cost `crawl URL` about
0.05 CPU-s before the page, and its later full passes as much again, so they are frozen
(`gc.freeze`) once loaded. Once per process: a test invoking many commands freezes only once.
"""

from __future__ import annotations

import gc
import importlib
from typing import Any

import click

_collector_paused = False
"""True while the collector is off for the imports of a command (`_pause_collector`)."""


def _pause_collector() -> None:
    global _collector_paused
    if gc.isenabled() and not _collector_paused and not gc.get_freeze_count():
        gc.disable()
        _collector_paused = True


def _resume_collector() -> None:
    global _collector_paused
    if _collector_paused:
        gc.freeze()
        gc.enable()
        _collector_paused = False

COMMANDS: dict[str, str] = {
    "crawl": "page_commands:crawl", "profile": "page_commands:profile", "page": "page_commands:page",
    "extract": "page_commands:extract", "doctor": "page_commands:doctor", "demo": "page_commands:demo",
    "push": "admin:push", "recrawl": "admin:recrawl", "view": "admin:view", "ingest": "admin:ingest",
    "status": "admin:status", "sites": "admin:sites",
    "run": "runners:run", "scheduler": "runners:scheduler_command", "worker": "runners:worker",
    "db": "db_commands:db_commands", "sql": "db_commands:sql_command",
    "reextract": "db_commands:reextract_command", "serve": "serve_command:serve",
}
"""Every command, by name: the `module:attribute` of its `click.Command` in this package, imported on use."""


class _Commands(click.Group):
    """Commands from `COMMANDS`, imported when asked for.

    A database that fails under a command (gone, read-only, full disk) is one clear line and
    exit 1, never a traceback; the command's transaction was rolled back, so nothing is half-written.
    So is a malformed setting (`rendercrawl.settings_errors`)."""

    def invoke(self, ctx: click.Context) -> Any:
        _pause_collector()
        from pydantic import ValidationError
        from pydantic_settings import SettingsError

        from rendercrawl.console import fail
        from rendercrawl.settings_errors import setting_problem
        from storage.db import DatabaseError

        try:
            return super().invoke(ctx)
        except DatabaseError as error:
            cause = str(getattr(error, "orig", None) or error).strip().splitlines()
            fail(f"database error: {cause[0] if cause else type(error).__name__}")
        except (ValidationError, SettingsError) as error:  # a setting the environment got wrong
            problem = setting_problem(error)
            if problem is None:
                raise
            fail(problem)
        finally:
            _resume_collector()

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, _, attribute = target.partition(":")
        command = getattr(importlib.import_module(f".{module}", __package__), attribute)
        _resume_collector()  # before the command runs
        assert isinstance(command, click.Command) and command.name == cmd_name, target
        return command


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rendercrawl")
def main() -> None:
    """Render publisher pages in Chromium, extract content profiles, store them in SQL."""


if __name__ == "__main__":
    main()
