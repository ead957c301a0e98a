"""Issue 31, compute once: each stage's value is worked out once per page and handed on.

Counted through the real path (`main_text`), at the function each repeated computation calls:
a walk of the page builds its hidden panels' index once (`blocks.controlled_panels`), the card
rows are found by one `cards.sibling_runs` on the climb the teaser lists made (`teasers.climb`),
the arbiter asks `doubtful` of each decision, and the blocks of the chosen region are told from
the others by one walk down it; an article's story rails are read off the page's climb."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from extraction.maintext import main_text
from extraction.text import arbiter, blocks, cards, docs, layout, peer, pipeline, teasers
from tests.extraction.test_cards import PRODUCT_LD, SPECS, _cards
from tests.extraction.text.helpers import box, page, rendered
from tests.extraction.text.test_arbiter import ARTICLE, DISTANT, NOTES, STORY
from tests.extraction.text.test_story_rails import RAIL_CARDS, _article, _rail
from tests.extraction.text.test_traps import P1, P2


def _counted(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[object]:
    calls: list[object] = []
    original: Callable[..., Any] = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_an_app_shell_is_walked_once(monkeypatch: pytest.MonkeyPatch):
    """A rendered page whose script drew nothing is read from its `<noscript>`: one walk gives
    both reads (with and without it), where two walks did."""
    story = "".join(f"<p>{p}</p>" for p in (P1, P2) * 2)
    shell = rendered(f"<div data-rc-id='1'>Loading</div><noscript data-rc-id='2'><div>{story}</div></noscript>",
                     {1: box()})
    walks = _counted(monkeypatch, blocks, "controlled_panels")
    assert P1 in main_text(shell).body
    assert len(walks) == 1


def test_empty_markup_is_walked_once_before_the_heuristic(monkeypatch: pytest.MonkeyPatch):
    """cXenseParse markup holding nothing, and no hidden story in it: one walk of the markup (the
    walk reading hidden stories would read the same), then the heuristic's."""
    doc = page(f"<div class='cXenseParse'></div><article><p>{P1}</p><p>{P2}</p></article>")
    walks = _counted(monkeypatch, blocks, "controlled_panels")
    text = main_text(doc)
    assert P1 in text.body and text.source == "heuristic"
    assert len(walks) == 2


def test_a_product_pages_card_rows_are_found_once(monkeypatch: pytest.MonkeyPatch):
    """The inclusive read of a product page and the arbiter taking the peer's body whole both
    need the rows of other products' cards: found once."""
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p><p>{P2}</p>{SPECS}<h2>Similar items</h2>{_cards(6)}</main>",
               head=PRODUCT_LD)
    monkeypatch.setattr(peer, "peer_text", lambda d, comments: "\n".join(STORY))
    runs = _counted(monkeypatch, cards, "sibling_runs")
    text = main_text(doc)
    assert text.source == "peer"
    assert len(runs) == 1


def test_teaser_lists_and_card_rows_share_one_climb(monkeypatch: pytest.MonkeyPatch):
    """Teaser lists and card rows group the same climb of the page's blocks, each by its own
    shape: the page is climbed once (`teasers.climb`) for both."""
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p><p>{P2}</p>{SPECS}<h2>Similar items</h2>{_cards(6)}</main>",
               head=PRODUCT_LD)
    monkeypatch.setattr(peer, "peer_text", lambda d, comments: "\n".join(STORY))
    runs = _counted(monkeypatch, cards, "sibling_runs")
    climbs = _counted(monkeypatch, teasers, "climb")
    main_text(doc)
    assert len(runs) == 1  # the card rows were asked for
    assert len(climbs) == 1


def test_the_arbiter_asks_each_decision_once(monkeypatch: pytest.MonkeyPatch):
    links = " ".join(f"Topic {i}" for i in range(80))
    monkeypatch.setattr(peer, "peer_text", lambda d, comments: "\n".join([*STORY, *NOTES, links]))
    asked = _counted(monkeypatch, arbiter, "doubtful")
    text = main_text(page(ARTICLE + DISTANT))
    assert text.body == "\n\n".join([*STORY, *NOTES])
    assert text.explanation is not None and len(asked) == len(text.explanation.blocks)


def test_the_pages_markup_is_read_once(monkeypatch: pytest.MonkeyPatch):
    """Whether the page declares an article or a product, and whether it sells something, is
    asked by the container, the kind's evidence and its rules: each read once per document."""
    doc = page(f"<main><h2>Kettle</h2><p>{P1}</p><p>{P2}</p>{SPECS}<h2>Similar items</h2>{_cards(6)}</main>",
               head=PRODUCT_LD)
    monkeypatch.setattr(peer, "peer_text", lambda d, comments: "\n".join(STORY))
    reads = {name: _counted(monkeypatch, layout, name) for name in ("_article_markup", "_product_markup",
                                                                     "_product_evidence")}
    main_text(doc)
    assert {name: len(calls) for name, calls in reads.items()} == {
        "_article_markup": 1, "_product_markup": 1, "_product_evidence": 1}



def test_the_pages_code_blocks_and_generator_are_read_once(monkeypatch: pytest.MonkeyPatch):
    """How many code blocks the page holds, and whether a documentation generator made it, are
    asked by the kind's evidence, `layout.decide`, `blog_with_code` and `documents_code`: each
    read once per document."""
    code = "<pre>tool serve --socket /run/tool.sock</pre><pre>tool connect --verbose</pre>"
    doc = page(f"<main><h1>Client guide</h1><p>{P1}</p>{code}<p>{P2}</p></main>",
               head="<meta property='og:type' content='article'><meta name='generator' content='Starlight v0.37'>")
    reads = {name: _counted(monkeypatch, docs, name) for name in ("_code_blocks", "_documentation_generator")}
    assert main_text(doc).explanation.layout_kind == "documentation"  # type: ignore[union-attr]
    assert {name: len(calls) for name, calls in reads.items()} == {"_code_blocks": 1, "_documentation_generator": 1}


def test_the_regions_blocks_are_told_by_one_walk_down(monkeypatch: pytest.MonkeyPatch):
    """Which blocks lie in the chosen region is read from the region's elements, walked down once:
    no block walks up to the root (`decisions.within`) through the wrappers the page's chrome shares."""
    menu = "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(12))
    doc = page(f"<div class='site'><div class='top'><ul>{menu}</ul></div>"
               f"<article><p>{P1}</p><p>{P2}</p></article><div class='foot'><p>Contact us</p></div></div>")
    walks = _counted(monkeypatch, pipeline, "within")
    text = main_text(doc)
    assert P1 in text.body and "Section 3" not in text.body
    assert walks == []


def test_an_articles_story_rails_are_read_off_the_pages_climb(monkeypatch: pytest.MonkeyPatch):
    """The rails of other stories after an article are runs of its kept blocks: read off the
    climb the teaser lists made of all the page's blocks, where the kept ones were climbed again."""
    climbs = _counted(monkeypatch, teasers, "climb")
    text = main_text(page(_article("related-posts", _rail(RAIL_CARDS))))
    assert "tram line 2" not in text.body  # the rail was asked for, and left out
    assert len(climbs) == 1
