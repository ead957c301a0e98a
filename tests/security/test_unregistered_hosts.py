"""Views and pushes for a host nobody registered are refused (unless a setting accepts any
host): outsiders cannot make the crawler visit sites it was never meant to crawl."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from rendercrawl.cli import main

STRICT = {"RENDERCRAWL_ACCEPT_UNREGISTERED_HOSTS": "false"}


def test_views_pushes_and_ingest_need_a_registered_site(tmp_path: Path) -> None:
    env = {"RENDERCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'rc.db'}", **STRICT}
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"], env=env).exit_code == 0
    url = "http://paper.example/news/1"
    for args in (["view", url], ["push", url]):
        refused = runner.invoke(main, args, env=env)
        assert refused.exit_code == 1 and "no registered site" in refused.output, refused.output
    line = json.dumps({"url": url, "time": "2024-05-01T08:00:00Z"})
    ingested = runner.invoke(main, ["ingest", "-", "--json"], env=env, input=line)
    assert ingested.exit_code == 1 and "no registered site" in ingested.output

    assert runner.invoke(main, ["sites", "add", "paper.example"], env=env).exit_code == 0
    assert runner.invoke(main, ["view", url, "--json"], env=env).exit_code == 0
    assert runner.invoke(main, ["push", url, "--json"], env=env).exit_code == 0
    accepted = runner.invoke(main, ["view", "http://other.example/x", "--json"],
                             env={**env, "RENDERCRAWL_ACCEPT_UNREGISTERED_HOSTS": "true"})
    assert accepted.exit_code == 0, accepted.output
