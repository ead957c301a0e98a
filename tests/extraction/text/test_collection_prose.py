"""Issue 12, session 10: a shop's category page with hundreds of words of buying advice beside
its grid of products. The prose wins the single region and would make the page an article, the
grid lost; with no article or product markup and priced card rows outside the region holding
`GRID_MIN_CARD_SHARE` of the content, the page is a collection read as a listing: grid and prose."""

from __future__ import annotations

from extraction.maintext import MainText, main_text
from extraction.text.layout import ARTICLE, LISTING, LayoutKind, collection_beside_prose
from tests.extraction.text.helpers import page

ADVICE = ("Choosing a tent starts with how many people sleep in it and which seasons you camp in, then "
          "with the weight you are ready to carry on the trail and the time you want to spend pitching it. ")
ARTICLE_LD = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article", '
              '"headline": "Tents"}</script>')


def _grid(n: int, price: bool = True) -> str:
    return "<ul class='grid'>" + "".join(
        f"<li class='tile tile-{i}'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<a href='/p/{i}'>Trailhead Dome Tent {i} Person Lightweight</a>"
        f"<div>{f'${i}49.95' if price else f'{i} colours'}</div><div>Free delivery over fifty</div></li>"
        for i in range(n)) + "</ul>"


def _shop(grid: str, head: str = "") -> MainText:
    body = (f"<main><h1>Camping tents</h1>{grid}<div class='seo-text'>"
            + "".join(f"<p>{ADVICE * 3}</p>" for _ in range(4)) + "</div></main>")
    return main_text(page(body, head=head))


def test_a_priced_grid_beside_buying_advice_is_a_collection() -> None:
    text = _shop(_grid(20))
    assert text.explanation is not None and text.explanation.layout_kind == LISTING
    assert "Trailhead Dome Tent 3 Person Lightweight" in text.body and "$349.95" in text.body
    assert "pitching it" in text.body


def test_article_markup_or_unpriced_cards_keep_the_article() -> None:
    for text in (_shop(_grid(20), head=ARTICLE_LD), _shop(_grid(20, price=False))):
        assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
        assert "pitching it" in text.body


def test_the_share_of_cards_outside_the_region_decides() -> None:
    article = LayoutKind(ARTICLE, ())
    assert collection_beside_prose(article, 29, 100, 12).kind == ARTICLE
    assert collection_beside_prose(article, 30, 100, 12).kind == LISTING
    assert collection_beside_prose(article, 30, 100, 2).kind == ARTICLE
