"""`rendercrawl crawl` is the worker's crawl of one page: the same URL identity as a view, the
site rows (credentials, ignorable parameters), and the canonical merge. Each test here failed
when `crawl` was a second crawl path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from demosite.server import BASIC_AUTH_PASSWORD, BASIC_AUTH_USER, DemoSite
from render.settings import RenderSettings
from rendercrawl.cli import main
from tests.loopback import QuietHandler, serving

STORY = """<!doctype html><html><head><title>Harbour story</title>
<link rel="canonical" href="/story.html"></head>
<body><article><h1>Harbour story</h1><p>{text}</p></article></body></html>"""


class _Pages(QuietHandler):
    """`/story.html` (with any query) names `/story.html` as its canonical URL."""

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        body = STORY.format(text="The harbour opened again after a long winter of repairs. " * 12)
        self.send_html(body, 200 if self.path.startswith("/story.html") else 404)


@pytest.fixture(scope="module")
def story_site() -> Iterator[str]:
    with serving(_Pages) as base:
        yield base


@pytest.fixture()
def env(tmp_path: Path, render_settings: RenderSettings) -> dict[str, str]:
    values = {"RENDERCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'cli.db'}",
              "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules}
    assert CliRunner().invoke(main, ["db", "upgrade"], env=values).exit_code == 0
    return values


def run(env: dict[str, str], *args: str):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def rows(env: dict[str, str], sql: str) -> list[tuple]:
    with create_engine(env["RENDERCRAWL_DATABASE_URL"]).connect() as connection:
        return [tuple(r) for r in connection.execute(text(sql))]


@pytest.mark.browser
def test_crawl_and_view_of_one_page_leave_one_pages_row(env: dict[str, str], story_site: str) -> None:
    crawled = run(env, "crawl", f"{story_site}/story.html?utm_source=x", "--json")
    assert crawled.exit_code == 0, crawled.output
    viewed = run(env, "view", f"{story_site}/story.html", "--json")
    assert viewed.exit_code == 0, viewed.output
    assert rows(env, "SELECT url FROM pages") == [(f"{story_site}/story.html",)]


@pytest.mark.browser
def test_crawl_merges_the_page_into_its_canonical_url(env: dict[str, str], story_site: str) -> None:
    alias = f"{story_site}/story.html?page=1"
    assert run(env, "crawl", alias, "--json").exit_code == 0
    assert rows(env, "SELECT url FROM page_aliases") == [(alias,)]
    stored = run(env, "profile", f"{story_site}/story.html", "--json")
    assert stored.exit_code == 0, stored.output
    assert json.loads(stored.output)["title"] == "Harbour story"


@pytest.mark.browser
def test_crawl_applies_the_sites_ignorable_parameters(env: dict[str, str], story_site: str) -> None:
    assert run(env, "sites", "add", "127.0.0.1", "--ignore-param", "sessionid").exit_code == 0
    assert run(env, "crawl", f"{story_site}/story.html?sessionid=42", "--json").exit_code == 0
    assert rows(env, "SELECT url FROM pages") == [(f"{story_site}/story.html",)]


@pytest.mark.browser
def test_crawl_uses_the_sites_credentials(env: dict[str, str], demo_site: DemoSite,
                                          caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("DEBUG")
    env = {**env, "RC_TEST_CLI_AUTH": f"{BASIC_AUTH_USER}:{BASIC_AUTH_PASSWORD}"}
    assert run(env, "sites", "add", "127.0.0.1", "--basic-auth-env", "RC_TEST_CLI_AUTH").exit_code == 0
    crawled = run(env, "crawl", demo_site.url("/protected"), "--json")
    assert crawled.exit_code == 0, crawled.output
    assert BASIC_AUTH_PASSWORD not in crawled.output and BASIC_AUTH_PASSWORD not in caplog.text
    assert rows(env, "SELECT outcome, http_status FROM crawls") == [("ok", 200)]
    assert BASIC_AUTH_PASSWORD not in repr(rows(env, "SELECT * FROM sites") + rows(env, "SELECT * FROM crawls"))


def test_sites_add_sets_headers_and_refuses_credentials_in_them(env: dict[str, str]) -> None:
    added = run(env, "sites", "add", "Paper.TEST.", "--header", "X-Edition: north", "--json")
    assert added.exit_code == 0, added.output
    assert json.loads(added.output)["host"] == "paper.test"
    assert json.loads(added.output)["headers"] == {"X-Edition": "north"}
    refused = run(env, "sites", "add", "paper.test", "--header", "Authorization: Bearer s3cret")
    assert refused.exit_code == 1 and "s3cret" not in refused.output


@pytest.mark.browser
def test_a_password_in_the_url_reaches_no_row_and_no_output(env: dict[str, str], story_site: str,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("DEBUG")
    with_password = story_site.replace("http://", "http://alice:planted-s3cret@") + "/story.html"
    crawled = run(env, "crawl", with_password, "--json")
    assert crawled.exit_code == 0, crawled.output
    viewed = run(env, "view", with_password, "--json")
    assert "planted-s3cret" not in crawled.output + viewed.output + caplog.text
    stored = rows(env, "SELECT url FROM pages") + rows(env, "SELECT url, final_url, error FROM crawls") \
        + rows(env, "SELECT profile_json FROM profile_versions")
    assert stored and "planted-s3cret" not in repr(stored)


class _Staging(QuietHandler):
    """A staging copy of a site: its robots.txt keeps crawlers out of `/private`."""

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        if self.path == "/robots.txt":
            body = b"User-agent: *\nDisallow: /private\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_html(STORY.format(text="The harbour opened again after a long winter of repairs. " * 12))


@pytest.mark.browser
def test_a_mapped_host_is_mapped_for_robots_txt_too(env: dict[str, str]) -> None:
    """`RENDERCRAWL_RESOLVER_RULES` is the one host map: robots.txt of a staging host mapped to
    loopback is read where the browser goes (it was "unreachable … does not resolve", so every
    page was refused)."""
    with serving(_Staging) as base:
        port = base.rsplit(":", 1)[1]
        env = {**env, "RENDERCRAWL_RESOLVER_RULES": f"MAP paper.staging.test 127.0.0.1:{port}, "
                                                     + env["RENDERCRAWL_RESOLVER_RULES"]}
        allowed = run(env, "crawl", "http://paper.staging.test/story.html", "--json")
        refused = run(env, "crawl", "http://paper.staging.test/private/a.html", "--json")
    assert allowed.exit_code == 0, allowed.output
    assert rows(env, "SELECT url, outcome FROM crawls ORDER BY id") == [
        ("http://paper.staging.test/story.html", "ok"), ("http://paper.staging.test/private/a.html", "blocked")]
    [error] = rows(env, "SELECT error FROM crawls WHERE outcome = 'blocked'")
    assert "robots.txt" in error[0] and "unreachable" not in error[0], refused.output
