"""Main-text quality, one command: Zyte 2019 and WCXB dev, ours (static and rendered) beside the peers.

    .venv/bin/python bench/extraction_quality.py                  # both benchmarks, every system
    .venv/bin/python bench/extraction_quality.py --only ours-static,trafilatura --sets wcxb
    .venv/bin/python bench/extraction_quality.py --render-wcxb    # first render the WCXB pages not cached yet

Zyte/Scrapinghub 2019 (181 articles) is scored with `../shared/bench/evaluate.py` (F1 of mean
precision and mean recall over 4-token shingles), WCXB dev (1,358 pages, seven page types) with
`../shared/bench/wcxb_score.py` (mean per-page word F1); both are loaded from that folder by path,
so every figure is the benchmark's own. Halves are `bench.extraction_halves.half_of` (sha256 of
the page id): *tune* and *held*, the held half being WCXB's "check" half. Paired bootstraps
resample pages with the same draws for both systems (2,000 resamples, seed 0), with the shared
scorers' own functions: `wcxb_score.paired` (mean per-page F1 difference) on both sets, and on
Zyte also `evaluate.paired_difference` (difference of the headline F1).

Peer outputs are cached per name and version (bench/extraction_peers.py), so a rerun only
re-extracts ours. Rendered snapshots come from bench/out/rendered/ (Zyte; missing pages are
rendered on the way, 181 pages take about two minutes) and bench/out/rendered-wcxb/ (WCXB; a
separate one-off step, `nice -n 19 .venv/bin/python bench/extraction_render.py --set wcxb`).
A page without a usable snapshot is extracted from its static HTML in the rendered column, as
the crawler would keep the HTML it fetched; the rendered-versus-static comparison is made only on
the pages where a snapshot with layout exists, and says how many that is.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import half_of, load_scorer  # noqa: E402
from bench.extraction_peers import SYSTEMS, UNAVAILABLE, Run, run_systems, version  # noqa: E402
from bench.extraction_render import cache_dir, cached_snapshots, ensure_rendered, known_failures, load_benchmark  # noqa: E402

DEFAULT_BENCH = Path(os.environ.get("RENDERCRAWL_BENCH_DIR", ROOT.parent / "shared" / "bench"))
"""The public benchmarks live beside the repository (`../shared/bench`); elsewhere, say where."""
DEFAULT_OUT = ROOT / "bench" / "out"
RESAMPLES = 2000
SEED = 0
HALVES = (("all", None), ("tune", "tune"), ("check", "held"))
"""Printed name -> `half_of` value (None: every page). WCXB calls the held-out half "check"."""


def _in_half(pid: str, half: str | None) -> bool:
    return half is None or half_of(pid) == half


def _iv(m: float, lo: float, hi: float) -> str:
    return f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def _unavailable_rows(cells: int) -> list[str]:
    return [f"| {name} | - | not measured (see note) |" + " |" * (cells - 1) for name in UNAVAILABLE]


def _notes() -> None:
    for name, why in UNAVAILABLE.items():
        print(f"note: {name} is {why}.")


# --- Zyte ---------------------------------------------------------------------------------------

def zyte_report(ev: ModuleType, wcxb: ModuleType, gold: dict[str, str], runs: dict[str, Run],
                render_state: str) -> None:
    """The Zyte table (full set and halves), the paired intervals, and rendered against static."""
    rows = {name: ev.evaluate(gold, run.texts)[0] for name, run in runs.items()}
    n_tune = sum(half_of(pid) == "tune" for pid in gold)
    print(f"## Zyte/Scrapinghub 2019 article set: {len(gold)} pages ({n_tune} tune, {len(gold) - n_tune} held)")
    print("F1 = 2PR/(P+R) of mean shingle precision and recall (the benchmark's metric); 95% bootstrap interval "
          f"over pages ({RESAMPLES} resamples, seed {SEED}); CPU ms/page median of the extraction call alone")
    print()
    print("| system | version | F1 | 95% interval | P | R | F1 tune | F1 held | empty | raised | CPU ms/page |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, rs in rows.items():
        s = ev.aggregate(rs)
        s.update(ev.bootstrap(rs, RESAMPLES, SEED))
        tune = ev.aggregate([r for r in rs if half_of(r["id"]) == "tune"])["f1"]
        held = ev.aggregate([r for r in rs if half_of(r["id"]) == "held"])["f1"]
        empty = sum(r["empty_pred"] for r in rs)
        print(f"| {name} | {version(name)} | {s['f1']:.3f} | [{s['f1_lo']:.3f}, {s['f1_hi']:.3f}] | "
              f"{s['precision']:.3f} | {s['recall']:.3f} | {tune:.3f} | {held:.3f} | {empty} | "
              f"{len(runs[name].errors)} | {runs[name].cpu_median:.1f} |")
    print("\n".join(_unavailable_rows(9)))
    print("(empty = pages with an empty body; raised = pages on which the extractor raised, scored as empty)")
    if "ours-static" in rows:
        base = rows["ours-static"]
        per_page = {r["id"]: {"f1": r["f1"] or 0.0} for r in base}
        print()
        print("Paired bootstrap, ours-static minus peer, Zyte (same page draws; 95% interval; "
              "a difference counts only when the interval excludes 0):")
        print()
        print("| peer | headline F1 difference | mean page-F1 difference |")
        print("|---|---|---|")
        for name, rs in rows.items():
            if name in ("ours-static", "ours-rendered"):
                continue
            d, _, lo, hi = ev.paired_difference(base, rs, RESAMPLES, SEED)
            other = {r["id"]: {"f1": r["f1"] or 0.0} for r in rs}
            print(f"| {name} | {_iv(d, lo, hi)} | {_iv(*wcxb.paired(per_page, other, sorted(gold), RESAMPLES))} |")
        print("\n".join(f"| {name} | not measured | not measured |" for name in UNAVAILABLE))
    if "ours-static" in rows and "ours-rendered" in rows:
        rendered = runs["ours-rendered"]
        ids = sorted(rendered.layout)
        print()
        print(f"ours-rendered vs ours-static, Zyte, where layout is available: {len(ids)} of {len(gold)} pages have a "
              f"rendered snapshot with layout ({render_state}); the rest are extracted static in the rendered column.")
        if ids:
            a = [r for r in rows["ours-rendered"] if r["id"] in rendered.layout]
            b = [r for r in rows["ours-static"] if r["id"] in rendered.layout]
            d, _, lo, hi = ev.paired_difference(a, b, RESAMPLES, SEED)
            same = sum(rendered.texts[pid] == runs["ours-static"].texts[pid] for pid in ids)
            print(f"  rendered minus static, headline F1 on those pages: {_iv(d, lo, hi)}; "
                  f"{same} of {len(ids)} bodies identical between the modes")


# --- WCXB ---------------------------------------------------------------------------------------

def wcxb_report(wcxb: ModuleType, gold: dict[str, dict], runs: dict[str, Run], render_state: str) -> None:
    """The WCXB table by page type and half, the paired intervals, rendered against static, layout kinds."""
    types: list[str] = [t for t in wcxb.TYPE_ORDER if any(g["page_type"] == t for g in gold.values())]
    scored = {name: wcxb.score(gold, run.texts) for name, run in runs.items()}
    counts = {half: sum(_in_half(pid, h) for pid in gold) for half, h in HALVES}
    print(f"## WCXB dev: {len(gold)} pages ({counts['tune']} tune, {counts['check']} check), seven page types")
    print("mean per-page word F1 (the benchmark's metric) by half and page type; P, R = mean page precision, "
          "recall; empty = share of pages with an empty body; CPU ms/page median of the extraction call alone")
    print()
    header = ["system", "version", "half", "all", *(f"{t} ({sum(g['page_type'] == t for g in gold.values())})"
                                                     for t in types), "P", "R", "empty", "raised", "CPU ms/page"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name, rows in scored.items():
        for half, h in HALVES:
            chosen = [r for pid, r in rows.items() if _in_half(pid, h)]
            s = wcxb.summary(chosen)
            cells = [f"{s['f1']:.3f}"]
            for t in types:
                sub = [r for r in chosen if r["type"] == t]
                cells.append(f"{wcxb.summary(sub)['f1']:.3f}" if sub else "-")
            empty = sum(1 for pid in rows if _in_half(pid, h) and not runs[name].texts.get(pid, "").strip())
            cpu = f"{runs[name].cpu_median:.1f}" if h is None else ""
            raised = sum(_in_half(pid, h) for pid in runs[name].errors)
            print(f"| {name} | {version(name) if h is None else ''} | {half} ({len(chosen)}) | " + " | ".join(cells)
                  + f" | {s['p']:.3f} | {s['r']:.3f} | {100 * empty / len(chosen):.1f}% | {raised} | {cpu} |")
    print("\n".join(_unavailable_rows(len(header) - 2)))
    if "ours-static" in scored:
        base = scored["ours-static"]
        print()
        print(f"Paired bootstrap, ours-static minus peer, WCXB: mean per-page F1 difference, 95% interval "
              f"({RESAMPLES} resamples, seed {SEED}; counts only when the interval excludes 0):")
        print()
        print("| peer | all | tune | check |")
        print("|---|---|---|---|")
        for name, rows in scored.items():
            if name in ("ours-static", "ours-rendered"):
                continue
            cells = [_iv(*wcxb.paired(base, rows, [pid for pid in gold if _in_half(pid, h)], RESAMPLES))
                     for _, h in HALVES]
            print(f"| {name} | " + " | ".join(cells) + " |")
        print("\n".join(f"| {name} | not measured | not measured | not measured |" for name in UNAVAILABLE))
        print()
        print("The same by page type, every page of the type (both halves):")
        print()
        print("| peer | " + " | ".join(types) + " |")
        print("|---|" + "---|" * len(types))
        for name, rows in scored.items():
            if name in ("ours-static", "ours-rendered"):
                continue
            cells = [_iv(*wcxb.paired(base, rows, [pid for pid in gold if gold[pid]["page_type"] == t], RESAMPLES))
                     for t in types]
            print(f"| {name} | " + " | ".join(cells) + " |")
    if "ours-static" in scored and "ours-rendered" in scored:
        _rendered_vs_static(wcxb, gold, runs, scored, types, render_state)
    kinds = runs["ours-static"].kinds if "ours-static" in runs else {}
    if any(kinds.values()):
        from bench.wcxb_halves import _kind_accuracy  # the one definition of how kinds map to WCXB labels

        _kind_accuracy(gold, kinds)


def kind_costs(wcxb: ModuleType, gold: dict[str, dict], run: Run, root: Path) -> None:
    """What each kind decision costs: on the pages of each kind but article, the F1 of the
    inclusive read as that kind against the same pages read as an article (one dominant region,
    an article's post-passes, the same second candidate: `bench/kind/reads.kind_bodies`), and of
    the read the decision made (inclusive when its body is the inclusive read's and not the article's)."""
    from concurrent.futures import ProcessPoolExecutor

    from bench.kind.reads import kind_bodies

    jobs = [(pid, gold[pid]["url"], gzip.decompress((root / "html" / f"{pid}.html.gz").read_bytes()).decode(
        "utf-8", errors="replace"), run.kinds[pid]) for pid in gold if run.kinds.get(pid, "article") != "article"]
    inclusive: dict[str, str] = {}
    article: dict[str, str] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for pid, wide, single in pool.map(kind_bodies, jobs, chunksize=8):
            if wide is not None and single is not None:
                inclusive[pid], article[pid] = wide, single
    print()
    print("What each kind decision costs, ours-static, WCXB dev: on the pages of each kind (as decided), mean "
          "word F1 of the read made, of the inclusive read as that kind and of the article read (one dominant "
          f"region); inclusive minus article paired ({RESAMPLES} resamples), all pages and by half. Pages of the "
          "kind article are read as articles; their row is the decision's whole output.")
    print()
    print("| kind | pages | read inclusively | F1 as read | F1 inclusive | F1 article | inclusive minus article [95%] "
          "| tune | check |")
    print("|---|---|---|---|---|---|---|---|---|")
    decided = wcxb.score(gold, run.texts)
    wide_rows = wcxb.score({pid: gold[pid] for pid in inclusive}, inclusive)
    single_rows = wcxb.score({pid: gold[pid] for pid in article}, article)
    articles = [pid for pid in gold if run.kinds.get(pid, "article") == "article"]
    print(f"| article | {len(articles)} | 0 | {statistics.mean(decided[p]['f1'] for p in articles):.3f} | - | - | - | - | - |")
    for kind in sorted({run.kinds[pid] for pid in inclusive}):
        ids = sorted(pid for pid in inclusive if run.kinds[pid] == kind)
        cells = []
        for _, h in HALVES:
            chosen = [pid for pid in ids if _in_half(pid, h)]
            cells.append(_iv(*wcxb.paired(wide_rows, single_rows, chosen, RESAMPLES)) if chosen else "-")
        wide = sum(run.texts[p] == inclusive[p] != article[p] for p in ids)
        print(f"| {kind} | {len(ids)} | {wide} | "
              f"{statistics.mean(decided[p]['f1'] for p in ids):.3f} | "
              f"{statistics.mean(wide_rows[p]['f1'] for p in ids):.3f} | "
              f"{statistics.mean(single_rows[p]['f1'] for p in ids):.3f} | " + " | ".join(cells) + " |")


def _rendered_vs_static(wcxb: ModuleType, gold: dict[str, dict], runs: dict[str, Run],
                        scored: dict[str, dict[str, dict]], types: list[str], render_state: str) -> None:
    rendered = runs["ours-rendered"]
    layout = rendered.layout
    print()
    print(f"ours-rendered vs ours-static, WCXB, where layout is available: {len(layout)} of {len(gold)} pages have a "
          f"rendered snapshot with layout ({render_state}). Where it is not, the rendered column above holds "
          "the static extraction, so only these pages compare the two modes. The saved pages carry no external "
          "stylesheets or scripts: their layout is default styles plus inline CSS.")
    if not layout:
        print("  no page has layout: rendered against static is not measured on WCXB.")
        return
    same = sum(rendered.texts[pid] == runs["ours-static"].texts[pid] for pid in layout)
    print(f"  {same} of {len(layout)} bodies are identical between the modes.")
    print()
    print("| pages with layout | n | static F1 | rendered F1 | rendered minus static [95%] |")
    print("|---|---|---|---|---|")
    groups: list[tuple[str, list[str]]] = [(half, [pid for pid in sorted(layout) if _in_half(pid, h)])
                                           for half, h in HALVES]
    groups += [(t, [pid for pid in sorted(layout) if gold[pid]["page_type"] == t]) for t in types]
    for label, ids in groups:
        if not ids:
            print(f"| {label} | 0 | - | - | - |")
            continue
        f_static = statistics.mean(scored["ours-static"][pid]["f1"] for pid in ids)
        f_rendered = statistics.mean(scored["ours-rendered"][pid]["f1"] for pid in ids)
        interval = _iv(*wcxb.paired(scored["ours-rendered"], scored["ours-static"], ids, RESAMPLES))
        print(f"| {label} | {len(ids)} | {f_static:.3f} | {f_rendered:.3f} | {interval} |")


def _render_state(gold: dict[str, Any], cache: Path) -> str:
    """How far the render cache of a benchmark is: rendered, failed, not rendered yet."""
    rendered = set(cached_snapshots(gold, cache))
    failed = (set(known_failures(cache)) & set(gold)) - rendered
    return (f"{len(rendered)} rendered, {len(failed)} failed to render, {len(gold) - len(rendered) - len(failed)} "
            "not rendered yet; a snapshot without layout or of a Chromium error page counts as none")


# --- the command --------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench", type=Path, default=DEFAULT_BENCH, help="folder with the scorers, scrapinghub/ and wcxb-dev/")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--only", default=",".join(SYSTEMS), help="comma-separated systems, from: " + ", ".join(SYSTEMS))
    ap.add_argument("--sets", default="zyte,wcxb", help="comma-separated benchmarks: zyte, wcxb")
    ap.add_argument("--render-wcxb", action="store_true", help="render the WCXB pages not cached yet first (slow)")
    ap.add_argument("--no-render", action="store_true", help="never start Chromium: use the render caches as they are")
    args = ap.parse_args(argv)
    systems = [s for s in args.only.split(",") if s]
    unknown = set(systems) - set(SYSTEMS)
    if unknown:
        ap.error(f"unknown systems: {', '.join(sorted(unknown))}")
    sets = [s for s in args.sets.split(",") if s]
    if set(sets) - {"zyte", "wcxb"}:
        ap.error("--sets takes zyte and/or wcxb")
    if not (args.bench / "evaluate.py").is_file() or not (args.bench / "wcxb_score.py").is_file():
        sys.exit(f"no benchmark at {args.bench}: pass --bench DIR or set RENDERCRAWL_BENCH_DIR")
    start = time.monotonic()
    ev = load_scorer("evaluate", args.bench / "evaluate.py")
    wcxb = load_scorer("wcxb_score", args.bench / "wcxb_score.py")
    rendered_wanted = "ours-rendered" in systems
    print("# Main-text extraction: ours against the peers (`make bench-extraction`)")
    _notes()
    if "zyte" in sets:
        root = args.bench / "scrapinghub"
        cache = cache_dir("zyte", args.out)
        if rendered_wanted and not args.no_render:
            ensure_rendered(load_benchmark(root), cache)
        raw: dict[str, Any] = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
        runs = run_systems(systems, "zyte", root, raw, cached_snapshots(raw, cache), args.out)
        print()
        zyte_report(ev, wcxb, ev.load_ground_truth(root / "ground-truth.json"), runs, _render_state(raw, cache))
    if "wcxb" in sets:
        root = args.bench / "wcxb-dev"
        cache = cache_dir("wcxb", args.out)
        if rendered_wanted and args.render_wcxb and not args.no_render:
            ensure_rendered(load_benchmark(root), cache)
        gold: dict[str, dict] = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
        runs = run_systems(systems, "wcxb", root, gold, cached_snapshots(gold, cache), args.out)
        print()
        wcxb_report(wcxb, gold, runs, _render_state(gold, cache))
        if "ours-static" in runs:
            kind_costs(wcxb, gold, runs["ours-static"], root)
    print(f"\n({time.monotonic() - start:.0f} s wall; peers from bench/out/peers/ when cached)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
