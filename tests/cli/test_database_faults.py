"""A database that fails under a command is one clear line and exit 1, and leaves nothing
half-written: the previous profile intact and the file sound."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from demosite.server import DemoSite
from render.settings import RenderSettings
from rendercrawl.cli import main

ARTICLE = "/articles/harbour-bridge.html"


@pytest.mark.browser
def test_a_read_only_sqlite_file_is_one_line_and_loses_nothing(tmp_path: Path, demo_site: DemoSite,
                                                               render_settings: RenderSettings) -> None:
    path = tmp_path / "rc.db"
    env, before = _crawled_once(path, demo_site, render_settings)
    runner = CliRunner()

    read_only = {**env, "RENDERCRAWL_DATABASE_URL": f"sqlite:///file:{path}?mode=ro&uri=true"}
    result = runner.invoke(main, ["crawl", demo_site.url(ARTICLE)], env=read_only)
    assert result.exit_code == 1, result.output
    assert "database error:" in result.output and "readonly" in result.output
    assert "Traceback" not in result.output and result.output.strip().count("\n") == 0
    assert _rows(path) == before
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def _crawled_once(path: Path, demo_site: DemoSite, render_settings: RenderSettings) -> tuple[dict[str, str], tuple]:
    """A migrated SQLite file at `path` with one good crawl of the article; its env and rows."""
    env = {"RENDERCRAWL_DATABASE_URL": f"sqlite:///{path}", "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules}
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"], env=env).exit_code == 0
    assert runner.invoke(main, ["crawl", demo_site.url(ARTICLE), "--json"], env=env).exit_code == 0
    return env, _rows(path)


def _rows(path: Path) -> tuple[list, list]:
    with sqlite3.connect(path) as connection:
        return (connection.execute("SELECT page_id, title, word_count, version_id FROM profiles").fetchall(),
                connection.execute("SELECT id, outcome FROM crawls").fetchall())


@pytest.fixture()
def small_disk(tmp_path: Path):
    """A 4 MB filesystem of its own (tmpfs), so a test can fill it without touching the
    machine's disk. Mounting needs root (CAP_SYS_ADMIN), as on CI's machines."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount_point)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs to fill (needs root): {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def _fill(directory: Path) -> Path:
    filler = directory / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    return filler


@pytest.mark.browser
def test_a_full_disk_is_one_line_and_loses_nothing(small_disk: Path, demo_site: DemoSite,
                                                    render_settings: RenderSettings) -> None:
    path = small_disk / "rc.db"
    env, before = _crawled_once(path, demo_site, render_settings)
    runner = CliRunner()
    filler = _fill(small_disk)

    result = runner.invoke(main, ["crawl", demo_site.url(ARTICLE)], env=env)
    assert result.exit_code == 1, result.output
    assert "database error: database or disk is full" in result.output, result.output
    assert "Traceback" not in result.output and result.output.strip().count("\n") == 0
    filler.unlink()
    assert _rows(path) == before, "the previous profile and crawl log are as they were"
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
