"""Extraction identity: every profile field of every benchmark page, written out and compared between two trees.

    PYTHONPATH=/work/base .venv/bin/python bench/extraction_identity.py --out /work/baseline   # the baseline (dfbcbee)
    PYTHONPATH=$PWD .venv/bin/python bench/extraction_identity.py --out /tmp/mine --against /work/baseline
    PYTHONPATH=$PWD .venv/bin/python bench/extraction_identity.py --sets zyte --no-explain --against /work/baseline
    PYTHONPATH=$PWD .venv/bin/python bench/extraction_identity.py --out /tmp/mine --against /work/baseline --ignore comment_count
    .venv/bin/python bench/extraction_identity.py --collect        # once: the outside sets into the page store
    PYTHONPATH=/work/base .venv/bin/python bench/extraction_identity.py --render 100   # once: rendered snapshots

A restructuring of `extraction/` must not change what it extracts. This runs the crawler's own
entry point (`extraction.extract.extract`, on a `RenderedPage`: static pages through
`RenderedPage.from_html`, as `bench/extraction_quality.py` and `bench/wcxb_halves.py` read them;
rendered ones from a cached snapshot) on every page of each set, at a fixed `NOW`, and writes one
canonical JSON per page: the profile's JSON form (`ContentProfile.to_json_dict`: body and every
field, sources, rejections, content hash) and, unless `--no-explain`, the `--explain` report of
`extract_explained`. With `--against DIR` it compares this run with an earlier one page by page
and prints, per set, how many pages are identical, and the first differences; `--ignore FIELDS`
leaves profile fields added since the baseline out of both sides (their key, source and rejections).

The code measured is whatever `extraction` resolves to: put the tree under test first on
PYTHONPATH (this file adds its own tree only at the end of `sys.path`, and prints the folder
`extraction` came from). The baseline of issue 31 is /work/baseline, made from main at dfbcbee
(`git worktree add /work/base dfbcbee`, then the first command above).

Sets (`--sets`): zyte and wcxb (../shared/bench), rendered-wcxb and rendered-zyte (snapshots
rendered once by `--render N` into the page store, N pages of each in id order), and the outside
sets of bench/docs_set.py, bench/modern_docs_set.py and bench/other_sets.py (docs, modern-docs,
newspaper4k, mozilla, article-extractor, oldweb), which `--collect` builds with those scripts' own
loaders (they fetch packages; a set that cannot be built is reported and skipped) and stores as
gzipped JSON lines in the page store (`--pages`, default ../identity-pages beside the
repository), so that every tree reads exactly the same pages. Two worker processes at most.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import itertools
import json
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # last: the tree under test comes first, from PYTHONPATH

BENCH = ROOT.parent / "shared" / "bench"
PAGES = ROOT.parent / "identity-pages"
BASELINE = ROOT.parent / "baseline"
NOW = datetime(2026, 6, 1, tzinfo=UTC)
"""The render time every page is extracted at: the future-date and expiry rules run, and a rerun gives the same."""
WORKERS = 2
SHOWN = 5
"""Differences printed per set."""
BENCHMARKS = {"zyte": "scrapinghub", "wcxb": "wcxb-dev"}
OUTSIDE = ("docs", "modern-docs", "newspaper4k", "mozilla", "article-extractor", "oldweb")
RENDERED = {"rendered-wcxb": "wcxb", "rendered-zyte": "zyte"}
SETS = (*BENCHMARKS, *RENDERED, *OUTSIDE)

Job = tuple[str, str, str, str, str, bool]
"""(set, page id, url, html or "", snapshot path or "", explain)."""


def file_name(page_id: str) -> str:
    """A page's file in a run: ids of the outside sets are paths, so they are hashed."""
    return hashlib.sha256(page_id.encode()).hexdigest()[:32] + ".json"


# --- the page store ------------------------------------------------------------------------------

def _store(pages: Path, name: str) -> Path:
    return pages / f"{name}.jsonl.gz"


def collect(pages: Path, names: list[str]) -> None:
    """Build the outside sets with their benchmark scripts' loaders and store their pages."""
    pages.mkdir(parents=True, exist_ok=True)
    for name in names:
        start = time.monotonic()
        try:
            found = list(_load_outside(name))
        except Exception as err:  # noqa: BLE001 - a set that cannot be fetched here is reported, the others go on
            print(f"{name}: not collected: {type(err).__name__}: {err}", file=sys.stderr)
            continue
        with gzip.open(_store(pages, name), "wt", encoding="utf-8") as out:
            for page_id, url, html in found:
                out.write(json.dumps({"id": page_id, "url": url, "html": html}) + "\n")
        print(f"{name}: {len(found)} pages stored ({time.monotonic() - start:.0f} s)", file=sys.stderr)


def _load_outside(name: str) -> Iterator[tuple[str, str, str]]:
    if name == "docs":
        from bench import docs_set

        yield from ((p.page_id, p.url, p.html) for p in docs_set.load_pages(docs_set.fetch()))
    elif name == "modern-docs":
        from bench import modern_docs_set

        built = modern_docs_set.build(list(modern_docs_set.SITES))
        yield from ((p.page_id, p.url, p.html) for p in modern_docs_set.load_pages(built))
    else:
        from bench import other_sets

        yield from ((page_id, url, html) for page_id, url, html, _ in other_sets.SETS[name].load())


def render(pages: Path, count: int) -> None:
    """Render the first `count` pages (by id) of WCXB and of Zyte once, with the tree under test's renderer."""
    from bench.extraction_render import ensure_rendered, load_benchmark

    for name, bench in RENDERED.items():
        every = load_benchmark(BENCH / BENCHMARKS[bench])
        chosen = {pid: every[pid] for pid in sorted(every)[:count]}
        ensure_rendered(chosen, pages / name)


def jobs(name: str, pages: Path, explain: bool) -> Iterator[Job]:
    if name in BENCHMARKS:
        root = BENCH / BENCHMARKS[name]
        gold = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
        for pid in sorted(gold):
            yield name, pid, gold[pid]["url"], str(root / "html" / f"{pid}.html.gz"), "", explain
    elif name in RENDERED:
        folder = pages / name
        root = BENCH / BENCHMARKS[RENDERED[name]]
        gold = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
        for snapshot in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            if snapshot.stem in gold:
                yield name, snapshot.stem, gold[snapshot.stem]["url"], "", str(snapshot), explain
    else:
        store = _store(pages, name)
        if not store.exists():
            return
        with gzip.open(store, "rt", encoding="utf-8") as lines:
            for line in lines:
                page = json.loads(line)
                yield name, page["id"], page["url"], page["html"], "", explain


# --- one page ------------------------------------------------------------------------------------

def _quiet() -> None:
    import logging
    import warnings

    warnings.simplefilter("ignore")
    logging.disable(logging.WARNING)


def _extract(job: Job) -> tuple[str, str, str]:
    """`(set, page id, canonical JSON)`: the profile's JSON form and the --explain report, or the error raised."""
    from extraction.extract import extract, extract_explained
    try:
        from values.rendered import RenderedPage
    except ImportError:  # a tree from before the move (the baseline, dfbcbee)
        from render.model import RenderedPage  # type: ignore[no-redef]

    name, page_id, url, html, snapshot, explain = job
    if snapshot:
        page = RenderedPage.from_json(Path(snapshot).read_text(encoding="utf-8"))
    else:
        if html.endswith(".html.gz"):
            html = gzip.decompress(Path(html).read_bytes()).decode("utf-8", errors="replace")
        page = RenderedPage.from_html(html, url)
    record: dict[str, object] = {"id": page_id}
    try:
        record["profile"] = extract(page, NOW).to_json_dict()
        if explain:
            record["explanation"] = extract_explained(page, NOW)[1]
    except Exception as err:  # noqa: BLE001 - a page that raises is a result to compare, not the end of the run
        record["error"] = f"{type(err).__name__}: {err}"
    return name, page_id, json.dumps(record, sort_keys=True, ensure_ascii=False, indent=1)


def run(names: list[str], pages: Path, out: Path, explain: bool, first: int | None = None) -> dict[str, int]:
    import extraction
    from extraction import native

    print(f"extraction from {Path(extraction.__file__).parent}, {native.summary()}; writing {out}", file=sys.stderr)
    counts: dict[str, int] = {}
    with ProcessPoolExecutor(max_workers=WORKERS, initializer=_quiet) as pool:
        for name in names:
            start = time.monotonic()
            folder = out / name
            folder.mkdir(parents=True, exist_ok=True)
            counts[name] = 0
            chosen = itertools.islice(jobs(name, pages, explain), first)
            for _, page_id, text in pool.map(_extract, chosen, chunksize=4):
                (folder / file_name(page_id)).write_text(text, encoding="utf-8")
                counts[name] += 1
            print(f"  {name}: {counts[name]} pages ({time.monotonic() - start:.0f} s)", file=sys.stderr)
    return counts


# --- comparing two runs --------------------------------------------------------------------------

def _first_difference(a: dict[str, object], b: dict[str, object]) -> str:
    for key in sorted(set(a) | set(b)):
        if key not in a or key not in b:
            return f"{key}: only in {'the second' if key in b else 'the first'} run"
        if a.get(key) != b.get(key):
            if isinstance(a.get(key), dict) and isinstance(b.get(key), dict):
                return f"{key}.{_first_difference(a[key], b[key])}"  # type: ignore[arg-type]
            return f"{key}: {str(a.get(key))[:160]!r} -> {str(b.get(key))[:160]!r}"
    return "(equal)"


def without(record: dict[str, Any], fields: Sequence[str]) -> dict[str, Any]:
    """The record with the profile fields `fields` taken out everywhere they appear: the key, its
    source, its rejections (a field added since the baseline, compared as absent on both sides)."""
    profile = record.get("profile")
    if not fields or not isinstance(profile, dict):
        return record
    profile = {k: v for k, v in profile.items() if k not in fields}
    profile["sources"] = {k: v for k, v in profile.get("sources", {}).items() if k not in fields}
    profile["rejections"] = [r for r in profile.get("rejections", []) if r.get("field") not in fields]
    return {**record, "profile": profile}


def compare(names: list[str], base: Path, mine: Path, only_mine: bool = False, ignore: Sequence[str] = ()) -> int:
    """Print identical/differing counts per set; the number of differing or missing pages
    (`only_mine`: the pages of this run only, as when it read the first N). `ignore`: profile
    fields left out of the comparison on both sides (`without`)."""
    bad = 0
    print("| set | identical | differing | only in one run |")
    print("|---|---|---|---|")
    shown: list[str] = []
    for name in names:
        a_files = {p.name for p in (base / name).glob("*.json")} if (base / name).is_dir() else set()
        b_files = {p.name for p in (mine / name).glob("*.json")} if (mine / name).is_dir() else set()
        if only_mine:
            a_files &= b_files
        same = differ = 0
        for file in sorted(a_files & b_files):
            a_text = (base / name / file).read_text(encoding="utf-8")
            b_text = (mine / name / file).read_text(encoding="utf-8")
            if a_text == b_text or (ignore and without(json.loads(a_text), ignore) == without(json.loads(b_text), ignore)):
                same += 1
                continue
            differ += 1
            if sum(1 for s in shown if s.startswith(f"{name} ")) < SHOWN:
                a, b = without(json.loads(a_text), ignore), without(json.loads(b_text), ignore)
                shown.append(f"{name} {a.get('id')}: {_first_difference(a, b)}")
        alone = len(a_files ^ b_files)
        bad += differ + alone
        print(f"| {name} | {same} / {len(a_files | b_files)} | {differ} | {alone} |")
    for line in shown:
        print(line)
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, of: {', '.join(SETS)} (default all)")
    ap.add_argument("--out", type=Path, help="write this run's pages here")
    ap.add_argument("--against", type=Path, help=f"compare with an earlier run (the baseline: {BASELINE})")
    ap.add_argument("--pages", type=Path, default=PAGES, help="the page store of the outside and rendered sets")
    ap.add_argument("--no-explain", action="store_true", help="profiles only (half the CPU)")
    ap.add_argument("--first", type=int, metavar="N", help="only the first N pages of each set (in id order)")
    ap.add_argument("--ignore", default="", metavar="FIELDS",
                    help="comma-separated profile fields to leave out of the comparison (one added since the baseline)")
    ap.add_argument("--collect", action="store_true", help="build the outside sets into the page store, then stop")
    ap.add_argument("--render", type=int, metavar="N", help="render N pages of WCXB and of Zyte into the page store")
    args = ap.parse_args(argv)
    names = [n for n in args.sets.split(",") if n]
    unknown = set(names) - set(SETS)
    if unknown:
        ap.error(f"unknown sets: {', '.join(sorted(unknown))}")
    if args.collect:
        collect(args.pages, [n for n in names if n in OUTSIDE])
        return 0
    if args.render:
        render(args.pages, args.render)
        return 0
    if args.out is None and args.against is None:
        ap.error("--out DIR (write a run) and/or --against DIR (compare with one)")
    out = args.out
    if out is None:
        out = Path(f"/tmp/extraction-identity-{int(time.time())}")
    run(names, args.pages, out, not args.no_explain, args.first)
    if args.against is not None:
        ignore = [f for f in args.ignore.split(",") if f]
        return 1 if compare(names, args.against, out, only_mine=args.first is not None, ignore=ignore) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
