"""`rendercrawl sql`: reads work; every kind of write is refused by the database itself."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rendercrawl.db_commands import sql_command
from storage.models import Page
from storage.readonly import ReadOnlyViolation, run_readonly
from storage.repository import save_crawl
from storage_samples import attempt, full_profile

WRITES = [
    "INSERT INTO pages (url, host, first_seen_at) VALUES ('x', 'x', CURRENT_TIMESTAMP)",
    "UPDATE pages SET error_count = 99",
    "DELETE FROM pages",
    "DROP TABLE crawls",
    "CREATE TABLE sneaky (a INTEGER)",
    "SELECT 1; DELETE FROM pages",
    "SELECT 1; COMMIT; DELETE FROM pages",
]


@pytest.fixture
def saved(session: Session) -> Session:
    save_crawl(session, attempt(), full_profile())
    session.commit()
    return session


def test_select_returns_columns_and_rows(db_url: str, saved: Session) -> None:
    columns, rows = run_readonly(db_url, "SELECT url, error_count FROM pages")
    assert columns == ["url", "error_count"]
    assert rows == [("https://news.example/a/1", 0)]


@pytest.mark.parametrize("statement", WRITES)
def test_writes_are_refused_and_change_nothing(db_url: str, saved: Session, statement: str) -> None:
    with pytest.raises(ReadOnlyViolation):
        run_readonly(db_url, statement)
    saved.rollback()
    assert saved.execute(select(func.count()).select_from(Page)).scalar_one() == 1
    assert saved.execute(select(Page.error_count)).scalar_one() == 0


def test_cli_prints_table_csv_and_json(db_url: str, saved: Session) -> None:
    runner = CliRunner()
    query = "SELECT url, word_count FROM pages JOIN profiles ON profiles.page_id = pages.id"
    table = runner.invoke(sql_command, ["--database", db_url, query])
    assert table.exit_code == 0, table.output
    assert "https://news.example/a/1" in table.output and "(1 row)" in table.output
    as_csv = runner.invoke(sql_command, ["--database", db_url, "--csv", query])
    assert as_csv.output == "url,word_count\nhttps://news.example/a/1,12\n"
    as_json = runner.invoke(sql_command, ["--database", db_url, "--json", query])
    assert json.loads(as_json.output) == [{"url": "https://news.example/a/1", "word_count": 12}]


def test_cli_refuses_a_write_with_one_line_and_non_zero_exit(db_url: str, saved: Session) -> None:
    result = CliRunner().invoke(sql_command, ["--database", db_url, "DELETE FROM pages"])
    assert result.exit_code != 0
    assert "refused" in result.output


def test_cli_reports_a_bad_query(db_url: str, saved: Session) -> None:
    result = CliRunner().invoke(sql_command, ["--database", db_url, "SELECT nope FROM pages"])
    assert result.exit_code != 0 and "query failed" in result.output
