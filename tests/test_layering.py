"""Dependencies point one way (DESIGN.md, ARCHITECTURE.md): the shared values (`values/`) sit
under everything and import nothing of ours, extraction is pure and reads the rendered page as
a value, render never touches storage, storage imports neither the renderer nor the extractor,
the scheduler decides but writes no SQL, only storage writes the `pages` table, and the shell
(`app/`) sits on top, imported by no package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

OURS = ("app", "render", "extraction", "storage", "scheduler", "service", "demosite")
"""Every package of the project but `values/`, the one under all of them."""

FORBIDDEN = {
    "values": OURS,
    "extraction": ("playwright", "sqlalchemy", "storage", "scheduler", "render", "asyncio",
                   "requests", "urllib.request", "socket", "time", "random", "app"),
    "render": ("storage", "scheduler", "extraction", "sqlalchemy", "app"),
    "storage": ("playwright", "render", "scheduler", "app", "extraction"),
    "scheduler": ("sqlalchemy", "storage.models", "app", "playwright"),
    "demosite": ("app", "scheduler", "storage", "render", "extraction", "values"),
    "service": ("sqlalchemy", "storage.models", "app", "playwright", "render", "extraction.text"),
}
"""Package -> modules it must not import (a prefix match on the imported module name)."""


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
    for path in sorted((ROOT / package).rglob("*.py")):
        for name in imported_modules(path):
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[package]):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


PACKAGES_OUTSIDE_STORAGE = ("app", "scheduler", "render", "extraction", "demosite", "service", "values")
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


def test_only_the_shell_imports_the_service() -> None:
    """`service/` is an entry point like the commands: no layer below it may import it."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}"
                 for package in ("render", "extraction", "storage", "scheduler", "demosite", "values")
                 for path in sorted((ROOT / package).rglob("*.py"))
                 for name in imported_modules(path) if name.split(".")[0] == "service"]
    assert offenders == []


def test_scheduler_imports_no_sqlalchemy_at_all() -> None:
    """Not even for type hints: the scheduler hands typed values and sessions to storage."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in sorted((ROOT / "scheduler").rglob("*.py"))
                 for name in imported_modules(path) if name.split(".")[0] == "sqlalchemy"]
    assert offenders == []


def test_the_shell_is_imported_by_no_package() -> None:
    """`app/` composes the packages; none of them may import it back (tests and the benchmarks,
    which drive the product from outside, may)."""
    offenders = [f"{path.relative_to(ROOT)} imports {name}"
                 for package in ("render", "extraction", "storage", "scheduler", "demosite", "service", "values", "alembic")
                 for path in sorted((ROOT / package).rglob("*.py"))
                 for name in imported_modules(path) if name == "app" or name.startswith("app.")]
    assert offenders == []
