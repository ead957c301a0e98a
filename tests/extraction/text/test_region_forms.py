"""Issue 12: on an inclusive read (product, multi-section, listing pages), a form inside the
region is a box the reader fills in -- a lead form with its pitch, a shop's buy box -- and its
text is left out; a form wrapping the page, or one form per item, is markup and says nothing."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

LEAD_FORM = ("<form class='quote-request'><h3>Get a free quote today</h3><label>Your work email address</label>"
             "<input name='email'><p>Our team replies within one business day with a tailored plan.</p>"
             "<button>Request pricing</button></form>")


def test_a_lead_form_inside_an_inclusive_region_is_left_out() -> None:
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p>{LEAD_FORM}<h2>Details</h2><p>{P2}</p></main>", head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "product"
    assert P1 in text.body and P2 in text.body
    assert "tailored plan" not in text.body and "free quote" not in text.body
    assert "inside a form (a sign-up, a request, a buy box)" in text.explanation.render()


def test_a_form_wrapping_the_page_or_one_per_item_is_not_a_box() -> None:
    wrapped = main_text(page(f"<main><form id='form1'><h2>Kettle</h2><p>{P1}</p><p>{P2}</p>"
                             "<p>Our team replies within one business day.</p></form></main>", head=PRODUCT_LD))
    assert P1 in wrapped.body and "one business day" in wrapped.body
    items = "".join(f"<form class='item'><p>Steel kettle number {i} boils a litre in two minutes.</p>"
                    "<button>Add</button></form>" for i in range(3))
    itemized = main_text(page(f"<main><h2>Kettles</h2><p>{P1}</p>{items}</main>", head=PRODUCT_LD))
    assert "kettle number 2 boils" in itemized.body


VIEWSTATE = "<div><input type='hidden' name='__VIEWSTATE' id='__VIEWSTATE' value='/wEPDwUKMTIz'/></div>"
FOOTER_LINKS = "<div id='foot'><ul>" + "".join(
    f"<li><a href='/s{i}'>Another story in section number {i}</a></li>" for i in range(30)) + "</ul></div>"


def test_a_story_in_an_aspnet_postback_form_is_no_box_to_fill_in() -> None:
    """Issue 32: a WebForms site closed its page's form before a footer of links and printed a
    search form of another system above it; read as a listing, the story inside the form held
    under half the kept words and was dropped as a sign-up box."""
    body = (f"<div><form action='/search' method='get'><input name='q'></form></div><form id='aspnetForm' "
            f"method='post' action='story.aspx'>{VIEWSTATE}<h1>Council expands buses</h1><p>{P1}</p><p>{P2}</p>"
            f"</form>{FOOTER_LINKS}")
    text = main_text(page(body))
    assert P1 in text.body and P2 in text.body
    without_state = main_text(page(body.replace(VIEWSTATE, "")))  # the same form without the view state is a box
    assert P1 not in without_state.body
