"""Pages that break the in-page reading or the data layer: each ends within its bound with a
logged attempt and its text, and the worker goes on."""

from __future__ import annotations

import pytest

from hostile_corpus import ARTICLE, PAGES, HostileRun
from storage.records import Outcome

WALL_BOUND_S = 30.0
"""Navigation (15 s) plus the settle cap: a hostile page never costs more than a slow one."""

PAGES.update({
    "/json-override.html": "<!doctype html><title>Overrides</title><script>"
                           "JSON.stringify = () => '{}'; JSON.parse = () => ({});"
                           "Array.prototype.toJSON = function () { return 'x'; };"
                           "Object.prototype.toJSON = function () { return 'y'; };"
                           f"</script><article>{ARTICLE}</article>",
    "/deep-datalayer.html": "<!doctype html><title>Deep</title><script>"
                            "let v = {}, c = v; for (let i = 0; i < 3000; i++) { c.a = {}; c = c.a; } window.pdl = v;"
                            f"</script><article>{ARTICLE}</article>",
    "/console-flood.html": "<!doctype html><title>Loud</title><script>"
                           "const s = 'x'.repeat(1000000); for (let i = 0; i < 200; i++) console.log(s + i);"
                           f"</script><article>{ARTICLE}</article>",
    "/lone-surrogates.html": "<!doctype html><title>Broken text</title>"
                             f"<article>{ARTICLE}<p id=odd>Odd text</p></article><script>"
                             "document.getElementById('odd').textContent = 'Half a pair \\ud800 stays readable, and the rest"
                             " of this sentence about the harbour repairs stays in the body too.';"
                             "</script>",
})


def assert_survived(run: HostileRun, outcome: Outcome) -> None:
    assert run.crawled.attempt.outcome is outcome, run.crawled.attempt
    assert run.seconds < WALL_BOUND_S
    assert [o for _, o in run.crawl_rows] == [outcome.value, "ok"]
    assert run.next_page.ok, run.next_page.attempt
    assert run.leftover_browsers == []


def body_of(run: HostileRun) -> str:
    profile = getattr(run.crawled.result, "profile", None)
    assert profile is not None
    return profile.body


@pytest.mark.browser
def test_a_page_that_overrides_json_and_to_json_is_read_with_the_pristine_builtins(crawl_hostile) -> None:
    run = crawl_hostile("/json-override.html")
    assert_survived(run, Outcome.OK)
    assert "fishing boats" in body_of(run)


@pytest.mark.browser
def test_a_3000_deep_data_layer_value_is_cut_not_fatal(crawl_hostile) -> None:
    run = crawl_hostile("/deep-datalayer.html")
    assert_survived(run, Outcome.OK)
    assert "fishing boats" in body_of(run)


@pytest.mark.browser
def test_a_console_flood_is_not_a_browser_crash(crawl_hostile) -> None:
    run = crawl_hostile("/console-flood.html")
    assert_survived(run, Outcome.OK)


@pytest.mark.browser
def test_lone_surrogates_are_repaired_not_dropped(crawl_hostile) -> None:
    run = crawl_hostile("/lone-surrogates.html")
    assert_survived(run, Outcome.OK)
    body = body_of(run)
    assert "fishing boats" in body and "Half a pair \ufffd stays readable, and the rest" in body
