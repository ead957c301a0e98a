"""CPU of `rendercrawl crawl URL`, one process per page, start-up included: the whole process
tree (Python, the Playwright driver, Chromium), from the rusage of reaped children, and the
import of the command's module alone. Prints numbers; asserts nothing.

    .venv/bin/python bench/crawl_command_cost.py [--runs 3] [--compare-with TREE] [--bytecode]

The demo site's article on loopback, a fresh SQLite database per run; with `--compare-with`
another project tree (a worktree of an earlier commit) runs in the same rounds, alternating.
Python's bytecode caches are as each tree has them: `make setup` writes the project's own
(`compileall`), as installing a package does. A tree never set up (a worktree), with
PYTHONDONTWRITEBYTECODE set, compiles its sources in every run (~0.1 CPU-s). `--bytecode` puts
every tree on the same footing: caches written once, untimed, under a temporary
PYTHONPYCACHEPREFIX (the trees stay clean), and read by every timed run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from loopback import LOOPBACK_ONLY  # noqa: E402

IMPORT = "import time; t = time.process_time(); import rendercrawl.page_commands; print(time.process_time() - t)"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


BYTECODE: dict[str, str] = {}
"""With `--bytecode`: PYTHONPYCACHEPREFIX, and PYTHONDONTWRITEBYTECODE dropped."""


def python_env(tree: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(tree), **BYTECODE, **extra}
    if BYTECODE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def crawl_cpu(tree: Path, url: str, db: Path) -> float:
    env = python_env(tree, RENDERCRAWL_DATABASE_URL=f"sqlite:///{db}", RENDERCRAWL_RESOLVER_RULES=LOOPBACK_ONLY)
    subprocess.run([sys.executable, "-m", "rendercrawl", "db", "upgrade"], cwd=tree, env=env, capture_output=True,
                   timeout=300, check=True)  # not timed: a database is set up once, crawled many times
    before = children_cpu()
    done = subprocess.run([sys.executable, "-m", "rendercrawl", "crawl", url], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return children_cpu() - before


def import_cpu(tree: Path) -> float:
    done = subprocess.run([sys.executable, "-c", IMPORT], cwd=tree, env=python_env(tree),
                          capture_output=True, text=True, timeout=120, check=True)
    return float(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare-with", type=Path)
    parser.add_argument("--bytecode", action="store_true", help="Bytecode caches written once, untimed, then read.")
    args = parser.parse_args()
    from bench.render_site import demo_site_process

    trees = {"this tree": ROOT, **({"compared": args.compare_with} if args.compare_with else {})}
    crawls: dict[str, list[float]] = {name: [] for name in trees}
    imports: dict[str, list[float]] = {name: [] for name in trees}
    with demo_site_process() as site, tempfile.TemporaryDirectory() as tmp:
        url = f"{site.base_url}/articles/harbour-bridge.html"
        if args.bytecode:
            BYTECODE["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
            for tree in trees.values():
                subprocess.run([sys.executable, "-c", "import rendercrawl.cli, rendercrawl.page_commands, rendercrawl.crawl"],
                               cwd=tree, env=python_env(tree), check=True, timeout=300)
        print(f"bytecode: {'cached, written once' if args.bytecode else 'as each tree has it'}; the "
              f"environment's PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}"
              f"{' (dropped for the runs)' if args.bytecode else ''}")
        print(f"load average {os.getloadavg()[0]:.1f} at start")
        for run in range(args.runs):
            for name, tree in trees.items():
                crawls[name].append(crawl_cpu(tree, url, Path(tmp) / f"{run}-{name.replace(' ', '')}.db"))
                imports[name].append(import_cpu(tree))
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    for name in trees:
        print(f"{name}: crawl URL, whole tree {' / '.join(f'{c:.2f}' for c in crawls[name])} CPU-s "
              f"(median {statistics.median(crawls[name]):.2f}); import of the command "
              f"{' / '.join(f'{c:.2f}' for c in imports[name])} (median {statistics.median(imports[name]):.2f})")


if __name__ == "__main__":
    main()
