"""Month names are dateparser's, read from its language data without calling its parser."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from datetime import UTC, datetime

import dateparser
import pytest

from extraction.dateparse import MONTH_KEYS, MONTH_LANGUAGES, _language_data, _month_number, find_text_dates

PARSER_SETTINGS = {"REQUIRE_PARTS": ["day", "month", "year"], "PARSERS": ["absolute-time"],
                   "RELATIVE_BASE": datetime(2000, 1, 1), "DATE_ORDER": "DMY", "PREFER_DAY_OF_MONTH": "first"}
"""How the text-date parser once called dateparser's parser for a month word: no relative dates,
no part filled from today."""


def _every_month_name() -> list[str]:
    return sorted({name.lower() for language in MONTH_LANGUAGES for key in MONTH_KEYS
                   for name in _language_data(language)[key]})


def test_every_month_name_of_the_languages_is_the_month_dateparser_reads() -> None:
    names = _every_month_name()
    assert len(names) > 100
    for name in names:
        parsed = dateparser.parse(f"15 {name} 2001", languages=list(MONTH_LANGUAGES), settings=PARSER_SETTINGS)
        assert parsed is not None and _month_number(name) == parsed.month, name


@pytest.mark.parametrize(("word", "month"), [
    ("märz", 3), ("marz", 3), ("mrz", 3), ("jänner", 1), ("sept", 9), ("dezembro", 12), ("août", 8),
    ("three", None), ("drei", None), ("une", None),  # number words, which dateparser's parser reads as months
    ("things", None),
])
def test_a_word_is_a_month_only_by_its_name(word: str, month: int | None) -> None:
    assert _month_number(unicodedata.normalize("NFC", word)) == month


def test_a_date_written_for_readers_is_read_without_importing_dateparser() -> None:
    probe = ("import json, sys\nfrom extraction.dateparse import find_text_dates\n"
             "found = next(find_text_dates('Publié le 3 août 2012'))\n"
             "print(json.dumps([found.isoformat(), 'dateparser' in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["2012-08-03T00:00:00+00:00", False]


def test_a_number_word_between_digits_is_not_a_date() -> None:
    assert next(find_text_dates("15 three 2001"), None) is None
    assert next(find_text_dates("15 March 2001"), None) == datetime(2001, 3, 15, tzinfo=UTC)


@pytest.mark.parametrize("text", [
    "Posted by Jan on 03/12/2009 at 10:42",  # en
    "Geschrieben von Jan am 12.03.2009 um 10:42 Uhr",  # de
    "Geplaatst door Jan de Vries op 12-03-2009 om 10:42",  # nl
    "Gepost door Jan op 12/03/2009 om 10u42",  # nl, as Flemish papers wrote the time
    "Geplaatst op 12 maart 2009, 10:42 uur",  # nl
    "Posté par Jan le 12/03/2009 à 10h42",  # fr
    "Escrito por Jan el 12/03/2009 a las 10:42",  # es
    "Scritto da Jan il 12/03/2009 alle 10:42",  # it
    "Scritto da Jan il 12/03/2009 alle ore 10.42",  # it
    "Publicado em 12 de março de 2009 às 10:42",  # pt
])
def test_the_time_after_a_date_is_read_with_its_word_in_each_language(text: str) -> None:
    found = next(find_text_dates(text))
    day_month = (3, 12) if text.startswith("Posted") else (12, 3)  # the US order in English
    assert (found.day, found.month, found.hour, found.minute) == (*day_month, 10, 42)


def test_a_number_after_a_date_without_a_clock_is_no_time() -> None:
    assert next(find_text_dates("op 12-03-2009 om 10 uur")) == datetime(2009, 3, 12, tzinfo=UTC)
    assert next(find_text_dates("il 12/03/2009 alle 10 del mattino")) == datetime(2009, 3, 12, tzinfo=UTC)
