"""Custom markup `cXenseParse:<key>`: prefix stripped, lower-cased, typed, validated, and every
refused value recorded with its reason."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extraction.customfields import custom_fields
from extraction.found import Choice
from tests.extraction.fieldpages import doc, meta
from values.profile import CustomField


def fields_of(head: str) -> tuple[CustomField, ...]:
    found = custom_fields(doc(head)).found
    return found.value if found else ()


def test_spec_example_gives_three_elements():
    head = (meta("cXenseParse:xyz-fruit", "orange") + meta("cXenseParse:xyz-fruit", "apple")
            + meta("cXenseParse:xyz-climate", "tropical"))
    assert fields_of(head) == (CustomField("xyz-fruit", "string", "orange"),
                               CustomField("xyz-fruit", "string", "apple"),
                               CustomField("xyz-climate", "string", "tropical"))


def test_data_separator_splits_values():
    head = meta("cXenseParse:xyz-fruit", "orange,apple", extra='data-separator=","')
    assert [f.value for f in fields_of(head)] == ["orange", "apple"]


def test_keys_and_values_are_lower_cased():
    assert fields_of(meta("cXenseParse:XYZ-Fruit", "Orange")) == (CustomField("xyz-fruit", "string", "orange"),)


def test_property_attribute_counts_like_name():
    assert fields_of(meta("cXenseParse:xyz-fruit", "kiwi", "property"))[0].value == "kiwi"


@pytest.mark.parametrize("key, content, expected", [
    ("number:xyz-temperature", "30.1", CustomField("xyz-temperature", "number", 30.1)),
    ("time:xyz-updated", "2018-01-01T00:00:00Z",
     CustomField("xyz-updated", "time", datetime(2018, 1, 1, tzinfo=UTC))),
    ("time:xyz-updated", "2018-01-01T01:00:00+01:00",
     CustomField("xyz-updated", "time", datetime(2018, 1, 1, tzinfo=UTC))),
    ("geopoint:xyz-location", "21.29;-157.72", CustomField("xyz-location", "geopoint", (21.29, -157.72))),
], ids=["number", "time", "time-zone-to-utc", "geopoint"])
def test_typed_values(key, content, expected):
    assert fields_of(meta(f"cXenseParse:{key}", content)) == (expected,)


@pytest.mark.parametrize("key, content, reason", [
    ("number:xyz-temperature", "warm", "not a number"),
    ("number:xyz-temperature", "nan", "not a finite number"),
    ("time:xyz-updated", "yesterday", "not a date"),
    ("geopoint:xyz-location", "21.29,-157.72", "geopoint is not 'latitude;longitude'"),
    ("geopoint:xyz-location", "91;10", "geopoint out of range"),
    ("geopoint:xyz-location", "10;181", "geopoint out of range"),
    ("xyz-" + "k" * 27, "v", "key longer than 30 characters"),
    ("fruit", "orange", "key is not a customer prefix"),
    ("xyz-fr.uit", "orange", "key is not a customer prefix"),
    ("xyz-fruit", "x" * 101, "value longer than 100 characters"),
    ("color:xyz-fruit", "red", "unknown type 'color'"),
    ("recs:xyz-paywall", "true", "recs: is not a key of the spec"),
], ids=["nan-text", "nan", "bad-time", "geopoint-comma", "latitude-range", "longitude-range", "long-key",
        "no-prefix", "bad-character", "long-value", "unknown-type", "unknown-recs-key"])
def test_invalid_values_are_dropped_with_reason(key, content, reason):
    page_doc = doc(meta(f"cXenseParse:{key}", content))
    choice = custom_fields(page_doc)
    assert choice.found is None
    (rejected,) = choice.rejections
    assert rejected.field == "fields" and rejected.reason.startswith(reason)


def test_thirty_character_key_is_allowed():
    key = "xyz-" + "k" * 26
    assert fields_of(meta(f"cXenseParse:{key}", "v"))[0].key == key


def test_hundred_character_value_is_allowed():
    assert fields_of(meta("cXenseParse:xyz-fruit", "x" * 100))[0].value == "x" * 100


def test_spec_keys_are_not_custom_fields_nor_rejections():
    head = "".join(meta(f"cXenseParse:{k}", "v") for k in (
        "title", "pageclass", "articleid", "recs:recommendable", "taxonomy", "url", "author"))
    page_doc = doc(head)
    assert custom_fields(page_doc) == Choice(None, ())


def test_one_bad_value_does_not_drop_its_siblings():
    head = meta("cXenseParse:number:xyz-n", "1;x;3", extra='data-separator=";"')
    page_doc = doc(head)
    assert [f.value for f in fields_of(head)] == [1.0, 3.0]
    assert [r.value for r in custom_fields(page_doc).rejections] == ["xyz-n=x"]
