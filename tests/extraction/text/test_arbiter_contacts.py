"""Contact details the peer may not put back on an article: `<address>` blocks (`arbiter.contact_details`)."""

from __future__ import annotations

import pytest
from lxml import html as lxml_html

from extraction.maintext import main_text
from extraction.text import peer
from extraction.text.arbiter import contact_details
from tests.extraction.text.helpers import page
from tests.extraction.text.test_arbiter import ARTICLE, DISTANT, LINKS, NOTES, STORY

OFFICES = ["Head office, 30 North Gould Street, Sheridan, Wyoming 82801, United States of America",
           "European office, 6 Gardner Place, Becketts Close, Feltham, Greater London, United Kingdom"]


def _peer_returns(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(peer, "peer_text", lambda doc, comments: text)


def _offices(tag: str) -> str:
    return f"<div><div><{tag}>" + "".join(f"<p>{o}</p>" for o in OFFICES) + f"</{tag}></div></div>"


def test_office_addresses_the_peer_kept_stay_out_of_an_article(monkeypatch: pytest.MonkeyPatch):
    _peer_returns(monkeypatch, "\n".join([*STORY, *NOTES, *OFFICES]))
    result = main_text(page(ARTICLE + DISTANT + _offices("address")))
    assert result.explanation is not None and result.explanation.page_kind == "article"
    assert result.body == "\n\n".join([*STORY, *NOTES])


def test_the_same_lines_outside_an_address_are_added_as_before(monkeypatch: pytest.MonkeyPatch):
    """The rule reads the element, not the wording: in a plain box the lines are in doubt, and the peer adds them."""
    _peer_returns(monkeypatch, "\n".join([*STORY, *NOTES, *OFFICES]))
    result = main_text(page(ARTICLE + DISTANT + _offices("section")))
    assert result.body == "\n\n".join([*STORY, *NOTES, *OFFICES])


def test_addresses_still_count_towards_calling_the_peer(monkeypatch: pytest.MonkeyPatch):
    """Words in an `<address>` count towards the gate: the notes beside them are still put back."""
    _peer_returns(monkeypatch, "\n".join([*STORY, NOTES[0], *OFFICES * 3]))
    offices = "<div><div><address>" + "".join(f"<p>{o}</p>" for o in OFFICES * 3) + "</address></div></div>"
    note = f"<div class='x'><div><ul><li>{NOTES[0]}</li></ul></div>{LINKS}</div>"
    result = main_text(page(ARTICLE + note + offices))
    assert result.explanation is not None and result.explanation.arbiter.startswith("ours+peer")
    assert result.body == "\n\n".join([*STORY, NOTES[0]])


@pytest.mark.parametrize(("markup", "contact"), [
    ("<address><p>x</p></address>", True),
    ("<div><address><div><p>x</p></div></address></div>", True),
    ("<div class='address'><p>x</p></div>", False),
])
def test_which_markup_is_contact_details(markup: str, contact: bool):
    p = lxml_html.fromstring(f"<html><body>{markup}</body></html>").find(".//p")
    assert p is not None
    assert contact_details(p) is contact
