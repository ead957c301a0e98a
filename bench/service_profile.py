"""Where a page view's time goes in the service's write path, measured in-process (no HTTP):
one group commit's transaction holding N events, stored the old way (`events.record_view` per
event) and the batched way (`events.record_views` for the group), on SQLite and PostgreSQL.

For each group size it prints SQL statements, CPU time of this thread and wall time, per
group and per event. CPU time is what a machine busy with other work inflates least, so the
old/new ratio holds there too. The events spread over many pages, as the load benchmark's do:
most create their page, some are the third view of one and queue it.

    .venv/bin/python bench/service_profile.py
    .venv/bin/python bench/service_profile.py --db postgresql --groups 30
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import event

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite  # noqa: E402
from scheduler import events  # noqa: E402
from storage.apikeys import create_key, find_key  # noqa: E402
from storage.db import Session, make_engine, session_factory  # noqa: E402
from storage.queue import write_transaction  # noqa: E402
from storage.sites import upsert_site  # noqa: E402
from storage.types import utc_now  # noqa: E402

SITE = "bench.example"
SIZES = (1, 4, 16, 500)
PAGES = 3000


def measure(name: str, url: str, groups: int) -> None:
    engine = make_engine(url)
    sessions = session_factory(engine)
    statements = itertools.count()
    event.listen(engine, "before_cursor_execute", lambda *_args: next(statements))
    with write_transaction(sessions) as session:
        upsert_site(session, SITE, {})
        _row, key = create_key(session, SITE, "events", utc_now())
    serial = itertools.count()

    def views(n: int) -> list[events.ViewEvent]:
        now = utc_now()
        return [events.ViewEvent(f"https://{SITE}/news/{next(serial) % PAGES}", now) for _ in range(n)]

    def one_by_one(session: Session, batch: list[events.ViewEvent]) -> None:
        for view in batch:
            events.record_view(session, view.url, view.viewed_at, None, utc_now(), registered_only=True)

    def batched(session: Session, batch: list[events.ViewEvent]) -> None:
        events.record_views(session, batch, utc_now(), registered_only=True)

    print(f"{name} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    print(f"  {'events/group':>12} {'path':<12} {'statements/group':>16} {'CPU ms/group':>12} {'CPU µs/event':>12} "
          f"{'wall ms/group':>13}")
    for size in SIZES:
        rounds = max(2, groups if size < 100 else groups // 10)
        for label, store in (("per event", one_by_one), ("batched", batched)):
            counted, cpu, wall = _run(sessions, statements, rounds, size, views, store)
            print(f"  {size:>12} {label:<12} {counted / rounds:>16.1f} {cpu * 1000 / rounds:>12.2f} "
                  f"{cpu * 1e6 / rounds / size:>12.0f} {wall * 1000 / rounds:>13.2f}")

    def lookup() -> None:
        with sessions() as session:
            find_key(session, key)

    before, cpu, wall = next(statements), time.thread_time(), time.perf_counter()
    for _ in range(groups * 4):
        lookup()
    n = groups * 4
    print(f"  API key lookup in a session of its own (what each request paid before the memo): "
          f"{(next(statements) - before - 1) / n:.1f} statements, {(time.thread_time() - cpu) * 1000 / n:.2f} ms CPU, "
          f"{(time.perf_counter() - wall) * 1000 / n:.2f} ms wall")
    engine.dispose()


def _run(sessions: Any, statements: itertools.count[int], rounds: int, size: int,
         views: Callable[[int], list[events.ViewEvent]],
         store: Callable[[Session, list[events.ViewEvent]], None]) -> tuple[int, float, float]:
    """Statements, CPU seconds and wall seconds of `rounds` groups of `size` views (the views
    are made before the clock starts)."""
    batches = [views(size) for _ in range(rounds)]
    before, cpu, wall = next(statements), time.thread_time(), time.perf_counter()
    for batch in batches:
        with write_transaction(sessions) as session:
            store(session, batch)
    return next(statements) - before - 1, time.thread_time() - cpu, time.perf_counter() - wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--groups", type=int, default=60, help="groups per size (a tenth of it for 500)")
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    args = parser.parse_args()
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            measure("SQLite", fresh_sqlite(Path(tmp) / "profile.db"), args.groups)
    if args.db in ("postgresql", "both"):
        measure("PostgreSQL", fresh_postgres(args.postgres_url, "rc_bench_profile"), args.groups)
    return 0


if __name__ == "__main__":
    sys.exit(main())
