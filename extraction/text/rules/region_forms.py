"""Region forms: on an inclusive read, the kept blocks of a small `<form>` below the region's root are left out.

A lead or sign-up form with its pitch, a quote request, a search, a shop's options and buy
button -- as on an article (`inner_forms`). A form holding most of the region is the page's
wrapper (ASP.NET puts every page in one); a region with a form per item (old Reddit wraps each
comment in one) holds its items' markup. Not on a thread. Judged.

A postback form (`postback_form`: the hidden view state of ASP.NET WebForms or JavaServer Faces)
is the framework's wrapper of the page, however little of the region it holds: such a site may
close it before a footer of links, or print a search form of another system beside it, and on
an inclusive read the story inside it held under half the kept words and was lost (issue 32).

Stage: 6 the inclusive read
Measured: WCXB dev static, session 10 (`--save forms2 --diff tips`): tune 0.87365 -> 0.87393
(product 0.66367 -> 0.66465, service 0.84385 -> 0.84453). The postback exception: session 20
(2026-12-06, docs/lab/2026-12-06-s20-oldweb.md): no oldweb page moved (its ASP.NET pages are read as
articles); the issue's lost story is `test_region_forms.test_a_story_in_an_aspnet_postback_form_is_no_box_to_fill_in`.
"""

from __future__ import annotations

from lxml import etree

from extraction.text.decisions import Decision

REGION_FORM_MAX_SHARE = 0.5  # on an inclusive read, a form holding less of the kept words is a box to fill in, not the page ...
REGION_FORMS_MAX = 2  # ... when the region holds at most this many forms (a form per item is the items' markup)
POSTBACK_STATE_FIELDS = frozenset({"__VIEWSTATE", "__EVENTVALIDATION", "javax.faces.ViewState"})
"""Hidden fields a server-side page framework puts in the one form it wraps every page in, to post
the page back to itself: ASP.NET WebForms' view state and event validation, JavaServer Faces'
view state. A form carrying one is the page's wrapper, never a box the reader fills in."""

__all__ = ["postback_form", "region_forms"]


def region_forms(decisions: list[Decision], start: etree._Element) -> list[int]:
    """Indexes of the kept blocks of an inclusive region that lie in a `<form>` below its root
    holding under `REGION_FORM_MAX_SHARE` of the kept words: a box the reader fills in -- a
    lead or sign-up form with its pitch, a quote request, a search, a shop's options and
    buy button -- as on an article (`judge_inner_forms`). A form holding most of the region is
    the page's wrapper (ASP.NET puts every page in one) and says nothing."""
    outer: dict[int, etree._Element] = {}
    for i, d in enumerate(decisions):
        if not d.kept:
            continue
        found = None
        for ancestor in (d.block.element, *d.block.element.iterancestors()):
            if ancestor is start:
                break
            if ancestor.tag == "form":
                found = ancestor
        if found is not None:
            outer[i] = found
    if not outer:
        return []
    outer = {i: form for i, form in outer.items() if not postback_form(form)}
    kept_words = sum(d.block.words for d in decisions if d.kept)
    held: dict[etree._Element, int] = {}
    for i, form in outer.items():
        held[form] = held.get(form, 0) + decisions[i].block.words
    if len(held) > REGION_FORMS_MAX:
        return []
    return [i for i, form in outer.items() if held[form] < REGION_FORM_MAX_SHARE * kept_words]


def postback_form(form: etree._Element) -> bool:
    """The form carries a page framework's hidden postback state (`POSTBACK_STATE_FIELDS`): it wraps
    the page, whatever it holds."""
    return any(field.get("name") in POSTBACK_STATE_FIELDS for field in form.iter("input"))
