"""A `<form>` inside the article's region is a box the reader fills in (a newsletter or lead
sign-up, a quote request), not the story; a form around the whole page (ASP.NET) is not."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import STORY_SENTENCE as SENTENCE
from tests.extraction.text.helpers import page

PITCH = "Reach thousands of manufacturers and suppliers with our database, researched by real people."


def _story(form: str) -> str:
    paragraph = f"<p>{SENTENCE * 4}</p>"
    return (f"<nav><a href='/'>Home</a> <a href='/a'>About</a></nav>"
            f"<div class='post'>{paragraph}{paragraph}{paragraph}{form}</div>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_sign_up_form_after_the_story_is_left_out():
    form = (f"<form action='/leads'><div>Get 500 free leads now!</div><div>{PITCH}</div>"
            "<label>Email</label><input name='email'><button>Send</button></form>")
    body = main_text(page(_story(form))).body
    assert SENTENCE.strip() in body
    assert "Reach thousands" not in body and "500 free leads" not in body


def test_a_form_around_the_whole_page_does_not_hide_the_story():
    body = main_text(page(f"<form id='aspnetForm' action='/'>{_story('')}</form>")).body
    assert SENTENCE.strip() in body
