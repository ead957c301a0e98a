"""The change history: each crawl records whether it found new content (`crawls.content_changed`),
on SQLite and PostgreSQL, from the live save path and from migration 0016's backfill."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import text
from sqlalchemy.orm import Session

from storage.db import downgrade, make_engine, upgrade
from storage.history import Observation, successful_crawls
from storage.records import CrawlRecord, Outcome
from storage.repository import save_crawl
from storage.saving import save_crawls
from storage_samples import T0, attempt, full_profile

HOUR = timedelta(hours=1)


def flags(session: Session) -> list[bool | None]:
    rows = session.execute(text("SELECT content_changed FROM crawls ORDER BY id")).scalars()
    return [None if value is None else bool(value) for value in rows]


def test_each_crawl_records_whether_the_content_changed(session: Session) -> None:
    same, edited = full_profile(), full_profile(title="A new headline")
    steps = [(Outcome.OK, same), (Outcome.OK, same), (Outcome.OK, edited), (Outcome.UNCHANGED, None),
             (Outcome.TIMEOUT, None), (Outcome.OK, edited), (Outcome.OK, same)]
    for i, (outcome, profile) in enumerate(steps):
        save_crawl(session, attempt(outcome=outcome, at=T0 + i * HOUR), profile)
    session.commit()
    assert flags(session) == [None, False, True, False, None, False, True]


def test_a_batch_compares_each_crawl_with_the_one_saved_before_it(session: Session) -> None:
    edited = full_profile(body="Completely different words now.")
    save_crawls(session, [CrawlRecord(attempt(at=T0), full_profile()), CrawlRecord(attempt(at=T0 + HOUR), edited),
                          CrawlRecord(attempt(at=T0 + 2 * HOUR), edited)])
    session.commit()
    assert flags(session) == [None, True, False]


def test_successful_crawls_give_the_history_oldest_first(session: Session) -> None:
    save_crawl(session, attempt(at=T0), full_profile())
    save_crawl(session, attempt(outcome=Outcome.UNCHANGED, at=T0 + HOUR), None)
    save_crawl(session, attempt(outcome=Outcome.TIMEOUT, at=T0 + 2 * HOUR), None)
    saved = save_crawl(session, attempt(at=T0 + 3 * HOUR), full_profile(title="Edited"))
    session.commit()
    found = successful_crawls(session, saved.page_id, 10)
    assert found is not None
    end = timedelta(seconds=2)  # `attempt` finishes two seconds after it starts
    assert found.recent == (Observation(T0 + end, None), Observation(T0 + HOUR + end, False),
                            Observation(T0 + 3 * HOUR + end, True))


def test_0016_fills_the_history_of_existing_crawls(empty_db_url: str) -> None:
    upgrade(empty_db_url, "0015")
    engine = make_engine(empty_db_url)
    rows = [(1, "'2024-05-01 00:00:00'", "ok", "'a'"), (2, "'2024-05-01 01:00:00'", "unchanged", "NULL"),
            (3, "'2024-05-01 02:00:00'", "ok", "'a'"), (4, "'2024-05-01 03:00:00'", "timeout", "NULL"),
            (5, "'2024-05-01 04:00:00'", "ok", "'b'")]
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO pages (id, url, host, first_seen_at) VALUES (1, 'u', 'h', '2024-05-01')"))
        for crawl_id, at, outcome, content_hash in rows:
            connection.execute(text(
                "INSERT INTO crawls (id, page_id, url, started_at, finished_at, outcome, blocked_requests, content_hash) "
                f"VALUES ({crawl_id}, 1, 'u', {at}, {at}, '{outcome}', 0, {content_hash})"))
    upgrade(empty_db_url)
    try:
        with engine.connect() as connection:
            found = connection.execute(text("SELECT content_changed FROM crawls ORDER BY id")).scalars().all()
            assert [None if v is None else bool(v) for v in found] == [None, False, False, None, True]
        downgrade(empty_db_url, "0015")
        upgrade(empty_db_url)
    finally:
        engine.dispose()
