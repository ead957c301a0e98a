"""Recommendation flags and expiry; frontpages, soft 404s and expired pages not recommendable."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extraction.found import Found
from extraction.recommendation import (
    expiration_time,
    recommendable,
    recommendable_flag,
    recommending,
)
from tests.extraction.fieldpages import doc, meta

NOW = datetime(2024, 5, 1, tzinfo=UTC)
EXPIRES = datetime(2014, 3, 11, 23, tzinfo=UTC)


def test_recommendable_false_meta():
    found = recommendable_flag(doc(meta("cXenseParse:recs:recommendable", "false")))
    assert found == Found(False, "cxenseparse:recs:recommendable")


def test_recommending_false_meta():
    assert recommending(doc(meta("cXenseParse:recs:recommending", "FALSE"))).value is False
    assert recommending(doc()) is None


def test_expiration_time_is_parsed_to_utc():
    found = expiration_time(doc(meta("cXenseParse:recs:expirationtime", "2014-03-11T23:00:00.000Z"))).found
    assert found.value == EXPIRES


def test_unparseable_expiration_is_rejected():
    page_doc = doc(meta("cXenseParse:recs:expirationtime", "soon"))
    choice = expiration_time(page_doc)
    assert choice.found is None and choice.rejections[0].reason.endswith("not a date")


@pytest.mark.parametrize("flag, page_class, expires, soft, now, expected, source", [
    (None, "article", None, False, NOW, True, "default"),
    (Found(False, "cxenseparse:recs:recommendable"), "article", None, False, NOW, False,
     "cxenseparse:recs:recommendable"),
    (Found(True, "cxenseparse:recs:recommendable"), "frontpage", None, False, NOW, False, "page_class"),
    (None, "article", None, True, NOW, False, "soft_404"),
    (None, "article", EXPIRES, False, NOW, False, "cxenseparse:recs:expirationtime"),
    (None, "article", EXPIRES, False, None, True, "default"),
    (None, "article", datetime(2030, 1, 1, tzinfo=UTC), False, NOW, True, "default"),
], ids=["default", "flag-false", "frontpage", "soft-404", "expired", "expiry-needs-now", "not-yet-expired"])
def test_recommendable_rules(flag, page_class, expires, soft, now, expected, source):
    assert recommendable(flag, page_class, expires, soft, now) == Found(expected, source)
