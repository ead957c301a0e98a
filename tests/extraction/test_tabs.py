"""Issue 12: the hidden panels of a tab set or a disclosure (the WAI-ARIA tabs and disclosure
patterns) are the page's text one click away and are read; a hidden element that only claims
`role="tabpanel"`, with no control naming it, stays hidden, and so does a closed dialog; the
closed bodies of an accordion are read."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.tabs import closed_dialog, collapsed_body, controlled_panels
from render.model import Box
from tests.extraction.text.helpers import box, page, rendered
from tests.extraction.text.test_traps import P1, P2

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
    assert controlled_panels(doc.root) == frozenset({"p0", "p1"})


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
