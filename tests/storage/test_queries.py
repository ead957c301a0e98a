"""Every README query, run on SQLite and PostgreSQL against the fixture database."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

import query_fixture as fx
from storage.queries import BY_NAME, QUERIES, readme_section, render_cookbook, render_markdown
from storage.readonly import run_readonly

F = fx.a1_history()[-1]

EXPECTED: dict[str, list[tuple[Any, ...]]] = {
    "articles_by_author": [(fx.A1, F.title, F.published_time)],
    "custom_field_text": [(fx.A1, F.title), (fx.A3, "Match report")],
    "custom_field_number": [(fx.A3, 5.0), (fx.A1, 4.5)],
    "custom_field_time": [(fx.A3, fx.utc("2024-05-10 19:00"))],
    "custom_field_geopoint": [(fx.A1, 59.91, 10.75)],
    "not_recommendable_or_expired": [
        (fx.FRONT, 0, None), (fx.A2, 0, F.expiration_time), (fx.A3, 1, fx.utc("2024-05-01 00:00"))],
    "by_category": [(fx.A1, F.title), (fx.A3, "Match report")],
    "page_history": [
        (fx.NOW - fx.timedelta(days=1, seconds=-2), F.title, 12, "other fields (see profile_json)"),
        (fx.NOW - fx.timedelta(days=2, seconds=-2), F.title, 12, "title page_class"),
        (fx.NOW - fx.timedelta(days=3, seconds=-2), "Golf: first take", 12, "page_class"),
        (fx.NOW - fx.timedelta(days=4, seconds=-2), "Golf: first take", 12, "body"),
        (fx.NOW - fx.timedelta(days=5, seconds=-2), "Golf: first take", 2, "title"),
    ],
    "failures_by_outcome": [("timeout", 2), ("http_error", 1)],
    "due_for_recrawl": [(fx.A3, fx.NOW - fx.timedelta(hours=5), "failed"),
                        (fx.A1, fx.NOW - fx.timedelta(hours=1), "crawled")],
    "soft_404s": [(fx.GONE, "Page not found", fx.NOW - fx.timedelta(days=4, seconds=-2))],
    "small_images": [(fx.A2, f"{fx.NEWS}/small.jpg", 250, 200), (fx.A3, f"{fx.NEWS}/narrow.jpg", 299, 199)],
    "top_authors": [("John Roe", 2), ("Jane Doe", 1)],
    "most_commented": [(fx.A3, "Match report", 23), (fx.A1, F.title, 7), (fx.OTHER, "Elsewhere", 7)],
    "change_most_often": [(fx.FRONT, 24.0, 0, 0), (fx.A1, 0.8, 5, 5), (fx.A2, 0.05, 0, 0)],
}


def normalize(value: Any) -> Any:
    """One representation for both databases: SQLite returns times as text and booleans as 0/1."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, datetime):
        return value.astimezone(UTC)
    if isinstance(value, str) and len(value) >= 19 and value[4] == "-" and value[10] == " ":
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    return value


def rows_of(result: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return [tuple(normalize(v) for v in row) for row in result]


@pytest.fixture
def fixture_session(session: Session) -> Session:
    fx.build(session)
    return session


def test_every_query_has_an_expected_answer() -> None:
    assert set(EXPECTED) == set(BY_NAME)
    assert len(QUERIES) >= 10


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_query_answers_on_fixture(fixture_session: Session, name: str) -> None:
    query = BY_NAME[name]
    result = fixture_session.execute(query.statement(), query.example).all()
    assert rows_of([tuple(r) for r in result]) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_documented_query_runs_read_only_with_same_answer(db_url: str, fixture_session: Session, name: str) -> None:
    _, rows = run_readonly(db_url, BY_NAME[name].with_literals())
    assert rows_of(rows) == EXPECTED[name]


def test_readme_query_section_is_current() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert readme_section(readme) == render_markdown(), "run: python -m storage.queries"


def test_cookbook_is_current_and_holds_every_query() -> None:
    cookbook = (Path(__file__).resolve().parents[2] / "storage" / "QUERIES.md").read_text(encoding="utf-8")
    assert cookbook == render_cookbook(), "run: python -m storage.queries"
    assert all(f"## {query.question}\n" in cookbook for query in QUERIES)
