"""Tuning discipline for the main-text extractor: a fixed split of the benchmark into two halves.

    .venv/bin/python bench/extraction_halves.py                 # ours, rendered + static, by half
    .venv/bin/python bench/extraction_halves.py --save base     # keep per-page scores as "base"
    .venv/bin/python bench/extraction_halves.py --diff base     # pages whose F1 moved since "base"

A page belongs to the *tune* half when the first byte of sha256(page id) is even, else to the
*held-out* half: deterministic, independent of any page's content. Changes are tuned on the tune
half and kept only when the held-out half does not get worse. Scores use the shared scorer's
own functions (`../shared/bench/evaluate.py`), so the full-set figures equal
`bench/extraction_quality`'s. Rendered pages come from the cache in bench/out/rendered/.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_render import load_benchmark  # noqa: E402
from extraction.document import parse  # noqa: E402
from extraction.maintext import main_text  # noqa: E402
from values.rendered import RenderedPage  # noqa: E402

BENCH = ROOT.parent / "shared" / "bench"
CACHE = ROOT / "bench" / "out" / "rendered"
RUNS = ROOT / "bench" / "out" / "halves"
ERROR_PAGE_PREFIX = "chrome-error://"  # as in extraction_quality.py: such snapshots fall back to static


def half_of(page_id: str) -> str:
    return "tune" if hashlib.sha256(page_id.encode()).digest()[0] % 2 == 0 else "held"


def load_scorer(name: str, path: Path) -> ModuleType:
    """A benchmark's own scorer, loaded from its file beside the repository (no copy of its
    metric lives here): `evaluate.py` for Zyte, `wcxb_score.py` for WCXB."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extract_all(pages: dict[str, tuple[str, str]]) -> tuple[dict[str, dict[str, str]], dict[str, float]]:
    preds: dict[str, dict[str, str]] = {"rendered": {}, "static": {}}
    cpu = {"rendered": 0.0, "static": 0.0}
    for pid, (url, html) in pages.items():
        cached = CACHE / f"{pid}.json"
        rendered = RenderedPage.from_json(cached.read_text(encoding="utf-8")) if cached.exists() else None
        if rendered is None or rendered.final_url.startswith(ERROR_PAGE_PREFIX):
            rendered = RenderedPage.from_html(html, url)
        for mode, snapshot in (("rendered", rendered), ("static", RenderedPage.from_html(html, url))):
            start = time.process_time()
            preds[mode][pid] = main_text(parse(snapshot)).body
            cpu[mode] += time.process_time() - start
    return preds, {m: 1000 * c / len(pages) for m, c in cpu.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--save", help="store this run's per-page scores under this name")
    ap.add_argument("--diff", help="list pages whose F1 moved against a stored run")
    args = ap.parse_args(argv)
    ev = load_scorer("evaluate", BENCH / "evaluate.py")
    gold = ev.load_ground_truth(BENCH / "scrapinghub" / "ground-truth.json")
    pages = load_benchmark(BENCH / "scrapinghub")
    preds, cpu = extract_all(pages)
    print("| mode | half | pages | F1 | P | R | CPU ms/page |")
    print("|---|---|---|---|---|---|---|")
    per_page: dict[str, dict[str, float | None]] = {}
    for mode in ("rendered", "static"):
        rows, _, _ = ev.evaluate(gold, preds[mode])
        per_page[mode] = {r["id"]: r["f1"] for r in rows}
        for half in ("tune", "held", "all"):
            chosen = [r for r in rows if half == "all" or half_of(r["id"]) == half]
            s = ev.aggregate(chosen)
            print(f"| {mode} | {half} | {len(chosen)} | {s['f1']:.4f} | {s['precision']:.4f} | "
                  f"{s['recall']:.4f} | {cpu[mode]:.1f} |")
    RUNS.mkdir(parents=True, exist_ok=True)
    if args.save:
        (RUNS / f"{args.save}.json").write_text(json.dumps({"f1": per_page, "preds": preds}), encoding="utf-8")
    if args.diff:
        base = json.loads((RUNS / f"{args.diff}.json").read_text(encoding="utf-8"))["f1"]
        for mode in ("rendered", "static"):
            moved = [(pid, base[mode].get(pid) or 0.0, f or 0.0) for pid, f in per_page[mode].items()
                     if abs((f or 0.0) - (base[mode].get(pid) or 0.0)) > 1e-4]
            for pid, old, new in sorted(moved, key=lambda m: m[2] - m[1]):
                print(f"{mode:8} {half_of(pid)} {pid[:12]} {old:.3f} -> {new:.3f} ({new - old:+.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
