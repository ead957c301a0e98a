"""Storage benchmark: save throughput and README query latency at 100,000 profiles.

    .venv/bin/python bench/storage_bench.py                       # both databases, 100k
    .venv/bin/python bench/storage_bench.py --db sqlite --profiles 20000
    .venv/bin/python bench/storage_bench.py --reuse --worker-saves 0   # queries only, last run's data

For each database: a fresh schema built by the migrations; N synthetic profiles (plus ~10%
failed crawls) bulk-saved with `save_crawls` in one process; every README query
(storage/queries.py) run `--runs` times: median and 95th percentile, rows returned, and the
query plan, so one can see the indexes are used; then `--worker-saves` more crawls saved the
way a worker saves them, `save_crawl` and a commit each, into the full database.
`--reuse` keeps the database a previous run loaded (migrated to the current revision), to
time the queries again after a schema or query change without the load; it reports no bulk
save rate. Numbers are printed (and written to bench/out/storage_bench.json), not asserted.
Targets from the issue: >= 1,000 profiles/s on PostgreSQL, every query < 50 ms median.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select, text, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite, schema_url  # noqa: E402
from storage.db import make_engine, session_factory, upgrade  # noqa: E402
from storage.models import Page  # noqa: E402
from storage.queries import QUERIES, NamedQuery  # noqa: E402
from storage.records import CrawlAttempt, CrawlRecord, Outcome  # noqa: E402
from storage.repository import save_crawl, save_crawls  # noqa: E402
from storage_synthetic import NOW, crawls  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent / "out"
BENCH_SCHEMA = "rc_storage_bench"
HISTORY_URL = "https://news.example/a/1"


SQLITE_PATH = OUT_DIR / "storage_bench.db"


def database_url(kind: str, postgres_url: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{SQLITE_PATH}"
    return schema_url(postgres_url, BENCH_SCHEMA)


def fresh_database(kind: str, postgres_url: str) -> str:
    if kind == "sqlite":
        return fresh_sqlite(SQLITE_PATH)
    return fresh_postgres(postgres_url, BENCH_SCHEMA)


def loaded_profiles(url: str) -> int:
    """Profiles in a database a previous run loaded (0 if there is none)."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT COUNT(*) FROM profiles")).scalar_one()
    except DBAPIError:  # no database or no tables yet: nothing to reuse
        return 0
    finally:
        engine.dispose()


def load(engine: Engine, count: int, batch: int) -> dict[str, Any]:
    """Bulk-load `count` profiles (plus ~10% failed crawls) with `save_crawls`, `batch` crawls
    per transaction, as an import or a re-extraction would. Only saving and committing is
    timed, not generating the synthetic profiles."""
    seconds, saves, profiles = 0.0, 0, 0
    due: dict[str, datetime] = {}
    pending: list[CrawlRecord] = []
    with session_factory(engine)() as session:
        for item in crawls(count):
            pending.append(CrawlRecord(item.attempt, item.profile))
            profiles += item.profile is not None
            due[item.attempt.url] = item.next_crawl_at
            if len(pending) >= batch:
                seconds += _timed(session, partial(save_crawls, session, pending))
                saves, pending = saves + len(pending), []
        seconds += _timed(session, partial(save_crawls, session, pending))
        saves += len(pending)
        _set_due_times(session, due)
        _add_history(session)
    return _rates("bulk save_crawls", profiles, saves, seconds, batch)


def worker_saves(engine: Engine, existing: int, count: int) -> dict[str, Any]:
    """What a worker does: `save_crawl` and a commit per crawl, into the loaded database —
    half recrawls of existing pages with unchanged content, half new pages."""
    recrawls = list(crawls(count // 2))
    new = list(crawls(count - count // 2, seed=8, first_page=existing))
    seconds, saves, profiles = 0.0, 0, 0
    with session_factory(engine)() as session:
        for item in [x for pair in zip(recrawls, new, strict=False) for x in pair]:  # the odd one out is left out
            seconds += _timed(session, partial(save_crawl, session, item.attempt, item.profile))
            saves += 1
            profiles += item.profile is not None
    return _rates("save_crawl + commit per crawl", profiles, saves, seconds, 1)


def _timed(session: Session, save: Any) -> float:
    started = time.perf_counter()
    save()
    session.commit()
    return time.perf_counter() - started


def _rates(how: str, profiles: int, saves: int, seconds: float, batch: int) -> dict[str, Any]:
    return {"how": how, "profiles": profiles, "crawls": saves, "seconds": round(seconds, 2),
            "profiles_per_s": round(profiles / seconds), "crawls_per_s": round(saves / seconds), "batch": batch}


def _set_due_times(session: Session, due: dict[str, datetime]) -> None:
    """What the scheduler would have written: each page's next crawl time."""
    ids = dict(session.execute(select(Page.url, Page.id)).all())
    rows = [{"id": ids[url], "next_crawl_at": at} for url, at in due.items()]
    for start in range(0, len(rows), 5000):
        session.execute(update(Page), rows[start:start + 5000])
    session.commit()


def _add_history(session: Session) -> None:
    """Five more versions of the page the history query shows."""
    from storage.repository import load_profile

    base = load_profile(session, HISTORY_URL)
    assert base is not None, "the synthetic data always contains news.example/a/1"
    for i in range(5):
        at = NOW - timedelta(days=5 - i)
        attempt = CrawlAttempt(url=HISTORY_URL, started_at=at, finished_at=at + timedelta(seconds=1),
                               outcome=Outcome.OK)
        save_crawl(session, attempt, replace(base, title=f"{base.title} (edit {i + 1})"))
    session.commit()


def analyze(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.execute(text("ANALYZE"))


def time_queries(engine: Engine, runs: int) -> list[dict[str, Any]]:
    results = []
    with engine.connect() as connection:
        for query in QUERIES:
            statement = query.statement()
            timings, rows = [], 0
            for i in range(runs + 2):
                started = time.perf_counter()
                rows = len(connection.execute(statement, query.example).all())
                if i >= 2:  # two warm-up runs: caches, statement compilation
                    timings.append((time.perf_counter() - started) * 1000)
            timings.sort()
            results.append({
                "query": query.name, "rows": rows,
                "median_ms": round(statistics.median(timings), 2),
                "p95_ms": round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 2),
                "plan": explain(connection, query),
            })
    return results


def explain(connection: Any, query: NamedQuery) -> list[str]:
    if connection.dialect.name == "sqlite":
        rows = connection.execute(text(f"EXPLAIN QUERY PLAN {query.with_literals()}")).all()
        return [row[-1] for row in rows]
    rows = connection.execute(text(f"EXPLAIN {query.with_literals()}")).all()
    return [row[0] for row in rows]


def report(kind: str, saving: list[dict[str, Any]], queries: list[dict[str, Any]], plans: bool) -> None:
    print(f"\n(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs: "
          "other processes on this machine slow every number below)")
    print(f"== {kind}")
    for s in saving:
        print(f"  {s['how']:30} {s['profiles']:>7,} profiles + {s['crawls'] - s['profiles']:>6,} failed crawls "
              f"in {s['seconds']:>7} s -> {s['profiles_per_s']:>6,} profiles/s ({s['crawls_per_s']:,} crawls/s)"
              f"{'' if s['batch'] == 1 else ', ' + str(s['batch']) + ' per transaction'}")
    print(f"  {'query':32} {'rows':>7} {'median ms':>10} {'p95 ms':>8}")
    for q in queries:
        print(f"  {q['query']:32} {q['rows']:>7} {q['median_ms']:>10} {q['p95_ms']:>8}")
    if plans:
        for q in queries:
            print(f"\n-- plan: {q['query']}")
            print("\n".join(f"   {line}" for line in q["plan"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", type=int, default=100_000)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--batch", type=int, default=500, help="crawls per transaction in the bulk load")
    parser.add_argument("--worker-saves", type=int, default=2000,
                        help="crawls then saved one per transaction, like a worker")
    parser.add_argument("--runs", type=int, default=30, help="timed runs per query")
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES_URL)
    parser.add_argument("--no-plans", action="store_true")
    parser.add_argument("--reuse", action="store_true",
                        help="time the queries on the database a previous run loaded (migrated first)")
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    results: dict[str, Any] = {}
    for kind in kinds:
        url = database_url(kind, args.postgres_url)
        existing = loaded_profiles(url) if args.reuse else 0
        if existing:
            upgrade(url)
            engine, saving = make_engine(url), []
            print(f"{kind}: reusing the {existing:,} profiles loaded by an earlier run")
        else:
            engine = make_engine(fresh_database(kind, args.postgres_url))
            saving = [load(engine, args.profiles, args.batch)]
        analyze(engine)
        queries = time_queries(engine, args.runs)
        if args.worker_saves:
            saving.append(worker_saves(engine, args.profiles, args.worker_saves))
        engine.dispose()
        report(kind, saving, queries, plans=not args.no_plans)
        results[kind] = {"saving": saving, "queries": queries}
    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "storage_bench.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
