"""Group commit for page views: one writer thread takes every request waiting at that moment
and stores their events in one transaction, then answers each of them, only after the commit.
Sixteen clients sending one event each then cost one commit per group instead of one each, and
on SQLite no two of the service's threads ever fight for the write lock.

A group that fails (the database went away) fails every request in it; each caller waits at
most its bound and answers 503."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from storage.db import Session, Sessions
from storage.queue import write_transaction

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Job:
    work: Callable[[Session], Any]
    weight: int
    future: Future[Any]


class GroupCommitter:
    def __init__(self, sessions: Sessions, max_events: int) -> None:
        self.sessions, self.max_events = sessions, max_events
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="group-commit", daemon=True)
        self._thread.start()
        self.groups = 0
        """Transactions committed (for tests and the benchmark: requests / groups is the sharing)."""

    def submit(self, work: Callable[[Session], Any], weight: int) -> Future[Any]:
        """Run `work(session)` in the next group's transaction; the future resolves after its commit.
        `work` must not raise for bad input (record it in its result): an exception fails its group."""
        future: Future[Any] = Future()
        self._jobs.put(_Job(work, weight, future))
        return future

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join()

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
            with write_transaction(self.sessions) as session:
                results = [job.work(session) for job in group]
        except BaseException as error:  # noqa: B036 - handed to every waiting request, which answers for it
            log.warning("a group of %d requests failed: %s", len(group), type(error).__name__)
            for job in group:
                job.future.set_exception(error)
            return
        self.groups += 1
        for job, result in zip(group, results, strict=True):
            job.future.set_result(result)
