"""Main text on a page set that is in neither shared benchmark: newspaper4k's regression pages.

    .venv/bin/python bench/other_sets.py                 # ours (static) and every peer, per page and mean

Issue 12 asks that the extractor hold on pages from other years and sites than the two sets it
was tuned on. newspaper4k's source distribution ships the news pages its own tests extract
(CNN, Time, Wired, Fox, cleveland.com, and stories in Arabic, Burmese, Chinese, Japanese,
Korean, Latvian, Spanish, Thai; saved 2013-2023) beside the text it expects from each. The
distribution is fetched once with pip into bench/out/other-sets/ and read from there; nothing of
it is committed.

What the numbers are: word F1 against newspaper4k's *own* expected text, not a human gold, so
newspaper4k itself scores near 1.0 by construction and is printed only for completeness; the
set is small (pages whose expected text is under `MIN_EXPECTED_CHARS` are stubs and left out).
It is a check on languages and years the benchmarks lack, not a ranking. Tokens are words, and
single characters in scripts written without spaces (CJK, Thai, Burmese), where `\\w+` would
make a whole sentence one token.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tarfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_peers import PEERS, UNAVAILABLE, _ours_static, _quiet, timed, version  # noqa: E402

SDIST = "newspaper4k==0.9.6"
OUT = ROOT / "bench" / "out" / "other-sets"
MIN_EXPECTED_CHARS = 200
URL = "https://example.com/story"  # the pages' own URLs are not shipped; none of the extractors needs one
_WORD = re.compile(r"\w+")
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u1000-\u109f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def fetch() -> Path:
    """The sdist's tests/data folder, downloaded and unpacked on first use."""
    data = next(OUT.glob("newspaper4k-*/tests/data"), None)
    if data is not None:
        return data
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                    "-d", str(OUT), SDIST], check=True)
    archive = next(OUT.glob("newspaper4k-*.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(OUT, members=[m for m in tar.getmembers() if "/tests/data/" in m.name], filter="data")
    return next(OUT.glob("newspaper4k-*/tests/data"))


def tokens(text: str) -> list[str]:
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        out.extend(word if _UNSPACED.search(word) else (word,))
    return out


def f1(predicted: str, expected: str) -> float:
    p, e = Counter(tokens(predicted)), Counter(tokens(expected))
    shared = sum((p & e).values())
    if not shared:
        return 0.0
    precision, recall = shared / sum(p.values()), shared / sum(e.values())
    return 2 * precision * recall / (precision + recall)


def main() -> None:
    _quiet()
    data = fetch()
    pages = {txt.stem: ((data / "html" / f"{txt.stem}.html").read_text(encoding="utf-8", errors="replace"),
                        txt.read_text(encoding="utf-8"))
             for txt in sorted((data / "txt").glob("*.txt"))
             if (data / "html" / f"{txt.stem}.html").exists() and len(txt.read_text(encoding="utf-8")) >= MIN_EXPECTED_CHARS}
    systems = {"ours-static": _ours_static,
               **{name: peer.build() for name, peer in PEERS.items() if name not in UNAVAILABLE}}
    scores: dict[str, dict[str, float]] = {}
    cpu: dict[str, list[float]] = {}
    for name, extract in systems.items():
        for page_id, (html, expected) in pages.items():
            try:
                text, ms = timed(extract, html, URL)
            except Exception as err:  # a peer that crashes on a page scores 0 there, as in the benchmarks
                print(f"  {name} failed on {page_id}: {type(err).__name__}", file=sys.stderr)
                text, ms = "", 0.0
            cpu.setdefault(name, []).append(ms)
            scores.setdefault(name, {})[page_id] = f1(text, expected)
    print(f"newspaper4k's regression pages ({SDIST}, {len(pages)} pages with {MIN_EXPECTED_CHARS}+ characters "
          "expected), word F1 against newspaper4k's own expected text:\n")
    print("| extractor | version | mean F1 | median F1 | pages < 0.8 | CPU ms/page (median) |")
    print("|---|---|---|---|---|---|")
    for name in sorted(scores, key=lambda n: -statistics.mean(scores[n].values())):
        values = list(scores[name].values())
        note = " (the set's author)" if name == "newspaper4k" else ""
        print(f"| {name}{note} | {version(name)} | {statistics.mean(values):.3f} | {statistics.median(values):.3f} | "
              f"{sum(v < 0.8 for v in values)} | {statistics.median(cpu[name]):.1f} |")
    print("\nper page, ours against the best other peer (newspaper4k aside):\n")
    others = [n for n in scores if n not in ("ours-static", "newspaper4k")]
    for page_id in pages:
        best = max(others, key=lambda n: scores[n][page_id])
        print(f"  {page_id:22s} ours {scores['ours-static'][page_id]:.3f}   {best} {scores[best][page_id]:.3f}")


if __name__ == "__main__":
    main()
