"""Dependencies point one way (DESIGN.md, ARCHITECTURE.md): the shared values (`values/`) sit
under everything and import nothing of ours, extraction is pure and reads the rendered page as
a value, render never touches storage, storage imports neither the renderer nor the extractor,
the scheduler decides but writes no SQL, only storage writes the `pages` table, and the shell
(`rendercrawl/`) sits on top, imported by no package; its HTTP service (`rendercrawl/service/`)
is an entry point like the commands, which imports nothing else of the shell."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

OURS = ("rendercrawl", "render", "extraction", "storage", "scheduler", "demosite")
"""Every package of the project but `values/`, the one under all of them (`rendercrawl` holds the service)."""

SERVICE = "rendercrawl.service"

FORBIDDEN = {
    "values": OURS,
    "extraction": ("playwright", "sqlalchemy", "storage", "scheduler", "render", "asyncio",
                   "requests", "urllib.request", "socket", "time", "random", "rendercrawl"),
    "render": ("storage", "scheduler", "extraction", "sqlalchemy", "rendercrawl"),
    "storage": ("playwright", "render", "scheduler", "rendercrawl", "extraction"),
    "scheduler": ("sqlalchemy", "storage.models", "rendercrawl", "playwright"),
    "demosite": ("rendercrawl", "scheduler", "storage", "render", "extraction", "values"),
    SERVICE: ("sqlalchemy", "storage.models", "playwright", "render", "extraction.text"),
}
"""Package -> modules it must not import (a prefix match on the imported module name)."""


def sources(package: str) -> list[Path]:
    """The package's own modules: the shell's (`rendercrawl`) without its service's."""
    folder = ROOT / package.replace(".", "/")
    service = ROOT / SERVICE.replace(".", "/")
    return [path for path in sorted(folder.rglob("*.py"))
            if package != "rendercrawl" or not path.is_relative_to(service)]


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_does_not_import_forbidden_layers(package: str) -> None:
    offenders = []
    for path in sources(package):
        for name in imported_modules(path):
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[package]):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


PACKAGES_OUTSIDE_STORAGE = ("rendercrawl", "scheduler", "render", "extraction", "demosite", "values")
PAGES_WRITE = re.compile(r"\b(insert\s+into|update|delete\s+from)\s+pages\b", re.IGNORECASE)


def test_only_storage_writes_the_pages_table() -> None:
    """Outside `storage/` nothing imports the ORM models (so nothing can write a `pages` row
    through them) and no SQL text writes `pages`."""
    offenders = []
    for package in PACKAGES_OUTSIDE_STORAGE:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if "storage.models" in imported_modules(path):
                offenders.append(f"{path.relative_to(ROOT)} imports storage.models")
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and PAGES_WRITE.search(node.value):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} writes pages in SQL text")
    assert offenders == []


def test_the_pages_check_would_see_a_write() -> None:
    assert PAGES_WRITE.search("UPDATE pages SET url = :u") and PAGES_WRITE.search("insert into pages (url)")
    assert not PAGES_WRITE.search("UPDATE crawl_queue SET state = 'done'")


def test_the_service_imports_nothing_else_of_the_shell() -> None:
    """`rendercrawl/service/` is an entry point like the commands: it may import the layers below,
    never a command's module (importing the service must not load the command line)."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in sources(SERVICE)
                 for name in imported_modules(path)
                 if name.startswith("rendercrawl.") and not name.startswith(SERVICE + ".") and name != SERVICE]
    assert offenders == []


def test_scheduler_imports_no_sqlalchemy_at_all() -> None:
    """Not even for type hints: the scheduler hands typed values and sessions to storage."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in sorted((ROOT / "scheduler").rglob("*.py"))
                 for name in imported_modules(path) if name.split(".")[0] == "sqlalchemy"]
    assert offenders == []


def test_the_shell_is_imported_by_no_package() -> None:
    """`rendercrawl/` composes the packages; none of them may import it back (tests and the benchmarks,
    which drive the product from outside, may)."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}"
                 for package in ("render", "extraction", "storage", "scheduler", "demosite", "values", "alembic")
                 for path in sources(package)
                 for name in imported_modules(path) if name == "rendercrawl" or name.startswith("rendercrawl.")]
    assert offenders == []
