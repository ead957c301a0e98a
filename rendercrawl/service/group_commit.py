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
a group fails.

On PostgreSQL the commits are pipelined: the writer hands a group's finished transaction to a
commit thread and starts the next group at once, on a second kept connection, while the first
waits for the disk (a commit's fsync was 3–6 ms of an 11.6 ms group on this machine). Only the
commit overlaps; the next group's correctness is kept this way:
- what it inserts that the committing group inserted too (a page, a queue row, an event id, a
  host) waits on the unique index until that commit, then finds the row, as with any
  concurrent writer; the queue rows it changes are read `FOR UPDATE`, so they wait too;
- what it only reads — a page's recent views and queue state, which decide whether a view
  queues a crawl — it reads only after the committing group is committed if that group wrote
  to any of the same pages (`Settled`, which the handler calls with its pages before those
  reads): a page is never queued one view late;
- plain work (`submit`: pushes, which count a URL's recent pushes) runs only once every
  earlier group committed, and the next group starts only once it committed.
Every request is still answered only after its own group committed. SQLite takes one writer at
a time, so there the writer commits each group itself before the next."""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from storage.db import Session, Sessions
from storage.writer import KeptConnection, flush_deferred, is_postgres_bound

log = logging.getLogger(__name__)

PING_AFTER_IDLE_S = 1.0
"""A kept connection unused this long goes back to the pool and the next group takes one anew,
pinged: a database restarted while the service was idle is noticed before a group meets it.
Under load groups follow each other within milliseconds and skip the ping; a restart then
fails the one group that meets the dead connection (its requests get 503 with Retry-After),
the connection is dropped, and the next group takes a fresh one."""

Settled = Callable[[Collection[int]], None]
"""Called by a handler with the pages its group writes to, before it reads their views and
queue state: returns once no group still committing wrote to any of them."""
Handler = Callable[[Session, list[Any], Settled], Sequence[Any]]
"""Stores a group's items of one kind in the group's session, calling `Settled` before its
reads of page state; one answer per item, in order."""


Waiter = Future[Any] | asyncio.Future[Any]
"""Where a job's answer goes: a thread's future (`submit`, `submit_batch`), or a future of the
event loop the request waits on (`await_work`, `await_batch`)."""


@dataclass(frozen=True, slots=True)
class _Job:
    work: Callable[[Session], Any] | None
    weight: int
    future: Waiter
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


class _Signal:
    """A marker on the writer's way to its jobs, which no job is."""


_WAKE = _Signal()
"""Put on the jobs queue by the commit thread after each commit: wakes a writer topping up."""
_NOTHING = _Signal()
"""What `_take` answers without blocking when no job waits."""


@dataclass
class _Pending:
    """A group whose transaction is done and whose commit may still be running (pipelined mode)."""

    kept: KeptConnection
    exclusive: bool
    """It ran plain work: the next group starts only once it committed."""
    pages: set[int] = field(default_factory=set)
    """The pages its handlers wrote to (`Settled`)."""
    committed: threading.Event = field(default_factory=threading.Event)
    """Set once its commit ended, committed or failed."""


class GroupCommitter:
    def __init__(self, sessions: Sessions, max_events: int) -> None:
        self.sessions, self.max_events = sessions, max_events
        self._kept = KeptConnection(sessions)
        self._pipelined = is_postgres_bound(sessions)
        self._spare = KeptConnection(sessions)
        """The pipelined writer's second connection: a group works on one while the other commits."""
        self._commits: queue.Queue[tuple[_Pending, Session, list[_Job], list[Any]] | None] = queue.Queue()
        self._jobs: queue.Queue[_Job | _Signal | None] = queue.Queue()
        self._held: _Job | None = None
        """A job the writer took while topping up a group but left for the next one."""
        self._thread = threading.Thread(target=self._run, name="group-commit", daemon=True)
        self._thread.start()
        self.groups = 0
        """Transactions committed (for tests and the benchmark: requests / groups is the sharing)."""
        self.requests = 0
        """Requests answered by those transactions."""
        self.rounds = 0
        """Store calls (`_work`) made for those transactions: a group's first, then one per top-up
        (`_top_up`); each costs its handler's statements, so rounds / groups is what a group's
        fixed cost is paid for."""
        self.commit_seconds = 0.0
        """Wall time spent in those commits (pipelined mode: the commit thread's wait for the
        database, the disk's flush included): with `groups`, the mean commit latency."""

    def submit(self, work: Callable[[Session], Any], weight: int) -> Future[Any]:
        """Run `work(session)` in the next group's transaction; the future resolves after its commit.
        `work` must not raise for bad input (record it in its result): an exception fails its group."""
        future: Future[Any] = Future()
        self._jobs.put(_Job(work, weight, future, loop=_running_loop()))
        return future

    def submit_batch(self, kind: str, handler: Handler, item: Any, weight: int) -> Future[Any]:
        """Store `item` in the next group's transaction together with every other item of `kind`
        waiting: one `handler(session, items, settled)` call for all of them (the first job's
        handler; jobs of one kind pass the same function). The future resolves to this item's
        answer after the commit. Like `submit`'s work, `handler` must answer bad input, not raise."""
        future: Future[Any] = Future()
        self._jobs.put(_Job(None, weight, future, kind, handler, item, _running_loop()))
        return future

    def await_work(self, work: Callable[[Session], Any], weight: int) -> asyncio.Future[Any]:
        """`submit` for a caller on an event loop (call it there): the answer is a future of that
        loop, set in its group's one wake-up of the loop (`_answer`). A future of `submit`,
        awaited through `asyncio.wrap_future`, cost each request a wake-up of its own (a
        thread-safe call per future) and more objects. A caller that gives up ends the future
        (`set_exception`): a job still waiting is then left out, as a cancelled `submit` is."""
        future = asyncio.get_running_loop().create_future()
        self._jobs.put(_Job(work, weight, future, loop=future.get_loop()))
        return future

    def await_batch(self, kind: str, handler: Handler, item: Any, weight: int) -> asyncio.Future[Any]:
        """`submit_batch` for a caller on an event loop, as `await_work` is `submit`'s."""
        future = asyncio.get_running_loop().create_future()
        self._jobs.put(_Job(None, weight, future, kind, handler, item, future.get_loop()))
        return future

    def start(self) -> None:
        """Run the writer again after `close`: an app's lifespan may end and start again (a test
        client per request), and a job put on the queue of a stopped writer would wait forever."""
        if not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="group-commit", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join()
        self._kept.release(failed=False)
        self._spare.release(failed=False)

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A write transaction on the writer's kept connection; writer thread only."""
        with self._kept.transaction(PING_AFTER_IDLE_S) as session:
            yield session

    def _run(self) -> None:
        committer = threading.Thread(target=self._commit_pending, name="group-commit-commits", daemon=True)
        if self._pipelined:
            committer.start()
        previous: _Pending | None = None
        before_previous: _Pending | None = None
        while (first := self._take(block=True)) is not None:
            if isinstance(first, _Signal):
                continue
            if not self._pipelined:
                self._commit(self._gather([first], first.weight)[0])
                continue
            if before_previous is not None:
                before_previous.committed.wait()  # its connection is free again; what arrives meanwhile joins
            pending = self._start(self._gather([first], first.weight)[0], previous, before_previous)
            if pending is not None:
                previous, before_previous = pending, previous
        if self._pipelined:
            self._commits.put(None)
            committer.join()

    def _take(self, block: bool) -> _Job | _Signal | None:
        """The next job (a held one first), None when closing, `_WAKE` after a commit, or
        without `block` `_NOTHING` when nothing waits."""
        if self._held is not None:
            job, self._held = self._held, None
            return job
        try:
            return self._jobs.get(block=block)
        except queue.Empty:
            return _NOTHING

    def _gather(self, group: list[_Job], events: int, batches_only: bool = False) -> tuple[list[_Job], int]:
        """Add the jobs waiting now to `group`, up to `max_events`; with `batches_only`, stop at
        plain work (held for the next group). Returns the group and its events."""
        while events < self.max_events:
            job = self._take(block=False)
            if job is _NOTHING:
                break
            if job is None:
                self._jobs.put(None)  # stop after this group
                break
            if isinstance(job, _Signal):
                continue
            if batches_only and job.work is not None:
                self._held = job
                break
            group.append(job)
            events += job.weight
        return group, events

    def _commit(self, group: list[_Job]) -> None:
        """Store the group and commit it in this thread (SQLite: one writer at a time)."""
        group = _still_waiting(group)
        if not group:
            return
        try:
            with self._transaction() as session:
                self.rounds += 1
                results = _work(session, group, _no_wait)
        except BaseException as error:  # noqa: B036 - handed to every waiting request, which answers for it
            _fail(group, error)
            return
        self._committed(group, results)

    def _start(self, group: list[_Job], previous: _Pending | None, before_previous: _Pending | None) -> _Pending | None:
        """Store the group on the connection the group before `previous` used (free by now),
        top it up while `previous` commits, and hand its transaction to the commit thread."""
        group = _still_waiting(group)
        if not group:
            return None
        exclusive = any(job.work is not None for job in group)
        if previous is not None and (exclusive or previous.exclusive):
            previous.committed.wait()
        kept = before_previous.kept if before_previous is not None else (self._spare if previous else self._kept)
        pending = _Pending(kept, exclusive)

        def settled(pages: Collection[int]) -> None:
            pending.pages.update(pages)
            if previous is not None and not previous.pages.isdisjoint(pages):
                previous.committed.wait()

        try:
            session = kept.begin(PING_AFTER_IDLE_S)
            try:
                self.rounds += 1
                results = _work(session, group, settled)
                if previous is not None:
                    self._top_up(session, group, results, previous, settled)
            except BaseException:
                kept.end(session, commit=False)
                raise
        except BaseException as error:  # noqa: B036 - as in `_commit`
            _fail(group, error)
            return None
        self._commits.put((pending, session, group, results))
        return pending

    def _top_up(self, session: Session, group: list[_Job], results: list[Any], previous: _Pending,
                settled: Settled) -> None:
        """While `previous` is still committing (this group could not commit before it anyway),
        store the page views that arrive in this group's transaction too: they are answered
        one commit earlier than in the next group, and a commit (a wait for the disk) serves
        more requests. Plain work waits for the next group."""
        events = sum(job.weight for job in group)
        while not previous.committed.is_set() and events < self.max_events and self._held is None:
            job = self._take(block=True)
            if job is None:
                self._jobs.put(None)
                return
            if isinstance(job, _Signal):
                continue
            if job.work is not None:
                self._held = job
                return
            more, events = self._gather([job], events + job.weight, batches_only=True)
            more = _still_waiting(more)
            group.extend(more)  # failed with the group if storing them fails
            flush_deferred(session)  # this call's reads must see the views stored before it
            self.rounds += 1
            results.extend(_work(session, more, settled))

    def _commit_pending(self) -> None:
        """The commit thread: commit each handed transaction in order, then answer its group."""
        while (handed := self._commits.get()) is not None:
            pending, session, group, results = handed
            started = time.perf_counter()
            try:
                pending.kept.end(session, commit=True)
            except BaseException as error:  # noqa: B036 - as in `_commit`
                _fail(group, error)
            else:
                self.commit_seconds += time.perf_counter() - started
                self._committed(group, results)
            finally:
                pending.committed.set()
                self._jobs.put(_WAKE)

    def _committed(self, group: list[_Job], results: list[Any]) -> None:
        self.groups += 1
        self.requests += len(group)
        _answer([(job, result, None) for job, result in zip(group, results, strict=True)])


def _still_waiting(group: list[_Job]) -> list[_Job]:
    """A request that gave up waiting (its caller answered 503) is left out: nothing of it is stored."""
    return [job for job in group if _claim(job.future)]


def _claim(future: Waiter) -> bool:
    """Whether the request still waits; a thread's future can then no longer be cancelled. An
    event loop's future is only read here (its loop may end it meanwhile: the request is stored
    and answered 503, as one whose group was already running)."""
    if isinstance(future, Future):
        return future.set_running_or_notify_cancel()
    return not future.done()


def _fail(group: list[_Job], error: BaseException) -> None:
    log.warning("a group of %d requests failed: %s", len(group), type(error).__name__)
    _answer([(job, None, error) for job in group])


def _no_wait(pages: Collection[int]) -> None:
    """`Settled` where no other group is ever committing."""


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
        if job.future.done():  # an event loop's future its caller gave up on
            continue
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)


def _work(session: Session, group: list[_Job], settled: Settled) -> list[Any]:
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
            answers = job.handler(session, [group[p].item for p in positions], settled)
            for p, answer in zip(positions, answers, strict=True):
                results[p] = answer
    return results
