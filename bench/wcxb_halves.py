"""Tuning discipline on WCXB dev: the 1,358 pages split into a tune and a check half by sha256(id).

    .venv/bin/python bench/wcxb_halves.py                    # ours, static, WCXB by half and type + Zyte
    .venv/bin/python bench/wcxb_halves.py --save base        # keep per-page scores, bodies and layout kinds as "base"
    .venv/bin/python bench/wcxb_halves.py --diff base        # pages whose F1 moved since "base"
    .venv/bin/python bench/wcxb_halves.py --system trafilatura   # a peer, same table
    .venv/bin/python bench/wcxb_halves.py --rendered --save r1   # ours on the cached rendered snapshots

A page is in the *tune* half when the first byte of sha256(page id) is even, else in the
*check* half (`bench/extraction_halves.half_of`, the rule used for the Zyte set). Changes are
tuned on the tune half and kept only when the check half and the Zyte set do not get worse.
WCXB is scored with its own scorer (`../shared/bench/wcxb_score.py`, mean per-page word F1),
Zyte with `../shared/bench/evaluate.py`. Extraction is static (`RenderedPage.from_html`), run
in two worker processes; CPU ms/page is `time.process_time` around parse + main text alone.
With `--rendered` each page is read from its snapshot in the render caches
(`bench/extraction_render.py`: bench/out/rendered-wcxb/, bench/out/rendered/), as
`bench/extraction_quality.py`'s ours-rendered column reads it; a page without a snapshot, or
whose render ended on Chromium's error page, is read from its static HTML there too.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import half_of, load_scorer  # noqa: E402
from bench.extraction_peers import ERROR_PAGE_PREFIX  # noqa: E402
from bench.extraction_render import cache_dir, cached_snapshots  # noqa: E402

BENCH = ROOT.parent / "shared" / "bench"
RUNS = ROOT / "bench" / "out" / "wcxb-halves"
TYPES = ("article", "forum", "product", "collection", "listing", "documentation", "service")


def _run_one(job: tuple[str, str, str, str, str]) -> tuple[str, str, float, str, str]:
    system, pid, url, path, snapshot_path = job
    html = gzip.decompress(Path(path).read_bytes()).decode("utf-8", errors="replace")
    if system == "ours":
        from extraction.document import parse
        from extraction.maintext import main_text
        from values.rendered import RenderedPage

        page = RenderedPage.from_html(html, url)
        if snapshot_path:
            rendered = RenderedPage.from_json(Path(snapshot_path).read_text(encoding="utf-8"))
            if not rendered.final_url.startswith(ERROR_PAGE_PREFIX):
                page = rendered
        start = time.process_time()
        result = main_text(parse(page))
        body = result.body
        explanation = result.explanation
        kind = (explanation.page_kind or explanation.layout_kind) if explanation is not None else ""
        arbiter = "markup" if explanation is None or not explanation.arbiter else (
            explanation.arbiter.split(":")[0] if explanation.arbiter_evidence else "not consulted")
    elif system == "trafilatura":
        import trafilatura

        start = time.process_time()
        body, kind, arbiter = trafilatura.extract(html, url=url) or "", "", ""
    else:
        raise SystemExit(f"unknown system {system}")
    return pid, body, 1000 * (time.process_time() - start), kind or "", arbiter


def extract(system: str, root: Path, key: str = "url", snapshots: Path | None = None,
            ) -> tuple[dict[str, str], list[float], dict[str, str], dict[str, str]]:
    """Bodies, CPU ms, layout kinds and the arbiter's choice (`arbiter.py`) per page; read from
    the rendered snapshots in `snapshots` where there is one."""
    gold = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    cached = cached_snapshots(gold, snapshots) if snapshots is not None else {}
    jobs = [(system, pid, g[key], str(root / "html" / f"{pid}.html.gz"), str(cached.get(pid, "")))
            for pid, g in gold.items()]
    preds: dict[str, str] = {}
    kinds: dict[str, str] = {}
    choices: dict[str, str] = {}
    cpu: list[float] = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        for pid, body, ms, kind, choice in pool.map(_run_one, jobs, chunksize=8):
            preds[pid], kinds[pid], choices[pid] = body, kind, choice
            cpu.append(ms)
    return preds, cpu, kinds, choices


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--system", default="ours", choices=("ours", "trafilatura"))
    ap.add_argument("--save", help="store this run's per-page F1 and predictions under this name")
    ap.add_argument("--diff", help="list pages whose F1 moved against a stored run")
    ap.add_argument("--no-zyte", action="store_true", help="WCXB only")
    ap.add_argument("--rendered", action="store_true",
                    help="ours on the cached rendered snapshots (bench/extraction_render.py) instead of static HTML")
    args = ap.parse_args(argv)
    if args.rendered and args.system != "ours":
        ap.error("--rendered reads ours only")
    mode = "rendered" if args.rendered else "static"
    wcxb = load_scorer("wcxb_score", BENCH / "wcxb_score.py")
    gold = json.loads((BENCH / "wcxb-dev" / "ground-truth.json").read_text(encoding="utf-8"))
    preds, cpu, kinds, choices = extract(args.system, BENCH / "wcxb-dev",
                                         snapshots=cache_dir("wcxb") if args.rendered else None)
    rows = wcxb.score(gold, preds)
    print(f"WCXB dev, {args.system} {mode}: F1 by half and page type (n); CPU median "
          f"{statistics.median(cpu):.1f} ms/page")
    print("| half | all | " + " | ".join(TYPES) + " | empty |")
    print("|---|" + "---|" * (len(TYPES) + 2))
    for half in ("tune", "check", "all"):
        chosen = {pid: r for pid, r in rows.items()
                  if half == "all" or (half_of(pid) == "tune") == (half == "tune")}
        cells = [f"{statistics.mean(r['f1'] for r in chosen.values()):.3f} ({len(chosen)})"]
        for t in TYPES:
            sub = [r["f1"] for pid, r in chosen.items() if gold[pid]["page_type"] == t]
            cells.append(f"{statistics.mean(sub):.3f} ({len(sub)})" if sub else "-")
        empty = sum(1 for pid in chosen if not preds[pid].strip())
        print(f"| {half} | " + " | ".join(cells) + f" | {100 * empty / len(chosen):.1f}% |")
    if any(kinds.values()):
        _kind_accuracy(gold, kinds)
    if any(choices.values()):
        _choices(gold, choices)
    per_page = {pid: r["f1"] for pid, r in rows.items()}
    if not args.no_zyte:
        ev = load_scorer("evaluate", BENCH / "evaluate.py")
        zgold = ev.load_ground_truth(BENCH / "scrapinghub" / "ground-truth.json")
        zpreds, zcpu, _, zchoices = extract(args.system, BENCH / "scrapinghub",
                                            snapshots=cache_dir("zyte") if args.rendered else None)
        zrows, _, _ = ev.evaluate(zgold, zpreds)
        print(f"\nZyte 2019, {mode}: | half | pages | F1 | P | R |")
        for half in ("tune", "held", "all"):
            chosen_rows = [r for r in zrows if half == "all" or half_of(r["id"]) == half]
            s = ev.aggregate(chosen_rows)
            print(f"| {half} | {len(chosen_rows)} | {s['f1']:.4f} | {s['precision']:.4f} | {s['recall']:.4f} |")
        print(f"Zyte CPU ms/page: median {statistics.median(zcpu):.1f}, mean {statistics.mean(zcpu):.1f}")
        if any(zchoices.values()):
            print("Zyte second candidate: " + ", ".join(f"{c}={n}" for c, n in Counter(zchoices.values()).most_common()))
        per_page.update({f"zyte:{r['id']}": r["f1"] or 0.0 for r in zrows})
    RUNS.mkdir(parents=True, exist_ok=True)
    if args.save:
        (RUNS / f"{args.save}.json").write_text(json.dumps({"f1": per_page, "preds": preds, "kinds": kinds}),
                                                encoding="utf-8")
    if args.diff:
        base = json.loads((RUNS / f"{args.diff}.json").read_text(encoding="utf-8"))["f1"]
        moved = [(pid, base.get(pid) or 0.0, f or 0.0) for pid, f in per_page.items()
                 if abs((f or 0.0) - (base.get(pid) or 0.0)) > 1e-3]
        for pid, old, new in sorted(moved, key=lambda m: m[2] - m[1]):
            kind = gold[pid]["page_type"] if pid in gold else "zyte"
            print(f"{half_of(pid.removeprefix('zyte:')):5} {kind:13} {pid[:16]:16} {old:.3f} -> {new:.3f} "
                  f"({new - old:+.3f})")
    return 0


def _kind_accuracy(gold: dict, kinds: dict[str, str]) -> None:
    """The page kind (`LayoutKind.page`: the page-kind model's name for it) against WCXB's
    page-type labels, by half -- the model learnt from the tune half's labels
    (bench/kind/train.py), so only the check half's accuracy is held out -- and the confusion
    matrix over every page."""
    right = {half: [KIND_OF_TYPE[gold[pid]["page_type"]] == kinds.get(pid, "") for pid in gold
                    if half == "all" or (half_of(pid) == "tune") == (half == "tune")] for half in ("tune", "check", "all")}
    print("\npage kind accuracy against the WCXB labels: " + ", ".join(
        f"{half} {sum(r) / len(r):.3f}" for half, r in right.items())
        + " (the page-kind model learnt from the tune half's labels: check is held out)")
    pairs = Counter((gold[pid]["page_type"], kinds.get(pid, "")) for pid in gold)
    columns = ("article", "thread", "product", "listing", "documentation", "multi-section", "")
    print("\n| WCXB label \\ page kind | " + " | ".join(c or "none" for c in columns) + " |")
    print("|---|" + "---|" * len(columns))
    for label in TYPES:
        print(f"| {label} | " + " | ".join(str(pairs.get((label, c), 0)) for c in columns) + " |")


def _choices(gold: dict, choices: dict[str, str]) -> None:
    """How often the peer was consulted, and what the arbiter chose, per page type."""
    print("\nsecond candidate (arbiter.py) per page type:")
    for label in ("all", *TYPES):
        row = Counter(c for pid, c in choices.items() if label == "all" or gold[pid]["page_type"] == label)
        print(f"  {label:13} " + ", ".join(f"{c}={n}" for c, n in row.most_common()))


KIND_OF_TYPE = {"article": "article", "forum": "thread", "product": "product", "collection": "listing",
                "listing": "listing", "documentation": "documentation", "service": "multi-section"}
"""WCXB page type -> our layout kind (collection and listing are both lists of items)."""


if __name__ == "__main__":
    sys.exit(main())
