"""Issue 12: a "product" page is a collection when half its content, in characters (spaces
aside), is in rows of linked cards -- not half its words: cards are short tokens ("3 bd",
"$450k") whose word count outweighs the prose beside them, and without a stylesheet the count
depends on how glued inline text splits into words."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.blocks import solid_chars
from extraction.text.layout import PRODUCT, PRODUCT_MAX_CARD_SHARE, LayoutKind, product_or_collection
from tests.extraction.text.helpers import page

PRODUCT_LD = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", '
              '"name": "Townhouse"}</script>')
DESCRIPTION = ("Beautifully renovated contemporary townhouse overlooking the riverside promenade, featuring "
               "spacious light-filled living accommodations, professionally landscaped gardens, "
               "underfloor heating throughout, generous built-in wardrobes and a separate entertainment "
               "basement with soundproofed cinema.")


def _cards(n: int) -> str:
    return "<ul>" + "".join(
        f"<li class='home home-{i}'><a href='/h/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<div>$4{i}5k</div><div>3 bd 2 ba {i} mi</div></li>" for i in range(n)) + "</ul>"


def test_the_card_share_counts_characters_not_words() -> None:
    """Six cards of short tokens hold more of the words than the description (42 against 30,
    0.55 of the content words) but 0.22 of the characters: the page stays a product page, its
    nearby homes left out."""
    doc = page(f"<main><h2>Riverside townhouse</h2><p>{DESCRIPTION}</p><h3>Nearby homes</h3>{_cards(6)}</main>",
               head=PRODUCT_LD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == PRODUCT
    assert "soundproofed cinema" in text.body and "$435k" not in text.body


def test_glued_text_weighs_the_same_parted_or_not() -> None:
    assert solid_chars("3 beds2.5 baths") == solid_chars("3 beds 2.5 baths")
    product = LayoutKind(PRODUCT, ())
    assert product_or_collection(product, 49, 100).kind == PRODUCT
    assert product_or_collection(product, int(PRODUCT_MAX_CARD_SHARE * 100), 100).kind != PRODUCT


def test_the_models_name_for_the_page_outlives_the_card_share() -> None:
    """The page-kind model's name (`LayoutKind.named`) is kept whichever way the cards decide
    the read: a product read the model names a listing is a listing by name, and a page the
    cards make a listing needs no name of its own."""
    named = LayoutKind(PRODUCT, (), True, "listing")
    kept = product_or_collection(named, 49, 100)
    assert (kept.kind, kept.page, kept.inclusive) == (PRODUCT, "listing", True)
    collection = product_or_collection(named, int(PRODUCT_MAX_CARD_SHARE * 100), 100)
    assert (collection.kind, collection.named, collection.page) == ("listing", "", "listing")
    assert product_or_collection(LayoutKind(PRODUCT, (), True, "multi-section"), 90, 100).page == "multi-section"
