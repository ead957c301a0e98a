"""One worker process for the multi-process tests: the real `Worker` and queue against the
given database, crawling with `RecordingFakeCrawl` (no browser). Settings come from the
environment (`RENDERCRAWL_*`) as in production; SIGTERM stops it gracefully.

usage: python fake_worker_process.py DATABASE_URL LOG_PATH [--hang] [--seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scheduler.settings import SchedulerSettings  # noqa: E402
from scheduler.worker import Worker, install_stop_signals  # noqa: E402
from scheduler_fakes import RecordingFakeCrawl  # noqa: E402
from storage.db import make_engine, session_factory  # noqa: E402


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("database_url")
    parser.add_argument("log_path", type=Path)
    parser.add_argument("--hang", action="store_true", help="claim pages and never finish them")
    parser.add_argument("--seconds", type=float, default=0.02)
    args = parser.parse_args()
    engine = make_engine(args.database_url, pool_size=10)
    sessions = session_factory(engine)
    stop = asyncio.Event()
    install_stop_signals(stop)
    crawl = RecordingFakeCrawl(sessions, args.log_path, seconds=args.seconds, hang=args.hang)
    await Worker(sessions, crawl, SchedulerSettings(), shutdown_grace_s=2.0).run(stop)
    engine.dispose()


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(main())
