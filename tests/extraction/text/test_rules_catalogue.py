"""Issue 31: the catalogue of the main text's rules (RULES.md) is generated from the rule modules
and kept current; every rule module says where it runs and what it measured, and is called
from the stage list."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from extraction.text import catalogue, rules

TEXT = Path(catalogue.__file__).resolve().parent
RULE_MODULES = [info.name for info in pkgutil.iter_modules(rules.__path__)]


def test_rules_md_is_current():
    checked_in = (TEXT / "RULES.md").read_text(encoding="utf-8")
    assert checked_in == catalogue.catalogue(), "regenerate: python -m extraction.text.catalogue > extraction/text/RULES.md"


@pytest.mark.parametrize("name", RULE_MODULES)
def test_each_rule_module_names_its_stage_measurement_and_function(name: str):
    module = importlib.import_module(f"extraction.text.rules.{name}")
    first, found = catalogue.fields(module.__doc__ or "")
    assert first and found.get("Stage", "")[:1].isdigit() and found.get("Measured")
    assert module.__all__ and all(callable(getattr(module, fn)) for fn in module.__all__)


@pytest.mark.parametrize("name", RULE_MODULES)
def test_each_rule_is_called_from_a_stage(name: str):
    """A rule module is imported by the stage list (`pipeline.py`) or the inclusive read it runs in."""
    stages = (TEXT / "pipeline.py").read_text(encoding="utf-8") + (TEXT / "inclusive.py").read_text(encoding="utf-8")
    assert f"from extraction.text.rules.{name} import" in stages

