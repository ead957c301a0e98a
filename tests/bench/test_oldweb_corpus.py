"""The old-web corpus (bench/corpora/oldweb) is what its committed generator builds, with halves split by template."""

from __future__ import annotations

import json

from bench.oldweb.build import CORPUS, TEMPLATES, build, differences


def test_committed_corpus_is_what_the_generator_builds() -> None:
    assert differences(build(), CORPUS) == []


def test_no_template_is_in_both_halves_and_each_half_has_old_and_new_pages() -> None:
    gold = json.loads((CORPUS / "gold.json").read_text(encoding="utf-8"))
    halves: dict[str, set[str]] = {"tune": set(), "held": set()}
    eras: dict[str, set[str]] = {"tune": set(), "held": set()}
    for record in gold.values():
        halves[record["half"]].add(record["template"])
        eras[record["half"]].add(record["era"])
        assert TEMPLATES[record["template"]].half == record["half"]
    assert not halves["tune"] & halves["held"]
    assert eras == {"tune": {"old", "new"}, "held": {"old", "new"}}
