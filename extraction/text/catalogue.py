"""The catalogue of the main text's rules, written from the modules that hold them (RULES.md).

    python -m extraction.text.catalogue > extraction/text/RULES.md

One row per rule module in `rules/` (its docstring's first line, `Stage:` and `Measured:`
fields, the function its `__all__` names and its UPPER_CASE constants), and one row per named
constant of the modules whose terms are rules without a module of their own: the block score's
terms, the container's and the context pass's thresholds, the kind's and the second candidate's
(their trailing comment or docstring says what each does). Rows are ordered by the stage number
of `pipeline.py`. `tests/extraction/text/test_rules_catalogue.py` fails when RULES.md is stale.
"""

from __future__ import annotations

import ast
import importlib
import io
import pkgutil
import re
import tokenize
from dataclasses import dataclass
from types import ModuleType

from extraction import native
from extraction.text import (
    arbiter,
    blocks,
    cards,
    container,
    context,
    docs,
    features,
    inclusive,
    inline,
    layout,
    peer,
    phrases,
    rules,
    score,
    tabs,
    teasers,
    threads,
)

TERM_MODULES: tuple[ModuleType, ...] = (blocks, tabs, inline, features, teasers, phrases, score, container, context, docs,
                                        inclusive, layout, threads, cards, arbiter, peer)
"""Modules whose named constants are each a rule (a score term, a threshold, an exemption)."""
_FIELD = re.compile(r"^(Stage|Measured):\s*", re.M)
_STAGE_NUMBER = re.compile(r"^(\d+)")


@dataclass(frozen=True, slots=True)
class Row:
    name: str
    stage: str
    function: str
    constants: str
    effect: str

    @property
    def order(self) -> int:
        match = _STAGE_NUMBER.match(self.stage)
        return int(match.group(1)) if match else 99


def fields(doc: str) -> tuple[str, dict[str, str]]:
    """A rule docstring's first line and its `Stage:` / `Measured:` fields (each to the next field or the end)."""
    first = doc.strip().splitlines()[0].strip()
    found: dict[str, str] = {}
    marks = list(_FIELD.finditer(doc))
    for at, mark in enumerate(marks):
        end = marks[at + 1].start() if at + 1 < len(marks) else len(doc)
        found[mark.group(1)] = " ".join(doc[mark.end():end].split())
    return first, found


def _source(module: ModuleType) -> str:
    """Read from the file: a compiled module (extraction/native.py) keeps no source."""
    return native.source(module.__name__).read_text(encoding="utf-8")


def _docstring(module: ModuleType) -> str | None:
    return ast.get_docstring(ast.parse(_source(module)), clean=False)


def constants(module: ModuleType) -> dict[str, str]:
    """The module's public UPPER_CASE assignments, name -> source of the value, in source order
    (a private pattern, `_FADED`, is how a rule is written, not a setting of it)."""
    source = _source(module)
    out: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id.isupper() and not target.id.startswith("_"):
            out[target.id] = " ".join((ast.get_source_segment(source, value) or "").split())
    return out


def explanations(module: ModuleType) -> dict[str, tuple[str, str]]:
    """Per constant, what it does (the comment after it on its line, else its docstring's first
    sentence) and what was measured (its whole docstring, when it has one)."""
    source = _source(module)
    comments = {tok.start[0]: tok.string.lstrip("# ").strip()
                for tok in tokenize.generate_tokens(io.StringIO(source).readline) if tok.type == tokenize.COMMENT}
    tree = ast.parse(source)
    out: dict[str, tuple[str, str]] = {}
    for at, node in enumerate(tree.body):
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if not isinstance(target, ast.Name) or not target.id.isupper():
            continue
        said = comments.get(node.end_lineno or node.lineno, "")
        following = tree.body[at + 1] if at + 1 < len(tree.body) else None
        doc = ""
        if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant) \
                and isinstance(following.value.value, str):
            doc = " ".join(following.value.value.split())
        out[target.id] = (said or doc.split(". ")[0].rstrip("."), doc)
    return out


def rule_rows() -> list[Row]:
    rows: list[Row] = []
    for info in pkgutil.iter_modules(rules.__path__):
        module = importlib.import_module(f"{rules.__name__}.{info.name}")
        first, found = fields(_docstring(module) or info.name)
        values = constants(module)
        rows.append(Row(
            f"{info.name}: {first}", found.get("Stage", ""),
            ", ".join(f"`rules/{info.name}.{name}`" for name in getattr(module, "__all__", ())),
            "<br>".join(f"`{k} = {v}`" for k, v in values.items()), found.get("Measured", "")))
    return rows


def term_rows() -> list[Row]:
    rows: list[Row] = []
    for module in TERM_MODULES:
        short = module.__name__.rsplit(".", 1)[1]
        _, found = fields(_docstring(module) or short)
        said = explanations(module)
        for at, (name, value) in enumerate(constants(module).items()):
            what, doc = said.get(name, ("", ""))
            first = doc.split(". ")[0].rstrip(".")
            measured = ""
            if doc and first != doc.rstrip("."):  # more than one sentence: the rest says what it measured
                measured = doc[len(first):].lstrip(". ") if what == first else doc
            rows.append(Row(f"{short}: {what}", found.get("Stage", ""), f"`{short}.py`", f"`{name} = {value}`",
                            measured or (found.get("Measured", "") if at == 0 else "")))
    return rows


def catalogue() -> str:
    rows = sorted(rule_rows() + term_rows(), key=lambda r: r.order)
    lines = [
        "# The main text's rules",
        "",
        "Generated by `python -m extraction.text.catalogue > extraction/text/RULES.md` from the docstrings and",
        "constants of `extraction/text/rules/` (one module per rule) and of the modules whose constants are",
        "rules (the block score's terms, the measurements' thresholds, the kind's and the arbiter's); do not edit",
        "by hand.",
        "Stages are those of `extraction/text/pipeline.py`. A new rule: a module in `rules/` (see its",
        "`__init__`), called from its stage in `pipeline.py`, then regenerate this file.",
        "",
        "| rule | stage | function | constants | effect (measured) |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        cells = (row.name, row.stage, row.function, row.constants, row.effect)
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(catalogue(), end="")
