"""The group commit on PostgreSQL: the next group works on a second connection while one
commits, yet reads the views and queue state of a page only after a committing group that
wrote to the same page committed — so a page is never queued one view late — and every
request is still answered only after its own group committed."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from rendercrawl.service.group_commit import GroupCommitter
from scheduler import events
from service_harness import empty_postgres
from storage.db import Session, make_engine, session_factory
from storage.models import CrawlHost, QueueEntry
from storage.writer import KeptConnection

NOW = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
URL = "https://news.test/a"
OTHER_URL = "https://news.test/b"
WAIT_S = 10.0
"""Bound on every wait of these tests; a pass takes milliseconds."""
STILL_S = 0.5
"""How long a blocked handler is watched to stay blocked."""


@pytest.fixture
def committer(service_postgres_url: str) -> Iterator[GroupCommitter]:
    empty_postgres(service_postgres_url)
    engine = make_engine(service_postgres_url)
    committer = GroupCommitter(session_factory(engine), max_events=100)
    yield committer
    committer.close()
    engine.dispose()


def _hold_first_commit(committer: GroupCommitter, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hold the commits of the first connection's groups until the event is set."""
    release = threading.Event()
    kept = committer._kept
    end = KeptConnection.end

    def held_end(session: Session, commit: bool) -> None:
        if commit:
            assert release.wait(WAIT_S)
        end(kept, session, commit)

    monkeypatch.setattr(kept, "end", held_end)
    return release


def _touching(read: threading.Event) -> Callable[[Session, list[Any], Callable[[Collection[int]], None]], list[str]]:
    """A handler whose items are `(name, pages)`: it declares the pages, then sets `read`
    when it gets past `settled` (where its reads of page state would follow)."""
    def handler(session: Session, items: list[Any], settled: Callable[[Collection[int]], None]) -> list[str]:
        settled({page for _name, pages in items for page in pages})
        read.set()
        return [name for name, _pages in items]
    return handler


@pytest.mark.parametrize(("second_pages", "waits"), [({2}, False), ({1, 2}, True)])
def test_the_next_group_waits_for_a_committing_one_only_on_a_shared_page(
        committer: GroupCommitter, monkeypatch: pytest.MonkeyPatch, second_pages: set[int], waits: bool) -> None:
    release = _hold_first_commit(committer, monkeypatch)
    first_read, second_read = threading.Event(), threading.Event()
    first = committer.submit_batch("first", _touching(first_read), ("first", {1}), 1)
    assert first_read.wait(WAIT_S)
    second = committer.submit_batch("second", _touching(second_read), ("second", second_pages), 1)
    assert second_read.wait(STILL_S) is not waits
    assert not first.done() and not second.done()  # nobody is answered before its own commit
    release.set()
    assert first.result(WAIT_S) == "first" and second.result(WAIT_S) == "second"
    assert second_read.is_set() and committer.groups == 2


def test_a_third_view_in_the_group_after_a_committing_second_still_queues_the_page(
        committer: GroupCommitter, monkeypatch: pytest.MonkeyPatch) -> None:
    """The groups take the two connections in turn. View 1 is committed; view 2 goes to a
    group on the first connection whose commit is held; view 3 goes to the next group, on the
    second connection, meanwhile. It must count view 2 (3 views within the window: queued),
    not only what was committed when it started."""
    entered = threading.Event()

    def views(session: Session, items: list[Any], settled: Callable[[Collection[int]], None]) -> list[Any]:
        entered.set()
        return events.record_views(session, items, NOW, settled=settled)

    def view(minutes: int, url: str = URL) -> events.ViewEvent:
        return events.ViewEvent(url, NOW - timedelta(minutes=minutes))

    assert committer.submit_batch("views", views, view(30), 1).result(WAIT_S).queued is None  # connection 1
    assert committer.submit_batch("views", views, view(30, OTHER_URL), 1).result(WAIT_S).queued is None  # 2
    release = _hold_first_commit(committer, monkeypatch)
    entered.clear()
    second = committer.submit_batch("views", views, view(20), 1)  # connection 1: its commit is held
    assert entered.wait(WAIT_S)
    entered.clear()
    third = committer.submit_batch("views", views, view(10), 1)  # connection 2, meanwhile
    assert entered.wait(WAIT_S)
    time.sleep(STILL_S)  # time to read and decide, were it not waiting for the held commit
    assert not third.done()
    release.set()
    assert second.result(WAIT_S).queued is None
    assert third.result(WAIT_S).queued == "new"
    with committer.sessions() as session:
        assert session.execute(select(QueueEntry.reason)).scalars().all() == ["new"]
        # the host row a claim needs came with the commit (`bulk_views._ensure_host_rows`)
        assert session.execute(select(CrawlHost.host)).scalars().all() == ["news.test"]


def test_while_one_group_commits_the_next_takes_in_the_views_that_arrive_but_no_plain_work(
        committer: GroupCommitter, monkeypatch: pytest.MonkeyPatch) -> None:
    """One commit (one wait for the disk) serves every view request that arrived while the
    group before was committing; plain work (a push) waits for a group of its own."""
    release = _hold_first_commit(committer, monkeypatch)
    first_read, second_read, late_read = threading.Event(), threading.Event(), threading.Event()
    first = committer.submit_batch("views", _touching(first_read), ("first", {1}), 1)
    assert first_read.wait(WAIT_S)
    second = committer.submit_batch("views", _touching(second_read), ("second", {2}), 1)
    assert second_read.wait(WAIT_S)  # stored on the second connection; now taking in arrivals
    late = committer.submit_batch("views", _touching(late_read), ("late", {3}), 1)
    assert late_read.wait(WAIT_S)  # in the second group's transaction, before the first committed
    plain = committer.submit(lambda session: "plain", 1)
    time.sleep(STILL_S)
    assert not any(f.done() for f in (first, second, late, plain))
    release.set()
    assert [f.result(WAIT_S) for f in (first, second, late, plain)] == ["first", "second", "late", "plain"]
    assert committer.groups == 3 and committer.requests == 4  # first; second and late; plain
