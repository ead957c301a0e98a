"""Turning date strings into aware UTC datetimes, without ever reading the clock.

Two kinds of input: machine values from markup (`2012-03-01T13:00:00Z`, but also the
defective forms real pages carry, e.g. `2022-01-19T05:00:00MEZ`), and dates written for
readers in visible text (`1. März 2012`, `March 1st, 2012`, `01.03.12`, `2012年3月1日`).
Numeric forms are parsed here. Month names are looked up in `dateparser`'s own language data,
which knows the month words of every language we need; its parser is never called: a first parse
compiles every tried language's patterns (0.16-0.29 CPU-s in a new process, which every
`rendercrawl crawl URL` is), where reading the ten month lists takes about a millisecond. Values
without a zone are taken as UTC.

A value keeps the offset the page wrote (`parse_local`): `2023-01-21T19:43:28-05:00` is the
21st where it was published, though the 22nd in UTC, and the local day is what the publisher
meant. `parse_machine` gives the same instant in UTC, for fields that only need the instant.
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

TWO_DIGIT_YEAR_PIVOT = 60
"""Two-digit years below this are 20xx, the rest 19xx (a fixed rule; a sliding window would
depend on today's date)."""

YEAR_RANGE = (1990, 2100)
"""Years outside this are not publication dates of web pages (ids, prices, phone numbers)."""

ZONE_OFFSETS_H: dict[str, float] = {
    "Z": 0, "UTC": 0, "GMT": 0, "UT": 0, "WET": 0, "WEZ": 0,
    "BST": 1, "CET": 1, "MEZ": 1, "WEST": 1, "WESZ": 1,
    "CEST": 2, "MESZ": 2, "EET": 2, "OEZ": 2, "EEST": 3, "OESZ": 3, "MSK": 3,
    "IST": 5.5, "JST": 9, "KST": 9, "AEST": 10, "AEDT": 11,
    "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
}
"""Zone abbreviations seen on publisher pages (German ones included: Composer users write
`MEZ`), as hours east of UTC."""

MONTHS_PER_YEAR = 12
"""A day-first numeric date whose "month" exceeds this is month-first (`09/25/2025`)."""

MONTH_LANGUAGES = ("en", "de", "nb", "fr", "es", "sv", "da", "nl", "it", "pt")
"""Languages whose month names the text-date parser reads, in the order they are asked: a word
that names a month in two of them (none does today) takes the first's."""

MONTH_KEYS = ("january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december")
"""The keys of a month's names in dateparser's language data, in the year's order."""

_MACHINE = re.compile(
    r"^(\d{4})-(\d{1,2})-(\d{1,2})"
    r"(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?"
    r"\s*(Z|[+-]\d{2}(?::?\d{2})?|[A-Za-z]{1,5})?$"
)
_COMPACT = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?)?(Z)?$")

_TIME = (r"(?:(?:\s*,)?\s*(?:at|um|om|kl\.?|klokken|à|às|a las?|alle(?:\s+ore)?|ore|le|,)?\s*(\d{1,2})[:.hu](\d{2})"
         r"(?:[:.](\d{2}))?\s*(am|pm|Uhr|uur)?)?")
"""The time after a date, with the word that leads it in the languages of `phrases.py` and the
month languages ("at", "um", "om", "kl.", "klokken", "à", "às", "a las", "alle (ore)"; "le" and a
comma), written "10:42", "10.42", "10h42" (French) or "10u42" (Flemish), with its seconds and "am",
"pm", "Uhr" or "uur" after it."""
_ZONE = r"(?:\s*(?:\(?(Z|UTC|GMT|[A-Z]{3,4}|[+-]\d{2}:?\d{2})\)?)(?![A-Za-z]))?"
_MONTH_WORD = r"([^\W\d_]{3,10}\.?)"

TEXT_PATTERNS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("ymd", re.compile(r"(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])" + _TIME + _ZONE), True),
    ("dmy", re.compile(r"(?<![\d.-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])" + _TIME + _ZONE), True),
    ("cjk", re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日(?:\s*(\d{1,2})[:時](\d{2}))?"), True),
    ("dmy", re.compile(r"(?<![\d.])(\d{1,2})[./](\d{1,2})[./](\d{4}|\d{2})(?![\d.])" + _TIME + _ZONE), False),
    ("d_month_y", re.compile(r"(?<!\d)(\d{1,2})(?:\.|st|nd|rd|th|er|º)?\s+(?:de\s+)?" + _MONTH_WORD
                             + r",?\s+(?:de\s+)?(\d{4})(?!\d)" + _TIME + _ZONE), True),
    ("month_d_y", re.compile(_MONTH_WORD + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)" + _TIME + _ZONE), True),
)
"""Date shapes written for readers, most specific first; each match is one candidate. The flag:
the shape holds four digits in a row (its year), so a text without them is not searched for it
(`find_text_dates`)."""
_FOUR_DIGITS = re.compile(r"\d\d\d\d")
"""Four digits in a row, written out rather than `\\d{4}`: a pattern that opens with one digit is
scanned for it in C, one that opens with a repeat is tried at every position."""
_DIGIT = re.compile(r"\d")


def has_digit(text: str) -> bool:
    """Whether `text` holds a digit (`\\d`: of any script). An ASCII text is scanned for each of
    the ten with `in` (a search for one character, in C), twice as fast as the pattern; every
    date shape holds a digit, and most of a page's short lines hold none."""
    if text.isascii():
        return ("0" in text or "1" in text or "2" in text or "3" in text or "4" in text or "5" in text
                or "6" in text or "7" in text or "8" in text or "9" in text)
    return _DIGIT.search(text) is not None


def to_utc(value: datetime) -> datetime:
    """Aware values converted; naive values taken as UTC (the page said nothing better)."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def zone(name: str | None) -> timezone | None:
    """A zone designator (`Z`, `+01`, `+0100`, `+01:00`, `MEZ`) as a tzinfo; None if unknown."""
    if not name:
        return UTC
    name = name.strip()
    if name[0] in "+-":
        digits = name[1:].replace(":", "")
        if not digits.isdigit() or len(digits) not in (2, 4):
            return None
        minutes = int(digits[:2]) * 60 + (int(digits[2:]) if len(digits) == 4 else 0)
        return timezone(timedelta(minutes=minutes if name[0] == "+" else -minutes))
    hours = ZONE_OFFSETS_H.get(name.upper())
    return None if hours is None else timezone(timedelta(hours=hours))


def parse_machine(text: str | None) -> datetime | None:
    """A date from markup (meta content, `datetime` attribute, JSON-LD) in UTC, or None."""
    value = parse_local(text)
    return None if value is None else value.astimezone(UTC)


def parse_local(text: str | None) -> datetime | None:
    """A date from markup, aware, in the offset the page wrote (UTC if it wrote none), or None.

    ISO 8601 and its common defects come first; anything else is tried as reader text, so
    `March 1, 2012` in a `date` meta still counts.
    """
    text = (text or "").strip()
    if not text:
        return None
    match = _MACHINE.match(text) or _COMPACT.match(text)
    if match:
        y, mo, d, h, mi, s, z = match.groups()
        tz = zone(z)
        if tz is None:
            return None
        return _build(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0), tz)
    found = next(find_text_dates(text), None)
    return found


_AMBIGUOUS_NUMERIC = re.compile(r"^\s*(\d{1,2})([-/.])(\d{1,2})\2(\d{4})\b")


def month_first_reading(text: str | None) -> datetime | None:
    """The month-first reading of a numeric date that also reads day-first (`03-09-2026`:
    9 March in the US, 3 September elsewhere), or None when the text is not such a date.
    `parse_local` reads these day-first; a caller with other evidence may prefer this."""
    match = _AMBIGUOUS_NUMERIC.match(text or "")
    if match is None:
        return None
    first, second = int(match.group(1)), int(match.group(3))
    if first == second or first > MONTHS_PER_YEAR or second > MONTHS_PER_YEAR:
        return None
    day_first = parse_local(text)
    if day_first is None:
        return None
    return _build(day_first.year, first, second, day_first.hour, day_first.minute, day_first.second,
                  day_first.tzinfo if isinstance(day_first.tzinfo, timezone) else UTC)


def find_text_dates(text: str) -> Iterator[datetime]:
    """Every date written out in `text`, in order of appearance, aware, in the offset the
    text names (UTC if none)."""
    if not has_digit(text):
        return
    year_digits = _FOUR_DIGITS.search(text) is not None
    hits: list[tuple[int, datetime]] = []
    taken: list[range] = []
    for shape, pattern, needs_year_digits in TEXT_PATTERNS:
        if needs_year_digits and not year_digits:
            continue
        for match in pattern.finditer(text):
            if any(match.start() in span for span in taken):
                continue
            value = _from_match(shape, match.groups())
            if value is not None:
                hits.append((match.start(), value))
                taken.append(range(match.start(), match.end()))
    for _, value in sorted(hits, key=lambda hit: hit[0]):
        yield value


def _from_match(shape: str, groups: tuple[str | None, ...]) -> datetime | None:
    """The day, month and year groups take part in every match of a pattern; the clock and
    the zone may not."""
    if shape == "cjk":
        y, mo, d, h, mi = groups
        assert y and mo and d
        return _build(int(y), int(mo), int(d), int(h or 0), int(mi or 0), 0, UTC)
    if shape in ("ymd", "dmy"):
        a, b, c, h, mi, s, ampm, z = groups
        assert a and b and c
        year, mon, day = (int(a), int(b), int(c)) if shape == "ymd" else (_year(c), int(b), int(a))
        if shape == "dmy" and mon > MONTHS_PER_YEAR >= day:
            mon, day = day, mon  # 09/25/2025: only the US order makes it a date
        return _build(year, mon, day, *_clock(h, mi, s, ampm), zone(z) or UTC)
    if shape == "d_month_y":
        d, word, y, h, mi, s, ampm, z = groups
    else:
        word, d, y, h, mi, s, ampm, z = groups
    assert word and d and y
    month = _month_number(word.rstrip(".").lower())
    if month is None:
        return None
    return _build(int(y), month, int(d), *_clock(h, mi, s, ampm), zone(z) or UTC)


def _clock(h: str | None, mi: str | None, s: str | None, ampm: str | None) -> tuple[int, int, int]:
    hour = int(h or 0)
    if ampm and ampm.lower() == "pm" and hour < 12:
        hour += 12
    elif ampm and ampm.lower() == "am" and hour == 12:
        hour = 0
    return hour, int(mi or 0), int(s or 0)


def _year(text: str) -> int:
    year = int(text)
    if len(text) == 2:
        year += 2000 if year < TWO_DIGIT_YEAR_PIVOT else 1900
    return year


def _build(y: int, mo: int, d: int, h: int, mi: int, s: int, tz: timezone) -> datetime | None:
    if not YEAR_RANGE[0] <= y <= YEAR_RANGE[1]:
        return None
    try:
        return datetime(y, mo, d, h, mi, s, tzinfo=tz)
    except ValueError:
        return None


def _month_number(word: str) -> int | None:
    """Month number of a month name (lower-case) in any of `MONTH_LANGUAGES`, accents ignored as
    dateparser ignores them."""
    return _month_names().get(_unaccented(word))


@lru_cache(maxsize=1)
def _month_names() -> dict[str, int]:
    names: dict[str, int] = {}
    for language in MONTH_LANGUAGES:
        info = _language_data(language)
        for number, key in enumerate(MONTH_KEYS, start=1):
            for name in info[key]:
                names.setdefault(_unaccented(name.lower()), number)
    return names


def _language_data(language: str) -> dict[str, Any]:
    """dateparser's data for one language, a module holding a dict `info`, loaded from its file
    without importing the `dateparser` package (70 CPU-ms of imports for a table of words)."""
    spec = importlib.util.find_spec("dateparser")
    assert spec is not None and spec.origin is not None, "dateparser is a dependency"
    path = Path(spec.origin).parent / "data" / "date_translation_data" / f"{language}.py"
    module_spec = importlib.util.spec_from_file_location(f"_dateparser_{language}", path)
    assert module_spec is not None and module_spec.loader is not None, path
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    info: dict[str, Any] = module.info
    return info


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if unicodedata.category(c) != "Mn")
