"""The operator commands through click, on a real database (both kinds)."""

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import update

from rendercrawl.cli import main
from storage.db import make_engine
from storage.models import QueueEntry


@pytest.fixture
def rc(db_url, monkeypatch):
    monkeypatch.setenv("RENDERCRAWL_DATABASE_URL", db_url)
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


def test_every_command_is_registered_with_help(rc):
    for name in ("push", "recrawl", "status", "view", "ingest", "sites", "run", "scheduler", "worker"):
        assert rc(name, "--help").exit_code == 0


def _crawled(db_url):
    """The crawls pushes queued are done: the next push asks for another."""
    engine = make_engine(db_url)
    with engine.begin() as connection:
        connection.execute(update(QueueEntry).values(state="done"))
    engine.dispose()


def test_fifth_push_is_declined_with_exit_2_and_the_next_allowed_time(rc, db_url):
    for _ in range(4):
        assert rc("push", "http://a.test/1", "--json").exit_code == 0
        _crawled(db_url)
    declined = rc("push", "http://a.test/1", "--json")
    assert declined.exit_code == 2
    [row] = json.loads(declined.stdout)
    assert row["honoured"] is False and row["next_allowed_at"]
    assert "DECLINED" in rc("push", "http://a.test/1").stdout
    assert rc("push", "http://a.test/2").exit_code == 0


def test_a_push_into_the_queued_crawl_says_it_merged(rc):
    assert rc("push", "http://a.test/1").exit_code == 0
    again = rc("push", "http://a.test/1", "--json")
    assert again.exit_code == 0
    [row] = json.loads(again.stdout)
    assert row["honoured"] is True and row["merged"] is True
    assert "merged" in rc("push", "http://a.test/1").stdout


def test_push_of_a_non_web_url_is_rejected_input(rc):
    result = rc("push", "mailto:a@b.c")
    assert result.exit_code == 1 and "not an http(s) URL" in result.stderr


def test_views_queue_a_page_at_the_third(rc):
    outputs = [json.loads(rc("view", "http://a.test/x?utm_source=t", "--time", f"2024-05-01T08:0{i}:00Z", "--json").stdout)
               for i in range(3)]
    assert [o["queued"] for o in outputs] == [None, None, "new"]
    assert outputs[0]["url"] == "http://a.test/x"


def test_ingest_reads_json_lines_and_reports_bad_lines(rc):
    lines = [{"url": "http://a.test/y", "time": f"2024-05-01T08:0{i}:00Z"} for i in range(3)]
    text = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n" + json.dumps({"url": "http://a.test/z"}) + "\n"
    result = rc("ingest", "-", "--json", input=text)
    summary = json.loads(result.stdout)
    assert summary["events"] == 5 and summary["recorded"] == 3 and summary["queued"] == {"new": 1}
    assert [r["line"] for r in summary["rejected"]] == [4, 5]


def test_ingest_rejects_a_null_time_as_a_bad_line(rc):
    text = json.dumps({"url": "http://a.test/y", "time": None}) + "\n"
    summary = json.loads(rc("ingest", "-", "--json", input=text).stdout)
    assert summary["recorded"] == 0 and [r["line"] for r in summary["rejected"]] == [1]


def test_ingest_rejects_mistyped_lines_with_their_reason_and_stores_the_rest(rc):
    good = [{"url": "http://a.test/ok", "time": f"2024-05-01T08:0{i}:00Z"} for i in range(3)]
    bad = [{"url": "http://a.test/n", "time": 1700000000}, {"url": 5, "time": "2024-05-01T08:00:00Z"},
           {"url": None, "time": "2024-05-01T08:00:00Z"},
           {"url": "http://a.test/m", "time": "2024-05-01T08:00:00Z", "modified_time": 3}]
    text = "".join(json.dumps(x) + "\n" for x in [good[0], *bad, good[1], good[2]])
    result = rc("ingest", "-", "--json", input=text)
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["recorded"] == 3 and summary["queued"] == {"new": 1}
    assert [r["line"] for r in summary["rejected"]] == [2, 3, 4, 5]
    reasons = [r["error"] for r in summary["rejected"]]
    assert "time must be" in reasons[0] and "url must be" in reasons[1] and "url must be" in reasons[2]
    assert "modified_time" in reasons[3]


def test_site_credentials_are_referenced_never_echoed(rc, monkeypatch, tmp_path):
    monkeypatch.setenv("SITE_SECRET", "alice:hunter2")
    added = rc("sites", "add", "A.test", "--max-concurrent", "2", "--min-recrawl", "30m", "--basic-auth-env", "SITE_SECRET")
    assert added.exit_code == 0 and "hunter2" not in added.output
    secret_file = tmp_path / "creds"
    secret_file.write_text("bob:swordfish\n")
    assert rc("sites", "add", "b.test", "--basic-auth-file", str(secret_file)).exit_code == 0
    for args in (("sites", "list"), ("sites", "list", "--json"), ("sites", "show", "a.test", "--json"),
                 ("sites", "show", "b.test")):
        out = rc(*args).output
        assert "hunter2" not in out and "swordfish" not in out
    shown = json.loads(rc("sites", "show", "a.test", "--json").stdout)
    assert shown["basic_auth"] == "env:SITE_SECRET (set)"
    assert shown["max_concurrent_pages"] == 2 and shown["min_recrawl_seconds"] == 1800
    assert rc("sites", "show", "nope.test").exit_code == 1


def test_recrawl_filters_and_status(rc):
    for url in ("http://a.test/2024/1", "http://a.test/2023/1", "http://b.test/2024/1"):
        for i in range(3):
            rc("view", url, "--time", f"2024-05-01T08:0{i}:00Z")
    result = json.loads(rc("recrawl", "--site", "a.test", "--url-like", "%/2024/%", "--json").stdout)
    assert result["matched"] == 1
    assert rc("recrawl").exit_code == 1
    status = json.loads(rc("status", "--json").stdout)
    assert status["queue_by_state"] == {"queued": 3} and status["due_now"] == 3
    assert status["oldest_due_url"] is not None
    assert "queue" in rc("status").stdout


def test_site_credentials_and_denylist_reach_the_renderer_as_secrets(rc, sessions):
    from scheduler.sites import crawl_site
    from storage.sites import load_site

    rc("sites", "add", "paywalled.test", "--basic-auth-env", "PAYWALL", "--deny", "ads.example")
    rc("sites", "add", "broken.test", "--basic-auth-env", "NOT_SET_ANYWHERE")
    rc("sites", "add", "plain.test", "--max-concurrent", "3")
    environ = {"PAYWALL": "reader:open-sesame"}
    with sessions() as session:
        found = {host: crawl_site(host, load_site(session, host), environ=environ).render
                 for host in ("paywalled.test", "broken.test", "plain.test")}
    site = found["paywalled.test"]
    assert site.username == "reader" and site.password.get_secret_value() == "open-sesame"
    assert site.block_hosts == ["ads.example"]
    assert "open-sesame" not in repr(site)
    assert found["broken.test"].username is None and found["plain.test"].username is None


def test_a_sites_budget_is_set_shown_and_turned_off(rc):
    assert rc("sites", "add", "paper.test", "--budget", "120").exit_code == 0
    shown = json.loads(rc("sites", "show", "paper.test", "--json").stdout)
    assert shown["crawl_budget_per_hour"] == 120 and shown["budget_threshold"] is None
    assert "120" in rc("sites", "list").stdout
    refused = rc("sites", "add", "paper.test", "--budget", "lots")
    assert refused.exit_code == 1 and "--budget takes recrawls an hour" in refused.stderr
    assert rc("sites", "add", "paper.test", "--budget", "0").exit_code == 1
    rc("sites", "add", "paper.test", "--budget", "off")
    assert json.loads(rc("sites", "show", "paper.test", "--json").stdout)["crawl_budget_per_hour"] is None


def test_status_and_the_page_view_show_the_change_rate_and_next_due(rc, sessions):
    from datetime import UTC, datetime

    from sqlalchemy import update

    from storage.models import Page

    for i in range(3):
        rc("view", "http://a.test/live", "--time", f"2024-05-01T08:0{i}:00Z")
    due = datetime(2024, 5, 1, 9, tzinfo=UTC)
    with sessions.begin() as session:
        session.execute(update(Page).values(change_rate_per_day=36.5, next_crawl_at=due, crawl_state="crawled",
                                            last_crawled_at=datetime(2024, 5, 1, 8, 30, tzinfo=UTC)))
    status = json.loads(rc("status", "--json").stdout)
    assert status["changing"] == [{"url": "http://a.test/live", "change_rate_per_day": 36.5,
                                   "next_crawl_at": due.isoformat()}]
    assert "36.5 changes/day" in rc("status").stdout
    page = json.loads(rc("page", "http://a.test/live", "--json").stdout)
    assert page["change_rate_per_day"] == 36.5 and page["next_crawl_at"].startswith("2024-05-01 09:00:00")
    assert "36.5 changes/day" in rc("page", "http://a.test/live").stdout
    missing = rc("page", "http://a.test/never-seen")
    assert missing.exit_code == 1 and "no page" in missing.stderr
