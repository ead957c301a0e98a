"""Issue 31: extraction compiled with mypyc (extraction/native.py) is used only when it was built
from the sources as they are, and it extracts exactly what the sources do.

The suite itself runs the sources (conftest.py switches the build off: tests that count calls by
replacing a module's function need Python callers); the last test runs the build in a child."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import os
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import extraction
from extraction import native
from extraction.text.decisions import Verdict

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([*(ROOT / "tests").rglob("*.html"), *(ROOT / "demosite" / "site").rglob("*.html")])
CHILD = """
import json, os, sys
from datetime import UTC, datetime
from pathlib import Path
from extraction import extract_explained, native
from extraction.text import blocks
from values.rendered import RenderedPage
compiled = os.environ[native.SWITCH] == "1"
assert native.in_use() == compiled == Path(blocks.__file__).is_relative_to(native.BUILD), blocks.__file__
out = {}
for path in map(Path, sys.argv[1:]):
    page = RenderedPage.from_html(path.read_text(encoding="utf-8", errors="replace"), "https://example.org/" + path.name)
    profile, report = extract_explained(page, datetime(2026, 12, 6, tzinfo=UTC))
    out[str(path)] = [profile.to_json_dict(), report]
print(json.dumps(out, sort_keys=True, default=str))
"""


def test_the_build_is_chosen_by_the_switch_and_the_fingerprint(tmp_path: Path):
    assert native.state(tmp_path, None) == "none"
    (tmp_path / native.FINGERPRINT).write_text("0" * 32 + "\n")
    assert native.state(tmp_path, None) == "stale"
    (tmp_path / native.FINGERPRINT).write_text(native.fingerprint() + "\n")
    assert native.state(tmp_path, None) == "current"
    assert native.state(tmp_path, "1") == "current"
    assert native.state(tmp_path, "0") == "off"


def test_an_edited_compiled_module_makes_the_build_stale(tmp_path: Path):
    package = tmp_path / "extraction"
    shutil.copytree(native.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    before = native.fingerprint(package)
    assert before == native.fingerprint()
    with (package / "found.py").open("a") as source:  # left as Python: not part of the build
        source.write("\n")
    assert native.fingerprint(package) == before
    with (package / "text" / "blocks.py").open("a") as source:
        source.write("\n")
    assert native.fingerprint(package) != before


def test_the_build_extracts_what_the_sources_do():
    if native.state(native.BUILD, None) != "current":
        pytest.skip(f"no compiled build of these sources in {native.BUILD}: `make setup` makes it "
                    "(`make test` does, so CI runs this)")
    assert len(PAGES) >= 40
    runs = {}
    for switch in ("1", "0"):  # the child checks which it runs
        child = subprocess.run([sys.executable, "-c", CHILD, *map(str, PAGES)], capture_output=True, text=True,
                               env={**os.environ, native.SWITCH: switch}, cwd=ROOT, timeout=300)
        assert child.returncode == 0, child.stderr[-3000:]
        runs[switch] = json.loads(child.stdout)
    assert runs["1"].keys() == runs["0"].keys() == {str(p) for p in PAGES}
    for path in PAGES:
        assert runs["1"][str(path)] == runs["0"][str(path)], path


def _dataclasses_with_a_written_init() -> dict[str, type]:
    found = {}
    for info in pkgutil.walk_packages(extraction.__path__, "extraction."):
        for value in vars(importlib.import_module(info.name)).values():
            if (isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == info.name
                    and value.__init__.__code__.co_filename != "<string>"):  # the generated one's
                found[value.__qualname__] = value
    return found


def test_a_written_dataclass_init_takes_the_fields_in_order_with_their_defaults():
    written = _dataclasses_with_a_written_init()
    assert {"Block", "Features", "Verdict", "Decision", "Item"} <= written.keys()
    for cls in written.values():
        parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
        fields = [f for f in dataclasses.fields(cls) if f.init]
        assert [p.name for p in parameters] == [f.name for f in fields], cls
        assert [p.default for p in parameters] == [inspect.Parameter.empty if f.default is dataclasses.MISSING
                                                    else f.default for f in fields], cls


def test_a_dataclass_with_a_written_init_stays_frozen_and_compares_by_its_fields():
    verdict = Verdict(1.5, ("prose",), False)
    assert verdict == Verdict(1.5, ("prose",), False) and hash(verdict) == hash(Verdict(1.5, ("prose",), False))
    assert dataclasses.replace(verdict, hard_bad=True) == Verdict(1.5, ("prose",), True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        verdict.score = 2.0  # type: ignore[misc]
