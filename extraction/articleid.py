"""Article identifier: `cXenseParse:articleid`, then the deprecated `cXenseParse:recs:articleid`.

Only letters, digits and `=@+-_./`, at most 64 characters (spec): downstream products join
duplicates on this id, so a malformed one is refused rather than trimmed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from extraction.document import Document
from extraction.found import Choice, Invalid, first_valid

PRIORITY = ("cxenseparse:articleid", "cxenseparse:recs:articleid")

MAX_ARTICLE_ID_CHARS = 64
"""Spec limit."""

ALLOWED = re.compile(r"[A-Za-z0-9=@+\-_./]+")
"""Spec character set ("letters" read as ASCII letters: ids are joined byte for byte)."""


def article_id(doc: Document) -> Choice[str]:
    def candidates() -> Iterator[tuple[str, str]]:
        for key in PRIORITY:
            yield from ((key, value) for value in doc.meta_values(key))

    return first_valid("article_id", candidates(), validate)


def validate(raw: str) -> str | Invalid | None:
    value = raw.strip()
    if not value:
        return None
    if len(value) > MAX_ARTICLE_ID_CHARS:
        return Invalid(f"longer than {MAX_ARTICLE_ID_CHARS} characters")
    if not ALLOWED.fullmatch(value):
        bad = "".join(sorted({c for c in value if not ALLOWED.fullmatch(c)}))
        return Invalid(f"characters outside letters, digits and =@+-_./: {bad!r}")
    return value
