"""Main text on documentation pages made by today's generators, built here from real projects' docs.

    PYTHONPATH=$PWD .venv/bin/python bench/modern_docs_set.py          # ours (static) and the peers
    PYTHONPATH=$PWD .venv/bin/python bench/modern_docs_set.py --only ours-static,trafilatura --per-page

Issue 12 asks for documentation pages at or above the better of trafilatura and rs-trafilatura,
on page sets other than WCXB. ``bench/docs_set.py`` measures that on Debian's pre-built manuals
(classic Sphinx, DocBook, rustdoc, mdBook); they lack the generators most documentation sites
are made with today, whose chrome is different: a header bar with search, a left sidebar, an
on-page table of contents, "edit this page" links, prev/next cards, footers. This set builds
such sites offline: each generator is installed on first use into bench/out/modern-docs/ (a venv
of its own for the Python ones, one npm project per JavaScript one; never the project's venv)
and builds the Markdown docs that a released package ships, one source project per site:

| site | generator | source (licence) |
|---|---|---|
| material-starlette | MkDocs + Material theme | starlette sdist docs/ (BSD-3-Clause) |
| furo-structlog | Sphinx + furo, MyST | structlog sdist docs/ (MIT or Apache-2.0) |
| pydata-pip | Sphinx + pydata-sphinx-theme, MyST | pip sdist docs/html/ (MIT) |
| book-black | Sphinx + sphinx-book-theme, MyST | black sdist docs/ (MIT) |
| rtd-cattrs | Sphinx + sphinx-rtd-theme, MyST | cattrs sdist docs/ (MIT) |
| rtd-attrs | Sphinx + sphinx-rtd-theme, MyST | attrs sdist docs/ (MIT) |
| vitepress-undici | VitePress | undici npm package docs/docs/ (MIT) |
| docusaurus-fastify | Docusaurus (classic preset) | fastify npm package docs/ (MIT) |
| starlight-pino | Astro Starlight | pino npm package docs/ (MIT) |
| starlight-eslint-import | Astro Starlight | eslint-plugin-import npm package docs/ (MIT) |

All eight generators build here. Starlight is pinned to Astro 5: Astro 6 and later need Node 22,
and this machine's Node is 20. Sites with too few pages of their own get a second source.

The sources are downloaded at bench time with ``pip download`` / ``npm pack`` and nothing of
them is committed. Their text is used as shipped; the only change is mechanical and needed by
a generator (Starlight requires a ``title`` in the front matter: the first ``# heading`` becomes
it, as Starlight prints the title itself). Each site gets the configuration its generator's
documentation recommends for a project site: sidebar navigation, on-page TOC, an edit link,
prev/next links, a footer, search where it needs no service.

The gold is structural, as in docs_set.py: the element each generator puts the page's own
text in, minus the navigation it prints inside it (``GENERATORS``); pages are sampled per site
by sha256 of their path (``PAGES_PER_SITE``), pages under ``MIN_GOLD_WORDS`` gold words are
skipped, URLs are neutral (``https://example.org/<path>``) and the halves are
``bench.extraction_halves.half_of(page_id)``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.docs_set import SKIPPED_NAMES, Generator, Page, parser, report, sample  # noqa: E402
from bench.extraction_peers import _quiet  # noqa: E402

OUT = ROOT / "bench" / "out" / "modern-docs"
VENV = OUT / "venv"
SOURCES_DIR = OUT / "sources"  # downloaded archives and their unpacked trees
SITES_DIR = OUT / "sites"  # each site's built HTML, one folder per site
PAGES_PER_SITE = 20
NICE = ["nice", "-n", "10"]  # builds share two cores with other work
SKIPPED = (*SKIPPED_NAMES, "404", "changelog", "change_log", "history", "release-notes", "license", "authors")

# The generators, pinned so that a rerun builds the same pages (the Sphinx themes share one venv).
PIP_GENERATORS = ("mkdocs==1.6.1", "mkdocs-material==9.8.2", "sphinx==9.0.4", "myst-parser==5.2.0",
                  "furo==2025.12.19", "pydata-sphinx-theme==0.20.0", "sphinx-book-theme==1.4.0",
                  "sphinx-rtd-theme==3.1.0")
NPM_GENERATORS: dict[str, tuple[str, ...]] = {
    "vitepress": ("vitepress@1.6.4",),
    "docusaurus": ("@docusaurus/core@3.10.2", "@docusaurus/preset-classic@3.10.2", "react@19.3.1",
                   "react-dom@19.3.1"),
    "starlight": ("astro@5.18.2", "@astrojs/starlight@0.37.7"),  # Astro 6 and later need Node 22; this machine has 20
}


@dataclass(frozen=True)
class Source:
    """A released package whose archive ships Markdown docs, and the folder of them inside it."""

    registry: str  # "pypi" (sdist via pip download) or "npm" (tarball via npm pack)
    spec: str  # name==version or name@version
    docs: str  # the docs folder inside the archive's top folder


SOURCES: dict[str, Source] = {
    "starlette": Source("pypi", "starlette==1.10.0", "docs"),
    "structlog": Source("pypi", "structlog==26.1.0", "docs"),
    "pip": Source("pypi", "pip==26.3", "docs/html"),
    "black": Source("pypi", "black==26.10.1", "docs"),
    "cattrs": Source("pypi", "cattrs==26.2.1", "docs"),
    "attrs": Source("pypi", "attrs==26.1.0", "docs"),
    "undici": Source("npm", "undici@7.30.2", "docs/docs"),
    "fastify": Source("npm", "fastify@5.12.8", "docs"),
    "pino": Source("npm", "pino@10.4.0", "docs"),
    "eslint-plugin-import": Source("npm", "eslint-plugin-import@2.32.0", "docs"),
}

# Where each generator puts a page's own text, and the navigation it prints inside that element.
GENERATORS: dict[str, Generator] = {
    "mkdocs-material": Generator("article.md-content__inner", "a.headerlink, a.md-content__button"),
    "furo": Generator("article[role=main]", "a.headerlink, div.content-icon-container"),
    "pydata": Generator("article.bd-article", "a.headerlink"),
    "book": Generator("article.bd-article", "a.headerlink"),
    "rtd": Generator("[role=main]", "a.headerlink"),
    "vitepress": Generator(".vp-doc", "a.header-anchor, span.lang, button.copy"),  # a code block's language label
    "docusaurus": Generator(".theme-doc-markdown", "a.hash-link"),
    # Starlight prints the title outside .sl-markdown-content, in a panel of its own: take <main> whole.
    "starlight": Generator("main", "a.sl-anchor-link, span.sr-only, footer.sl-flex, div.copy"),
}

# site -> (generator, source)
SITES: dict[str, tuple[str, str]] = {
    "material-starlette": ("mkdocs-material", "starlette"),
    "furo-structlog": ("furo", "structlog"),
    "pydata-pip": ("pydata", "pip"),
    "book-black": ("book", "black"),
    "rtd-cattrs": ("rtd", "cattrs"),
    "rtd-attrs": ("rtd", "attrs"),
    "vitepress-undici": ("vitepress", "undici"),
    "docusaurus-fastify": ("docusaurus", "fastify"),
    "starlight-pino": ("starlight", "pino"),
    "starlight-eslint-import": ("starlight", "eslint-plugin-import"),
}
EDIT_BASE = "https://example.org/edit/main/docs/"  # where the sites' "edit this page" links point


def _run(cmd: list[str], cwd: Path, log: Path) -> None:
    """Run a build step, its output kept in ``log``; raise with the log's tail when it fails."""
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "NODE_OPTIONS": "--max-old-space-size=3072",
           "DOCUSAURUS_TELEMETRY_DISABLED": "1", "ASTRO_TELEMETRY_DISABLED": "1", "CI": "1"}
    with log.open("a") as out:
        out.write(f"$ {' '.join(cmd)}\n")
        out.flush()
        done = subprocess.run([*NICE, *cmd], cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env, check=False)
    if done.returncode != 0:
        tail = log.read_text(errors="replace").splitlines()[-15:]
        raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}):\n" + "\n".join(tail))


def _python_generators() -> Path:
    """The venv holding MkDocs, Sphinx and the themes, made on first use; its bin folder."""
    marker = VENV / ".installed"
    if not marker.exists() or marker.read_text() != " ".join(PIP_GENERATORS):
        OUT.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        _run([str(VENV / "bin" / "pip"), "install", "-q", *PIP_GENERATORS], OUT, OUT / "install.log")
        marker.write_text(" ".join(PIP_GENERATORS))
    return VENV / "bin"


def _npm_generator(name: str) -> Path:
    """The npm project holding one JavaScript generator, installed on first use."""
    project = OUT / name
    marker = project / ".installed"
    if not marker.exists() or marker.read_text() != " ".join(NPM_GENERATORS[name]):
        project.mkdir(parents=True, exist_ok=True)
        (project / "package.json").write_text(json.dumps({"name": f"bench-{name}", "private": True}))
        _run(["npm", "install", "--no-audit", "--no-fund", "--save-exact", *NPM_GENERATORS[name]], project,
             OUT / "install.log")
        marker.write_text(" ".join(NPM_GENERATORS[name]))
    return project


def source_docs(name: str) -> Path:
    """The unpacked docs folder of a source, downloaded on first use."""
    source = SOURCES[name]
    tree = SOURCES_DIR / name
    if not tree.is_dir():
        archives = SOURCES_DIR / "archives"
        archives.mkdir(parents=True, exist_ok=True)
        if source.registry == "pypi":
            _run([str(_python_generators() / "pip"), "download", "-q", "--no-deps", "--no-binary", ":all:",
                  "-d", str(archives), source.spec], archives, OUT / "download.log")
        else:
            _run(["npm", "pack", "-q", source.spec], archives, OUT / "download.log")
        package, version = re.split("==|@(?=[0-9])", source.spec)
        wanted = f"{package}-{version}".replace("-", "_").lower()  # sdists spell the name either way
        archive = next(p for p in archives.iterdir()
                       if p.name.replace("-", "_").lower().startswith(wanted) and p.name.endswith((".tar.gz", ".tgz")))
        unpacked = SOURCES_DIR / f"{name}.tmp"
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(archive) as tar:
            tar.extractall(unpacked, filter="data")
        top = next(unpacked.iterdir())
        top.rename(tree)
        shutil.rmtree(unpacked)
    return tree / source.docs


def _copy_docs(docs: Path, target: Path) -> None:
    """The source's docs folder as shipped, its Sphinx or MkDocs configuration left out (each site has its own)."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(docs, target, ignore=shutil.ignore_patterns("conf.py", "mkdocs.yml", "_build", "__pycache__"))


def _markdown_pages(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*.md") if not p.name.startswith("_"))


def _title(path: Path) -> str:
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.replace("-", " ").replace("_", " ")


def _build_mkdocs(site: str, docs: Path, work: Path, out: Path) -> None:
    _copy_docs(docs, work / "docs")
    config = {
        "site_name": SITES[site][1], "site_url": "https://example.org/", "repo_url": "https://example.org/repo",
        "edit_uri": "edit/main/docs/", "copyright": "Copyright the project's authors",
        "theme": {"name": "material", "features": ["navigation.tabs", "navigation.sections", "navigation.footer",
                                                   "navigation.top", "toc.follow", "content.action.edit",
                                                   "content.code.copy", "search.suggest"]},
        "plugins": ["search"],
        "markdown_extensions": ["admonition", "attr_list", "def_list", "footnotes", "tables", "md_in_html",
                                "pymdownx.details", "pymdownx.superfences", "pymdownx.highlight",
                                "pymdownx.inlinehilite", "pymdownx.tabbed", {"toc": {"permalink": True}}],
    }
    (work / "mkdocs.yml").write_text(json.dumps(config, indent=1))  # YAML is a superset of JSON
    _run([str(_python_generators() / "mkdocs"), "build", "-q", "-d", str(out)], work, work / "build.log")


SPHINX_THEMES: dict[str, tuple[str, dict[str, object]]] = {
    "furo": ("furo", {"source_repository": "https://example.org/repo/", "source_branch": "main",
                      "source_directory": "docs/", "top_of_page_buttons": ["view", "edit"]}),
    "pydata": ("pydata_sphinx_theme", {"use_edit_page_button": True, "show_toc_level": 2,
                                       "icon_links": [{"name": "Repository", "url": "https://example.org/repo",
                                                       "icon": "fa-brands fa-github"}]}),
    "book": ("sphinx_book_theme", {"repository_url": "https://example.org/repo", "repository_provider": "github",
                                   "use_edit_page_button": True,
                                   "use_repository_button": True, "use_issues_button": True,
                                   "path_to_docs": "docs", "show_toc_level": 2}),
    "rtd": ("sphinx_rtd_theme", {"collapse_navigation": False, "navigation_depth": 3}),
}
SPHINX_CONTEXT = {"github_user": "example", "github_repo": "repo", "github_version": "main", "doc_path": "docs",
                  "display_github": True, "conf_py_path": "/docs/"}


def _build_sphinx(site: str, docs: Path, work: Path, out: Path) -> None:
    generator, source = SITES[site]
    theme, options = SPHINX_THEMES[generator]
    src = work / "src"
    _copy_docs(docs, src)
    pages = [p.with_suffix("").as_posix() for p in _markdown_pages(src) if p.as_posix() != "index.md"]
    (src / "index.md").write_text(f"# {source}\n\n```{{toctree}}\n:maxdepth: 2\n\n" + "\n".join(pages) + "\n```\n")
    conf = {
        "project": source, "author": "the project's authors", "copyright": "the project's authors",
        "extensions": ["myst_parser"], "source_suffix": {".md": "markdown"},
        "myst_enable_extensions": ["colon_fence", "deflist", "fieldlist", "substitution", "tasklist",
                                   "attrs_inline", "smartquotes"],
        "myst_heading_anchors": 3, "exclude_patterns": ["_build", "**/_*"],
        "html_theme": theme, "html_theme_options": options, "html_context": SPHINX_CONTEXT,
        "html_title": source, "suppress_warnings": ["myst", "toc", "ref"],
    }
    (src / "conf.py").write_text("".join(f"{key} = {value!r}\n" for key, value in conf.items()))
    _run([str(_python_generators() / "sphinx-build"), "-q", "-j", "1", "-b", "html", str(src), str(out)], work,
         work / "build.log")


def _sidebar(src: Path, pages: list[Path]) -> list[dict[str, object]]:
    """VitePress's sidebar: one group per folder, pages in path order (it has no automatic one)."""
    groups: dict[str, list[dict[str, str]]] = {}
    for page in pages:
        groups.setdefault(page.parent.as_posix(), []).append(
            {"text": _title(src / page), "link": "/" + page.with_suffix("").as_posix()})
    return [{"text": folder if folder != "." else "Guide", "items": items} for folder, items in groups.items()]


def _link_modules(project: Path, work: Path) -> None:
    """The site's folder sees the generator's node_modules, as if the site were its npm project."""
    modules = work / "node_modules"
    if not modules.exists():
        modules.symlink_to(project / "node_modules")


def _build_vitepress(site: str, docs: Path, work: Path, out: Path) -> None:
    project = _npm_generator("vitepress")
    src = work / "src"
    _copy_docs(docs, src)
    pages = _markdown_pages(src)
    config = {
        "title": SITES[site][1], "description": f"{SITES[site][1]} documentation", "ignoreDeadLinks": True,
        "outDir": str(out), "cleanUrls": False,
        "themeConfig": {
            "nav": [{"text": "Home", "link": "/"}, {"text": "API", "link": "/" + pages[0].with_suffix("").as_posix()}],
            "sidebar": _sidebar(src, pages), "outline": [2, 3], "search": {"provider": "local"},
            "editLink": {"pattern": EDIT_BASE + ":path", "text": "Edit this page"},
            "socialLinks": [{"icon": "github", "link": "https://example.org/repo"}],
            "footer": {"message": "Released under the MIT License.", "copyright": "Copyright the project's authors"},
        },
    }
    (src / ".vitepress").mkdir(exist_ok=True)
    (src / ".vitepress" / "config.mjs").write_text("export default " + json.dumps(config, indent=1) + "\n")
    _link_modules(project, work)
    _run([str(project / "node_modules" / ".bin" / "vitepress"), "build", str(src)], work, work / "build.log")


def _build_docusaurus(site: str, docs: Path, work: Path, out: Path) -> None:
    project = _npm_generator("docusaurus")
    _copy_docs(docs, work / "docs")
    name = SITES[site][1]
    config = {
        "title": name, "url": "https://example.org", "baseUrl": "/", "onBrokenLinks": "ignore",
        "onBrokenMarkdownLinks": "ignore", "onBrokenAnchors": "ignore", "markdown": {"format": "detect"},
        "presets": [["classic", {"docs": {"routeBasePath": "/", "editUrl": EDIT_BASE}, "blog": False}]],
        "themeConfig": {
            "navbar": {"title": name, "items": [{"type": "docSidebar", "sidebarId": "docs", "label": "Docs"},
                                                {"href": "https://example.org/repo", "label": "GitHub",
                                                 "position": "right"}]},
            "footer": {"style": "dark", "links": [{"title": "Community", "items": [
                {"label": "Discord", "href": "https://example.org/chat"}]}],
                "copyright": "Copyright the project's authors. Built with Docusaurus."},
        },
    }
    (work / "docusaurus.config.js").write_text("module.exports = " + json.dumps(config, indent=1) + ";\n")
    (work / "sidebars.js").write_text(
        'module.exports = {docs: [{type: "autogenerated", dirName: "."}]};\n')
    config_text = (work / "docusaurus.config.js").read_text()
    (work / "docusaurus.config.js").write_text(config_text.replace(
        '"editUrl"', '"sidebarPath": require.resolve("./sidebars.js"), "editUrl"'))
    _link_modules(project, work)
    _run([str(project / "node_modules" / ".bin" / "docusaurus"), "build", "--out-dir", str(out)], work,
         work / "build.log")


_HEADING = re.compile(r"^# (.+)$", re.MULTILINE)


def _build_starlight(site: str, docs: Path, work: Path, out: Path) -> None:
    project = _npm_generator("starlight")
    content = work / "src" / "content" / "docs"
    _copy_docs(docs, content)
    for page in content.rglob("*.md"):
        text = page.read_text(errors="replace")
        if not text.startswith("---"):
            found = _HEADING.search(text)
            title = found.group(1).strip() if found else page.stem
            if found:
                text = text[:found.start()] + text[found.end():].lstrip("\n")
            page.write_text(f"---\ntitle: {json.dumps(title)}\n---\n\n{text}")
    (work / "src" / "content.config.ts").write_text(
        "import { defineCollection } from 'astro:content';\n"
        "import { docsLoader } from '@astrojs/starlight/loaders';\n"
        "import { docsSchema } from '@astrojs/starlight/schema';\n"
        "export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n")
    name = SITES[site][1]
    options = {"title": name, "editLink": {"baseUrl": EDIT_BASE},
               "social": [{"icon": "github", "label": "GitHub", "href": "https://example.org/repo"}]}
    (work / "astro.config.mjs").write_text(
        "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n"
        f"export default defineConfig({{ site: 'https://example.org', outDir: {json.dumps(str(out))}, "
        f"integrations: [starlight({json.dumps(options)})] }});\n")
    (work / "package.json").write_text(json.dumps({"name": f"site-{site}", "private": True, "type": "module"}))
    _link_modules(project, work)
    _run([str(project / "node_modules" / ".bin" / "astro"), "build"], work, work / "build.log")


BUILDERS: dict[str, Callable[[str, Path, Path, Path], None]] = {
    "mkdocs-material": _build_mkdocs, "furo": _build_sphinx, "pydata": _build_sphinx, "book": _build_sphinx,
    "rtd": _build_sphinx, "vitepress": _build_vitepress, "docusaurus": _build_docusaurus,
    "starlight": _build_starlight,
}


def build(sites: list[str]) -> dict[str, Path]:
    """Each site's HTML folder, built on first use; a site that fails to build is reported and left out."""
    built: dict[str, Path] = {}
    for site in sites:
        out = SITES_DIR / site
        if not (out / ".built").exists():
            generator, source = SITES[site]
            work = OUT / "work" / site
            work.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(out, ignore_errors=True)
            (work / "build.log").write_text("")
            print(f"building {site} ({generator}, {source}) ...", file=sys.stderr)
            try:
                BUILDERS[generator](site, source_docs(source), work, out)
            except (RuntimeError, OSError, subprocess.CalledProcessError) as err:
                print(f"  {site} not built: {err}", file=sys.stderr)
                continue
            (out / ".built").write_text("")
        built[site] = out
    return built


def _page_name(rel: Path) -> str:
    """The page's own name: its file's stem, or its folder's for the folder/index.html layout."""
    return rel.parent.name if rel.stem == "index" and rel.parent.name else rel.stem


def load_pages(built: dict[str, Path]) -> list[Page]:
    pages: list[Page] = []
    for site, base in built.items():
        generator = GENERATORS[SITES[site][0]]
        candidates = [p for p in base.rglob("*.html") if p.is_file() and _page_name(p.relative_to(base)).lower()
                      not in SKIPPED and not any(part.startswith(("_", ".")) for part in p.relative_to(base).parts)
                      and p.relative_to(base).parts[0] not in ("assets", "search")]
        pages += sample(candidates, base, generator, site, PAGES_PER_SITE, lambda rel: rel.removesuffix("index.html"))
    return pages


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--sites", help=f"comma-separated sites (default all: {', '.join(SITES)})")
    args = ap.parse_args(argv)
    _quiet()
    sites = args.sites.split(",") if args.sites else list(SITES)
    built = build(sites)
    pages = load_pages(built)
    left_out = [site for site in sites if site not in built]
    heading = (f"Modern documentation generators ({len(pages)} pages of {len(built)} sites built here, "
               f"structural gold{'; not built: ' + ', '.join(left_out) if left_out else ''})")
    report(pages, heading, args.only, args.per_page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
