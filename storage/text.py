"""Making arbitrary page text storable in both databases.

PostgreSQL `text` cannot hold NUL characters and neither database accepts strings that are
not valid Unicode (lone surrogates). Pages contain both now and then; a crawl must not fail
on them, so they become U+FFFD. The content hash is computed before this, from the profile
as extracted, so cleaning never makes two crawls of one page look different.
"""

from __future__ import annotations

from storage.models import INDEXED_TEXT_MAX_CHARS

REPLACEMENT = "\ufffd"


def clean(value: str) -> str:
    """`value` with NUL and unencodable characters replaced by U+FFFD."""
    if "\x00" in value:
        value = value.replace("\x00", REPLACEMENT)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return value


def clean_opt(value: str | None) -> str | None:
    return None if value is None else clean(value)


def indexed(value: str) -> str:
    """A cleaned value cut to what an indexed child column holds (see INDEXED_TEXT_MAX_CHARS)."""
    return clean(value)[:INDEXED_TEXT_MAX_CHARS]
