"""extraction/ compiled with mypyc, and the choice, at import, between that build and the sources.

Extraction is pure Python over lxml: its time goes in walking elements and measuring blocks, code
the interpreter runs slowly and a compiler for typed Python runs with about a fifth less CPU
(bench/EXTRACTION.md). mypyc (part of mypy, which types this code already) compiles the modules
as they are, so the sources stay the one definition of what extraction does and the build is only
a faster way to run them:

    .venv/bin/python -c 'from extraction import native; native.build()'    # `make setup` does this

The build goes to `.native/` beside the package (git-ignored), with the fingerprint of the
sources it was made from. At import, each package of extraction puts the build's folder before
its own on its `__path__` when that fingerprint is the sources' fingerprint now, so an edited
source is never shadowed by a stale build: it runs as Python until the next build. Setting
`RENDERCRAWL_NATIVE=0` runs the sources whatever is built (tests that count calls by replacing a
module's function need that: compiled callers do not look the function up again).

A frozen dataclass made once a block or more (`Block`, `Features`, `Verdict`, `Decision`, teasers'
`Item`: about 1,200 instances a WCXB page) writes its `__init__`, each field set with
`object.__setattr__` as the generated one does: mypyc compiles the methods written in the source,
while those `@dataclass` generates run interpreted, 0.75 against 0.03 us a six-field instance
(the same as Python). tests/extraction/test_native.py checks that a written one takes the fields
in order, with their defaults.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import sys
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
BUILD = ROOT / ".native"
FINGERPRINT = "FINGERPRINT"
GROUP = "extraction_native"
"""The build's shared library is `{GROUP}__mypyc`, a top-level module in `BUILD`."""
SWITCH = "RENDERCRAWL_NATIVE"
LEFT_AS_PYTHON = frozenset({
    "__init__.py",  # the packages choose where their modules come from (`twin_path`)
    "native.py",  # this module: it runs before the build can be used
    "found.py",  # a generic dataclass with slots, which mypyc cannot make a native class of
    "kind_trees.py",  # reads the page-kind model's numbers from its JSON: nothing to run faster
    "peer.py",  # its time is trafilatura's; benchmarks account it by wrapping `peer_text`
})


def sources(package: Path = PACKAGE) -> list[Path]:
    """The modules the build compiles, in a stable order."""
    return sorted(p for p in package.rglob("*.py") if p.name not in LEFT_AS_PYTHON)


def fingerprint(package: Path = PACKAGE) -> str:
    """What the build must have been made from to be used: every compiled source's path and
    bytes, and the interpreter's ABI."""
    digest = hashlib.blake2b(sys.implementation.cache_tag.encode(), digest_size=16)
    for path in sources(package):
        digest.update(str(path.relative_to(package.parent)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def state(build: Path, switch: str | None) -> str:
    """Whether a build in `build` can be used: off (switched off), none (never built), stale (built
    from other sources) or current."""
    if switch == "0":
        return "off"
    try:
        built = (build / FINGERPRINT).read_text().strip()
    except OSError:
        return "none"
    return "current" if built == fingerprint() else "stale"


@cache
def in_use() -> bool:
    """Whether this process runs the build (read once, before the first compiled module loads)."""
    now = state(BUILD, os.environ.get(SWITCH))
    if now == "stale":
        log.warning("extraction's compiled build (%s) is older than its sources: running them as Python "
                    "until `make setup` builds it again", BUILD)
    if now != "current":
        return False
    if str(BUILD) not in sys.path:
        sys.path.append(str(BUILD))  # its shared library; the packages themselves still come from ROOT
    return True


def summary() -> str:
    """How this process runs extraction, for a benchmark to print beside its numbers."""
    return f"compiled ({BUILD})" if in_use() else f"as Python (build: {state(BUILD, os.environ.get(SWITCH))})"


def twin_path(package: str) -> list[str]:
    """The folder of a package's compiled modules, to go before its own on `__path__`, or nothing."""
    return [str(BUILD.joinpath(*package.split(".")))] if in_use() else []


def source(module: str) -> Path:
    """The source file of one of extraction's modules (not a package), whichever form is imported:
    a compiled module keeps neither its source nor its docstring."""
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def build() -> None:
    """Compile the sources into `BUILD`, unless it already matches them. The new build is made
    beside the old one and swapped in whole, with its fingerprint written last."""
    wanted = fingerprint()
    try:
        if (BUILD / FINGERPRINT).read_text().strip() == wanted:
            (BUILD / FINGERPRINT).touch()  # newer than the sources for make
            print(f"extraction's compiled build is current ({BUILD})")
            return
    except OSError:
        pass
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    staging = BUILD.with_name(BUILD.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    here = Path.cwd()
    os.chdir(ROOT)  # mypycify names each module after its path from here, and reads mypy's settings here
    try:
        extensions = mypycify([str(p.relative_to(ROOT)) for p in sources()], opt_level="3", group_name=GROUP,
                              target_dir=str(staging / "c"))
        dist = Distribution({"name": GROUP, "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(staging)
        command.build_temp = str(staging / "objects")
        command.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    shutil.rmtree(staging / "c")
    shutil.rmtree(staging / "objects")
    (staging / FINGERPRINT).write_text(wanted + "\n")
    shutil.rmtree(BUILD, ignore_errors=True)
    staging.rename(BUILD)
    print(f"extraction compiled into {BUILD}")
