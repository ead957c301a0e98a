"""Dependencies point one way (DESIGN.md): extraction is pure, render never touches storage."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "extraction": ("playwright", "sqlalchemy", "storage", "scheduler", "render.browser", "asyncio",
                   "requests", "urllib.request", "socket", "time", "random"),
    "render": ("storage", "scheduler", "extraction", "sqlalchemy"),
    "storage": ("playwright", "render.browser", "scheduler"),
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
