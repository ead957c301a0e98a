"""Group commit: requests waiting together share one transaction and are answered after it
commits; a request that gave up is not stored; a failed group fails each of its requests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from pathlib import Path

import pytest
from sqlalchemy import text

from rendercrawl.service.group_commit import GroupCommitter
from storage.db import Session, make_engine, session_factory, upgrade
from storage.sites import load_sites, upsert_site


@pytest.fixture
def committer(tmp_path: Path) -> GroupCommitter:
    url = f"sqlite:///{tmp_path / 'group.db'}"
    upgrade(url)
    return GroupCommitter(session_factory(make_engine(url)), max_events=100)


def _site(name: str) -> Callable[[Session], str]:
    def work(session: Session) -> str:
        upsert_site(session, name, {})
        return name
    return work


def _hosts(committer: GroupCommitter) -> list[str]:
    with committer.sessions() as session:
        return [site.host for site in load_sites(session)]


def _hold(committer: GroupCommitter) -> threading.Event:
    """Keep the writer busy until the event is set, so what is submitted meanwhile forms one group."""
    started, release = threading.Event(), threading.Event()

    def hold(session: Session) -> None:
        started.set()
        release.wait(10)

    committer.submit(hold, 1)
    assert started.wait(10)
    return release


def test_requests_waiting_together_share_one_commit(committer: GroupCommitter) -> None:
    release = _hold(committer)
    waiting = [committer.submit(_site(f"s{i}.example"), 1) for i in range(10)]
    assert not any(f.done() for f in waiting)
    release.set()
    assert [f.result(10) for f in waiting] == [f"s{i}.example" for i in range(10)]
    assert committer.groups == 2 and len(_hosts(committer)) == 10  # the holder's group, then the ten together
    committer.close()


def test_a_cancelled_request_is_not_stored_and_a_failed_group_fails_each(committer: GroupCommitter) -> None:
    release = _hold(committer)
    gave_up = committer.submit(_site("gone.example"), 1)
    assert gave_up.cancel()
    release.set()

    def broken(session: Session) -> None:
        session.execute(text("INSERT INTO no_such_table VALUES (1)"))

    release = _hold(committer)
    kept_out = [committer.submit(_site("kept.example"), 1), committer.submit(broken, 1)]
    release.set()
    for future in kept_out:
        with pytest.raises(Exception, match="no_such_table"):
            future.result(10)
    assert committer.submit(_site("after.example"), 1).result(10) == "after.example"
    assert _hosts(committer) == ["after.example"]
    committer.close()


def test_items_of_one_kind_are_stored_by_one_handler_call_in_order(committer: GroupCommitter) -> None:
    """`submit_batch`: every waiting item of a kind goes to one call of its handler (at the
    place of the kind's first job); plain work runs where it stands; each gets its own answer."""
    calls: list[list[str]] = []

    def handler(session: Session, items: list[str], settled: Callable[[Collection[int]], None]) -> list[str]:
        calls.append(list(items))
        for name in items:
            upsert_site(session, name, {})
        return [name.upper() for name in items]

    release = _hold(committer)
    futures = [committer.submit_batch("sites", handler, "a.example", 1), committer.submit(_site("plain.example"), 1),
               committer.submit_batch("sites", handler, "b.example", 1),
               committer.submit_batch("sites", handler, "c.example", 1)]
    release.set()
    assert [f.result(10) for f in futures] == ["A.EXAMPLE", "plain.example", "B.EXAMPLE", "C.EXAMPLE"]
    assert calls == [["a.example", "b.example", "c.example"]]
    assert committer.groups == 2 and committer.requests == 5
    assert _hosts(committer) == ["a.example", "b.example", "c.example", "plain.example"]
    committer.close()


def test_the_writer_keeps_its_connection_between_groups_and_drops_it_after_a_failure(
        committer: GroupCommitter, monkeypatch: pytest.MonkeyPatch) -> None:
    """Back-to-back groups skip the pool's checkout (and PostgreSQL's ping); a failed group's
    connection is discarded, and one idle past `PING_AFTER_IDLE_S` goes back to the pool."""
    def connection_of(session: Session) -> object:
        return session.connection().connection.dbapi_connection

    first = committer.submit(connection_of, 1).result(10)
    assert committer.submit(connection_of, 1).result(10) is first

    def broken(session: Session) -> None:
        session.execute(text("INSERT INTO no_such_table VALUES (1)"))

    with pytest.raises(Exception, match="no_such_table"):
        committer.submit(broken, 1).result(10)
    assert not committer._kept.held
    after = committer.submit(connection_of, 1).result(10)
    assert after is not first  # the failed group's connection was invalidated, not pooled again
    kept = committer._kept._connection
    monkeypatch.setattr("rendercrawl.service.group_commit.PING_AFTER_IDLE_S", 0.0)
    assert committer.submit(_site("idle.example"), 1).result(10) == "idle.example"
    assert committer._kept._connection is not kept  # taken anew from the pool after the idle bound
    committer.close()
    assert not committer._kept.held
