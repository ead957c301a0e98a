"""A product page's buy box prints its price lines beside the description (the price, a sale price
beside the regular one, a plan's price, a delivery charge): short lines with no sentence, left out
of a product read. A sentence naming a price, and a price on another kind of page, stay."""

from __future__ import annotations

from collections import Counter

import pytest

from extraction.maintext import main_text
from extraction.text import peer
from extraction.text.arbiter import read_words
from extraction.text.features import Features
from extraction.text.layout import PRICE_LINE_MAX_WORDS, inclusive_keep, price_line
from extraction.text.pipeline import Heuristic
from extraction.text.tokens import WORD
from tests.extraction.test_cards import PRODUCT_LD
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2

PRICES = ("$179.00", "Sale price $149 Regular price $179.00", "3-Year Protection Plan - $24.00", "149,00 €")
PRICED_SENTENCE = "At $179 it costs less than any kettle of its size we have tested this year."


def test_price_lines_are_left_out_of_a_product_read() -> None:
    prices = "".join(f"<div>{p}</div>" for p in PRICES)
    doc = page(f"<main><h2>Kettle</h2>{prices}<p>{P1}</p><p>{PRICED_SENTENCE}</p><h2>Details</h2><p>{P2}</p></main>",
               head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "product"
    assert P1 in text.body and P2 in text.body and PRICED_SENTENCE in text.body
    assert not [p for p in PRICES if p in text.body]
    assert "a price line of the buy box" in text.explanation.render()


def _text(words: int, sentence_ends: int = 0) -> Features:
    return Features(
        words=words, link_density=0.0, text_density=2.0, sentence_ends=sentence_ends, pipes=0, dates=0,
        copyright=False, chrome_ancestor=None, strong_hint=None, weak_hint=None, positive_hint=None, teaser=False,
        phrase=None, relative_font_size=None, in_overlay=None, column_offset=None,
    )


def test_a_price_line_is_short_shows_a_price_and_ends_no_sentence() -> None:
    assert all(price_line(_text(len(p.split())), p) for p in PRICES)
    assert not price_line(_text(len(PRICED_SENTENCE.split()), 1), PRICED_SENTENCE)
    long_line = " ".join(["$5"] * (PRICE_LINE_MAX_WORDS + 1))
    assert not price_line(_text(PRICE_LINE_MAX_WORDS + 1), long_line)
    assert not price_line(_text(2), "Walnut handle")


def test_a_price_line_stays_on_a_listing() -> None:
    f = _text(1)
    assert inclusive_keep("listing", f, text="$179.00")[0]
    assert inclusive_keep("multi-section", f, text="$179.00")[0]
    assert not inclusive_keep("product", f, text="$179.00")[0]


def test_the_peer_is_weighed_against_the_read_with_its_price_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """The price lines leave the body, not the read the peer's body is compared with: the share of
    our words the peer holds is the same as when they were kept (`arbiter.read_words`)."""
    prices = "".join(f"<div>{p}</div>" for p in PRICES)
    doc = page(f"<main><h2>Kettle</h2>{prices}<p>{P1}</p><h2>Details</h2><p>{P2}</p></main>", head=PRODUCT_LD)
    monkeypatch.setattr(peer, "peer_text", lambda doc, comments: "\n".join([P1, *PRICES]))
    text = main_text(doc)
    assert isinstance(text.trace, Heuristic)
    decisions = text.trace.arbitration.decisions
    read = read_words(decisions)
    assert all(read[w] for p in PRICES for w in WORD.findall(p.lower()))
    assert not [p for p in PRICES if p in text.body]
    words = sum(read.values())
    shared = sum((read & Counter(WORD.findall("\n".join([P1, *PRICES]).lower()))).values())
    assert f"share of ours in the peer's {shared / words:.2f}" in " ".join(text.trace.arbitration.evidence)
