"""Metadata accuracy on the golden corpus (tests/pages), side by side with the peers, and the
page-class classifier's accuracy on labelled pages.

    .venv/bin/pip install -e '.[bench]'          # trafilatura, htmldate
    .venv/bin/python bench/metadata_quality.py    # add --no-peers to skip the peers

Fields compared exactly against `expected.json`; dates also at day precision, because
htmldate and trafilatura report days. A page whose expected value is empty counts as right only
when the extractor also returns nothing (a front page has no publication date). Page class is
measured on the demo site plus the corpus (`tests/pages/pageclass-labels.json`), and on the 181
real article pages of the shared Scrapinghub benchmark when that folder is present (all
labelled article), with the classifier alone (no `cXenseParse:pageclass`, no `og:type`).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extraction import extract  # noqa: E402
from extraction.document import parse  # noqa: E402
from extraction.pageclass import classifier_score, features  # noqa: E402
from render.model import RenderedPage  # noqa: E402
from tests.pages.golden import Case, cases  # noqa: E402

LABELS = ROOT / "tests" / "pages" / "pageclass-labels.json"
SCRAPINGHUB = ROOT.parent / "shared" / "bench" / "scrapinghub"

OURS_FIELDS = ("title", "description", "keywords", "canonical_url", "published_time", "published_day",
               "modified_time", "authors", "image", "article_id", "page_class", "language", "soft_404",
               "fields", "overrides", "datalayer")
PEER_FIELDS = ("title", "authors", "published_day", "image")


def ours(case: Case) -> dict[str, Any]:
    profile = extract(case.page()).to_json_dict()
    out = {k: profile.get(k) for k in OURS_FIELDS if k in profile}
    out["image"] = (profile["image"] or {}).get("url")
    out["published_day"] = (profile["published_time"] or "")[:10] or None
    out["authors"] = sorted(profile["authors"]) or None
    return out


def expected(case: Case) -> dict[str, Any]:
    profile = case.expected["profile"]
    out = {k: profile.get(k) for k in OURS_FIELDS if k in profile}
    out["image"] = (profile["image"] or {}).get("url")
    out["published_day"] = (profile["published_time"] or "")[:10] or None
    out["authors"] = sorted(profile["authors"]) or None
    return out


def trafilatura_fields(case: Case) -> dict[str, Any]:
    import trafilatura

    meta = trafilatura.extract_metadata(case.html, default_url=case.url)
    if meta is None:
        return {}
    authors = sorted(a.strip() for a in (meta.author or "").split(";") if a.strip()) or None
    return {"title": meta.title, "authors": authors, "published_day": meta.date, "image": meta.image}


def htmldate_fields(case: Case) -> dict[str, Any]:
    from htmldate import find_date

    return {"published_day": find_date(case.html, url=case.url, original_date=True, outputformat="%Y-%m-%d")}


def score(rows: list[tuple[dict[str, Any], dict[str, Any]]], field: str) -> tuple[int, int]:
    right = sum(1 for got, want in rows if _norm(got.get(field)) == _norm(want.get(field)))
    return right, len(rows)


def _norm(value: Any) -> Any:
    return None if value in ("", [], {}) else value


def metadata_table(with_peers: bool) -> list[str]:
    corpus = cases()
    columns: dict[str, Callable[[Case], dict[str, Any]]] = {"rendercrawl": ours}
    if with_peers:
        columns |= {"trafilatura": trafilatura_fields, "htmldate": htmldate_fields}
    results = {name: [(fn(c), expected(c)) for c in corpus] for name, fn in columns.items()}
    lines = [f"Metadata accuracy on tests/pages ({len(corpus)} pages)", "",
             "| field | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for field in OURS_FIELDS:
        cells = []
        for name in columns:
            applicable = name == "rendercrawl" or (name == "trafilatura" and field in PEER_FIELDS) \
                or (name == "htmldate" and field == "published_day")
            if not applicable:
                cells.append("–")
                continue
            right, total = score(results[name], field)
            cells.append(f"{right}/{total} ({right / total:.0%})")
        lines.append(f"| {field} | " + " | ".join(cells) + " |")
    return lines


def pageclass_lines() -> list[str]:
    labels = json.loads(LABELS.read_text(encoding="utf-8"))
    host = labels["demo_host"]
    labelled: list[tuple[str, RenderedPage, str]] = []
    for rel, label in labels["labels"].items():
        path = ROOT / rel
        if not path.exists():
            continue
        url = host + rel.removeprefix("demosite/site/") if rel.startswith("demosite/") else _corpus_url(path)
        labelled.append((rel, RenderedPage.from_html(path.read_text(encoding="utf-8"), url), label))
    lines = ["", f"Page class on labelled pages (demo site + corpus, {len(labelled)} pages)"]
    lines += _accuracy(labelled)
    if SCRAPINGHUB.exists():
        truth = json.loads((SCRAPINGHUB / "ground-truth.json").read_text(encoding="utf-8"))
        real = []
        for page_id, item in sorted(truth.items()):
            html = gzip.decompress((SCRAPINGHUB / "html" / f"{page_id}.html.gz").read_bytes()).decode("utf-8", "replace")
            real.append((page_id, RenderedPage.from_html(html, item["url"]), "article"))
        lines += ["", f"Page class on the Scrapinghub benchmark's real article pages ({len(real)} pages, all articles)"]
        lines += _accuracy(real)
    return lines


def _accuracy(labelled: list[tuple[str, RenderedPage, str]]) -> list[str]:
    alone = chain = 0
    misses: list[str] = []
    for name, page, label in labelled:
        doc = parse(page)
        guess = "article" if classifier_score(features(doc)) > 0 else "frontpage"
        alone += guess == label
        full = extract(page).page_class
        chain += full == label
        if guess != label:
            misses.append(f"{name} ({label}, classifier said {guess})")
    total = len(labelled)
    out = [f"- classifier alone: {alone}/{total} ({alone / total:.1%})",
           f"- full chain (cXenseParse:pageclass, og:type when unsure, classifier): {chain}/{total} ({chain / total:.1%})"]
    out += [f"  - miss: {m}" for m in misses[:15]]
    return out


def _corpus_url(path: Path) -> str:
    return json.loads((path.parent / "expected.json").read_text(encoding="utf-8"))["url"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-peers", action="store_true", help="skip trafilatura and htmldate")
    args = parser.parse_args()
    print("\n".join(metadata_table(not args.no_peers) + pageclass_lines()))


if __name__ == "__main__":
    main()
