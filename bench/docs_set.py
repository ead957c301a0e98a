"""Main text on documentation pages from outside both benchmarks: the HTML manuals Debian ships.

    .venv/bin/python bench/docs_set.py                   # ours (static) and the peers, by generator and half
    .venv/bin/python bench/docs_set.py --only rs-trafilatura,trafilatura --per-page

Issue 12 asks for documentation pages at or above the better of trafilatura and rs-trafilatura,
and for results that hold on page sets other than WCXB. WCXB holds 89 documentation pages, too few
to tune on without fitting them. Debian's ``-doc`` packages carry whole manuals made by the
generators much of the web's documentation is made with (Sphinx in several themes, DocBook,
AsciiDoc, MkDocs, mdBook, and the API generators rustdoc, GNOME's gi-docgen, javadoc, Doxygen and
Haddock; Node's, Apache's and SQLite's own), so they are a second, larger set.
The packages are fetched once with ``apt-get download`` into bench/out/docs-set/ and unpacked
there; nothing of them is committed.

The gold is structural, not annotated: each generator puts a page's own text in one known
element (Sphinx's ``role="main"`` body, mdBook's ``<main>``, Node's ``#apicontent``), and the
navigation it prints inside it is known too (permalink pilcrows, DocBook's header and footer
tables, Apache's quick-view box). The gold is that element's text with those parts taken out --
what a reader of the page would call its content, and what WCXB's annotators keep on its
documentation pages (headings, prose, code, tables; not the menus, breadcrumbs or prev/next).
It is a generator's markup, not a human's judgement, so small differences (a page title inside
or outside the element) move a page's F1 by a point or two; read means, not single pages.

Pages are sampled per package by sha256 of their path (``PAGES_PER_PACKAGE``), skipping index,
search and stub pages (``MIN_GOLD_WORDS``), and split into a tune and a check ("held") half by the first
byte of sha256(page id), the rule of ``bench/extraction_halves.py``. URLs are neutral
(``https://example.org/<path>``), so no ``/docs/`` folder tells the extractor what it reads.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import lxml.html

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.extraction_halves import half_of  # noqa: E402
from bench.extraction_peers import PEERS, UNAVAILABLE, _ours_static, _quiet, timed  # noqa: E402
from bench.other_sets import f1  # noqa: E402

OUT = ROOT / "bench" / "out" / "docs-set"
PAGES_PER_PACKAGE = 16
MIN_GOLD_WORDS = 150  # below this a page is a stub, a redirect or a short index: it says little about extraction
BLOCKS = ("p", "div", "section", "article", "pre", "li", "dt", "dd", "tr", "td", "th", "table", "blockquote",
          "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "ul", "ol", "dl", "figure", "figcaption", "details", "summary")
SKIPPED_NAMES = ("genindex", "search", "py-modindex", "index", "contents", "bookindex", "toc", "print",
                 "package-summary", "package-tree", "package-use", "doc-index", "files", "annotated", "hierarchy")
SKIPPED_FOLDERS = ("class-use", "src")  # javadoc's reverse indexes, Haddock's source listings
SKIPPED_SUFFIXES = ("_source", "-members", "-all")  # Doxygen's source listings and member lists
SKIPPED_PREFIXES = ("doc-index", "functions_", "globals", "namespacemembers")  # Haddock's and Doxygen's indexes


@dataclass(frozen=True)
class Generator:
    """Where a generator puts a page's own text, and the navigation it prints inside that element."""

    main: str  # CSS selector; the first match is the page's content element
    drop: str  # CSS selector of parts of that element that are navigation, not content


SPHINX = Generator("[role=main], div.body", "a.headerlink, div.related, div.sphinxsidebar, div.footer, nav")
GENERATORS: dict[str, Generator] = {
    "sphinx": SPHINX,
    "sphinx-django": Generator("#yui-main", "a.headerlink, div.nav"),  # Django's own Sphinx theme
    "docbook": Generator("body", "div.navheader, div.navfooter, div.toc, div.navfooter ~ *"),
    "asciidoc": Generator("#content", "#footer"),
    "mkdocs": Generator("[role=main]", "a.headerlink"),
    "mdbook": Generator("main", "nav, a.header > *:empty"),
    "rustdoc": Generator("#main-content", "span.out-of-band, div.sidebar, a.anchor, details.toggle.top-doc > summary"),
    "nodejs": Generator("#apicontent", "a.mark, span.srclink, .api_stability"),
    "gi-docgen": Generator("section#main", "a.anchor, div.docblock.toggle-wrapper > .toggle"),
    "apache": Generator("#page-content", "#quickview, div.toplang, div.bottomlang, div.top, #footer, #comments_section,"
                                         " div.outofdate, div.note-outofdate, #comments_thread"),
    "javadoc": Generator("main[role=main]", "div.sub-title, div.inheritance"),
    "doxygen": Generator("#doc-content", "div.summary, div.ingroups, #nav-path, #MSearchSelectWindow,"
                                         " #MSearchResultsWindow, iframe, span.mlabels"),
    "haddock": Generator("#content", "#table-of-contents, #synopsis, table.info, a.link, a.selflink"),
    "sqlite": Generator("div.fancy", "div.fancy_toc"),  # SQLite's own site generator; its pages' header menu outside
}

# package -> (folder of its HTML under the unpacked tree, generator, subfolders to sample from or "")
PACKAGES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "python3.11-doc": ("usr/share/doc/python3.11/html", "sphinx", ("library", "tutorial", "howto", "reference")),
    "python-django-doc": ("usr/share/doc/python-django-doc/html", "sphinx-django", ("topics", "howto", "ref")),
    "sphinx-doc": ("usr/share/doc/python3-sphinx/html", "sphinx", ("usage", "development", "")),
    "python-flask-doc": ("usr/share/doc/python-flask-doc/html", "sphinx", ("", "patterns", "tutorial")),
    "python-pytest-doc": ("usr/share/doc/python3-pytest/html", "sphinx", ("how-to", "explanation", "")),
    "cmake-doc": ("usr/share/doc/cmake-data/html", "sphinx", ("manual", "guide")),
    "python-requests-doc": ("usr/share/doc/python-requests-doc/html", "sphinx", ("user", "community", "dev")),
    "python-click-doc": ("usr/share/doc/python-click-doc/html", "sphinx", ("",)),
    "python-jinja2-doc": ("usr/share/doc/python3-jinja2/html", "sphinx", ("",)),
    "postgresql-doc-15": ("usr/share/doc/postgresql-doc-15/html", "docbook", ("",)),
    "debian-reference-en": ("usr/share/doc/debian-reference-en/docs", "docbook", ("",)),
    "git-doc": ("usr/share/doc/git-doc", "asciidoc", ("",)),
    "mkdocs-doc": ("usr/share/doc/mkdocs/html", "mkdocs", ("user-guide", "dev-guide", "")),
    "rust-doc-book": ("usr/share/doc/rust-doc/html", "mdbook", ("book", "reference", "rust-by-example", "cargo")),
    "rust-doc-std": ("usr/share/doc/rust-doc/html", "rustdoc", ("std",)),
    "nodejs-doc": ("usr/share/doc/nodejs/api", "nodejs", ("",)),
    "libgtk-4-doc": ("usr/share/devhelp/books/gtk4", "gi-docgen", ("",)),
    "apache2-doc": ("usr/share/doc/apache2-doc/manual/en", "apache", ("", "mod", "howto", "misc")),
    "openjdk-17-doc": ("usr/share/doc/openjdk-17-jre-headless/api/java.base/java", "javadoc",
                       ("util", "io", "net", "time", "nio/file")),
    "libstdc++-12-doc": ("usr/share/doc/gcc-12-base/libstdc++/user", "doxygen", ("",)),
    "doxygen-doc": ("usr/share/doc/doxygen/html", "doxygen", ("",)),
    "ghc-doc": ("usr/share/doc/ghc-doc/html/libraries", "haddock", ("base-4.15.1.0", "containers-0.6.4.1",
                                                                     "text-1.2.5.0", "bytestring-0.10.12.1")),
    "sqlite3-doc": ("usr/share/doc/sqlite3", "sqlite", ("",)),
}


def _deb(package: str) -> str:
    """The Debian package a sampled manual comes from (rust-doc holds two: its books and the std API)."""
    return package.removesuffix("-book").removesuffix("-std")


DEBS = sorted({_deb(name) for name in PACKAGES})


@dataclass(frozen=True)
class Page:
    page_id: str
    package: str
    url: str
    html: str
    gold: str


def fetch() -> Path:
    """The packages' files, downloaded and unpacked on first use (``apt-get download`` needs no root)."""
    tree = OUT / "tree"
    debs = OUT / "debs"
    missing = [name for name in DEBS if not (tree / name).is_dir()]
    if missing:
        debs.mkdir(parents=True, exist_ok=True)
        subprocess.run(["apt-get", "download", *missing], cwd=debs, check=True)
        for name in missing:
            deb = next(debs.glob(f"{name}_*.deb"))
            (tree / name).mkdir(parents=True, exist_ok=True)
            subprocess.run(["dpkg-deb", "-x", str(deb), str(tree / name)], check=True)
    return tree


def gold_text(raw: bytes, generator: Generator) -> str:
    """The content element's text, navigation inside it removed, one line per block as WCXB's gold is laid out."""
    root = lxml.html.document_fromstring(raw)  # bytes: XHTML pages open with an encoding declaration
    for junk in root.xpath("//script | //style | //noscript"):
        junk.drop_tree()
    found = root.cssselect(generator.main)
    if not found:
        return ""
    main = found[0]
    for part in main.cssselect(generator.drop):
        if part.getparent() is not None:
            part.drop_tree()
    for block in main.iter(*BLOCKS):
        block.tail = "\n" + (block.tail or "")  # a block ends a line; inline markup (code, links, spans) does not
    return "\n".join(line for line in (" ".join(t.split()) for t in main.text_content().splitlines()) if line)


def _sample_key(path: Path) -> str:
    return hashlib.sha256(str(path).encode()).hexdigest()


def load_pages(tree: Path) -> list[Page]:
    pages: list[Page] = []
    for package, (folder, generator_name, subfolders) in PACKAGES.items():
        base = tree / _deb(package) / folder
        generator = GENERATORS[generator_name]
        candidates: list[Path] = []
        for sub in subfolders:
            where = base / sub if sub else base
            found = where.rglob("*.html") if sub else where.glob("*.html")  # a package's top folder: its own pages only
            candidates += [p for p in found if p.is_file() and not p.is_symlink() and p.stem not in SKIPPED_NAMES
                           and not p.stem.endswith(SKIPPED_SUFFIXES) and not p.stem.startswith(SKIPPED_PREFIXES)
                           and not set(p.relative_to(base).parts) & set(SKIPPED_FOLDERS)]
        pages += sample(candidates, base, generator, package, PAGES_PER_PACKAGE)
    return pages


def sample(candidates: Iterable[Path], base: Path, generator: Generator, group: str, limit: int,
           url_path: Callable[[str], str] = str) -> list[Page]:
    """Up to `limit` of a manual's pages, in the order of sha256 of their path under `base`,
    stubs (`MIN_GOLD_WORDS`) skipped; each at https://example.org/ + `url_path` of that path."""
    pages: list[Page] = []
    for path in sorted(set(candidates), key=lambda p: _sample_key(p.relative_to(base))):
        if len(pages) == limit:
            break
        raw = path.read_bytes()
        gold = gold_text(raw, generator)
        if len(gold.split()) < MIN_GOLD_WORDS:
            continue
        rel = path.relative_to(base).as_posix()
        pages.append(Page(f"{group}/{rel}", group, f"https://example.org/{url_path(rel)}",
                          raw.decode("utf-8", errors="replace"), gold))
    return pages


def _layout_kind(page: Page) -> str:
    from extraction.document import parse
    from extraction.maintext import main_text
    from values.rendered import RenderedPage

    explanation = main_text(parse(RenderedPage.from_html(page.html, page.url))).explanation
    return explanation.layout_kind if explanation is not None else "none"


def parser(doc: str | None) -> argparse.ArgumentParser:
    """The options every documentation set takes (``bench/modern_docs_set.py`` shares them)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="comma-separated systems (ours-static and peers of bench/extraction_peers.py)")
    ap.add_argument("--per-page", action="store_true", help="print every page's F1 per system")
    return ap


def report(pages: list[Page], heading: str, only: str | None = None, per_page: bool = False) -> None:
    """Score every system on ``pages`` and print the table: all, both halves, each group (``Page.package``).

    ``heading`` names the set, e.g. "Debian documentation pages (N pages of M manuals, structural gold)".
    """
    systems: dict[str, Callable[[str, str], str]] = {
        "ours-static": _ours_static,
        **{name: peer.build() for name, peer in PEERS.items() if name not in UNAVAILABLE},
    }
    if only:
        wanted = set(only.split(","))
        systems = {name: build for name, build in systems.items() if name in wanted}
    scores: dict[str, dict[str, float]] = {}
    cpu: dict[str, list[float]] = {}
    for name, extract in systems.items():
        for page in pages:
            try:
                text, ms = timed(extract, page.html, page.url)
            except Exception as err:  # a crash scores 0 on that page, as in the benchmarks
                print(f"  {name} failed on {page.page_id}: {type(err).__name__}", file=sys.stderr)
                text, ms = "", 0.0
            cpu.setdefault(name, []).append(ms)
            scores.setdefault(name, {})[page.page_id] = f1(text, page.gold)
    packages = list(dict.fromkeys(page.package for page in pages))
    halves = {page.page_id: half_of(page.page_id) for page in pages}
    names = sorted(scores, key=lambda n: -statistics.mean(scores[n].values()))
    print(f"{heading}, mean word F1:\n")
    print("| set (n) | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))

    def row(label: str, ids: list[str]) -> None:
        cells = " | ".join(f"{statistics.mean(scores[n][i] for i in ids):.3f}" for n in names)
        print(f"| {label} ({len(ids)}) | {cells} |")

    row("all", [p.page_id for p in pages])
    for half in ("tune", "held"):  # held: the check half
        row(half, [p.page_id for p in pages if halves[p.page_id] == half])
    for package in packages:
        row(package, [p.page_id for p in pages if p.package == package])
    print("| CPU ms/page (median) | " + " | ".join(f"{statistics.median(cpu[n]):.1f}" for n in names) + " |")
    if "ours-static" in systems:
        kinds = Counter(_layout_kind(page) for page in pages)
        print("\nours' layout kind on these pages (all documentation): "
              + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common())
              + f" -- {kinds['documentation'] / len(pages):.1%} read as documentation")
    if per_page:
        print()
        for page in pages:
            cells = "  ".join(f"{n} {scores[n][page.page_id]:.3f}" for n in names)
            print(f"  {halves[page.page_id]:5s} {page.page_id:70s} {cells}")


def main(argv: list[str] | None = None) -> int:
    args = parser(__doc__).parse_args(argv)
    _quiet()
    pages = load_pages(fetch())
    manuals = len({page.package for page in pages})
    report(pages, f"Debian documentation pages ({len(pages)} pages of {manuals} manuals, structural gold)",
           args.only, args.per_page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
