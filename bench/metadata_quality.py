"""Metadata accuracy on the golden corpus (tests/pages) and on the WCXB dev article pages, side
by side with the peers (trafilatura, htmldate, extruct, goose3), and the page-class
classifier's accuracy on labelled pages.

    .venv/bin/pip install -e '.[bench]'          # trafilatura, htmldate, extruct, goose3
    .venv/bin/python bench/metadata_quality.py    # add --no-peers to skip the peers
    .venv/bin/python bench/metadata_quality.py --misses authors   # our WCXB misses, for tuning
    .venv/bin/python bench/metadata_quality.py --misses authors --half tune   # tune on one half only
    .venv/bin/python bench/metadata_quality.py --rendered    # also the rendered lead image (Chromium)

Golden corpus: fields compared exactly against `expected.json`; dates also at day precision
(the day in the page's own offset: `published_local`), because htmldate and trafilatura
report days. WCXB: the labelled `title`, `author` and `publish_date` of the article pages;
authors compared as sets of words (case and accents folded, "and" dropped), titles after
folding case, quotes and dashes. Peer answers there are cached per peer version. A page
whose expected value is empty counts as right only when the extractor also returns nothing
(a front page has no publication date). The WCXB table is printed for all pages and for each
half of `bench.extraction_halves.half_of` (sha256 of the page id, first byte even: *tune*,
odd: *check*): heuristics are tuned on the tune half, and the check half says whether that
generalises. Lead image: the WCXB labels have no image (its `ground-truth.json` holds `url`,
`page_type`, `title`, `author`, `publish_date` and the main text only), so the image is measured
on the golden corpus — the declared image exactly and as the same asset (file name without size
suffix or query: `lead-1200x675.jpg?w=1` is `lead.jpg`) — and, to measure the choice among
the page's own pictures (lead image over logos, avatars and sprites), on the same pages with
every declared image removed (image metas and JSON-LD), scored against the removed declaration;
with `--rendered`, also on the demo site's articles rendered in Chromium (their logos and
icons render beside the lead picture), declarations removed from the snapshot. Soft 404:
precision and recall on the labelled corpus `tests/extraction/soft404_corpus.py`, and how
many WCXB articles were flagged. Page class is
measured on the demo site plus the corpus (`tests/pages/pageclass-labels.json`), and on the
181 real article pages of the shared Scrapinghub benchmark when that folder is present (all
labelled article), with the classifier alone (no `cXenseParse:pageclass`, no `og:type`).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import unicodedata
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import half_of  # noqa: E402
from extraction import extract, extract_html  # noqa: E402
from extraction.document import parse  # noqa: E402
from extraction.pageclass import classifier_score, features  # noqa: E402
from tests.pages.golden import Case, cases  # noqa: E402
from values.rendered import RenderedPage  # noqa: E402

LABELS = ROOT / "tests" / "pages" / "pageclass-labels.json"
SCRAPINGHUB = ROOT.parent / "shared" / "bench" / "scrapinghub"
WCXB = ROOT.parent / "shared" / "bench" / "wcxb-dev"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rendercrawl" / "metadata-peers"
"""Peer answers on the WCXB pages, one file per peer and version."""
JOINING_WORDS = frozenset({"and", "by", "und", "et", "y", "og", "von"})

OURS_FIELDS = ("title", "description", "keywords", "canonical_url", "published_time", "published_day",
               "modified_time", "authors", "image", "article_id", "page_class", "language", "soft_404",
               "fields", "overrides", "datalayer")
PEER_FIELDS = ("title", "authors", "published_day", "image")


def ours(case: Case) -> dict[str, Any]:
    profile = extract(case.page()).to_json_dict()
    out = {k: profile.get(k) for k in OURS_FIELDS if k in profile}
    out["image"] = (profile["image"] or {}).get("url")
    out["published_day"] = (profile.get("published_local") or profile["published_time"] or "")[:10] or None
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
    return _trafilatura(case.html, case.url)


def htmldate_fields(case: Case) -> dict[str, Any]:
    return _htmldate(case.html, case.url)


def extruct_fields(case: Case) -> dict[str, Any]:
    return _extruct(case.html, case.url)


def goose3_fields(case: Case) -> dict[str, Any]:
    return _goose3(case.html, case.url)


def _trafilatura(html: str, url: str) -> dict[str, Any]:
    import trafilatura

    meta = trafilatura.extract_metadata(html, default_url=url)
    if meta is None:
        return {}
    authors = sorted(a.strip() for a in (meta.author or "").split(";") if a.strip()) or None
    return {"title": meta.title, "authors": authors, "published_day": meta.date, "image": meta.image}


def _htmldate(html: str, url: str) -> dict[str, Any]:
    from htmldate import find_date

    return {"published_day": find_date(html, url=url, original_date=True, outputformat="%Y-%m-%d")}


def _extruct(html: str, url: str) -> dict[str, Any]:
    """JSON-LD, then microdata, then OpenGraph: the structured-data reading of a page."""
    import extruct

    try:
        data = extruct.extract(html, base_url=url, syntaxes=["json-ld", "microdata", "opengraph"], uniform=True)
    except Exception as error:  # noqa: BLE001 - a peer failing on one page scores as empty
        return {"error": repr(error)}
    items = [i for key in ("json-ld", "microdata") for i in _flatten(data.get(key, []))]
    og: dict[str, Any] = next(iter(data.get("opengraph", [])), {})
    articles = [i for i in items if any("Article" in t or t == "BlogPosting" for t in _types(i))] + items
    out: dict[str, Any] = {}
    for item in articles:
        out.setdefault("title", _first_text(item.get("headline")))
        names = _ld_names(item.get("author"))
        if names:
            out.setdefault("authors", sorted(names))
        day = _first_text(item.get("datePublished"))
        if day:
            out.setdefault("published_day", day[:10])
        image = item.get("image")
        if isinstance(image, dict):
            image = image.get("url")
        if _first_text(image):
            out.setdefault("image", _first_text(image))
        out = {k: v for k, v in out.items() if v}
    out.setdefault("title", _first_text(og.get("og:title")))
    out.setdefault("published_day", (_first_text(og.get("article:published_time")) or "")[:10] or None)
    out.setdefault("image", _first_text(og.get("og:image")))
    return out


def _goose3(html: str, url: str) -> dict[str, Any]:
    from goose3 import Goose

    try:
        with Goose() as goose:
            article = goose.extract(raw_html=html)
    except Exception as error:  # noqa: BLE001 - a peer failing on one page scores as empty
        return {"error": repr(error)}
    day = article.publish_datetime_utc.date().isoformat() if article.publish_datetime_utc else \
        (article.publish_date or "")[:10] or None
    image = article.top_image.src if article.top_image is not None else None
    return {"title": article.title or None, "authors": sorted(article.authors) or None, "published_day": day,
            "image": image}


def _flatten(items: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in items if isinstance(items, list) else [items]:
        if isinstance(item, dict):
            out.append(item)
            out += _flatten(item.get("@graph", []))
    return out


def _types(item: dict[str, Any]) -> list[str]:
    raw = item.get("@type")
    return [t for t in (raw if isinstance(raw, list) else [raw]) if isinstance(t, str)]


def _first_text(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    return value.strip() or None if isinstance(value, str) else None


def _ld_names(value: Any) -> list[str]:
    out = []
    for item in value if isinstance(value, list) else [value]:
        name = item.get("name") if isinstance(item, dict) else item
        if isinstance(name, list):
            name = name[0] if name else None
        if isinstance(name, str) and name.strip():
            out.append(name.strip())
    return out


PEERS: dict[str, Callable[[str, str], dict[str, Any]]] = {
    "trafilatura": _trafilatura, "htmldate": _htmldate, "extruct": _extruct, "goose3": _goose3}
PEER_APPLIES = {"trafilatura": PEER_FIELDS, "htmldate": ("published_day",), "extruct": PEER_FIELDS,
                "goose3": PEER_FIELDS}
"""Which fields each peer reports (htmldate finds dates only)."""


def score(rows: list[tuple[dict[str, Any], dict[str, Any]]], field: str) -> tuple[int, int]:
    right = sum(1 for got, want in rows if _norm(got.get(field)) == _norm(want.get(field)))
    return right, len(rows)


def _norm(value: Any) -> Any:
    return None if value in ("", [], {}) else value


def metadata_table(with_peers: bool) -> list[str]:
    corpus = cases()
    columns: dict[str, Callable[[Case], dict[str, Any]]] = {"rendercrawl": ours}
    if with_peers:
        columns |= {"trafilatura": trafilatura_fields, "htmldate": htmldate_fields,
                    "extruct": extruct_fields, "goose3": goose3_fields}
    results = {name: [(fn(c), expected(c)) for c in corpus] for name, fn in columns.items()}
    lines = [f"Metadata accuracy on tests/pages ({len(corpus)} pages)", "",
             "| field | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for field in OURS_FIELDS:
        cells = []
        for name in columns:
            if name != "rendercrawl" and field not in PEER_APPLIES[name]:
                cells.append("–")
                continue
            right, total = score(results[name], field)
            cells.append(f"{right}/{total} ({right / total:.0%})")
        lines.append(f"| {field} | " + " | ".join(cells) + " |")
    return lines


HALVES = {"tune": "tune", "check": "held"}
"""`--half` names -> `half_of` values (the check half is extraction_halves' held-out half)."""


DECLARED_IMAGE = re.compile(
    r"<meta\b[^>]*(?:og:image|cxenseparse:image|twitter:image|itemprop=[\"']?image)[^>]*>"
    r"|<script\b[^>]*application/ld\+json[^>]*>.*?</script>", re.IGNORECASE | re.DOTALL)
"""What declares a page's image: the image metas and the JSON-LD blocks (their `image`)."""

SIZE_SUFFIX = re.compile(r"[-_](?:\d{2,4}x\d{2,4}|w\d{2,4}|\d{2,4}w|scaled|large|medium|small|thumb)(?=\.[a-z0-9]+$)")
"""Size variants of one picture in its file name: `lead-1200x675.jpg`, `lead-scaled.jpg`."""


def same_asset(got: str | None, want: str | None) -> bool:
    """The same picture: file names equal once the size suffix and the query are dropped."""
    return bool(got) and bool(want) and _asset(got) == _asset(want)


def _asset(url: str | None) -> str:
    name = urlsplit(url or "").path.rsplit("/", 1)[-1].lower()
    return SIZE_SUFFIX.sub("", name)


def without_declared_image(html: str) -> str:
    return DECLARED_IMAGE.sub("", html)


def image_lines(with_peers: bool, rendered: bool) -> list[str]:
    """The lead image on the golden corpus (declared, same asset, and chosen from the page once
    the declaration is removed) and, with `rendered`, on the rendered demo articles."""
    corpus = [c for c in cases() if expected(c).get("image")]
    columns: dict[str, Callable[[str, str], dict[str, Any]]] = {"rendercrawl": _ours_image}
    if with_peers:
        columns |= {"trafilatura": _trafilatura, "extruct": _extruct, "goose3": _goose3}
    lines = ["", f"Lead image on tests/pages ({len(corpus)} pages with an image label; the WCXB labels have none)", "",
             "| measure | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    rows: dict[str, list[str]] = {"declared image, same asset": [], "declarations removed, same asset": []}
    for fn in columns.values():
        full = [same_asset(fn(c.html, c.url).get("image"), expected(c)["image"]) for c in corpus]
        bare = [same_asset(fn(without_declared_image(c.html), c.url).get("image"), expected(c)["image"])
                for c in corpus]
        rows["declared image, same asset"].append(f"{sum(full)}/{len(corpus)}")
        rows["declarations removed, same asset"].append(f"{sum(bare)}/{len(corpus)}")
    lines += [f"| {row} | " + " | ".join(cells) + " |" for row, cells in rows.items()]
    if rendered:
        lines += rendered_image_lines()
    return lines


def _ours_image(html: str, url: str) -> dict[str, Any]:
    image = extract_html(html, url).image
    return {"image": image.url if image is not None else None}


def rendered_image_lines() -> list[str]:
    """The demo site's articles rendered in Chromium, each declared image removed from the
    snapshot: does the choice among the rendered pictures find the declared one?"""
    import asyncio
    from dataclasses import replace

    from bench.loopback import LOOPBACK_ONLY
    from bench.render_site import demo_site_process
    from render.browser import Renderer
    from render.settings import RenderSettings

    articles = sorted((ROOT / "demosite" / "site" / "articles").glob("*.html"))

    async def render_all(base: str) -> list[tuple[str, Any]]:
        settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, handle_signals=False)
        async with Renderer(settings) as renderer:
            return [(a.name, await renderer.render(f"{base}/articles/{a.name}")) for a in articles]

    with demo_site_process() as site:
        results = asyncio.run(render_all(site.url("/").rstrip("/")))
    right, chosen = 0, []
    for name, page in results:
        if not isinstance(page, RenderedPage):
            chosen.append(f"  - {name}: render failed ({page})")
            continue
        declared = extract(page).image
        bare = extract(replace(page, html=without_declared_image(page.html))).image
        ok = declared is not None and bare is not None and same_asset(bare.url, declared.url)
        right += ok
        chosen.append(f"  - {name}: {'same' if ok else 'other'} — {bare.url if bare else None}"
                      f" among {len(page.images)} rendered images")
    return ["", f"Lead image on the demo site's articles, rendered, declarations removed ({len(results)} pages, "
            "logos and icons beside the lead picture)", f"- rendercrawl: {right}/{len(results)} the declared picture",
            *chosen]


def wcxb_pages(half: str | None = None) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(id, url, html, truth) of every WCXB dev page labelled `article` (of one half only)."""
    truth = json.loads((WCXB / "ground-truth.json").read_text(encoding="utf-8"))
    out = []
    for page_id, item in sorted(truth.items()):
        if item.get("page_type") != "article":
            continue
        if half is not None and half_of(page_id) != HALVES[half]:
            continue
        html = gzip.decompress((WCXB / "html" / f"{page_id}.html.gz").read_bytes()).decode("utf-8", "replace")
        out.append((page_id, item["url"], html, item))
    return out


def ours_html(html: str, url: str) -> dict[str, Any]:
    """Our fields of one saved page, the publication day in the page's own offset."""
    profile = extract_html(html, url).to_dict()
    local = profile.get("published_local") or profile.get("published_time") or ""
    return {"title": profile["title"], "authors": sorted(profile["authors"]) or None,
            "published_day": local[:10] or None, "image": (profile["image"] or {}).get("url"),
            "soft_404": profile["soft_404"]}


def _run(args: tuple[str, str, str, str]) -> tuple[str, dict[str, Any]]:
    name, page_id, url, html = args
    fn = ours_html if name == "rendercrawl" else PEERS[name]
    return page_id, fn(html, url)


def _peer_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def wcxb_results(names: list[str], pages: list[tuple[str, str, str, dict[str, Any]]],
                 workers: int) -> dict[str, dict[str, dict[str, Any]]]:
    """Per extractor, page id -> fields. Peer results are cached per peer version (they do
    not change while we tune); ours are always recomputed."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name in names:
        cache = CACHE / f"wcxb-{name}-{_peer_version(name)}.json" if name != "rendercrawl" else None
        done: dict[str, dict[str, Any]] = json.loads(cache.read_text()) if cache and cache.exists() else {}
        todo = [(name, pid, url, html) for pid, url, html, _ in pages if pid not in done]
        if todo:
            with ProcessPoolExecutor(workers) as pool:
                done.update(pool.map(_run, todo, chunksize=8))
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                cache.write_text(json.dumps(done))
        out[name] = done
    return out


def author_words(value: Any) -> set[str]:
    """The words of a byline (one string or a list of names), accents and case folded,
    joining words dropped: "Chen Zhao, Daryl Fairweather" == ["Daryl Fairweather", "Chen Zhao"]."""
    text = " ".join(map(str, value)) if isinstance(value, list) else str(value or "")
    folded = unicodedata.normalize("NFKD", text).casefold()
    return {w for w in re.findall(r"[^\W\d_]+", folded) if w not in JOINING_WORDS}


def title_key(value: str | None) -> str:
    text = unicodedata.normalize("NFKC", value or "").casefold()
    text = text.translate(str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                                         "\u2013": "-", "\u2014": "-", "\xa0": " "}))
    return " ".join(text.split()).strip(" .")


def _f1(got: set[str], want: set[str]) -> float:
    common = len(got & want)
    return 0.0 if not common else 2 * common / (len(got) + len(want))


def wcxb_scores(got: dict[str, dict[str, Any]],
                pages: list[tuple[str, str, str, dict[str, Any]]]) -> dict[str, tuple[float, int]]:
    """Row label -> (value, pages counted)."""
    dated = [(got.get(p, {}), t) for p, _, _, t in pages if t.get("publish_date")]
    undated = [got.get(p, {}) for p, _, _, t in pages if not t.get("publish_date")]
    bylined = [(got.get(p, {}), t) for p, _, _, t in pages if t.get("author")]
    unbylined = [got.get(p, {}) for p, _, _, t in pages if not t.get("author")]
    titled = [(got.get(p, {}), t) for p, _, _, t in pages if t.get("title")]
    f1s = [_f1(author_words(g.get("authors")), author_words(t["author"])) for g, t in bylined]
    return {
        "published, same day": (sum(g.get("published_day") == t["publish_date"][:10] for g, t in dated), len(dated)),
        "published, a date on an undated page": (sum(bool(g.get("published_day")) for g in undated), len(undated)),
        "authors, same names": (sum(f == 1.0 for f in f1s), len(bylined)),
        "authors, mean word F1": (sum(f1s) / max(len(f1s), 1), len(bylined)),
        "authors, a name on an unbylined page": (sum(bool(g.get("authors")) for g in unbylined), len(unbylined)),
        "title, exact": (sum(title_key(g.get("title")) == title_key(t["title"]) for g, t in titled), len(titled)),
        "title, contains the labelled title": (
            sum(title_key(t["title"]) in title_key(g.get("title")) for g, t in titled), len(titled)),
        "soft 404, real articles flagged (lower is better)": (
            sum(bool(got.get(p, {}).get("soft_404")) for p, _, _, _ in pages), len(pages)),
    }


def wcxb_lines(with_peers: bool, workers: int, half: str | None = None) -> list[str]:
    """The WCXB table for all article pages and for each half (only `half` when given)."""
    if not WCXB.exists():
        return []
    pages = wcxb_pages()
    names = ["rendercrawl"] + (list(PEERS) if with_peers else [])
    results = wcxb_results(names, pages, workers)
    lines: list[str] = []
    for part in ([half] if half else [None, "tune", "check"]):
        chosen = [p for p in pages if part is None or half_of(p[0]) == HALVES[part]]
        title = "all" if part is None else f"{part} half"
        lines += _wcxb_table(names, results, chosen, title)
    return lines


def _wcxb_table(names: list[str], results: dict[str, dict[str, dict[str, Any]]],
                pages: list[tuple[str, str, str, dict[str, Any]]], part: str) -> list[str]:
    table = {name: wcxb_scores(results[name], pages) for name in names}
    lines = ["", f"Metadata on the WCXB dev article pages, {part} ({len(pages)} pages, HTML only, no browser)", "",
             "| field | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for row, (_, total) in table["rendercrawl"].items():
        cells = []
        for name in names:
            field = "published_day" if row.startswith("published") else row.split(",")[0].replace(" ", "_")
            if name != "rendercrawl" and field not in PEER_APPLIES[name]:
                cells.append("–")
                continue
            value, _ = table[name][row]
            cells.append(f"{value:.3f}" if isinstance(value, float) else f"{value}/{total} ({value / total:.1%})")
        lines.append(f"| {row} (n={total}) | " + " | ".join(cells) + " |")
    return lines


def _differs(field: str, mine: Any, want: Any) -> bool:
    if field == "authors":
        return author_words(mine) != author_words(want)
    if field == "title":
        return title_key(mine) != title_key(want)
    return bool(mine != (want or None))


def wcxb_misses(field: str, workers: int, half: str | None = None) -> list[str]:
    """Our wrong answers for one field (`published_day`, `authors`, `title`), for tuning."""
    pages = wcxb_pages(half)
    got = wcxb_results(["rendercrawl"], pages, workers)["rendercrawl"]
    label = {"published_day": "publish_date", "authors": "author", "title": "title"}[field]
    out = []
    for page_id, url, _, truth in pages:
        mine, want = got[page_id].get(field), truth.get(label)
        if _differs(field, mine, want):
            out.append(f"{page_id} {url}\n    want {want!r}\n    got  {mine!r}")
    return out


def soft404_lines() -> list[str]:
    """Precision and recall of the soft-404 flag on the labelled corpus (full extraction)."""
    from tests.extraction.soft404_corpus import CASES

    flagged = [(c, extract(c.page()).soft_404) for c in CASES]
    tp = sum(1 for c, got in flagged if got and c.is_soft_404)
    fp = sum(1 for c, got in flagged if got and not c.is_soft_404)
    fn = sum(1 for c, got in flagged if not got and c.is_soft_404)
    langs = sorted({c.lang for c in CASES})
    lines = ["", f"Soft 404 on tests/extraction/soft404_corpus.py ({tp + fn} error pages, {len(CASES) - tp - fn} traps, "
             f"{len(langs)} languages)",
             f"- precision {tp / max(tp + fp, 1):.3f}, recall {tp / max(tp + fn, 1):.3f} (tp {tp}, fp {fp}, fn {fn})"]
    lines += [f"  - wrong: {c.name}" for c, got in flagged if got != c.is_soft_404]
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
    parser.add_argument("--no-peers", action="store_true", help="skip the peers")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for the WCXB pages")
    parser.add_argument("--misses", choices=("published_day", "authors", "title"),
                        help="list our wrong WCXB answers for one field instead of the tables")
    parser.add_argument("--rendered", action="store_true",
                        help="also measure the rendered lead image on the demo site (needs Chromium)")
    parser.add_argument("--half", choices=tuple(HALVES),
                        help="only this half of the WCXB pages (tune on 'tune', judge on 'check')")
    args = parser.parse_args()
    if args.misses:
        print("\n".join(wcxb_misses(args.misses, args.workers, args.half)))
        return
    print("\n".join(metadata_table(not args.no_peers) + image_lines(not args.no_peers, args.rendered)
                    + wcxb_lines(not args.no_peers, args.workers, args.half)
                    + soft404_lines() + pageclass_lines()))


if __name__ == "__main__":
    main()
