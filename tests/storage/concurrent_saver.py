"""Run as a separate process by test_concurrency.py: save many crawls of the same pages.

Usage: python concurrent_saver.py DATABASE_URL NAME COUNT START_AT_EPOCH
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from datetime import timedelta

from storage.db import make_engine, session_factory
from storage.records import Outcome
from storage.repository import save_crawl
from storage_samples import T0, attempt, full_profile

SHARED_URL = "https://news.example/shared"
FAILING_URL = "https://news.example/failing"


def main(url: str, name: str, count: int, start_at: float) -> None:
    engine = make_engine(url)
    sessions = session_factory(engine)
    time.sleep(max(0.0, start_at - time.time()))
    for i in range(count):
        at = T0 + timedelta(seconds=i)
        with sessions.begin() as session:
            profile = replace(full_profile(SHARED_URL), title=f"{name} {i}")
            save_crawl(session, attempt(SHARED_URL, at=at), profile)
        with sessions.begin() as session:
            save_crawl(session, attempt(FAILING_URL, Outcome.TIMEOUT, at=at, error=name), None)
    engine.dispose()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
