"""Issue 12: the hidden panels of a tab set or a disclosure (the WAI-ARIA tabs and disclosure
patterns) are the page's text one click away and are read; a hidden element that only claims
`role="tabpanel"`, with no control naming it, stays hidden, and so does a closed dialog; the
closed bodies of an accordion are read."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.tabs import closed_dialog, collapsed_body, controlled_panels
from tests.extraction.text.helpers import box, page, rendered
from tests.extraction.text.test_traps import P1, P2
from values.rendered import Box

LINUX = "Install the package with the system package manager and then restart the service once."


def _tabs(controls: bool) -> str:
    named = ' aria-controls="panel-linux"' if controls else ""
    return ('<ul role="tablist"><li><a role="tab" aria-controls="panel-windows" aria-selected="true">Windows</a></li>'
            f'<li><a role="tab"{named}>Linux</a></li></ul>'
            f'<section id="panel-windows" role="tabpanel"><p>{P2}</p></section>'
            f'<section id="panel-linux" role="tabpanel" hidden><p>{LINUX}</p></section>')


def test_a_hidden_tab_panel_named_by_its_tab_is_read() -> None:
    text = main_text(page(f"<main><h1>Install</h1><p>{P1}</p>{_tabs(controls=True)}</main>"))
    assert P2 in text.body and LINUX in text.body


def test_a_hidden_panel_no_tab_names_stays_hidden() -> None:
    text = main_text(page(f"<main><h1>Install</h1><p>{P1}</p>{_tabs(controls=False)}</main>"))
    assert P2 in text.body and LINUX not in text.body


def test_an_accordion_answer_named_by_its_expandable_question_is_read() -> None:
    answer = "The warranty covers every part of the machine for five years from the day of purchase."
    faq = (f'<h2><button aria-expanded="false" aria-controls="a1">How long is the warranty?</button></h2>'
           f'<div id="a1" hidden><p>{answer}</p></div>')
    text = main_text(page(f"<main><h1>Questions</h1><p>{P1}</p>{faq}</main>"))
    assert answer in text.body


def test_panels_are_named_by_aria_controls_or_by_aria_labelledby() -> None:
    doc = page('<div><button role="tab" id="t1" aria-controls="p0">One</button>'
               '<button aria-controls="menu">Menu</button></div>'
               '<div role="tabpanel" aria-labelledby="t1" id="p1" hidden><p>x</p></div>'
               '<div role="tabpanel" id="p2" hidden></div><div id="menu" hidden></div>')
    assert controlled_panels(doc) == frozenset({"p0", "p1"})


REPORT = "Tell us what is wrong with this item and we will review the report within two working days."
SLIDE = "The second slide of the gallery shows the mug from above with its handle and glaze."


def test_rendered_a_closed_dialog_stays_hidden_whatever_its_box_says() -> None:
    """With layout, a `role="dialog"` marked `aria-hidden="true"` is a modal no one opened: the
    browser drew it (the stylesheet that hides it was not saved), the page's markup says closed.
    Another `aria-hidden` element the browser shows (a carousel's next slide) is still read."""
    doc = rendered(f"<main data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p>"
                   f"<div role='dialog' aria-hidden='true' data-rc-id='4'><p data-rc-id='5'>{REPORT}</p></div>"
                   f"<div aria-hidden='true' data-rc-id='6'><p data-rc-id='7'>{SLIDE}</p></div></main>",
                   {i: box(height=600 if i == 1 else 60) for i in range(1, 8)})
    body = main_text(doc).body
    assert P1 in body and REPORT not in body and SLIDE in body
    dialog = doc.root.find(".//div[@role='dialog']")
    assert closed_dialog(dialog) and not closed_dialog(doc.root.find(".//div[@aria-hidden]/p"))


def _accordion(answers: list[str], items: int = 3) -> tuple[str, dict[int, Box]]:
    """An article, then `items` like items, each a visible title over a body the stylesheet
    does not display (box invisible, `display: none`)."""
    html = f"<article data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p></article><div data-rc-id='4'>"
    boxes = {1: box(height=600), 2: box(), 3: box(), 4: box(height=300)}
    for i in range(items):
        n = 10 + 3 * i
        html += (f"<div class='faq-item item-{i}' data-rc-id='{n}'><h3 data-rc-id='{n + 1}'>Question {i}?</h3>"
                 f"<div class='faq-body' data-rc-id='{n + 2}'>{answers[i % len(answers)]}</div></div>")
        boxes.update({n: box(), n + 1: box(), n + 2: box(visible=False, width=0, height=0, display="none")})
    return html + "</div>", boxes


def test_rendered_the_closed_bodies_of_an_accordion_are_read_as_shown() -> None:
    """Without ARIA or `<details>`, an accordion is like items of a visible title over a body
    the stylesheet hides: its answers are the page's text, as a static parse reads them. A lone
    hidden body, and a closed list of links (a submenu), stay hidden."""
    answer = "Yes, every plan includes the filing of a state return at no extra cost to you."
    html, boxes = _accordion([answer])
    assert main_text(rendered(html, boxes)).body.count(answer) == 3
    html, boxes = _accordion([answer], items=1)
    assert answer not in main_text(rendered(html, boxes)).body
    links = "".join(f"<a href='/plan/{i}'>Plan number {i} for families.</a> " for i in range(4))
    html, boxes = _accordion([links])
    doc = rendered(html, boxes)
    assert "Plan number 2" not in main_text(doc).body
    assert not collapsed_body(doc, doc.root.find(".//div[@class='faq-body']"))


def _faq(titles: list[str], answer: str) -> str:
    """Items of a visible title over an answer the markup hides inline until a script opens it."""
    items = "".join(f"<div class='faq-item'><div class='faq-q'>{title}</div>"
                    f"<div class='faq-a' style='visibility:hidden;height:0'><p>{answer}</p></div></div>"
                    for title in titles)
    return f"<main><h1>Pet insurance</h1><p>{P1}</p><p>{P2}</p><div class='faq'>{items}</div></main>"


def test_the_answers_an_faq_hides_inline_under_its_questions_are_read() -> None:
    """A question's answer hidden by an inline style (a script lifts it on a click) is the
    page's text (`tabs.closed_answer`); inline hiding after a title that asks nothing, under
    a lone question, or over a list of links (a menu) is not read."""
    answer = "Pet insurance pays back part or all of the vet's bill once the claim has been approved."
    questions = ["What is pet insurance?", "How much does it cost?", "Which plans are there?"]
    assert main_text(page(_faq(questions, answer))).body.count(answer) == 3
    assert answer not in main_text(page(_faq(["Plans", "Prices", "Claims"], answer))).body
    assert answer not in main_text(page(_faq(questions[:1], answer))).body
    links = "".join(f"<a href='/plan/{i}'>Plan number {i} for families.</a> " for i in range(4))
    assert "Plan number 2" not in main_text(page(_faq(questions, links))).body


def test_rendered_the_answers_an_faq_hides_inline_are_read_too() -> None:
    answer = "Pet insurance pays back part or all of the vet's bill once the claim has been approved."
    items, boxes = "", {1: box(height=900), 2: box(), 3: box()}
    for i, title in enumerate(["What is pet insurance?", "How much does it cost?"]):
        n = 10 + 10 * i
        items += (f"<div class='faq-item' data-rc-id='{n}'><div class='faq-q' data-rc-id='{n + 1}'>{title}</div>"
                  f"<div class='faq-a' style='visibility:hidden;height:0' data-rc-id='{n + 2}'>"
                  f"<p data-rc-id='{n + 3}'>{answer}</p></div></div>")
        boxes |= {n: box(), n + 1: box(), n + 2: box(visible=False, height=0.0), n + 3: box(visible=False)}
    html = f"<main data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p>{items}</main>"
    assert main_text(rendered(html, boxes)).body.count(answer) == 2
