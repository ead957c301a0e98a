"""The `rendercrawl` commands a person runs: crawl, profile, db, extract — and their errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from demosite.server import DemoSite
from render.settings import RenderSettings
from rendercrawl.cli import main

ARTICLE = "/articles/harbour-bridge.html"


@pytest.fixture()
def env(tmp_path: Path, render_settings: RenderSettings) -> dict[str, str]:
    return {
        "RENDERCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'cli.db'}",
        "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules,
    }


def run(env: dict[str, str], *args: str):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def test_every_command_has_help() -> None:
    for command in main.commands:
        result = CliRunner().invoke(main, [command, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


def test_crawl_then_profile_prints_the_stored_profile(env: dict[str, str], demo_site: DemoSite) -> None:
    assert run(env, "db", "upgrade").exit_code == 0
    url = demo_site.url(ARTICLE)
    crawled = run(env, "crawl", url, "--json")
    assert crawled.exit_code == 0, crawled.output
    stored = run(env, "profile", url, "--json")
    assert stored.exit_code == 0
    assert json.loads(stored.output)["title"] == json.loads(crawled.output)["title"]


def test_failed_crawl_exits_non_zero_with_one_line_and_is_logged(env: dict[str, str], demo_site: DemoSite) -> None:
    run(env, "db", "upgrade")
    result = run(env, "crawl", demo_site.url("/feed.json"))
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0 and "non_html" in result.output
    engine = create_engine(env["RENDERCRAWL_DATABASE_URL"])
    with engine.connect() as conn:
        assert conn.execute(text("SELECT outcome FROM crawls")).scalars().all() == ["non_html"]
        assert conn.execute(text("SELECT count(*) FROM profiles")).scalar() == 0


def test_crawl_without_schema_says_what_to_do(env: dict[str, str], demo_site: DemoSite) -> None:
    result = run(env, "crawl", demo_site.url(ARTICLE))
    assert result.exit_code == 1 and "rendercrawl db upgrade" in result.output


def test_extract_static_file_prints_json(tmp_path: Path) -> None:
    page = tmp_path / "a.html"
    page.write_text("<html><head><meta property='og:title' content='Saved headline'></head>"
                    "<body><p>Some words.</p></body></html>")
    result = CliRunner().invoke(main, ["extract", str(page), "--static", "--json",
                                       "--url", "https://news.example/a.html"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["title"] == "Saved headline" and data["url"] == "https://news.example/a.html"


def test_extract_json_serializes_each_profile_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--json` and `--out` build a profile's JSON form (and its content hash) once, not once
    more for a summary nobody prints."""
    from values.profile import ContentProfile

    calls = []
    to_json_dict = ContentProfile.to_json_dict
    monkeypatch.setattr(ContentProfile, "to_json_dict", lambda self: calls.append(self.url) or to_json_dict(self))
    page = tmp_path / "a.html"
    page.write_text("<title>One</title><p>first page</p>")
    for output in (["--json"], ["--out", str(tmp_path / "out")]):
        calls.clear()
        result = CliRunner().invoke(main, ["extract", str(page), "--static", *output])
        assert result.exit_code == 0, result.output
        assert calls == [page.resolve().as_uri()], output


def test_extract_prints_the_summary_crawl_and_profile_print(tmp_path: Path) -> None:
    """One printer: each field with a value, the body's length and start, the sources."""
    page = tmp_path / "a.html"
    page.write_text("<html><head><title>Saved headline</title></head><body><article><p>"
                    + "Some words of a story. " * 20 + "</p></article></body></html>")
    result = CliRunner().invoke(main, ["extract", str(page), "--static", "--url", "https://news.example/a.html"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "           title: Saved headline" in lines
    assert any(line.startswith("            body: 100 words — Some words of a story.") and line.endswith("…")
               for line in lines), lines
    assert any(line.startswith("         sources: ") and "title=" in line for line in lines), lines


def test_extract_directory_writes_one_json_per_page(tmp_path: Path) -> None:
    import gzip

    src = tmp_path / "pages"
    src.mkdir()
    (src / "one.html").write_text("<title>One</title><p>first page</p>")
    (src / "two.html.gz").write_bytes(gzip.compress(b"<title>Two</title><p>second page</p>"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["extract", str(src), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["one.json", "two.json"]
    assert json.loads((out / "two.json").read_text())["title"] == "Two"


def test_extract_explain_shows_the_chosen_container_and_block_reasons() -> None:
    from demosite.server import site_root

    page = site_root() / "articles" / "golf-open-final.html"
    result = CliRunner().invoke(main, ["extract", str(page), "--static", "--explain"])
    assert result.exit_code == 0, result.output
    assert "chosen container:" in result.output and "outside the chosen container" in result.output


@pytest.mark.parametrize(("variable", "value", "args"), [
    ("RENDERCRAWL_ALLOW_TARGETS", "[1,", ("view", "http://a.test/1")),
    ("RENDERCRAWL_ALLOW_TARGETS", "[1,", ("push", "http://a.test/1")),
    ("RENDERCRAWL_ALLOW_TARGETS", "[1,", ("crawl", "http://a.test/1")),
    ("RENDERCRAWL_VIEW_THRESHOLD", "three", ("view", "http://a.test/1")),
    ("RENDERCRAWL_RECRAWL_LADDER_HOURS", "1,ten", ("view", "http://a.test/1")),
    ("RENDERCRAWL_SERVICE_READ_LIMIT", "0", ("serve", "--port", "0")),
    ("RENDERCRAWL_KEEP_SNAPSHOTS", "perhaps", ("worker",)),
])
def test_a_malformed_setting_is_one_line_with_a_valid_example(env: dict[str, str], variable: str, value: str,
                                                              args: tuple[str, ...]) -> None:
    """Not pydantic's traceback: the variable, what it holds, and a value it would take."""
    assert run(env, "db", "upgrade").exit_code == 0
    result = CliRunner().invoke(main, list(args), env={**env, variable: value})
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    [line] = result.stderr.splitlines()
    assert line.startswith(f"rendercrawl: {variable}={value!r}: ") and f"for example {variable}=" in line


def test_a_setting_that_may_hold_a_password_is_not_echoed(env: dict[str, str]) -> None:
    assert run(env, "db", "upgrade").exit_code == 0
    sites = '{"example.com": {"password": "planted-s3cret"'
    result = CliRunner().invoke(main, ["crawl", "http://a.test/1"], env={**env, "RENDERCRAWL_SITES": sites})
    assert isinstance(result.exception, SystemExit) and "RENDERCRAWL_SITES" in result.stderr
    assert "planted-s3cret" not in result.output


def test_list_settings_take_comma_separated_values(env: dict[str, str]) -> None:
    assert run(env, "db", "upgrade").exit_code == 0
    env = {**env, "RENDERCRAWL_ACCEPT_UNREGISTERED_HOSTS": "true"}
    refused = CliRunner().invoke(main, ["view", "http://127.0.0.1:9/a"], env={**env, "RENDERCRAWL_ALLOW_TARGETS": "10.0.0.0/8"})
    assert refused.exit_code == 1 and "refused target" in refused.stderr
    allowed = run({**env, "RENDERCRAWL_ALLOW_TARGETS": "10.0.0.0/8, 127.0.0.1", "RENDERCRAWL_RECRAWL_LADDER_HOURS": "1,10,96"},
                  "view", "http://127.0.0.1:9/a")
    assert allowed.exit_code == 0, allowed.output
