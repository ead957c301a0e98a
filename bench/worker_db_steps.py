"""The worker's database steps a page, alone: CPU ms of the claim, the site read, the cheap
check's read, the save (`rendercrawl.crawl._store`, with the gutted check) and the settle, on
SQLite and PostgreSQL, for two source trees interleaved (issue 35, bench/RENDER.md).

    .venv/bin/python bench/worker_db_steps.py --trees /work/base-storage . --rounds 5
    .venv/bin/python bench/worker_db_steps.py --trees . --profile sqlite     # cProfile of the steps
    .venv/bin/python bench/worker_db_steps.py --trees /work/base-storage . --dump   # rows identical?

Each child process takes one tree on its path, builds a fresh database with that tree's
migrations, and runs the steps a worker runs for a page (`scheduler.worker.Worker`'s own
methods, in one thread): first crawls of the pages, then recrawls of the same pages with the
same content. The profiles are real extractions of the demo site's pages, the render budget's
fixtures and the golden test pages, parsed statically (the database steps do not care how the
page was rendered). Children alternate between the trees, so load drift hits both alike; the
parent prints per-step medians and the ratio of the trees. `--dump` instead saves the same
pages once per tree and compares every table, ids and clock times included (both trees run on
a fixed clock).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
SCHEMA = "rc_worker_db_steps"
STEPS = ("claim", "site", "cheap", "store", "settle")
DEMO_SITE = "https://demo.example"


def sources(root: Path) -> list[tuple[str, str]]:
    """(url, html) of the pages: the demo site's, the render fixtures', the golden pages'."""
    site = root / "demosite" / "site"
    found = sorted(site.glob("*.html")) + sorted((site / "articles").glob("*.html")) + sorted(
        (site / "render-fixtures").glob("*.html"))
    pages = [(f"{DEMO_SITE}/{p.relative_to(site)}", p.read_text("utf-8")) for p in found]
    for p in sorted((root / "tests" / "pages").glob("*/page.html")):
        pages.append((f"https://{p.parent.name}.example/page", p.read_text("utf-8")))
    return pages


def child(args: argparse.Namespace) -> None:
    import cProfile
    import pstats
    import time
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import Engine, event, inspect, text

    from extraction import extract
    from rendercrawl.crawl import CrawlResult, _store
    from scheduler.freshness import CheapRecrawls
    from scheduler.settings import SchedulerSettings
    from scheduler.worker import Worker
    from storage import queue
    from storage.db import make_engine, session_factory, upgrade
    from storage.pages import ensure_page
    from storage.records import CrawlAttempt, Outcome, Reason
    from values.rendered import RenderedPage

    clock_at = [datetime(2026, 12, 6, 12, 0, tzinfo=UTC)]

    def clock() -> datetime:
        clock_at[0] += timedelta(milliseconds=1)
        return clock_at[0]

    rendered = []
    for url, html in sources(Path(args.root)):
        page = RenderedPage.from_html(html, url)
        rendered.append((page, extract(page, now=clock_at[0])))
    if args.db == "sqlite":
        path = Path(tempfile.mkdtemp()) / "steps.db"
        url = f"sqlite:///{path}"
    else:
        admin = make_engine(POSTGRES_URL)
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{SCHEMA}" CASCADE'))
            connection.execute(text(f'CREATE SCHEMA "{SCHEMA}"'))
        url = f"{POSTGRES_URL}?options=-csearch_path%3D{SCHEMA}"
    upgrade(url)
    engine = make_engine(url)
    sessions = session_factory(engine)
    settings = SchedulerSettings(worker_concurrency=1).model_copy(update={"host_max_concurrent": 64, "host_min_delay_ms": 0})

    async def no_crawl(target: Any) -> Any:
        raise AssertionError("not used")

    cheap = CheapRecrawls(sessions, "bench", clock, None)
    worker = Worker(sessions, no_crawl, settings, name="bench", cheap=cheap, clock=clock, random=lambda: 0.5)
    times: dict[str, dict[str, list[float]]] = {}
    statements: dict[str, dict[str, dict[str, int]]] = {}
    at = ["", ""]

    @event.listens_for(Engine, "before_cursor_execute")
    def count(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        kinds = statements.setdefault(at[0], {}).setdefault(at[1], {})
        key = " ".join(statement.split())[:100]
        kinds[key] = kinds.get(key, 0) + 1
    profiler = cProfile.Profile(time.thread_time) if args.profile else None  # CPU, not waits

    def timed(phase: str, step: str, call: Any, *a: Any) -> Any:
        if profiler is not None:
            profiler.enable()
        at[:] = [phase, step]
        t0 = time.thread_time()
        value = call(*a)
        times.setdefault(phase, {}).setdefault(step, []).append((time.thread_time() - t0) * 1000)
        if profiler is not None:
            profiler.disable()
        return value

    for phase in ("first", "recrawl"):
        with queue.write_transaction(sessions) as session:
            now = clock()
            for i, (page, _) in enumerate(rendered):  # due one after another: one claim order on both databases
                due = now + timedelta(microseconds=i)
                queue.enqueue(session, ensure_page(session, page.requested_url, now), Reason.NEW, due, now)
        for _ in rendered:
            claimed = timed(phase, "claim", worker._claim, "bench/0")
            assert claimed is not None
            if isinstance(claimed, tuple):  # a tree whose claim reads the site settings too
                lease, site = claimed
                timed(phase, "site", lambda: None)
            else:
                lease = claimed
                site = timed(phase, "site", worker._site, lease.host)
            page, profile = next((p, f) for p, f in rendered if p.requested_url == lease.url)
            started = clock()
            assert timed(phase, "cheap", worker._before_render, lease, site, started) is None
            attempt = CrawlAttempt(url=lease.url, started_at=started, finished_at=clock(),
                                   outcome=Outcome.SOFT_404 if profile.soft_404 else Outcome.OK,
                                   http_status=page.status, final_url=page.final_url, blocked_requests=0,
                                   render_ms=500, extract_ms=100, error=None, page_id=lease.page_id)
            result = timed(phase, "store", _store, sessions, CrawlResult(attempt, page, profile, None), False)
            timed(phase, "settle", worker._settle, lease, result.attempt, site, result)
    out: dict[str, Any] = {"pages": len(rendered), "times": times, "statements": statements}
    if profiler is not None:
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(args.profile_lines)
        stats.sort_stats("tottime").print_stats(args.profile_lines)
    if args.dump:
        tables = {}
        with engine.connect() as connection:
            for name in sorted(inspect(engine).get_table_names()):
                if name == "alembic_version":
                    continue
                rows = connection.execute(text(f"SELECT * FROM {name}")).mappings().all()
                tables[name] = sorted(json.dumps({k: _plain(v) for k, v in row.items()}, sort_keys=True) for row in rows)
        out["tables"] = tables
    engine.dispose()
    if args.db == "postgresql":
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{SCHEMA}" CASCADE'))
        admin.dispose()
    print(json.dumps(out))


def _plain(value: Any) -> Any:
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    if isinstance(value, int | float | str | bool) or value is None:
        return value
    return str(value)


def run_child(tree: str, db: str, root: str, extra: list[str]) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
    done = subprocess.run([sys.executable, str(HERE / "worker_db_steps.py"), "--child", "--db", db, "--root", root, *extra],
                          env=env, capture_output=True, text=True, check=False, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"child ({tree}, {db}) failed:\n{done.stderr[-4000:]}")
    if "--profile" in extra:
        print(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trees", nargs="+", default=["."])
    parser.add_argument("--dbs", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--profile-lines", type=int, default=45)
    parser.add_argument("--dump", action="store_true")
    parser.add_argument("--statements", action="store_true", help="statements a page by step, and which")
    parser.add_argument("--child", action="store_true")
    parser.add_argument("--db", default="sqlite")
    parser.add_argument("--root", default=str(HERE.parent))
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    extra = ["--profile", "--profile-lines", str(args.profile_lines)] if args.profile else ["--dump"] if args.dump else []
    for db in args.dbs:
        if args.dump:
            dumps = [run_child(tree, db, args.root, extra)["tables"] for tree in args.trees]
            for name in sorted(set().union(*dumps)):
                same = all(d.get(name) == dumps[0].get(name) for d in dumps)
                print(f"{db} {name}: {len(dumps[0].get(name, []))} rows, {'identical' if same else 'DIFFERENT'}")
                if not same:
                    for d in dumps:
                        print("   ", sorted(set(d.get(name, [])) ^ set(dumps[0].get(name, [])))[:3])
            continue
        results: dict[str, list[dict[str, Any]]] = {tree: [] for tree in args.trees}
        for _ in range(1 if args.profile else args.rounds):
            for tree in args.trees:
                results[tree].append(run_child(tree, db, args.root, extra))
        pages = results[args.trees[0]][0]["pages"]
        if args.statements:
            for tree in args.trees:
                for phase, steps in results[tree][0]["statements"].items():
                    for step, kinds in steps.items():
                        print(f"{db} {tree} {phase} {step}: {sum(kinds.values()) / pages:.1f} statements a page")
                        for key, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
                            print(f"    {n / pages:5.2f}  {key}")
        print(f"\n{db}: {pages} pages, {args.rounds} rounds a tree interleaved; CPU ms a page, median over pages, "
              "then median of rounds (sum: mean a page)")
        header = f"{'phase':8} {'tree':28}" + "".join(f"{s:>8}" for s in STEPS) + f"{'sum':>8}"
        print(header)
        sums: dict[tuple[str, str], float] = {}
        for phase in ("first", "recrawl"):
            for tree in args.trees:
                cells = []
                for step in STEPS:
                    cells.append(statistics.median(statistics.median(r["times"][phase][step]) for r in results[tree]))
                total = statistics.median(sum(statistics.fmean(r["times"][phase][s]) for s in STEPS) for r in results[tree])
                sums[(phase, tree)] = total
                print(f"{phase:8} {tree[-28:]:28}" + "".join(f"{c:8.2f}" for c in cells) + f"{total:8.2f}")
            if len(args.trees) == 2:
                a, b = args.trees
                print(f"{phase:8} {'ratio (second / first)':28}{'':40}{sums[(phase, b)] / sums[(phase, a)]:8.2f}")


if __name__ == "__main__":
    main()
