"""A thin first read: a page the rules read inclusively is not read as an article when the article's region is a fragment of it.

The page-kind model reads a page the rules read inclusively as an article when it finds an
article likely (`inclusive.KIND_POLICY.fallback`): the single region then stands. That is the
cautious read only when the region is the story. When the first read won on a fragment -- a
recipe card's introduction above a roundup's linked items, a pull quote between a case study's
sections -- the region holds a small share of the page's content words
(`FALLBACK_MIN_CONTENT_SHARE`), and reading it alone loses the page: the rules' inclusive read
stands. A story above many readers' comments still holds more than that share (a 75-word story
under six times as many words of comments: 0.14). A first read that found no region at all
(no words in it: a story loose in a layout table's cells, in no element it could choose) won on no
fragment; the model's fallback to the article read stands there, since the rules' inclusive
read is then of the whole `<body>`, its rails and site map with it.

Stage: 5 kind (the model's fallback)
Measured: WCXB dev static (session 19, 2026-12-05, docs/lab/2026-12-05-s19-articles.md): tune
0.88309 -> 0.88352 (a roundup article whose first read was its recipe card's introduction, 0.07 of
the content: 0.591 -> 0.862), check 0.88545 unchanged; Zyte, oldweb (tune 0.957, held 0.901),
newspaper4k, Mozilla and article-extractor unchanged. No region, not thin (2026-12-06): oldweb
tune 0.95643 -> 0.95710 (a table-layout story read as the listing of its body, 0.539 -> 0.766),
WCXB dev, Zyte and the other sets: no body changed.
"""

from __future__ import annotations

from extraction.text.kind_model import KindEvidence

__all__ = ["thin_region"]

FALLBACK_MIN_CONTENT_SHARE = 0.1
"""Share of the page's content words (`KindEvidence.content_words`) the first read's region must
hold to stand in for a page the rules read inclusively."""


def thin_region(evidence: KindEvidence) -> bool:
    """The first read's region holds some words, but under `FALLBACK_MIN_CONTENT_SHARE` of the content words."""
    if not evidence.content_words or not evidence.region_words:
        return False
    return evidence.region_words < FALLBACK_MIN_CONTENT_SHARE * evidence.content_words
