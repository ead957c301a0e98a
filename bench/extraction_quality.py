"""Main-text quality on the Zyte/Scrapinghub benchmark: ours (rendered and static) and peers.

    .venv/bin/python bench/extraction_quality.py            # everything, one table
    .venv/bin/python bench/extraction_quality.py --only ours-static

Each extractor writes OUT/<name>/<id>.json ({"articleBody": ...}); the shared scorer
(`../shared/bench/evaluate.py`) is then run on the folders side by side. CPU ms/page is
`time.process_time` around the extraction call alone (parsing included, rendering and file
I/O not). Rendered pages are cached in bench/out/rendered/ (see extraction_render.py).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_render import load_benchmark, render_pages  # noqa: E402
from extraction.document import parse  # noqa: E402
from extraction.maintext import main_text  # noqa: E402
from render.model import RenderedPage  # noqa: E402

DEFAULT_BENCH = Path(os.environ.get("RENDERCRAWL_BENCH_DIR", ROOT.parent / "shared" / "bench"))
"""The public benchmark lives beside the repository (`../shared/bench`); elsewhere, say where."""
DEFAULT_OUT = ROOT / "bench" / "out"
ERROR_PAGE_PREFIX = "chrome-error://"  # final URL of a snapshot of Chromium's own error page


def ours_static(html: str, url: str) -> str:
    return main_text(parse(RenderedPage.from_html(html, url))).body


def _trafilatura() -> Callable[[str, str], str]:
    import trafilatura

    return lambda html, url: trafilatura.extract(html, url=url) or ""


def _readability() -> Callable[[str, str], str]:
    import html_text
    from readability import Document

    return lambda html, url: html_text.extract_text(Document(html).summary(html_partial=True))


def _newspaper() -> Callable[[str, str], str]:
    import newspaper

    def run(html: str, url: str) -> str:
        article = newspaper.Article(url, fetch_images=False)  # never reach the network
        article.download(input_html=html)
        article.parse()
        return article.text

    return run


def _goose() -> Callable[[str, str], str]:
    from goose3 import Goose

    goose = Goose()
    return lambda html, url: goose.extract(raw_html=html).cleaned_text


def _justext() -> Callable[[str, str], str]:
    import justext

    stoplist = justext.get_stoplist("English")
    return lambda html, url: "\n\n".join(
        p.text for p in justext.justext(html.encode("utf-8"), stoplist, encoding="utf-8") if not p.is_boilerplate)


def _boilerpy() -> Callable[[str, str], str]:
    from boilerpy3 import extractors

    extractor = extractors.ArticleExtractor()
    return lambda html, url: extractor.get_content(html)


def _resiliparse() -> Callable[[str, str], str]:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    return lambda html, url: extract_plain_text(HTMLTree.parse(html), main_content=True)


PEERS: dict[str, Callable[[], Callable[[str, str], str]]] = {
    "trafilatura": _trafilatura,
    "readability-lxml": _readability,
    "newspaper4k": _newspaper,
    "goose3": _goose,
    "jusText": _justext,
    "boilerpy3": _boilerpy,
    "resiliparse": _resiliparse,
}
SYSTEMS = ["ours-rendered", "ours-static", *PEERS]


def run_system(name: str, pages: dict[str, tuple[str, str]], rendered: dict[str, RenderedPage],
               out: Path) -> float:
    """Extract every page with one system into out/<name>/; return CPU ms per page."""
    folder = out / name
    folder.mkdir(parents=True, exist_ok=True)
    if name == "ours-rendered":
        def extract(pid: str) -> str:
            if pid not in rendered:  # the render failed: the crawler would keep the HTML it fetched
                url, html = pages[pid]
                return ours_static(html, url)
            return main_text(parse(rendered[pid])).body
    else:
        fn = ours_static if name == "ours-static" else PEERS[name]()

        def extract(pid: str) -> str:
            url, html = pages[pid]
            return fn(html, url)

    cpu = 0.0
    for pid in pages:
        start = time.process_time()
        try:
            text = extract(pid)
        except Exception as err:  # noqa: BLE001 - a crashing peer scores an empty page
            print(f"  {name} failed on {pid[:12]}: {type(err).__name__}: {err}", file=sys.stderr)
            text = ""
        cpu += time.process_time() - start
        (folder / f"{pid}.json").write_text(json.dumps({"articleBody": text}, ensure_ascii=False),
                                            encoding="utf-8")
    return 1000 * cpu / max(1, len(pages))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench", type=Path, default=DEFAULT_BENCH, help="folder with evaluate.py and scrapinghub/")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--only", default=",".join(SYSTEMS), help="comma-separated systems, from: " + ", ".join(SYSTEMS))
    args = ap.parse_args(argv)
    systems = [s for s in args.only.split(",") if s]
    unknown = set(systems) - set(SYSTEMS)
    if unknown:
        ap.error(f"unknown systems: {', '.join(sorted(unknown))}")
    if not (args.bench / "evaluate.py").is_file():
        sys.exit(f"no benchmark at {args.bench}: pass --bench DIR or set RENDERCRAWL_BENCH_DIR")
    pages = load_benchmark(args.bench / "scrapinghub")
    rendered = render_pages(pages, args.out / "rendered") if "ours-rendered" in systems else {}
    broken = sorted(pid for pid, page in rendered.items() if page.final_url.startswith(ERROR_PAGE_PREFIX))
    for pid in broken:  # a page script navigated away and the blocked navigation left an error page
        del rendered[pid]
    quality = args.out / "quality"
    cpu = {name: run_system(name, pages, rendered, quality) for name in systems}
    metrics = quality / "_metrics.json"
    subprocess.run([sys.executable, str(args.bench / "evaluate.py"), *(str(quality / s) for s in systems),
                    "--ci", "--json", str(metrics)], check=True, stdout=subprocess.DEVNULL)
    scores = json.loads(metrics.read_text(encoding="utf-8"))
    print(f"{len(pages)} pages; F1 from mean P and mean R; 95% bootstrap interval; CPU ms/page of extraction alone")
    if "ours-rendered" in systems:
        print(f"ours-rendered: {len(rendered)} pages rendered offline; {len(pages) - len(rendered)} extracted from "
              f"the static HTML instead ({len(broken)} ended on a Chromium error page after a script navigated, "
              f"{len(pages) - len(rendered) - len(broken)} failed to render)")
    print()
    print("| extractor | F1 | 95% interval | precision | recall | CPU ms/page |")
    print("|---|---|---|---|---|---|")
    for name in systems:
        s = scores[name]
        print(f"| {name} | {s['f1']:.3f} | [{s['f1_lo']:.3f}, {s['f1_hi']:.3f}] | {s['precision']:.3f} "
              f"| {s['recall']:.3f} | {cpu[name]:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
