"""`bulk_insert` on PostgreSQL: a batch of a few rows (a worker's save of one crawl) goes as an
executemany, a large one as typed arrays rebuilt by `unnest`; both store the same rows."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, insert, select

from storage.bulk import ARRAY_MIN_ROWS, bulk_insert
from storage.db import make_engine, session_factory, upgrade
from storage.models import ProfileField
from storage.profile_rows import field_row
from storage.saving import save_crawl
from storage_samples import attempt, full_profile
from values.profile import CustomField

FIELDS = ProfileField.__table__


def test_few_rows_go_as_an_executemany_and_many_as_arrays_with_the_same_rows(postgres_schema_url):
    upgrade(postgres_schema_url)
    engine = make_engine(postgres_schema_url)
    sessions = session_factory(engine)
    sent: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, params: Any, context: Any, executemany: bool) -> None:
        if statement.startswith("INSERT INTO profile_fields"):
            sent.append(statement)

    try:
        with sessions.begin() as session:
            page_id = save_crawl(session, attempt(), full_profile()).page_id
        stored = {}
        event.listen(engine, "before_cursor_execute", seen)
        for n in (3, ARRAY_MIN_ROWS):
            rows = [field_row(page_id, 1000 * n + i, CustomField(f"k{i}", "number" if i % 2 else "string",
                                                                 float(i) if i % 2 else f"v{i}")) for i in range(n)]
            with sessions.begin() as session:
                bulk_insert(session, insert(FIELDS), FIELDS, rows)
                stored[n] = session.execute(select(FIELDS).where(FIELDS.c.position >= 1000 * n,
                                                                 FIELDS.c.position < 1000 * n + n)
                                            .order_by(FIELDS.c.position)).mappings().all()
            assert [dict(r) for r in stored[n]] == rows
        assert ["unnest" in s for s in sent] == [False, True]
    finally:
        engine.dispose()
