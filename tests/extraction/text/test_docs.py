"""Documentation pages (docs.py): code samples, definition terms, section anchors, code lines."""

from __future__ import annotations

import lxml.html

from extraction.maintext import main_text
from extraction.text.blocks import segment
from extraction.text.docs import code_between, code_line
from extraction.text.features import STRONG_HINTS, hint_of, permalinked_section
from extraction.text.layout import DOCUMENTATION, second_copies
from tests.extraction.text.helpers import DOC_INTRO as INTRO
from tests.extraction.text.helpers import DOC_MORE as MORE
from tests.extraction.text.helpers import DOC_STEP as STEP
from tests.extraction.text.helpers import box, page, rendered

TABS = "<ul class='tab-strip'>" + "".join(f"<li><a href='/os/{n}'>{n}</a></li>" for n in ("Linux", "macOS")) + "</ul>"


def test_a_short_code_sample_beside_a_tab_strip_is_kept_between_the_good_paragraphs():
    html = (f"<article><h1>Getting started</h1><p>{INTRO}</p>{TABS}<pre>tool serve --socket /run/tool</pre>"
            f"<p>{STEP}</p><p>{MORE}</p></article>")
    body = main_text(page(html)).body
    assert "tool serve --socket /run/tool" in body and STEP in body


def test_code_between_takes_code_inside_the_good_span_and_the_samples_closing_it_never_hard_boilerplate():
    good = [False, True, False, False, False, True, False, False, False]
    hard = [False, False, False, True, False, False, False, True, False]
    code = [True, False, True, True, True, False, True, True, True]
    assert code_between(good, hard, code) == [2, 4, 6]  # not the header's snippet (0), nor past the footer's (7)
    assert code_between([False, False], [False, False], [True, True]) == []


def test_a_code_sample_that_closes_the_page_after_its_last_paragraph_is_kept():
    html = (f"<article><h1>Getting started</h1><p>{INTRO}</p><p>{STEP}</p><p>{MORE}</p>"
            "<pre><code><div class='cm-line'>tool serve --socket /run/tool</div>"
            "<div class='cm-line'>tool status</div></code></pre></article>"
            "<footer><p>Copyright 2026 Example Tools. All rights reserved.</p></footer>")
    body = main_text(page(html)).body
    assert "tool serve --socket /run/tool" in body and "tool status" in body and "Copyright" not in body


def test_a_definition_term_linked_to_its_page_is_kept_with_its_definition():
    terms = "".join(f"<dt><a href='/api/Client/{name}'>Client.{name}()</a></dt><dd><p>{text}</p></dd>"
                    for name, text in (("connect", STEP), ("close", MORE)))
    html = (f"<pre>import tool</pre><article><h1>Client</h1><p>{INTRO}</p><h2>Methods</h2><dl>{terms}</dl>"
            f"<p>{INTRO}</p></article>")
    body = main_text(page(html)).body
    assert "Client.connect()" in body and "Client.close()" in body


def test_documentation_keeps_second_copies_other_kinds_drop_them():
    texts = ["amount integer required", "currency string", "amount integer required"]
    assert second_copies(texts, DOCUMENTATION) == set()
    assert second_copies(texts, "listing") == {2}


def test_an_id_made_from_a_permalinked_heading_is_not_a_boilerplate_hint():
    anchored = lxml.html.fromstring(
        "<section id='cookies'><h3>Cookies<a class='headerlink' href='#cookies'>¶</a></h3><p>x</p></section>")
    assert permalinked_section(anchored) and hint_of(anchored, STRONG_HINTS) is None
    rail = lxml.html.fromstring("<div id='related'><h2>Related</h2><ul><li>x</li></ul></div>")
    assert not permalinked_section(rail) and hint_of(rail, STRONG_HINTS) == "related"


def test_a_docs_section_about_cookies_is_read():
    section = (f"<section id='cookies'><h2>Cookies<a href='#cookies'>¶</a></h2><p>{STEP}</p><p>{MORE}</p></section>")
    body = main_text(page(f"<article><h1>Guide</h1><p>{INTRO}</p>{section}</article>")).body
    assert STEP in body and MORE in body


def test_highlighted_code_lines_without_newlines_are_parted():
    html = ("<pre><code><span class='line'><span>npm create vite my-project</span></span>"
            "<span class='line'><span>cd my-project</span></span></code></pre>")
    doc = page(html)
    assert [b.text for b in segment(doc)] == ["npm create vite my-project cd my-project"]
    outside = lxml.html.fromstring("<p><span class='line'>a</span></p>").find("span")
    assert not code_line(outside)


def test_a_sticky_code_sample_beside_the_reference_is_not_an_overlay_when_rendered():
    html = (f"<div data-rc-id='1'><p data-rc-id='2'>{INTRO}</p><p data-rc-id='3'>{STEP}</p>"
            "<div data-rc-id='4'><pre data-rc-id='5'>curl https://api.example.org/v1/charges -u key</pre></div>"
            f"<p data-rc-id='6'>{MORE}</p></div>"
            "<div data-rc-id='7'><p data-rc-id='8'>Subscribe to our newsletter for product news.</p></div>")
    boxes = {1: box(), 2: box(), 3: box(), 4: box(position="sticky", overlay=True), 5: box(overlay=True), 6: box(),
             7: box(position="sticky", overlay=True), 8: box(overlay=True)}
    body = main_text(rendered(html, boxes)).body
    assert "api.example.org" in body and "newsletter" not in body

