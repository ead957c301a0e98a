"""`make bench`: every benchmark, one after the other, each printing its own numbers.

Nothing here asserts a timing; the numbers are for reading side by side with the peers each
script runs in the same process. The 2,000-page memory run (~20 min) and the 100,000-profile
storage load (~10 min per database) are the slow ones; `--quick` skips them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

BENCHMARKS: tuple[tuple[str, list[str], bool], ...] = (
    ("main-text quality vs peers, Zyte and WCXB (issues 5, 12)", ["bench/extraction_quality.py"], False),
    ("metadata accuracy vs trafilatura/htmldate (issue 4)", ["bench/metadata_quality.py"], False),
    ("render throughput vs bare Playwright (issue 3)", ["bench/render_throughput.py"], False),
    ("snapshot of 5,000+ element pages (issue 3)", ["bench/render_throughput.py", "--big"], False),
    ("blocking cost per request (issue 3)", ["bench/render_blocking.py"], False),
    ("render memory over 2,000 pages (issue 3)", ["bench/render_memory.py"], True),
    ("storage: save throughput and README queries at 100k profiles (issue 6)", ["bench/storage_bench.py"], True),
    ("queue claim/complete ops/s, 8 claimers on PostgreSQL (issue 7)", ["bench/scheduler_queue.py"], False),
    ("cheap recrawls of the demo site (issue 7)", ["bench/scheduler_cheap_recrawl.py"], False),
    ("end-to-end pages/s for 1, 2, 4 workers (issue 7)", ["bench/scheduler_throughput.py"], False),
    ("main text on both WCXB halves and the Zyte halves, by page type (issue 12)", ["bench/wcxb_halves.py"], False),
    ("HTTP service: events/s, batches, pushes 202 vs 429, SQLite and PostgreSQL (issue 14)",
     ["bench/service_load.py", "--db", "both"], False),
    ("soak: 5,000 mixed hostile and normal pages through one worker (issue 13)", ["bench/soak.py"], True),
)
"""(title, command after the interpreter, slow?)"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="skip the slow benchmarks")
    args = parser.parse_args()
    failed = []
    for title, command, slow in BENCHMARKS:
        if slow and args.quick:
            print(f"\n=== {title}: skipped (--quick)")
            continue
        print(f"\n=== {title}\n$ python {' '.join(command)}", flush=True)
        started = time.monotonic()
        result = subprocess.run([sys.executable, *command], cwd=ROOT)
        print(f"--- {time.monotonic() - started:.0f} s, exit {result.returncode}", flush=True)
        if result.returncode:
            failed.append(title)
    if failed:
        print("\nfailed: " + "; ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
