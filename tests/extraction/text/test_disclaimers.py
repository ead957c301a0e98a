"""Issue 12: a publisher's legal disclaimer under a story (phrases.disclaimer) is left out after
the context pass, like a widget's label; a long block that merely says so is kept."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.phrases import DISCLAIMER_MAX_WORDS, disclaimer
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

STORY = "".join(f"<p>{p}</p>" for p in (P1, P2, P3))
NOTICE = ("Disclaimer: This article is intended for educational and informational purposes only and is "
          "not a substitute for professional medical advice.")


def test_a_disclaimer_under_the_story_is_left_out() -> None:
    text = main_text(page(f"<main><article><h1>Buses</h1>{STORY}<p>{NOTICE}</p></article></main>"))
    assert P1 in text.body and P3 in text.body
    assert "educational and informational" not in text.body
    assert text.explanation is not None and "a disclaimer" in text.explanation.render()


def test_disclaimer_phrases() -> None:
    assert disclaimer(NOTICE)
    assert disclaimer("The views expressed by the authors of this blog are their own.")
    assert disclaimer("The content of this post does not necessarily reflect the views of the company.")
    assert not disclaimer(P1)
    assert not disclaimer(" ".join([P2] * (DISCLAIMER_MAX_WORDS // 20)) + " " + NOTICE)  # an article about one
