"""The comment count (`extraction/comments.py`) on the benchmark sets: how often one is found, and how often it is right.

    nice -n 15 .venv/bin/python bench/comment_count.py                  # oldweb and WCXB dev
    nice -n 15 .venv/bin/python bench/comment_count.py --sets oldweb    # one set
    nice -n 15 .venv/bin/python bench/comment_count.py --show 12        # and 12 pages with a count to check by hand

Pages are read statically (`RenderedPage.from_html`) through the crawler's own `extract`, two
worker processes. The old-web corpus (bench/corpora/oldweb) knows each page's comments: they
are drawn again from the generator's seed (`bench/oldweb/build.draw`), nested replies included,
and a page's count is right when it equals that number, or is None where the page shows no
count and no comment items (an embed's iframe, comments in unnamed table rows). WCXB dev has no
comment gold: the table gives how many pages of each type carry a count, by source; `--show`
lists pages to open and count by hand. Each run writes its per-page results to
bench/out/comment-count/SET.json.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH = ROOT.parent / "shared" / "bench"
OLDWEB = ROOT / "bench" / "corpora" / "oldweb"
OUT = ROOT / "bench" / "out" / "comment-count"
WORKERS = 2


def _one(job: tuple[str, str, str]) -> tuple[str, int | None, str | None, str]:
    page_id, url, path = job
    from extraction.extract import extract
    from values.rendered import RenderedPage

    data = Path(path).read_bytes()
    html = (gzip.decompress(data) if path.endswith(".gz") else data).decode("utf-8", "replace")
    profile = extract(RenderedPage.from_html(html, url))
    rejected = "; ".join(f"{r.value} ({r.reason})" for r in profile.rejections if r.field == "comment_count")
    return page_id, profile.comment_count, profile.sources.get("comment_count"), rejected


def _jobs(name: str) -> list[tuple[str, str, str]]:
    if name == "oldweb":
        gold = json.loads((OLDWEB / "gold.json").read_text(encoding="utf-8"))
        return [(pid, g["url"], str(OLDWEB / "pages" / f"{pid}.html")) for pid, g in sorted(gold.items())]
    gold = json.loads((BENCH / "wcxb-dev" / "ground-truth.json").read_text(encoding="utf-8"))
    return [(pid, g["url"], str(BENCH / "wcxb-dev" / "html" / f"{pid}.html.gz")) for pid, g in sorted(gold.items())]


def _oldweb_truth() -> dict[str, tuple[str, str, int]]:
    """page id -> (template, half, comments on the page, nested replies included)."""
    from bench.oldweb.build import TEMPLATES, _walk, draw

    gold = json.loads((OLDWEB / "gold.json").read_text(encoding="utf-8"))
    out = {}
    for pid in gold:
        name, number = pid.rsplit("-", 1)
        out[pid] = (name, TEMPLATES[name].half, len(_walk(draw(name, int(number)).comments)))
    return out


def _source(source: str | None) -> str:
    return "none" if source is None else source.split(":")[0]


def oldweb(results: dict[str, tuple[int | None, str | None, str]]) -> None:
    truth = _oldweb_truth()
    print("oldweb: pages, with comments, count found, right (exact, or None where nothing shows), by template")
    print("| template | half | pages | with comments | found | right | sources |\n|---|---|---|---|---|---|---|")
    by_template: dict[str, list[str]] = {}
    for pid in results:
        by_template.setdefault(truth[pid][0], []).append(pid)
    for name in sorted(by_template, key=lambda n: (truth[by_template[n][0]][1], n)):
        ids = by_template[name]
        half = truth[ids[0]][1]
        with_comments = sum(truth[p][2] > 0 for p in ids)
        found = sum(results[p][0] is not None for p in ids)
        right = sum(results[p][0] == truth[p][2] for p in ids)
        sources = Counter(_source(results[p][1]) for p in ids)
        print(f"| {name} | {half} | {len(ids)} | {with_comments} | {found} | {right} | "
              f"{', '.join(f'{k} {v}' for k, v in sorted(sources.items()))} |")
    for scope in ("all", "tune", "held"):
        ids = [p for p in results if scope in ("all", truth[p][1])]
        commented = [p for p in ids if truth[p][2] > 0]
        bare = [p for p in ids if truth[p][2] == 0]
        print(f"{scope}: {len(commented)} pages with comments: right {sum(results[p][0] == truth[p][2] for p in commented)}, "
              f"None {sum(results[p][0] is None for p in commented)}; {len(bare)} without: 0 "
              f"{sum(results[p][0] == 0 for p in bare)}, None {sum(results[p][0] is None for p in bare)}; wrong "
              f"{sum(results[p][0] is not None and results[p][0] != truth[p][2] for p in ids)}")
    wrong = sorted((p, results[p][0], truth[p][2]) for p in results if results[p][0] not in (None, truth[p][2]))
    print("".join(f"  wrong: {p}: {got} (true {true})\n" for p, got, true in wrong), end="")


def wcxb(results: dict[str, tuple[int | None, str | None, str]]) -> None:
    gold = json.loads((BENCH / "wcxb-dev" / "ground-truth.json").read_text(encoding="utf-8"))
    print("WCXB dev: pages with a comment count, by page type and source")
    print("| type | pages | with a count | declared | label | counted | rejections |\n|---|---|---|---|---|---|---|")
    types = sorted({g["page_type"] for g in gold.values()})
    for t in [*types, "all"]:
        ids = [p for p in results if t == "all" or gold[p]["page_type"] == t]
        sources = Counter(_source(results[p][1]) for p in ids)
        declared = sources["jsonld"] + sources["microdata"]
        print(f"| {t} | {len(ids)} | {sum(results[p][0] is not None for p in ids)} | {declared} | {sources['label']} | "
              f"{sources['counted']} | {sum(bool(results[p][2]) for p in ids)} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="+", default=["oldweb", "wcxb"], choices=["oldweb", "wcxb"])
    ap.add_argument("--show", type=int, default=0, help="list this many pages with a count (seeded draw)")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for name in args.sets:
        jobs = _jobs(name)
        with ProcessPoolExecutor(max_workers=WORKERS) as pool:
            results = {pid: (count, source, rejected) for pid, count, source, rejected in pool.map(_one, jobs, chunksize=8)}
        (OUT / f"{name}.json").write_text(json.dumps(results, indent=0, sort_keys=True), encoding="utf-8")
        oldweb(results) if name == "oldweb" else wcxb(results)
        if args.show:
            urls = {pid: url for pid, url, _ in jobs}
            found = sorted(p for p in results if results[p][0] is not None)
            for pid in random.Random(32).sample(found, min(args.show, len(found))):
                print(f"  {name} {pid}: {results[pid][0]} from {results[pid][1]}  {urls[pid]}")
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
