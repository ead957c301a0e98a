"""Internal targets are refused by default at every entry (crawl, view, push, ingest, sites,
extract of a URL), again when a worker crawls a queued page, and after a redirect: content
from a refused target is never stored. Everything here runs on loopback; the tests that need
the refusal set an empty allow list (`RENDERCRAWL_ALLOW_TARGETS=[]`)."""

from __future__ import annotations

import ipaddress
import json
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from render.settings import RenderSettings
from rendercrawl.cli import main
from tests.loopback import QuietHandler, serving
from values.targets import TargetPolicy, address_of

REFUSED = [
    "http://127.0.0.1/", "http://[::1]/", "http://0.0.0.0/", "http://2130706433/", "http://0x7f000001/",
    "http://0177.0.0.1/", "http://127.1/", "http://10.1.2.3/", "http://192.168.1.1/", "http://172.16.0.9/",
    "http://100.64.0.1/", "http://[fd00::1]/", "http://169.254.169.254/latest/meta-data/", "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:169.254.169.254]/", "http://224.0.0.1/", "http://[fe80::1]/", "http://240.0.0.1/",
    "file:///etc/passwd", "view-source:http://example.com/", "data:text/html,<p>x</p>", "javascript:alert(1)",
    "chrome://settings/", "ftp://example.com/",
]
NO_TARGETS = {"RENDERCRAWL_ALLOW_TARGETS": "[]"}
SECRET = "internal-only-secret-7731"


@pytest.mark.parametrize("url", REFUSED)
def test_internal_addresses_and_other_schemes_are_refused(url: str) -> None:
    assert TargetPolicy().refusal(url, resolve=lambda host: []) is not None


def test_public_addresses_pass_and_an_allow_list_opens_networks_and_hosts() -> None:
    public = TargetPolicy()
    assert public.refusal("http://8.8.8.8/", resolve=lambda host: []) is None
    assert public.refusal("https://[2606:4700::1]/", resolve=lambda host: []) is None
    allowed = TargetPolicy.of(["10.0.0.0/8", "intranet.example"])
    assert allowed.refusal("http://10.9.9.9/") is None
    assert allowed.refusal("http://intranet.example/", resolve=lambda host: [ipaddress.ip_address("192.168.0.1")]) is None
    assert allowed.refusal("http://192.168.0.1/") is not None


def test_a_name_is_refused_when_any_of_its_addresses_is_internal(caplog: pytest.LogCaptureFixture) -> None:
    """The refusal says what kind of address, never which: it reaches API callers and crawl
    rows, and must not tell them what an internal name resolves to. The log keeps it."""
    caplog.set_level(logging.INFO)
    addresses = [ipaddress.ip_address("93.184.216.34"), ipaddress.ip_address("10.0.0.7")]
    why = TargetPolicy().refusal("http://rebound.example/", resolve=lambda host: addresses)
    assert why is not None and "a private address" in why and "10.0.0.7" not in why
    assert "10.0.0.7" in caplog.text
    assert TargetPolicy().refusal("http://localhost/") is not None  # the system resolver: /etc/hosts


def test_every_ipv4_spelling_a_browser_accepts_is_read_as_its_address() -> None:
    spellings = ["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.0.0.1", "127.0.0.1."]
    assert {str(address_of(s)) for s in spellings} == {"127.0.0.1"}
    assert address_of("cafe.example") is None and address_of("1.2.3.4.5") is None


class _Secret(QuietHandler):
    requests: list[str]
    redirect_to = ""

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self.requests.append(self.path)
        if self.path.startswith("/hop") and self.redirect_to:
            self.send_response(302)
            self.send_header("Location", self.redirect_to)
            self.end_headers()
            return
        self.send_html(f"<!doctype html><title>Inside</title><article><p>{SECRET} " + "words " * 80 + "</p></article>")


def _handler(requests: list[str], redirect_to: str = "") -> type[_Secret]:
    return type("Handler", (_Secret,), {"requests": requests, "redirect_to": redirect_to})


@pytest.fixture()
def internal() -> Iterator[tuple[str, list[str]]]:
    requests: list[str] = []
    with serving(_handler(requests)) as base:
        yield base, requests


@pytest.fixture()
def env(tmp_path: Path, render_settings: RenderSettings) -> dict[str, str]:
    values = {"RENDERCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'rc.db'}",
              "RENDERCRAWL_RESOLVER_RULES": render_settings.resolver_rules}
    assert CliRunner().invoke(main, ["db", "upgrade"], env=values).exit_code == 0
    return values


def run(env: dict[str, str], *args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), env=env, input=input, catch_exceptions=False)


def stored(env: dict[str, str]) -> str:
    with sqlite3.connect(env["RENDERCRAWL_DATABASE_URL"].removeprefix("sqlite:///")) as connection:
        rows = [connection.execute(f"SELECT * FROM {table}").fetchall()
                for table in ("pages", "crawls", "profile_versions", "profile_bodies", "crawl_queue")]
    return repr(rows)


def test_crawl_view_push_ingest_sites_and_extract_refuse_an_internal_target(env, internal) -> None:
    base, requests = internal
    refused = {**env, **NO_TARGETS}
    for args in (["crawl", f"{base}/a"], ["view", f"{base}/a"], ["push", f"{base}/a"], ["sites", "add", "10.0.0.8"],
                 ["extract", f"{base}/a"], ["crawl", "http://2130706433:1/"], ["crawl", "file:///etc/passwd"]):
        result = run(refused, *args)
        assert result.exit_code == 1, (args, result.output)
        assert "refused target" in result.output or "not an http(s) URL" in result.output, (args, result.output)
    ingested = run(refused, "ingest", "-", "--json", input=json.dumps({"url": f"{base}/a", "time": "2024-05-01T08:00:00Z"}))
    assert ingested.exit_code == 1 and "refused target" in ingested.output
    assert requests == [], "a refused target was fetched"
    assert "/a" not in stored(env)


@pytest.mark.browser
def test_a_redirect_to_a_refused_target_stores_nothing_of_it(env, render_settings: RenderSettings) -> None:
    with serving(_handler([]), "127.0.0.2") as inner_base, \
            serving(_handler([], redirect_to=f"{inner_base}/secret")) as outer_base:
        rules = render_settings.resolver_rules.replace("EXCLUDE 127.0.0.1", "EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2")
        only_outer = {**env, "RENDERCRAWL_ALLOW_TARGETS": '["127.0.0.1/32"]', "RENDERCRAWL_RESOLVER_RULES": rules}
        result = run(only_outer, "crawl", f"{outer_base}/hop")
        assert result.exit_code == 1 and "blocked" in result.output and "refused target" in result.output
        assert SECRET not in result.output and SECRET not in stored(env)


@pytest.mark.browser
def test_allowed_loopback_is_crawled_as_before(env, internal) -> None:
    base, requests = internal
    result = run({**env, "RENDERCRAWL_ALLOW_TARGETS": '["127.0.0.0/8"]'}, "crawl", f"{base}/a", "--json")
    assert result.exit_code == 0, result.output
    assert SECRET in json.loads(result.output)["body"] and requests
