"""Queue benchmark: claim/complete operations per second with concurrent claimers.

    .venv/bin/python bench/scheduler_queue.py                     # PostgreSQL, 8 claimers
    .venv/bin/python bench/scheduler_queue.py --db sqlite --claimers 4
    .venv/bin/python bench/scheduler_queue.py --hosts 20 --host-max 2   # with politeness

Each run: a fresh schema built by the migrations, `--pages` due pages spread over `--hosts`
hosts (with their `crawl_hosts` rows, as enqueueing makes them) and ANALYZE (as autovacuum
would after a bulk enqueue: without statistics the planner sorts the whole queue per claim),
then `--claimers` processes that each loop claim → complete (two transactions, as a
worker does, with no crawl in between) for `--seconds`. One "op" is one claim plus its
complete. Prints, per run and as the median of `--runs` runs: ops/s over all claimers, and the
median / 95th percentile latency of a claim and of a complete. Numbers are printed (and
written to bench/out/scheduler_queue.json), not asserted.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, select, text

from benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite
from scheduler.policy import HostRule
from storage import queue
from storage.db import make_engine, session_factory
from storage.models import CrawlHost, Page, QueueEntry
from storage.queue import write_transaction
from storage.records import Reason

OUT = Path(__file__).resolve().parent / "out" / "scheduler_queue.json"
BENCH_SCHEMA = "rc_sched_bench"
LEASE = timedelta(minutes=5)
SEED_BATCH = 5_000


def fresh_database(kind: str, postgres_url: str, tmp: Path) -> str:
    if kind == "sqlite":
        return fresh_sqlite(tmp / "scheduler_queue_bench.db")
    return fresh_postgres(postgres_url, BENCH_SCHEMA)


def seed(url: str, pages: int, hosts: int) -> None:
    engine = make_engine(url)
    now = datetime.now(UTC)
    due = now - timedelta(minutes=1)
    with engine.begin() as connection:
        for start in range(0, pages, SEED_BATCH):
            rows = [{"url": f"http://site{i % hosts}.test/story/{i}", "host": f"site{i % hosts}.test", "first_seen_at": now}
                    for i in range(start, min(pages, start + SEED_BATCH))]
            connection.execute(insert(Page), rows)
        # What `queue.enqueue` does for each host's first page: the host's politeness row.
        connection.execute(insert(CrawlHost), [{"host": f"site{i}.test"} for i in range(min(hosts, pages))])
        ids = connection.execute(select(Page.id)).scalars().all()
        for start in range(0, len(ids), SEED_BATCH):
            connection.execute(insert(QueueEntry), [
                {"page_id": pid, "due_at": due, "priority": Reason.NEW.priority, "reason": Reason.NEW.value,
                 "state": "queued", "enqueued_at": now, "updated_at": now} for pid in ids[start:start + SEED_BATCH]])
    with engine.begin() as connection:
        connection.execute(text("ANALYZE"))  # as autovacuum would after a bulk enqueue: plans as in production
    engine.dispose()


def claimer(url: str, name: str, seconds: float, host_rule: HostRule, start_at: float, results: mp.Queue) -> None:
    engine = make_engine(url)
    sessions = session_factory(engine)
    claims, completes, empty = [], [], 0
    while time.time() < start_at:
        time.sleep(0.001)
    deadline = start_at + seconds
    while time.time() < deadline:
        t0 = time.perf_counter()
        with write_transaction(sessions) as session:
            lease = queue.claim(session, name, datetime.now(UTC), LEASE, host_rule)
        t1 = time.perf_counter()
        if lease is None:
            empty += 1
            continue
        with write_transaction(sessions) as session:
            queue.complete(session, lease, datetime.now(UTC))
        t2 = time.perf_counter()
        claims.append(t1 - t0)
        completes.append(t2 - t1)
    engine.dispose()
    results.put((claims, completes, empty))


def one_run(args: argparse.Namespace, tmp: Path) -> dict[str, float]:
    url = fresh_database(args.db, args.postgres_url, tmp)
    seed(url, args.pages, args.hosts)
    rule = HostRule(max_concurrent=args.host_max, min_delay=timedelta(0))
    results: mp.Queue = mp.get_context("spawn").Queue()
    start_at = time.time() + 3.0  # every process imported and connected before the clock starts
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=claimer, args=(url, f"bench:{i}/0", args.seconds, rule, start_at, results))
             for i in range(args.claimers)]
    for p in procs:
        p.start()
    outcomes = [results.get(timeout=args.seconds + 120) for _ in procs]
    for p in procs:
        p.join()
    claims = [c for o in outcomes for c in o[0]]
    completes = [c for o in outcomes for c in o[1]]
    if len(claims) >= args.pages:
        print(f"  warning: the queue ran dry ({len(claims)} ops >= {args.pages} pages); raise --pages", file=sys.stderr)
    return {
        "ops_per_s": len(claims) / args.seconds,
        "claim_ms_median": 1000 * statistics.median(claims), "claim_ms_p95": 1000 * _p95(claims),
        "complete_ms_median": 1000 * statistics.median(completes), "complete_ms_p95": 1000 * _p95(completes),
        "empty_claims": sum(o[2] for o in outcomes),
    }


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES_URL)
    parser.add_argument("--claimers", type=int, default=8)
    parser.add_argument("--pages", type=int, default=50_000)
    parser.add_argument("--hosts", type=int, default=200)
    parser.add_argument("--host-max", type=int, default=1000, help="max concurrent pages per host (1000 = no limit)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tmp = OUT.parent
    tmp.mkdir(parents=True, exist_ok=True)
    print(f"{args.db}: {args.claimers} claimers, {args.pages} due pages on {args.hosts} hosts, "
          f"host max {args.host_max}, {args.seconds:g} s x {args.runs} runs")
    runs = []
    for i in range(args.runs):
        result = one_run(args, tmp)
        runs.append(result)
        print(f"  run {i + 1}: {result['ops_per_s']:.0f} ops/s; claim {result['claim_ms_median']:.1f} ms median "
              f"({result['claim_ms_p95']:.1f} p95); complete {result['complete_ms_median']:.1f} ms "
              f"({result['complete_ms_p95']:.1f} p95); empty claims {result['empty_claims']}")
    medians = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    print(f"median of {args.runs}: {medians['ops_per_s']:.0f} claim+complete ops/s; claim {medians['claim_ms_median']:.1f} ms, "
          f"complete {medians['complete_ms_median']:.1f} ms (medians)")
    OUT.write_text(json.dumps({"args": vars(args), "runs": runs, "median": medians}, indent=2))


if __name__ == "__main__":
    main()
