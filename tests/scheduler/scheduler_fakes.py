"""A fake crawl for queue and worker tests: it renders nothing. It saves an `ok` crawl row
the way `rendercrawl.crawl.crawl_url` does (its own transaction, no profile) and appends
`start`/`end` lines (url, owner, pid, monotonic time) to a log file, so tests can count who
crawled what and when. The real render path is tested in tests/render and tests/e2e."""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from scheduler.worker import CrawlTarget
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Outcome
from storage.repository import save_crawl
from values.rendered import RenderedPage


@dataclass(frozen=True)
class FakeResult:
    attempt: CrawlAttempt
    page: RenderedPage | None = None


class RecordingFakeCrawl:
    def __init__(self, sessions: sessionmaker[Session], log_path: Path, seconds: float = 0.02,
                 hang: bool = False, outcome: str = Outcome.OK.value, http_status: int | None = 200,
                 page: RenderedPage | None = None) -> None:
        """`page` is what the fake "render" returns besides the attempt (its validators reach the
        cheap-recrawl baseline)."""
        self.page = page
        self.sessions = sessions
        self.log_path = log_path
        self.seconds = seconds
        self.hang = hang
        self.outcome = outcome
        self.http_status = http_status

    def _log(self, event: str, url: str) -> None:
        with open(self.log_path, "a", encoding="utf-8") as f:
            f.write(f"{event}\t{url}\t{os.getpid()}\t{time.monotonic():.6f}\n")

    async def __call__(self, target: CrawlTarget) -> FakeResult:
        url = target.url
        started = datetime.now(UTC)
        self._log("start", url)
        if self.hang:
            await asyncio.Event().wait()
        await asyncio.sleep(self.seconds)
        attempt = CrawlAttempt(url=url, started_at=started, finished_at=datetime.now(UTC),
                               outcome=self.outcome, http_status=self.http_status,
                               error=None if self.outcome == Outcome.OK else "fake failure")
        await asyncio.to_thread(self._save, attempt)
        self._log("end", url)
        return FakeResult(attempt, self.page)

    def _save(self, attempt: CrawlAttempt) -> None:
        with write_transaction(self.sessions) as session:
            save_crawl(session, attempt, None)


def read_log(path: Path) -> list[tuple[str, str, int, float]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        event, url, pid, at = line.split("\t")
        rows.append((event, url, int(pid), float(at)))
    return rows
