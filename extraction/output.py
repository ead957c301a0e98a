"""The JSON text `rendercrawl extract --json` prints and `--out DIR` writes: one profile per
document, keys in the profile's order, non-ASCII kept readable."""

from __future__ import annotations

import json

from values.profile import ContentProfile

JSON_INDENT = 2
"""Profiles are read by people debugging a page; indentation keeps diffs line by line."""


def profile_json(profile: ContentProfile) -> str:
    """`profile.to_json_dict()` as text ending in a newline (so files concatenate cleanly)."""
    return json.dumps(profile.to_json_dict(), ensure_ascii=False, indent=JSON_INDENT) + "\n"


def output_name(file_name: str) -> str:
    """`story.html.gz` -> `story.json`: the name `--out DIR` gives a page's profile."""
    for suffix in (".html.gz", ".htm.gz", ".html", ".htm", ".gz"):
        if file_name.lower().endswith(suffix):
            return file_name[: -len(suffix)] + ".json"
    return file_name + ".json"
