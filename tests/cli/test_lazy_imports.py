"""A command imports what it uses: `rendercrawl crawl URL` is one process per page, and the
modules of other commands (the service's web framework, PostgreSQL's driver, the scheduler's
jobs, the migrations) were most of its start-up. Libraries for rare paths are imported on first
use: the language detector (with numpy) for a page that does not state its language,
SQLAlchemy's PostgreSQL dialect for a PostgreSQL database; dateparser's parser never (a month name
is read from its language data)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

NOT_FOR_A_CRAWL = ("fastapi", "psycopg", "apscheduler", "alembic", "rendercrawl.service.app",
                   "py3langid", "numpy", "dateparser", "sqlalchemy.dialects.postgresql")

PROBE = """
import json, sys
from rendercrawl.cli import main
try:
    main(["crawl", "--help"])
except SystemExit:
    pass
import rendercrawl.crawl  # what the crawl itself imports when it runs
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {names} or m in {names})))
"""


def test_the_crawl_command_loads_no_other_commands_modules() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE.format(names=set(NOT_FOR_A_CRAWL))], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert loaded == [], loaded


def test_every_command_is_listed_and_loads() -> None:
    from click.testing import CliRunner

    from rendercrawl.cli import COMMANDS, main

    listed = CliRunner().invoke(main, ["--help"])
    assert listed.exit_code == 0, listed.output
    for name in COMMANDS:
        assert f"  {name} " in listed.output
        assert CliRunner().invoke(main, [name, "--help"]).exit_code == 0, name



COLLECTOR = """
import gc, json
from rendercrawl.cli import main
try:
    main({args})
except SystemExit:
    pass
print(json.dumps([gc.isenabled(), gc.get_freeze_count() > 0]))
"""


@pytest.mark.parametrize("args", [["crawl", "--help"], ["crawl"], ["no-such-command"], ["--version"]])
def test_the_collector_runs_again_once_a_commands_modules_are_loaded(args: list[str]) -> None:
    """The collector is paused only for the imports: a command, a failed one, an unknown one
    run with it on again, what they loaded frozen; `--version` never pauses it."""
    done = subprocess.run([sys.executable, "-c", COLLECTOR.format(args=args)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 0, done.stderr
    frozen = args != ["--version"]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [True, frozen]
