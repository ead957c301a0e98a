"""Forms inside an article's region: a sign-up or request box between the story's paragraphs is left out.

A story's text is read, not submitted, so a `<form>` between its paragraphs is a box the reader
fills in -- a newsletter or lead sign-up with its pitch, a contact or quote request, a search --
whose labels and blurb pass as short text. A form holding the whole region (ASP.NET pages wrap
the page in one) is above it and says nothing, and so does a postback form wherever the region
lies (`region_forms.postback_form`: a framework's wrapper of the page). Judged (hard-bad).

Stage: 4 first read (before the context pass)
Measured: session 8 (the article region, 2026-12-01); the inclusive read's twin is `region_forms`.
"""

from __future__ import annotations

from lxml import etree

from extraction.text.blocks import Block
from extraction.text.decisions import Verdict
from extraction.text.rules.region_forms import postback_form

__all__ = ["judge_inner_forms"]


def judge_inner_forms(members: list[int], blocks: list[Block], verdicts: list[Verdict],
                      region: set[etree._Element], best: etree._Element) -> list[Verdict]:
    """Judge (hard-bad, in a new list of verdicts) the blocks of a `<form>` that lies inside the
    chosen region: a story's text is read, not submitted, so a form between its paragraphs is a
    box the reader fills in -- a newsletter or lead sign-up with its pitch, a contact or quote
    request, a search -- whose labels and blurb pass as short text. A form that holds the whole
    region (ASP.NET pages wrap the page in one) is above it and says nothing."""
    out = list(verdicts)
    for i in members:
        if _inner_form(blocks[i].element, region, best):
            out[i] = out[i].judged("inside a form in the article")
    return out


def _inner_form(element: etree._Element, region: set[etree._Element], best: etree._Element) -> bool:
    """Whether a `<form>` lies between `element` and the region's element that holds it (a joined
    sibling that is itself a form counts; the best container does not)."""
    for ancestor in (element, *element.iterancestors()):
        if ancestor in region:
            return ancestor.tag == "form" and ancestor is not best and not postback_form(ancestor)
        if ancestor.tag == "form":
            return not postback_form(ancestor)
    return False
