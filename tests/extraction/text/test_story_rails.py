"""Issue 12: a rail of other stories at the end of an article (cards.story_rails,
rules/story_rails.py): like siblings, each an unlinked heading, a line of summary and a
"Learn more" link, in a `related`-named wrapper whose hint the cards' summaries overrule, so
neither the teaser lists nor the class hint catch it. Dropped after the story's last good
paragraph; the same cards between the story's paragraphs are its own, and cards no class word
names as other stories (a service page's offers) or titled by a name, not a headline, stay."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.blocks import segment
from extraction.text.cards import CARD_MIN_ITEMS, RAIL_SUMMARY_MAX_WORDS, rails_after_story, story_rails
from extraction.text.layout import ARTICLE
from extraction.text.teasers import climb
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

STORY = "".join(f"<p>{p}</p>" for p in (P1, P2, P3, P2.replace("euros", "dollars"), P3.replace("spring", "summer")))
SUMMARY = "A short guide to the {} and what it means for the people who ride the buses every single day."
RAIL_CARDS = 8  # enough summaries to overrule the wrapper's `related` hint with their prose


def _rail(n: int, summary: str = SUMMARY, title: str = "How the tram line number {} was planned") -> str:
    return "".join(f"<div class='teaser-{i} box'><h3>{title.format(i)}</h3>"
                   f"<p>{summary.format(f'tram line {i}')}</p><a href='/s/{i}'>Learn more</a></div>"
                   for i in range(n))


def _article(wrapper: str, rail: str) -> str:
    return f"<main><article><h1>Buses</h1>{STORY}<h2>Explore more</h2><div class='{wrapper}'>{rail}</div></article></main>"


def test_a_named_rail_of_story_cards_after_the_article_is_left_out() -> None:
    text = main_text(page(_article("related-posts", _rail(RAIL_CARDS))))
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
    assert P1 in text.body and P3 in text.body
    assert "tram line 2" not in text.body and "Explore more" not in text.body
    assert "a rail of other stories after the article" in text.explanation.render()


def test_a_rail_no_class_word_names_as_other_stories_is_kept() -> None:
    text = main_text(page(_article("grid", _rail(RAIL_CARDS))))
    assert "tram line 2" in text.body  # a service page's closing offers have the same shape


def test_cards_titled_by_a_name_not_a_headline_are_no_story_rail() -> None:
    text = main_text(page(_article("related-posts", _rail(RAIL_CARDS, title="Tram {}"))))
    assert "tram line 2" in text.body


def test_the_same_cards_between_the_storys_paragraphs_or_before_more_text_are_kept() -> None:
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}<div class='related'>{_rail(RAIL_CARDS)}</div>"
                          f"<p>{P1.replace('Tuesday', 'Friday')}</p></article></main>"))
    assert "tram line 2" in text.body
    blocks = segment(page(f"<article>{STORY}<div>{_rail(4)}</div><p>Call the desk.</p></article>"))
    good = {b.index for b in blocks if b.words >= 20 and "tram" not in b.text}
    named = {b.index for b in blocks}
    assert not rails_after_story(blocks, good, named)  # the cards do not end the kept text
    assert rails_after_story(blocks[:-1], good, named)
    assert not rails_after_story(blocks[:-1], good, set())  # nothing names them


def test_rail_cards_need_a_title_a_link_a_short_summary_and_like_siblings() -> None:
    def found(html: str) -> list[list[int]]:
        return story_rails(segment(page(f"<div>{html}</div>")))

    assert found(_rail(CARD_MIN_ITEMS))
    assert not found(_rail(CARD_MIN_ITEMS - 1))
    assert not found(_rail(CARD_MIN_ITEMS).replace("<a href", "<a name"))  # links nowhere
    assert not found(_rail(CARD_MIN_ITEMS).replace("h3>", "span>"))  # no title
    assert not found(_rail(CARD_MIN_ITEMS, title="Tram {}"))  # names, not headlines
    long = SUMMARY + " " + " ".join(["More of the story follows here."] * (RAIL_SUMMARY_MAX_WORDS // 5))
    assert not found(_rail(CARD_MIN_ITEMS, long))  # a section of text, not a card


def test_a_rail_titled_as_other_stories_is_named_by_its_title() -> None:
    """No class word names the rail, its heading does ("Recent posts"): left out. The same rail
    under a title of the story's own ("Explore more") stays, as a service page's offers do."""
    titled = (f"<main><article><h1>Buses</h1>{STORY}<h2>Recent posts</h2>"
              f"<div class='grid'>{_rail(RAIL_CARDS)}</div></article></main>")
    text = main_text(page(titled))
    assert P1 in text.body and P3 in text.body
    assert "tram line 2" not in text.body and "Recent posts" not in text.body
    assert "tram line 2" in main_text(page(titled.replace("Recent posts", "Explore more"))).body


def test_rails_among_some_blocks_read_off_the_climb_of_them_all_are_theirs() -> None:
    """`story_rails` of some of the page's blocks, read off the page's climb, finds what climbing
    them alone finds: a card left out of the kept blocks is no item of the rail, and too few
    cards left make none."""
    blocks = segment(page(f"<article>{STORY}<div class='related'>{_rail(CARD_MIN_ITEMS + 1)}</div></article>"))
    page_climb = climb(blocks)
    first_card = next(i for i, b in enumerate(blocks) if "tram line 0" in b.text or "number 0" in b.text)
    for kept in (blocks, blocks[:first_card] + blocks[first_card + 3:], blocks[:first_card + 6]):
        assert story_rails(kept, page_climb) == story_rails(kept)
    assert story_rails(blocks, page_climb)
    assert not story_rails(blocks[:first_card + 6], page_climb)  # two cards: no rail
