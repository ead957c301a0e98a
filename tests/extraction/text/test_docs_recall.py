"""Documentation pages (docs.py): parts of the text that read as navigation -- a closing "See
also" section, a sentence whose words are mostly its cross-reference -- are read on pages laid
out as documentation; an API member's term linked to its page is read on an inclusive read; a
sentence about subscribing to a program's events is no promo."""

from __future__ import annotations

import lxml.html

from extraction.maintext import main_text
from extraction.text.docs import closing_sections, cross_references
from extraction.text.features import Features
from extraction.text.layout import inclusive_keep
from tests.extraction.text.helpers import DOC_INTRO as INTRO
from tests.extraction.text.helpers import DOC_MORE as MORE
from tests.extraction.text.helpers import DOC_STEP as STEP
from tests.extraction.text.helpers import page, phrase_class

CODE = "<pre>tool serve --socket /run/tool.sock</pre><pre>tool connect --verbose</pre>"
SEE_ALSO = ("<h2>See also</h2><ul><li><a href='/docs/sockets/'>Socket options</a></li>"
            "<li><a href='/docs/versions/'>Negotiating the protocol version</a></li>"
            "<li><a href='/man/toolrc.5'>toolrc(5)</a></li></ul>")
PAGER = "<ul class='pager'><li><a href='/docs/a/'>Previous</a></li><li><a href='/docs/c/'>Next</a></li></ul>"
MENU = ("<nav><ul><li><a href='/'>Home</a></li><li><a href='/docs/'>Docs</a></li>"
        "<li><a href='/blog/'>Blog</a></li></ul></nav>")


def _reference(tail: str, code: str = CODE) -> str:
    return (f"{MENU}<main><h1>Client guide</h1><p>{INTRO}</p>{code}<p>{STEP}</p><p>{MORE}</p>{tail}</main>"
            "<footer><p>Copyright 2026 Tool project</p></footer>")


def test_a_see_also_section_closing_a_documentation_page_is_kept_with_its_heading():
    body = main_text(page(_reference(SEE_ALSO + PAGER))).body
    assert "See also" in body and "Socket options" in body and "toolrc(5)" in body
    assert "Negotiating the protocol version" in body
    assert "Previous" not in body and "Home" not in body


def test_the_same_section_on_a_page_not_laid_out_as_documentation_stays_out():
    body = main_text(page(_reference(SEE_ALSO, code=""))).body
    assert STEP in body and "Socket options" not in body


def test_closing_sections_want_a_heading_over_a_list_of_short_links_after_the_last_good_block():
    els = [lxml.html.fromstring(s) for s in (
        "<p>x</p>", "<h2>See also</h2>", "<li><a href='/a'>Socket options</a></li>",
        "<li><a href='/b'>Version negotiation</a></li>")]
    ul = lxml.html.fromstring("<ul></ul>")
    good = [True, False, False, False]
    bad = [False, False, True, True]
    headings = [False, True, False, False]
    groups = [None, None, ul, ul]
    assert closing_sections(good, [False] * 4, bad, headings, groups, els) == [2, 3]
    assert closing_sections(good, [False] * 4, bad, [False] * 4, groups, els) == []  # no heading: a rail
    table = lxml.html.fromstring("<table></table>")
    assert closing_sections(good, [False] * 4, bad, headings, [None, None, table, table], els) == []
    assert closing_sections(good, [False, False, True, False], bad, headings, groups, els) == []
    long = lxml.html.fromstring("<li><a href='/c'>" + "word " * 13 + "</a></li>")
    assert closing_sections(good, [False] * 4, bad, headings, groups, [*els[:3], long]) == []
    in_page = lxml.html.fromstring("<li><a href='#part'>Part two</a></li>")
    assert closing_sections(good, [False] * 4, bad, headings, groups, [*els[:3], in_page]) == []


def test_a_cross_reference_sentence_between_paragraphs_of_a_documentation_page_is_kept():
    ref = ("<p>See <a href='/docs/sockets/'>the socket options reference</a> "
           "<a href='/docs/errors/'>and error codes</a>.</p>")
    html = (f"{MENU}<main><h1>Client guide</h1><p>{INTRO}</p>{CODE}<p>{STEP}</p>{ref}"
            f"<p>{MORE}</p></main>")
    assert "See the socket options reference and error codes." in main_text(page(html)).body


def test_cross_references_are_sentences_with_a_link_between_good_blocks():
    els = [lxml.html.fromstring(s) for s in (
        "<p>x</p>", "<p>See <a href='/a'>Handling errors</a>.</p>", "<p><a href='/b'>Next</a></p>",
        "<li>See <a href='/c'>Socket options</a>.</li>", "<p>see <a href='/d'>handling errors</a> first</p>",
        "<p>y</p>")]
    good = [True, False, False, False, False, True]
    bad = [False, True, True, True, True, False]
    assert cross_references(good, [False] * 6, bad, els) == [1]
    assert cross_references(good, [False, True, False, False, False, False], bad, els) == []


TERM = Features(
    words=2, link_density=1.0, text_density=2.0, sentence_ends=0, pipes=0, dates=0, copyright=False,
    chrome_ancestor=None, strong_hint=None, weak_hint=None, positive_hint=None, teaser=False, phrase=None,
    relative_font_size=None, in_overlay=None, column_offset=None,
)
"""A two-word block wholly linked, no other boilerplate sign."""


def test_on_an_inclusive_read_a_linked_term_over_its_definition_is_kept_a_bare_link_is_not():
    dl = lxml.html.fromstring("<dl><dt><a href='/api/Socket/close'><code>Socket.close()</code></a></dt>"
                              "<dd>Closes the connection, flushing what is queued.</dd>"
                              "<dt><a href='/api/Socket/open'>Socket.open()</a></dt><dd></dd></dl>")
    close_term, open_term = dl.findall("dt")
    assert inclusive_keep("multi-section", TERM, element=close_term.find("a"))[0]
    assert inclusive_keep("documentation", TERM, element=close_term)[0]
    assert not inclusive_keep("multi-section", TERM, element=open_term)[0]  # no definition under it
    assert not inclusive_keep("thread", TERM, element=close_term)[0]
    link = lxml.html.fromstring("<li><a href='/api/Socket/close'>Socket.close()</a></li>")
    assert not inclusive_keep("multi-section", TERM, element=link)[0]



def test_subscribing_to_a_programs_events_is_no_promo_a_newsletter_or_an_app_still_is():
    assert phrase_class("Subscribe to the weekly newsletter for tips.") == "subscribe"
    assert phrase_class("Download and subscribe to the new Tidepool Pro app today.") == "subscribe"
    assert phrase_class("Subscribe to our updates") == "subscribe"
    assert phrase_class("When the socket closes, the client will unsubscribe from the old channel list and "
                        "subscribe to the status of the newly opened one.") is None


def test_a_docs_index_item_names_a_page_in_up_to_ten_words():
    index = "<ul>" + "".join(f"<li><a href='/docs/{n}/'>{title}</a></li>" for n, title in enumerate((
        "Socket options", "RTT (Round-Trip Time Estimates on Slow Satellite Links)",
        "Negotiating the protocol version between an old and a new client",
        "Error codes"))) + "</ul>"
    html = (f"{MENU}<main><h1>Client guide</h1><p>{INTRO}</p>{CODE}<p>{STEP}</p><h2>Topics</h2>{index}"
            f"<p>{MORE}</p><p>{STEP} {INTRO}</p></main>")
    body = main_text(page(html)).body
    assert "RTT (Round-Trip Time Estimates on Slow Satellite Links)" in body
    assert "Negotiating the protocol version between an old and a new client" not in body  # 11 words


def test_an_api_reference_keeps_a_methods_description_under_each_implementation():
    method = ("<p>This method tests less than or equal to for the two values and is used by the operator of "
              "the same name, so a sorted collection can compare any two of its items with it in each step.</p>")
    described = "".join(f"<h3>fn le_{i}(&amp;self, other: &amp;Rhs) -&gt; bool</h3>{method.replace('method', f'method {i}')}"
                        for i in range(6))
    impls = "".join(f"<section><h2>impl PartialOrd for Kind{k}</h2>{described}</section>" for k in range(2))
    text = main_text(page(_reference(impls)))
    assert text.explanation is not None and text.explanation.layout_kind == "documentation"
    assert text.body.count("used by the operator of the same name") == 12
    copies = main_text(page(f"<main><h1>Guide</h1><p>{INTRO}</p><p>{STEP}</p>{impls}</main>"))
    assert copies.explanation is not None and copies.explanation.layout_kind == "article"
    assert copies.body.count("used by the operator of the same name") == 6


def test_the_members_closing_an_api_reference_are_kept_a_feedback_widget_is_not():
    members = ("<h2>Instance Methods</h2>"
               "<h3>Client.close([callback])</h3><p>Implements <a href='/api/d#close'>Dispatcher.close()</a>.</p>"
               "<h3>Client.request(options)</h3><p>See <a href='/api/d#request'>Dispatcher.request()</a>.</p>"
               "<h4>Parameter: RequestOptions</h4><p>Extends: DispatchOptions</p><ul><li>origin string</li></ul>")
    feedback = "<h3>Was this page helpful?</h3><button>Yes</button><button>No</button>"
    reference = _reference(members + feedback).replace("<h1>Client guide</h1>", "<h1>Client guide</h1><h2>Setup</h2>")
    body = main_text(page(reference)).body
    for line in ("Implements Dispatcher.close().", "See Dispatcher.request().", "Client.close([callback])",
                 "Extends: DispatchOptions"):
        assert line in body, line
    assert "helpful" not in body
    unsentenced = main_text(page(reference.replace("Implements", "implements"))).body
    assert "Client.close([callback])" not in unsentenced  # a section that is no sentence ends the run
