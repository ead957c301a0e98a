"""`events.record_views` (many views in a few statements) against `events.record_view` one by
one (with the service's event-id claim around it): on the same input, on SQLite and on
PostgreSQL, the same views stored, the same pages, the same queue rows and host rows, the same
event ids kept, and the same answer per view — for a random stream over pages in every
standing (new, crawled and due, modified, failed, parked, leased, already queued, aliased)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

import pytest
from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session, sessionmaker

from scheduler import events
from scheduler.events import Refusal, ViewEffect, ViewEvent, ViewRefused
from storage.events import claim_event_id
from storage.models import Base, CrawlHost, Page, PageAlias, PageView, QueueEntry, Site, ViewEventId
from storage.queue import write_transaction
from values.targets import TargetPolicy
from values.urls import InvalidUrl, normalize_url

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
NOW = T0 + timedelta(hours=8)
H = timedelta(hours=1)
MIN = timedelta(minutes=1)
HOST = "news.test"
OTHER = "blog.test"

Answer = tuple[Any, ...]


def one_by_one(session: Session, views: Sequence[ViewEvent], now: datetime, registered_only: bool) -> list[Answer]:
    """The reference: what the service did per event before `record_views` — the URL read
    first, then the event id claimed in a savepoint that a refused view rolls back."""
    answers: list[Answer] = []
    for view in views:
        try:
            normalize_url(view.url)
        except InvalidUrl as error:
            answers.append(("invalid", str(error)))
            continue
        try:
            with session.begin_nested() if view.event_id is not None else nullcontext():
                if view.event_id is not None and not claim_event_id(session, view.event_id, now):
                    answers.append(("duplicate",))
                    continue
                effect = events.record_view(session, view.url, view.viewed_at, view.modified_time, now,
                                            registered_only=registered_only)
        except ValueError as error:
            answers.append(("invalid", str(error)))
            continue
        answers.append(("effect", effect.url, effect.queued, effect.detail))
    return answers


def batched(session: Session, views: Sequence[ViewEvent], now: datetime, registered_only: bool,
            sizes: Sequence[int] = ()) -> list[Answer]:
    """`record_views` over the views, in one call or in consecutive calls of `sizes`."""
    answers: list[Answer] = []
    start = 0
    for size in [*sizes, len(views)]:
        part = views[start:start + size] if size else []
        start += len(part)
        for answer in events.record_views(session, part, now, registered_only=registered_only):
            if isinstance(answer, ViewRefused):
                answers.append(("duplicate",) if answer.why is Refusal.DUPLICATE else ("invalid", answer.message))
            else:
                assert isinstance(answer, ViewEffect)
                answers.append(("effect", answer.url, answer.queued, answer.detail))
    assert start == len(views)
    return answers


def snapshot(sessions: sessionmaker[Session]) -> dict[str, Any]:
    """Everything a view may write, keyed by URL (page ids are surrogate: batches create pages in URL order)."""
    with sessions() as session:
        url_of = dict(session.execute(select(Page.id, Page.url)).tuples().all())
        return {
            "pages": sorted(session.execute(select(Page.url, Page.host, Page.first_seen_at, Page.crawl_state)).tuples().all()),
            "views": [(url_of[p], at, modified) for p, at, modified in session.execute(
                select(PageView.page_id, PageView.viewed_at, PageView.modified_time).order_by(PageView.id)).tuples()],
            "queue": sorted((url_of[r.page_id], r.state, r.reason, r.priority, r.due_at, r.attempts, r.last_error,
                             r.enqueued_at, r.updated_at, r.lease_owner) for r in session.execute(select(QueueEntry.__table__))),
            "hosts": sorted(session.execute(select(CrawlHost.host)).scalars()),
            "event_ids": sorted(session.execute(select(ViewEventId.event_id)).scalars()),
            "aliases": sorted((url, url_of[p]) for url, p in session.execute(select(PageAlias.url, PageAlias.page_id))),
        }


def wipe(sessions: sessionmaker[Session]) -> None:
    with write_transaction(sessions) as session:
        for table in reversed(Base.metadata.sorted_tables):
            session.execute(delete(table))


def arrange(sessions: sessionmaker[Session]) -> None:
    """Pages in every standing a view meets, and two registered sites (one with an ignorable parameter)."""
    with write_transaction(sessions) as session:
        session.execute(insert(Site).values(host=HOST, ignored_query_params="ref"))
        session.execute(insert(Site).values(host=OTHER))

        def page(path: str, **values: Any) -> int:
            return session.execute(insert(Page).values(url=f"http://{HOST}/{path}", host=HOST, first_seen_at=T0 - 48 * H,
                                                       **values).returning(Page.id)).scalar_one()

        def queued(page_id: int, state: str, due: datetime, reason: str = "scheduled", priority: int = 50) -> None:
            session.execute(insert(QueueEntry).values(page_id=page_id, state=state, due_at=due, reason=reason,
                                                      priority=priority, enqueued_at=T0 - H, updated_at=T0 - H,
                                                      lease_owner="w1" if state == "leased" else None))

        crawled = {"crawl_state": "crawled", "last_crawled_at": T0}
        page("due", **crawled, next_crawl_at=T0 + 2 * H)
        queued(page("done", **crawled, next_crawl_at=T0 + 30 * H), "done", T0)
        queued(page("leased", **crawled), "leased", T0, reason="new")
        queued(page("waiting", **crawled, next_crawl_at=T0 + 3 * H), "queued", T0 + 20 * H)
        queued(page("failed", crawl_state="failed", last_crawled_at=T0, error_count=1), "done", T0)
        queued(page("failing", crawl_state="failed", last_crawled_at=NOW - 10 * timedelta(seconds=1), error_count=3),
               "done", T0)
        queued(page("parked", crawl_state="parked", last_crawled_at=T0), "parked", T0)
        seen = page("seen")
        session.execute(insert(PageView).values(page_id=seen, viewed_at=T0 - 2 * H))
        session.execute(insert(PageView).values(page_id=seen, viewed_at=T0 - 5 * H))
        later = page("seen-later")  # a view stored ahead of the stream (an ingest out of order)
        session.execute(insert(PageView).values(page_id=later, viewed_at=T0 + 9 * H))
        target = page("canonical", **crawled, next_crawl_at=T0 + H)
        session.execute(insert(PageAlias).values(page_id=target, url=f"http://{HOST}/old-name", reason="canonical",
                                                 created_at=T0 - 24 * H))
        session.execute(insert(ViewEventId).values(event_id="seen-before", received_at=T0 - H))


PATHS = ["due", "done", "leased", "waiting", "failed", "failing", "parked", "seen", "seen-later", "canonical", "old-name",
         *[f"new/{i}" for i in range(12)]]


def stream(seed: int, count: int) -> list[ViewEvent]:
    """Views in random order over the arranged pages and new ones, with aliases, ignorable and
    tracking parameters, modified times before and after the crawl, retried and known event
    ids, and refused input (not http, internal addresses, unregistered hosts, too long)."""
    rnd = random.Random(seed)
    views: list[ViewEvent] = []
    for i in range(count):
        roll = rnd.random()
        if roll < 0.04:
            url = rnd.choice(["mailto:editor@news.test", "http://", "ftp://news.test/x"])
        elif roll < 0.07:
            url = rnd.choice(["http://127.0.0.1/x", "http://10.1.2.3/a", f"http://unknown-{i % 3}.test/p"])
        elif roll < 0.08:
            url = f"http://{HOST}/" + "\N{GRINNING FACE}" * 200  # fits the raw limit, not the stored one once encoded
        else:
            path = rnd.choice(PATHS)
            url = f"http://{rnd.choice([HOST, HOST, OTHER])}/{path}" + rnd.choice(["", "", "?ref=home", "?utm_source=x", "#top"])
        at = T0 + timedelta(minutes=rnd.randrange(0, 8 * 60))
        modified = rnd.choice([None, None, None, T0 - H, at - MIN])
        event_id = rnd.choice([None, None, f"e{rnd.randrange(count // 3)}", "seen-before"]) if rnd.random() < 0.5 else None
        views.append(ViewEvent(url, at, modified, event_id))
    return views


def compare(sessions: sessionmaker[Session], views: list[ViewEvent], registered_only: bool,
            sizes: Sequence[int] = (), now: datetime = NOW,
            arranged: Callable[[sessionmaker[Session]], None] = arrange) -> tuple[list[Answer], dict[str, Any]]:
    arranged(sessions)
    with write_transaction(sessions) as session:
        expected = one_by_one(session, views, now, registered_only)
    expected_rows = snapshot(sessions)
    wipe(sessions)
    arranged(sessions)
    with write_transaction(sessions) as session:
        got = batched(session, views, now, registered_only, sizes)
    got_rows = snapshot(sessions)
    for index, (want, have) in enumerate(zip(expected, got, strict=True)):
        assert have == want, f"view {index}: {views[index]}"
    for table in expected_rows:
        assert got_rows[table] == expected_rows[table], table
    return got, got_rows


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_stream_in_one_batch_is_recorded_as_one_by_one(sessions: sessionmaker[Session], seed: int) -> None:
    answers, rows = compare(sessions, stream(seed, 400), registered_only=False)
    kinds = {a[0] for a in answers}
    assert kinds == {"effect", "invalid", "duplicate"}
    assert {a[2] for a in answers if a[0] == "effect"} >= {None, "new", "modified", "scheduled"}
    assert len(rows["views"]) > 200


def test_registered_only_refuses_the_same_views(sessions: sessionmaker[Session]) -> None:
    answers, _rows = compare(sessions, stream(4, 300), registered_only=True)
    assert any(a[0] == "invalid" and "no registered site" in a[1] for a in answers)


def test_batches_of_any_size_add_up_to_the_same(sessions: sessionmaker[Session]) -> None:
    compare(sessions, stream(5, 200), registered_only=False, sizes=[1, 7, 50, 0, 3, 90])


def test_every_queue_transition_matches(sessions: sessionmaker[Session]) -> None:
    """One page per standing, viewed so that each enqueue outcome occurs: new, tightened,
    unchanged, rearmed, requeued (leased), parked, retried and not yet retried."""
    url = f"http://{HOST}/"
    views = [
        *[ViewEvent(url + "new/0", T0 + i * MIN) for i in range(4)],  # new, then tightened/unchanged
        ViewEvent(url + "done", T0 + MIN, T0 + 2 * H),  # modified: rearmed
        ViewEvent(url + "done", T0 + 2 * MIN, T0 + 3 * H),  # modified again: queued now, unchanged
        ViewEvent(url + "leased", T0 + MIN, T0 + H),  # modified while leased: requeued
        ViewEvent(url + "leased", T0 + 2 * MIN),  # nothing due
        ViewEvent(url + "waiting", T0 + 3 * H),  # scheduled, due earlier: tightened
        ViewEvent(url + "failed", T0 + H),  # retried
        ViewEvent(url + "failed", T0 + 2 * H),  # queued already: nothing
        ViewEvent(url + "failing", T0 + H),  # within the backoff
        ViewEvent(url + "parked", T0 + H, T0 + 2 * H),  # parked
        ViewEvent(url + "old-name?ref=x", T0 + 2 * H),  # through the alias, scheduled
        ViewEvent(url + "due", T0 + 3 * H),
    ]
    answers, rows = compare(sessions, views, registered_only=True)
    assert [a[2] if a[0] == "effect" else a[0] for a in answers] == [
        None, None, "new", None, "modified", None, "modified", None, "scheduled", "retry", None, None, None,
        "scheduled", "scheduled"]
    assert {r[0]: r[1] for r in rows["queue"]}[url + "leased"] == "leased"


def test_event_ids_retried_within_and_across_batches(sessions: sessionmaker[Session]) -> None:
    """The first view of an id that passes the checks keeps it; a refused one before it does not."""
    url = f"http://{HOST}/new/1"
    views = [ViewEvent("http://127.0.0.1/x", T0, event_id="a"), ViewEvent(url, T0, event_id="a"),
             ViewEvent(url, T0 + MIN, event_id="a"), ViewEvent("http://10.0.0.1/", T0, event_id="a"),
             ViewEvent(url, T0, event_id="seen-before"), ViewEvent("http://127.0.0.1/y", T0, event_id="seen-before"),
             ViewEvent("http://127.0.0.1/z", T0, event_id="b"), ViewEvent("http://127.0.0.1/z", T0, event_id="b")]
    answers, rows = compare(sessions, views, registered_only=False)
    assert [a[0] for a in answers] == ["invalid", "effect", "duplicate", "duplicate", "duplicate", "duplicate",
                                       "invalid", "invalid"]
    assert rows["event_ids"] == ["a", "seen-before"]


def test_values_that_array_literals_quote_are_stored_as_sent(sessions: sessionmaker[Session]) -> None:
    """On PostgreSQL a batch's values travel as array literals (`storage.bulk_views.array_literal`):
    quotes, backslashes, braces, commas, spaces, the word NULL and non-ASCII text come back as sent."""
    awkward = ['quo"te', "back\\slash", "{brace}", "com,ma", " spaced ", "NULL", "null", "", "\N{GRINNING FACE}é", '\\"']
    views = [ViewEvent(f"http://{HOST}/odd/{i}?q={quote(text)}", T0 + i * MIN, T0 - H if i % 2 else None, event_id=text or None)
             for i, text in enumerate(awkward)]
    _answers, rows = compare(sessions, views, registered_only=False)
    assert sorted(rows["event_ids"]) == sorted([*(text for text in awkward if text), "seen-before"])  # arranged before
    assert sum("/odd/" in url for url, _at, _modified in rows["views"]) == len(awkward)


def test_an_empty_batch_and_one_of_refusals_only_write_nothing(sessions: sessionmaker[Session]) -> None:
    with write_transaction(sessions) as session:
        assert events.record_views(session, [], NOW) == []
        refused = events.record_views(session, [ViewEvent("mailto:x@y.test", T0), ViewEvent("http://127.0.0.1/", T0)], NOW,
                                      targets=TargetPolicy())
    assert [r.why for r in refused if isinstance(r, ViewRefused)] == [Refusal.INVALID, Refusal.INVALID]
    assert snapshot(sessions)["pages"] == []


def test_a_concurrently_created_queue_row_is_applied_to_not_overwritten(sessions: sessionmaker[Session],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's queue row that appears between the batch's read and its insert (another
    process enqueued it) gets the batch's requests applied to it, like `enqueue` would.
    PostgreSQL only: on SQLite the transaction (`BEGIN IMMEDIATE`) is the only writer."""
    from storage import bulk_views as queue

    if sessions.kw["bind"].dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: no row appears under a transaction")

    url = f"http://{HOST}/new/2"
    real: Callable[..., Any] = queue._rows_of
    calls = []

    def racing(session: Session, page_ids: Any) -> Any:
        calls.append(sorted(page_ids))
        if len(calls) == 1:  # the first read: another transaction's row is not visible yet
            found = real(session, page_ids)
            page_id = session.execute(select(Page.id).where(Page.url == url)).scalar_one()
            session.execute(insert(QueueEntry).values(page_id=page_id, state="leased", due_at=T0, reason="new", priority=50,
                                                      enqueued_at=T0, updated_at=T0, lease_owner="w9"))
            return found
        return real(session, page_ids)

    with write_transaction(sessions) as session:
        events.record_views(session, [ViewEvent(url, T0 + i * MIN) for i in range(2)], NOW)
    monkeypatch.setattr(queue, "_rows_of", racing)
    with write_transaction(sessions) as session:
        answers = events.record_views(session, [ViewEvent(url, T0 + 2 * MIN, T0 + H)], NOW)
    assert len(calls) == 2
    effect = answers[0]
    assert isinstance(effect, ViewEffect) and effect.queued is None and effect.detail.endswith("queue unchanged")
    with sessions() as session:
        row = session.execute(select(QueueEntry.state, QueueEntry.lease_owner)).one()
    assert tuple(row) == ("leased", "w9")


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_new_pages_with_many_stored_views_are_decided_alike(sessions: sessionmaker[Session], seed: int) -> None:
    """`record_views` reads a new page's stored views after its batch's latest window start only
    up to the few that decide (`events._views_decisive`). Pages never queued with stored views
    a few hours apart (ties included), viewed in batches narrow and wide: the same first
    crawls at the same due times as one by one."""
    rnd = random.Random(seed)
    stored = {page: [T0 + 30 * MIN * rnd.randrange(0, 2 * 24) for _ in range(rnd.choice([2, 5, 9, 20]))] for page in range(24)}

    def arranged(sessions: sessionmaker[Session]) -> None:
        with write_transaction(sessions) as session:
            for page, times in stored.items():
                page_id = session.execute(insert(Page).values(url=f"http://{HOST}/many/{page}", host=HOST,
                                                              first_seen_at=T0 - H).returning(Page.id)).scalar_one()
                session.execute(insert(PageView), [{"page_id": page_id, "viewed_at": at} for at in times])

    views = [ViewEvent(f"http://{HOST}/many/{rnd.randrange(24)}", T0 + 30 * MIN * rnd.randrange(0, 2 * 24)) for _ in range(120)]
    answers, rows = compare(sessions, views, registered_only=False, sizes=[1, 1, 2, 5, 1, 30, 1, 3], now=T0 + 30 * H,
                            arranged=arranged)
    assert {a[2] for a in answers} >= {None, "new"}
    assert len(rows["queue"]) > 12
