"""`rendercrawl profile URL --explain` on stored profiles: per field the chosen source, the
candidates that lost and why, and the values the spec's rules rejected.

The demo article is crawled for real (browser, Composer data layer, rendered images) with
snapshots kept, so the explanation reads the stored snapshot; a second page is stored
directly with values the spec refuses, to show the rejections; a crawl without snapshots
still explains the stored sources.
"""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine

from demosite.server import DemoSite
from extraction import extract
from storage.db import session_factory
from storage.repository import save_crawl
from tests.cli.test_commands import ARTICLE, run
from tests.cli.test_commands import env as env  # noqa: F401 - the shared CLI environment fixture
from tests.storage.storage_samples import attempt
from values.rendered import RenderedPage

STORED_URL = "https://news.example/2024/05/bridge.html"
STORED_PAGE = """<html><head><title>Bridge reopens | The Example Post</title>
<meta property="og:site_name" content="The Example Post">
<meta property="article:published_time" content="last Tuesday">
<meta name="date" content="2024-05-06T09:30:00+02:00">
<meta name="author" content="Staff">
<meta property="og:image" content="data:image/png;base64,AAAA">
</head><body><article><h1>Bridge reopens</h1><p class="byline">By Kari Nordmann and Ola Nordmann</p>
<p>The bridge reopened on Monday after six months of repairs to its bearings.</p></article></body></html>"""


@pytest.fixture()
def snapshot_env(env: dict[str, str]) -> dict[str, str]:
    """The CLI environment with snapshots kept, so that `--explain` can list losing candidates."""
    return {**env, "RENDERCRAWL_KEEP_SNAPSHOTS": "true"}


def _explanation(output: str) -> str:
    """The `--explain` part of `profile`'s output (after the profile itself)."""
    start = output.index("\ntitle: ")
    return output[start + 1:]


def test_explain_shows_chosen_sources_losers_and_reasons_from_the_kept_snapshot(
        snapshot_env: dict[str, str], demo_site: DemoSite) -> None:
    assert run(snapshot_env, "db", "upgrade").exit_code == 0
    url = demo_site.url(ARTICLE)
    crawled = run(snapshot_env, "crawl", url)
    assert crawled.exit_code == 0, crawled.output
    result = run(snapshot_env, "profile", url, "--explain")
    assert result.exit_code == 0, result.output
    text = _explanation(result.output)
    lines = text.splitlines()

    # Title: og:title (priority three) beats the <title> carrying the site's name and the <h1>.
    assert "title: Harbour bridge to close for six months of structural repairs  [source: og:title]" in lines
    assert "    og:title: 'Harbour bridge to close for six months of structural repairs' — chosen" in lines
    assert ("    title: 'Harbour bridge to close for six months of structural repairs | The Loopback Gazette'"
            " — lost: lower priority") in lines
    assert "    h1: 'Harbour bridge to close for six months of structural repairs' — lost: lower priority" in lines

    # Authors: the Composer data layer (set late by a script) beats the author meta and byline.
    assert "authors: Ingrid Timerson  [source: datalayer]" in lines
    assert "    datalayer: Ingrid Timerson — chosen" in lines
    assert "    author: Marta Velasquez — lost: lower priority" in lines

    # Publication time: the data layer's, then every lower level that lost to it.
    assert "published_time: 2026-03-04T07:30:00Z  [source: datalayer]" in lines
    assert "    article:published_time: '2026-03-04T07:30:00+00:00' = 2026-03-04T07:30:00Z — lost: lower priority" in lines

    # Image: the declared og:image wins; the rendered logo and icons are refused, with why.
    image_line = next(line for line in lines if line.startswith("image: "))
    assert image_line.endswith("/images/harbour-bridge.svg (1200x675)  [source: og:image]")
    assert "    og:image: /images/harbour-bridge.svg — chosen" in lines
    logo = next(line for line in lines if "/images/logo.svg" in line)
    assert logo.endswith("32x32 — refused: shown at 32x32, under 100px: an icon or logo")
    lead = next(line for line in lines if "rendered <img>" in line and "/images/harbour-bridge.svg" in line)
    assert lead.endswith("— lost: the declared image comes first")

    # Data-layer fields name their source too; a kept snapshot means no "no snapshot" note.
    assert "datalayer.section: news.local  [source: composer]" in lines
    assert "no snapshot kept" not in text


def test_explain_lists_the_rejections_of_a_stored_profile(env: dict[str, str]) -> None:
    assert run(env, "db", "upgrade").exit_code == 0
    snapshot = RenderedPage.from_html(STORED_PAGE, STORED_URL)
    engine = create_engine(env["RENDERCRAWL_DATABASE_URL"])
    with session_factory(engine)() as session:
        save_crawl(session, attempt(STORED_URL), extract(snapshot), snapshot)
        session.commit()
    result = run(env, "profile", STORED_URL, "--explain")
    assert result.exit_code == 0, result.output
    lines = _explanation(result.output).splitlines()

    assert "title: Bridge reopens  [source: title]" in lines
    # The spec's date order: the unreadable article:published_time is rejected, `date` wins.
    assert "published_time: 2024-05-06T09:30:00+02:00  [source: date]" in lines
    assert "    rejected: 'last Tuesday' — article:published_time: not a date" in lines
    # "Staff" is a role, not a person: the byline's two people win, split on "and".
    assert "authors: Kari Nordmann, Ola Nordmann  [source: byline]" in lines
    assert "    author: Staff — lost: no person (not people: Staff (a job title or role))" in lines
    assert "    byline: Kari Nordmann, Ola Nordmann — chosen" in lines
    # A data: URL is not an image the profile can point at.
    assert "image: —  [source: —]" in lines
    assert "    og:image: data:image/png;base64,AAAA — refused: not an http(s) URL" in lines
    assert "    rejected: 'data:image/png;base64,AAAA' — og:image: not an http(s) URL" in lines


def test_explain_without_a_snapshot_still_shows_sources_and_says_why_losers_are_missing(
        env: dict[str, str], demo_site: DemoSite) -> None:
    assert run(env, "db", "upgrade").exit_code == 0
    url = demo_site.url(ARTICLE)
    assert run(env, "crawl", url).exit_code == 0
    result = run(env, "profile", url, "--explain")
    assert result.exit_code == 0, result.output
    lines = _explanation(result.output).splitlines()
    assert "authors: Ingrid Timerson  [source: datalayer]" in lines
    assert not any(line.startswith("    datalayer: ") for line in lines)
    assert lines[-1] == "(no snapshot kept for this page: losing candidates cannot be listed)"


def test_explain_for_a_page_never_stored_fails_with_one_line(env: dict[str, str]) -> None:
    assert run(env, "db", "upgrade").exit_code == 0
    result = run(env, "profile", "https://news.example/never-crawled.html", "--explain")
    assert result.exit_code == 1 and "no stored profile" in result.output
