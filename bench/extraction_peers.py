"""The extractors the main-text benchmark compares, and a per-name-and-version cache of their output.

Every system is a function `(html, url) -> text`. Ours is run on every benchmark run (it is what
changes); a peer's output on a benchmark is stored once under
`bench/out/peers/<benchmark>/<name>-<version>/` (`<id>.json` = `{"articleBody": ...}`, the shared
scorers' layout, plus `_cpu.json` with CPU ms per page), so reruns only recompute ours, and a
peer upgrade invalidates its cache by itself. Delete the folder when the way a peer is called
here changes.

Extraction runs in at most two worker processes (the benchmark machine has two cores and others
share them). CPU ms/page is `time.process_time` around the extraction call alone, in the worker:
parsing included, reading files and loading a rendered snapshot not.
"""

from __future__ import annotations

import gzip
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from values.rendered import RenderedPage

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

WORKERS = 2
ERROR_PAGE_PREFIX = "chrome-error://"  # a snapshot of Chromium's own error page: score the page static
Extractor = Callable[[str, str], str]


def _trafilatura() -> Extractor:
    import trafilatura

    return lambda html, url: trafilatura.extract(html, url=url) or ""


def _readability() -> Extractor:
    import html_text
    from readability import Document

    return lambda html, url: html_text.extract_text(Document(html).summary(html_partial=True))


def _newspaper() -> Extractor:
    import newspaper

    def run(html: str, url: str) -> str:
        article = newspaper.Article(url, fetch_images=False)  # never reach the network
        article.download(input_html=html)
        article.parse()
        return str(article.text)

    return run


def _goose() -> Extractor:
    from goose3 import Goose

    goose = Goose()
    return lambda html, url: goose.extract(raw_html=html).cleaned_text


def _justext() -> Extractor:
    import justext

    stoplist = justext.get_stoplist("English")
    return lambda html, url: "\n\n".join(
        p.text for p in justext.justext(html.encode("utf-8"), stoplist, encoding="utf-8") if not p.is_boilerplate)


def _boilerpy() -> Extractor:
    from boilerpy3 import extractors

    extractor = extractors.ArticleExtractor()
    return lambda html, url: extractor.get_content(html)


def _resiliparse() -> Extractor:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    return lambda html, url: extract_plain_text(HTMLTree.parse(html), main_content=True)


SIDE_VENV = ROOT / ".venv-rs"
"""The side environment of peers that need another interpreter (Makefile: `.venv-rs/.installed`)."""


class SideExtractor:
    """A peer running in the side environment's interpreter, behind a pipe to `bench/side_peer.py`.

    Its CPU is measured in the worker and kept in `cpu_ms`: the caller here only waits on the pipe.
    `gc` is the worker's collector setting (`bench/side_peer.py`: "default" or "crawl").
    """

    def __init__(self, name: str, python: Path = SIDE_VENV / "bin" / "python",
                 env: dict[str, str] | None = None, gc: str = "default") -> None:
        if not python.exists():
            raise RuntimeError(f"{name} needs its side environment: make {SIDE_VENV.name}/.installed")
        self.cpu_ms = 0.0
        self._process = subprocess.Popen([str(python), str(ROOT / "bench" / "side_peer.py"), name, gc], env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def __call__(self, html: str, url: str) -> str:
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps({"html": html, "url": url}) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the side worker ended (exit code {self._process.wait()})")
        answer = json.loads(line)
        self.cpu_ms = float(answer["cpu_ms"])
        if answer["error"]:
            raise RuntimeError(answer["error"])
        return str(answer["text"])


def timed(extract: Extractor, html: str, url: str) -> tuple[str, float]:
    """`(text, CPU ms)` of one extraction: the process's own clock, or the side worker's for a side peer."""
    start = time.process_time()
    text = extract(html, url) or ""
    if isinstance(extract, SideExtractor):
        return text, extract.cpu_ms
    return text, 1000 * (time.process_time() - start)


def _rs_trafilatura() -> Extractor:
    return SideExtractor("rs-trafilatura")


def _side_version(distribution: str) -> str:
    """A side peer's installed version, read from the side environment's metadata."""
    found = [d.version for d in metadata.distributions(path=[str(p) for p in SIDE_VENV.glob("lib/python*/site-packages")])
             if d.metadata["Name"].lower().replace("_", "-") == distribution]
    return found[0] if found else "not installed"


@dataclass(frozen=True)
class Peer:
    """A peer extractor: the distribution whose version keys its cache, and how to build it."""

    distribution: str
    build: Callable[[], Extractor]
    side: bool = False
    """Runs in the side environment (another interpreter), not in this process."""


PEERS: dict[str, Peer] = {
    "rs-trafilatura": Peer("rs-trafilatura", _rs_trafilatura, side=True),
    "trafilatura": Peer("trafilatura", _trafilatura),
    "readability-lxml": Peer("readability-lxml", _readability),
    "newspaper4k": Peer("newspaper4k", _newspaper),
    "resiliparse": Peer("Resiliparse", _resiliparse),
    "goose3": Peer("goose3", _goose),
    "jusText": Peer("jusText", _justext),
    "boilerpy3": Peer("boilerpy3", _boilerpy),
}
OURS = ("ours-static", "ours-rendered")


def version(system: str) -> str:
    """The installed version of a peer ("-" for ours, which is the working tree)."""
    if system in OURS:
        return "-"
    if PEERS[system].side:
        return _side_version(PEERS[system].distribution)
    try:
        return metadata.version(PEERS[system].distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


UNAVAILABLE: dict[str, str] = {
    name: f"not measured: its side environment is missing (`make {SIDE_VENV.name}/.installed`, which needs a python3.12)"
    for name, peer in PEERS.items() if peer.side and version(name) == "not installed"}
"""Peers this machine cannot run, with the reason printed in their row rather than an invented figure."""
SYSTEMS = [*OURS, *(name for name in PEERS if name not in UNAVAILABLE)]


@dataclass(frozen=True)
class Job:
    """One page for one system; paths, not contents, so the pool pickles little."""

    system: str
    page_id: str
    url: str
    html_path: str
    snapshot_path: str = ""  # ours-rendered: the cached RenderedPage JSON, "" when none


_BUILT: dict[str, Extractor] = {}
"""Per worker process: each peer is built once (goose3, jusText and boilerpy3 hold state)."""


def _ours_static(html: str, url: str) -> str:
    from extraction.document import parse
    from extraction.maintext import main_text
    from values.rendered import RenderedPage

    return main_text(parse(RenderedPage.from_html(html, url))).body


def _snapshot(job: Job) -> RenderedPage | None:
    """The cached rendered snapshot, or None when it is in an older format (then the page is scored static)."""
    from values.rendered import RenderedPage

    try:
        return RenderedPage.from_json(Path(job.snapshot_path).read_text(encoding="utf-8"))
    except ValueError as err:
        print(f"  stale snapshot {job.page_id[:12]}: {err}", file=sys.stderr)
        return None


def _quiet() -> None:
    """Worker initializer: peers warn and log per page (missing optional NLP packages, dates); keep errors only."""
    import logging
    import warnings

    warnings.simplefilter("ignore")
    logging.disable(logging.WARNING)


def _run(job: Job) -> tuple[str, str, float, str, bool, str]:
    """Extract one page: `(id, text, CPU ms, layout kind or "", used a snapshot with layout, error or "")`.

    A crashing extractor scores an empty page (and says so on stderr) rather than ending the run.
    """
    from values.rendered import RenderedPage

    html = gzip.decompress(Path(job.html_path).read_bytes()).decode("utf-8", errors="replace")
    kind, layout, error = "", False, ""
    try:
        if job.system in OURS:
            from extraction.document import parse
            from extraction.maintext import main_text

            snapshot = RenderedPage.from_html(html, job.url)
            rendered = _snapshot(job) if job.snapshot_path else None
            if rendered is not None:
                if not rendered.final_url.startswith(ERROR_PAGE_PREFIX):
                    snapshot = rendered
                    layout = rendered.has_layout
            start = time.process_time()
            result = main_text(parse(snapshot))
            ms = 1000 * (time.process_time() - start)
            text = result.body
            explanation = getattr(result, "explanation", None)
            kind = getattr(explanation, "page_kind", "") or getattr(explanation, "layout_kind", "") or ""
        else:
            if job.system not in _BUILT:
                _BUILT[job.system] = PEERS[job.system].build()
            text, ms = timed(_BUILT[job.system], html, job.url)
    except Exception as err:  # noqa: BLE001 - a crashing extractor scores an empty page, and says so
        error = f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
        text, ms = "", 0.0
    return job.page_id, text, ms, kind, layout, error


@dataclass
class Run:
    """One system's output on one benchmark."""

    texts: dict[str, str]
    cpu_ms: dict[str, float]
    kinds: dict[str, str]
    cached: bool = False
    layout: set[str] = field(default_factory=set)
    """ours-rendered: the pages extracted from a rendered snapshot with layout (boxes)."""
    errors: dict[str, str] = field(default_factory=dict)
    """Pages on which the extractor raised (scored as empty), with the error."""

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu_ms.values()) if self.cpu_ms else 0.0


def _extract(jobs: Iterable[Job], pool: ProcessPoolExecutor) -> Run:
    run = Run({}, {}, {})
    for pid, text, ms, kind, layout, error in pool.map(_run, jobs, chunksize=8):
        run.texts[pid], run.cpu_ms[pid], run.kinds[pid] = text, ms, kind
        if layout:
            run.layout.add(pid)
        if error:
            run.errors[pid] = error
    return run


def peer_cache(system: str, benchmark: str, out: Path) -> Path:
    return out / "peers" / benchmark / f"{system}-{version(system)}"


def _load_cached(folder: Path, ids: Iterable[str]) -> Run | None:
    done = folder / "_cpu.json"  # written last: its presence means the folder is complete
    if not done.exists():
        return None
    cpu = json.loads(done.read_text(encoding="utf-8"))
    texts: dict[str, str] = {}
    for pid in ids:
        path = folder / f"{pid}.json"
        if not path.exists() or pid not in cpu:
            return None  # the benchmark grew: recompute
        texts[pid] = json.loads(path.read_text(encoding="utf-8"))["articleBody"]
    errors_path = folder / "_errors.json"
    errors = json.loads(errors_path.read_text(encoding="utf-8")) if errors_path.exists() else {}
    return Run(texts, {pid: cpu[pid] for pid in texts}, {}, cached=True,
               errors={pid: e for pid, e in errors.items() if pid in texts})


def run_systems(systems: list[str], benchmark: str, root: Path, gold: dict[str, dict],
                snapshots: dict[str, Path], out: Path) -> dict[str, Run]:
    """Every system's output on one benchmark (`root`/html/<id>.html.gz, ids and URLs from `gold`).

    `snapshots` maps id -> cached rendered snapshot, for ours-rendered; a page without one is
    extracted from its static HTML, as the crawler would keep the HTML it fetched.
    """
    runs: dict[str, Run] = {}
    with ProcessPoolExecutor(max_workers=WORKERS, initializer=_quiet) as pool:
        for system in systems:
            folder = peer_cache(system, benchmark, out) if system in PEERS else None
            cached = _load_cached(folder, gold) if folder is not None else None
            if cached is not None:
                runs[system] = cached
                continue
            start = time.monotonic()
            jobs = (Job(system, pid, g["url"], str(root / "html" / f"{pid}.html.gz"),
                        str(snapshots.get(pid, "")) if system == "ours-rendered" else "")
                    for pid, g in gold.items())
            runs[system] = _extract(jobs, pool)
            errors = runs[system].errors
            print(f"  {benchmark}: {system} extracted {len(gold)} pages in {time.monotonic() - start:.0f} s"
                  + (f"; raised on {len(errors)} (scored empty): " + "; ".join(sorted(set(errors.values())))[:300]
                     if errors else ""), file=sys.stderr, flush=True)
            if folder is not None:
                folder.mkdir(parents=True, exist_ok=True)
                for pid, text in runs[system].texts.items():
                    (folder / f"{pid}.json").write_text(json.dumps({"articleBody": text}, ensure_ascii=False),
                                                        encoding="utf-8")
                (folder / "_errors.json").write_text(json.dumps(runs[system].errors, indent=1), encoding="utf-8")
                (folder / "_cpu.json").write_text(json.dumps(runs[system].cpu_ms), encoding="utf-8")
    return runs
