"""Group commit: one writer thread takes every request waiting at that moment and stores them
in one transaction, then answers each of them, only after the commit. Sixteen clients sending
one event each then cost one commit per group instead of one each, and on SQLite no two of the
service's threads ever fight for the write lock.

Requests of one kind can go further (`submit_batch`): the group hands all their items to one
call of their handler, so sixteen single-event requests are stored by one set-based
`scheduler.events.record_views` — a few statements for the group instead of a few per event.

A group that fails (the database went away) fails every request in it; each caller waits at
most its bound and answers 503.

The writer keeps its connection from one group to the next (`storage.writer.KeptConnection`)
instead of taking it from the pool for each: the pool pings a PostgreSQL connection on every
checkout, a round trip per group that, with groups back to back, is a sixth of the writer's
time. It still pings after an idle second (`PING_AFTER_IDLE_S`), and drops the connection when
a group fails."""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from storage.db import Session, Sessions
from storage.writer import KeptConnection

log = logging.getLogger(__name__)

PING_AFTER_IDLE_S = 1.0
"""A kept connection unused this long goes back to the pool and the next group takes one anew,
pinged: a database restarted while the service was idle is noticed before a group meets it.
Under load groups follow each other within milliseconds and skip the ping; a restart then
fails the one group that meets the dead connection (its requests get 503 with Retry-After),
the connection is dropped, and the next group takes a fresh one."""

Handler = Callable[[Session, list[Any]], Sequence[Any]]
"""Stores a group's items of one kind in the group's session; one answer per item, in order."""


@dataclass(frozen=True, slots=True)
class _Job:
    work: Callable[[Session], Any] | None
    weight: int
    future: Future[Any]
    kind: str | None = None
    handler: Handler | None = None
    item: Any = None
    loop: asyncio.AbstractEventLoop | None = None
    """The event loop the request waits on, if any: its group's answers reach it in one wake-up."""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class GroupCommitter:
    def __init__(self, sessions: Sessions, max_events: int) -> None:
        self.sessions, self.max_events = sessions, max_events
        self._kept = KeptConnection(sessions)
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="group-commit", daemon=True)
        self._thread.start()
        self.groups = 0
        """Transactions committed (for tests and the benchmark: requests / groups is the sharing)."""
        self.requests = 0
        """Requests answered by those transactions."""

    def submit(self, work: Callable[[Session], Any], weight: int) -> Future[Any]:
        """Run `work(session)` in the next group's transaction; the future resolves after its commit.
        `work` must not raise for bad input (record it in its result): an exception fails its group."""
        future: Future[Any] = Future()
        self._jobs.put(_Job(work, weight, future, loop=_running_loop()))
        return future

    def submit_batch(self, kind: str, handler: Handler, item: Any, weight: int) -> Future[Any]:
        """Store `item` in the next group's transaction together with every other item of `kind`
        waiting: one `handler(session, items)` call for all of them (the first job's handler;
        jobs of one kind pass the same function). The future resolves to this item's answer
        after the commit. Like `submit`'s work, `handler` must answer bad input, not raise."""
        future: Future[Any] = Future()
        self._jobs.put(_Job(None, weight, future, kind, handler, item, _running_loop()))
        return future

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join()
        self._kept.release(failed=False)

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A write transaction on the writer's kept connection; writer thread only."""
        with self._kept.transaction(PING_AFTER_IDLE_S) as session:
            yield session

    def _run(self) -> None:
        while (first := self._jobs.get()) is not None:
            group, events = [first], first.weight
            while events < self.max_events:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self._jobs.put(None)  # stop after this group
                    break
                group.append(job)
                events += job.weight
            self._commit(group)

    def _commit(self, group: list[_Job]) -> None:
        # A request that gave up waiting (its caller answered 503) is left out: nothing of it is stored.
        group = [job for job in group if job.future.set_running_or_notify_cancel()]
        if not group:
            return
        try:
            with self._transaction() as session:
                results = _work(session, group)
        except BaseException as error:  # noqa: B036 - handed to every waiting request, which answers for it
            log.warning("a group of %d requests failed: %s", len(group), type(error).__name__)
            _answer([(job, None, error) for job in group])
            return
        self.groups += 1
        self.requests += len(group)
        _answer([(job, result, None) for job, result in zip(group, results, strict=True)])


def _answer(outcomes: list[tuple[_Job, Any, BaseException | None]]) -> None:
    """Resolve the futures. Those awaited on an event loop are resolved on it, all of a loop's
    at once: one cross-thread wake-up per group instead of one per request (each wake-up hands
    the GIL to the loop's thread and waits to get it back)."""
    by_loop: dict[asyncio.AbstractEventLoop | None, list[tuple[_Job, Any, BaseException | None]]] = {}
    for outcome in outcomes:
        by_loop.setdefault(outcome[0].loop, []).append(outcome)
    for loop, some in by_loop.items():
        if loop is not None:
            try:
                loop.call_soon_threadsafe(_settle, some)
                continue
            except RuntimeError:  # the loop is closed: nobody waits there any more
                pass
        _settle(some)


def _settle(outcomes: list[tuple[_Job, Any, BaseException | None]]) -> None:
    for job, result, error in outcomes:
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)


def _work(session: Session, group: list[_Job]) -> list[Any]:
    """Each job's result, in the group's order: plain work where it stands, a kind's items all
    at once where its first job stands."""
    results: list[Any] = [None] * len(group)
    kinds: dict[str, list[int]] = {}
    for position, job in enumerate(group):
        if job.kind is not None:
            kinds.setdefault(job.kind, []).append(position)
    for position, job in enumerate(group):
        if job.work is not None:
            results[position] = job.work(session)
        elif job.kind in kinds:
            positions = kinds.pop(job.kind)
            assert job.handler is not None
            answers = job.handler(session, [group[p].item for p in positions])
            for p, answer in zip(positions, answers, strict=True):
                results[p] = answer
    return results
