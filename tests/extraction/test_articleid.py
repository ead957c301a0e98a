"""Article id: cXenseParse:articleid, then the deprecated recs:articleid; validated."""

from __future__ import annotations

import pytest

from extraction.articleid import article_id
from tests.extraction.fieldpages import doc, meta


@pytest.mark.parametrize("head, expected, source", [
    (meta("cXenseParse:articleid", "24757772") + meta("cXenseParse:recs:articleid", "old"),
     "24757772", "cxenseparse:articleid"),
    (meta("cXenseParse:recs:articleid", "24757772"), "24757772", "cxenseparse:recs:articleid"),
    (meta("cXenseParse:articleid", "bad id") + meta("cXenseParse:recs:articleid", "ok-1"),
     "ok-1", "cxenseparse:recs:articleid"),
    (meta("cXenseParse:articleid", "a=b@c+d-e_f.g/h"), "a=b@c+d-e_f.g/h", "cxenseparse:articleid"),
    (meta("cXenseParse:articleid", "x" * 64), "x" * 64, "cxenseparse:articleid"),
], ids=["articleid-wins", "deprecated", "invalid-falls-through", "all-allowed-characters", "64-characters"])
def test_article_id_priority(head, expected, source):
    found = article_id(doc(head)).found
    assert (found.value, found.source) == (expected, source)


@pytest.mark.parametrize("value, reason", [
    ("x" * 65, "longer than 64"),
    ("id#1", "characters outside"),
    ("åæø", "characters outside"),
], ids=["65-characters", "hash", "non-ascii"])
def test_invalid_article_id_is_rejected_with_reason(value, reason):
    page_doc = doc(meta("cXenseParse:articleid", value))
    choice = article_id(page_doc)
    assert choice.found is None
    (rejected,) = choice.rejections
    assert rejected.field == "article_id" and reason in rejected.reason
