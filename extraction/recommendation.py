"""Recommendation flags: `cXenseParse:recs:recommendable`, `cXenseParse:recs:expirationtime`,
`cXenseParse:recs:recommending`, and the rules that make a page not recommendable.

Whether a page has expired depends on "now", which is a parameter: without it the expiry is
reported but not applied (a stored snapshot must extract the same way on any day).
"""

from __future__ import annotations

from datetime import datetime

from extraction.dateparse import parse_machine
from extraction.document import Document
from extraction.found import Choice, Found, Invalid, first_valid

RECOMMENDABLE_KEY = "cxenseparse:recs:recommendable"
RECOMMENDING_KEY = "cxenseparse:recs:recommending"
EXPIRATION_KEY = "cxenseparse:recs:expirationtime"
FALSE_WORDS = frozenset({"false", "0", "no"})
TRUE_WORDS = frozenset({"true", "1", "yes"})


def recommendable_flag(doc: Document) -> Found[bool] | None:
    """The page's own `recs:recommendable`, if it says true or false."""
    return _flag(doc, RECOMMENDABLE_KEY)


def recommending(doc: Document) -> Found[bool] | None:
    """The page's own `recs:recommending` (false: show no contextual recommendations here)."""
    return _flag(doc, RECOMMENDING_KEY)


def expiration_time(doc: Document) -> Choice[datetime]:
    def convert(raw: str) -> datetime | Invalid | None:
        if not raw.strip():
            return None
        return parse_machine(raw) or Invalid("not a date")

    return first_valid("expiration_time", ((EXPIRATION_KEY, v) for v in doc.meta_values(EXPIRATION_KEY)), convert)


def recommendable(
    flag: Found[bool] | None,
    page_class: str | None,
    expires: datetime | None,
    soft_404: bool,
    now: datetime | None,
) -> Found[bool]:
    """Recommendable unless one rule says otherwise; the source names the rule that decided."""
    if flag is not None and not flag.value:
        return Found(False, flag.source)
    if page_class == "frontpage":
        return Found(False, "page_class")
    if soft_404:
        return Found(False, "soft_404")
    if expires is not None and now is not None and now >= expires:
        return Found(False, EXPIRATION_KEY)
    return Found(True, flag.source if flag is not None else "default")


def _flag(doc: Document, key: str) -> Found[bool] | None:
    for value in doc.meta_values(key):
        word = value.strip().lower()
        if word in FALSE_WORDS:
            return Found(False, key)
        if word in TRUE_WORDS:
            return Found(True, key)
    return None
