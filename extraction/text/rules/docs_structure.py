"""Documentation structure the block scores misread, relabelled before the context pass.

Code samples between the region's good blocks are good (short, no full stop, yet what the text
around them explains); a definition term linked to its own page is short, not navigation, so it
is settled with its definition list. On every page, a page index (short items linking to other
pages inside the region, led by a colon-ended line off documentation) is short and settled with
its list; on documentation, closing sections of links are short, cross-reference sentences
near-good, and the members that close an API reference good (docs.py).

Stage: 4 first read (labels, before the context pass)
Measured: WCXB dev static, issue 12 session 8 (code between good blocks, documentation 0.9251 ->
0.9255); session 9 (on 650031d, `--save gate5`): the page index on documentation, tune 0.86952
-> 0.86992 (documentation 0.9285 -> 0.9326), on every page Zyte held 0.9814 -> 0.9812 (so led
lists only, session 10).
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from extraction.text.decisions import Label
from extraction.text.docs import (
    closing_members,
    closing_sections,
    code_between,
    cross_references,
    defined_term,
    in_code,
    page_index_items,
)

__all__ = ["relabel_docs_structure"]


def relabel_docs_structure(labels: list[Label], elements: Sequence[etree._Element], hard: Sequence[bool],
                           headings: Sequence[bool], groups: Sequence[object | None], documentation: bool,
                           ) -> list[Label]:
    """The region's labels with documentation's structure read (see the module's docstring)."""
    labels = list(labels)
    for i in code_between([lab is Label.GOOD for lab in labels], hard, [in_code(el) for el in elements],
                          [lab is Label.BAD for lab in labels]):
        labels[i] = Label.GOOD
    for i, element in enumerate(elements):
        if labels[i] is Label.BAD and not hard[i] and defined_term(element):
            labels[i] = Label.SHORT
    # only BAD labels are relabelled below, so the GOOD ones are read once; BAD is re-read per pass
    good = [lab is Label.GOOD for lab in labels]
    for i in page_index_items(good, hard, [lab is Label.BAD for lab in labels], groups, elements,
                              led_only=not documentation):
        labels[i] = Label.SHORT
    if documentation:
        for i in closing_sections(good, hard, [lab is Label.BAD for lab in labels], headings, groups, elements):
            labels[i] = Label.SHORT
        for i in cross_references(good, hard, [lab is Label.BAD for lab in labels], elements):
            labels[i] = Label.NEAR
        for i in closing_members(good, hard, headings, elements):
            if not headings[i]:
                labels[i] = Label.GOOD
    return labels
