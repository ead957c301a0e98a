"""Language: `<html lang>`, then the language metas, then a detector on the text.

The detector is py3langid (a naive Bayes model shipped inside the package): deterministic, no
downloads, and fast enough to run on every page. It is imported on first use: with numpy it
is most of a one-page command's extraction imports, and a page that states its language never
needs it.
"""

from __future__ import annotations

import re

from extraction.document import Document
from extraction.found import Found
from extraction.textutil import element_text

META_KEYS = ("content-language", "language", "dc.language", "og:locale")
"""Metas that state the language (`http-equiv=content-language` is indexed below)."""

MIN_DETECT_CHARS = 200
"""Shorter text gives the detector too little evidence; better no answer than a wrong one."""

DETECT_CHARS = 5000
"""The detector reads this much of the body; more text does not change its answer."""

LANGUAGE_TAG = re.compile(r"^([a-zA-Z]{2,3})(?:[-_][a-zA-Z0-9]{2,8})*$")
"""BCP 47-ish tag; only its primary subtag is kept (`de-AT` -> `de`, `nb_NO` -> `nb`)."""


def language(doc: Document, body: str) -> Found[str] | None:
    html_lang = doc.root.get("lang") or doc.root.get("xml:lang") or ""
    if code := primary_subtag(html_lang):
        return Found(code, "html:lang")
    for key in META_KEYS:
        for value in doc.meta_values(key):
            if code := primary_subtag(value):
                return Found(code, key)
    for meta in doc.root.iter("meta"):
        if (meta.get("http-equiv") or "").lower() == "content-language":
            if code := primary_subtag(meta.get("content") or ""):
                return Found(code, "http-equiv:content-language")
    body_el = doc.root.find("body")
    text = body if len(body) >= MIN_DETECT_CHARS or body_el is None else element_text(body_el)
    text = " ".join(text.split())[:DETECT_CHARS]
    if len(text) < MIN_DETECT_CHARS:
        return None
    import py3langid

    code, _score = py3langid.classify(text)
    return Found(code, "detector")


def primary_subtag(tag: str) -> str | None:
    """`en-US` -> `en`; several languages (`en, de`) -> the first; junk -> None."""
    first = tag.split(",")[0].strip()
    match = LANGUAGE_TAG.match(first)
    return match.group(1).lower() if match else None
