"""Issue 12: an article's list of references (rules/references.py, phrases.references_title):
the studies and pages the story cites, under a title that is only "Sources", "References",
"Article Sources:"..., are left out to the next heading of the title's rank; a heading that
merely opens with the word is the story's own section. A list printed without such a title is
known by its entries' shape (session 35): three or more citations in a row."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.layout import ARTICLE
from extraction.text.phrases import references_title
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

STORY = "".join(f"<p>{p}</p>" for p in (P1, P2, P3))
CITATIONS = "".join(f"<li>Author {n} et al. (2021). A study of bus networks in mid-sized cities, "
                    f"part {n}. Journal of Transport {n}: 10-20. https://doi.org/10.1000/{n}</li>" for n in range(4))


def test_a_list_of_references_after_the_article_is_left_out() -> None:
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}<h2>References</h2><ul>{CITATIONS}</ul>"
                          "</article></main>"))
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
    assert P1 in text.body and P3 in text.body
    assert "Journal of Transport" not in text.body and "References" not in text.body
    assert "a list of references after the article" in text.explanation.render()


def test_the_next_heading_of_its_rank_ends_the_list() -> None:
    closing = P2.replace("euros", "dollars")
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}<h3>Sources:</h3><ul>{CITATIONS}</ul>"
                          f"<h2>What comes next</h2><p>{closing}</p></article></main>"))
    assert "Journal of Transport" not in text.body
    assert "What comes next" in text.body and closing in text.body


FUNDERS = "".join(f"<li>Fund {n}: the city paid for part {n} of the new bus network in 2021.</li>" for n in range(4))


def test_a_section_whose_title_opens_with_the_word_is_the_storys() -> None:
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}<h2>Sources of funding</h2><ul>{FUNDERS}</ul>"
                          "</article></main>"))
    assert "Sources of funding" in text.body and "the city paid for part 3" in text.body


def test_an_untitled_list_of_citations_after_the_article_is_left_out() -> None:
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}<p><b>Citations</b></p><ul>{CITATIONS}</ul>"
                          "</article></main>"))
    assert P1 in text.body and P3 in text.body
    assert "Journal of Transport" not in text.body and "Citations" not in text.body
    assert "a list of references after the article" in text.explanation.render()  # type: ignore[union-attr]


def test_two_cited_lines_are_the_storys() -> None:
    two = "".join(f"<p>Author {n} et al. (2021). A study of bus networks, part {n}.</p>" for n in range(2))
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}{two}</article></main>"))
    assert "A study of bus networks, part 1." in text.body


def test_reference_titles() -> None:
    assert references_title("References")
    assert references_title(" Article Sources: ")
    assert references_title("Quellen")
    assert references_title("Bibliografía")
    assert not references_title("Sources of protein")
    assert not references_title("Our sources say the plan will pass")
