"""Issue 12: hints that prose outweighs, static-parse traps, and the layout kind with its regions."""

from __future__ import annotations

import lxml.html

from extraction.maintext import explain_main_text, main_text
from extraction.text.blocks import segment
from extraction.text.features import (
    HINT_OVERRULE_PROSE_WORDS,
    STRONG_HINTS,
    HintIndex,
    hint_of,
    in_overlay,
    prose_words_below,
    relative_font_size,
)
from tests.extraction.text.helpers import STORY_SENTENCE, box, page, rendered
from tests.extraction.text.test_traps import NAV, P1, P2, P3

LONG = " ".join([P1, P2, P3])
"""About 90 words of running prose in one paragraph."""


def _story(paragraphs: int) -> str:
    return "".join(f"<p>{LONG}</p>" for _ in range(paragraphs))


def test_a_boilerplate_class_on_a_wrapper_of_hundreds_of_prose_words_is_overruled():
    doc = page(NAV + f"<div class='newsletter-post'><h1>Title</h1>{_story(3)}</div>")
    text = main_text(doc)
    assert text.body.count(P1) == 3
    assert "overruled by the prose it holds" in explain_main_text(doc)


def test_a_boilerplate_class_on_a_short_promo_still_sinks_it():
    promo = "<div class='newsletter-signup'><p>Get the best stories of the week, every Friday morning.</p></div>"
    body = main_text(page(NAV + f"<article>{_story(3)}</article>" + promo)).body
    assert "every Friday" not in body and P1 in body


def test_prose_below_counts_only_running_prose_and_the_overrule_needs_enough_of_it():
    doc = page(f"<div id='w' class='sidebar'>{_story(1)}</div><div id='s' class='sidebar'>{_story(3)}</div>")
    blocks = segment(doc)
    prose = prose_words_below(blocks)
    hints = HintIndex(prose)
    short, long_ = doc.root.get_element_by_id("w"), doc.root.get_element_by_id("s")
    assert prose[short] < HINT_OVERRULE_PROSE_WORDS <= prose[long_]
    assert hints.of(short[0])[1] == "sidebar"
    assert hints.of(long_[0])[1] is None and hints.overruled(long_[0]) == "sidebar"
    assert hints.of(long_[0])[2] == "sidebar"  # demoted to a weak hint, not forgotten


def test_comment_hints_are_never_overruled_by_prose():
    story = f"<p>{LONG}</p><p>{P3} {P2} {P1}</p>"  # two different paragraphs (a second copy is a copy)
    doc = page(f"<article>{story}</article><div class='comments'>{_story(3)}</div>")
    assert main_text(doc).body.count(P1) == 2


def test_layout_names_are_not_boilerplate_hints():
    root = lxml.html.fromstring("<div class='layout__2-sidebars-inline hasSidebar main'>x</div>")
    assert hint_of(root, STRONG_HINTS) is None
    assert hint_of(lxml.html.fromstring("<div class='left-sidebar'>x</div>"), STRONG_HINTS) == "sidebar"


def test_static_pages_read_a_long_noscript_and_a_streamed_chunk_but_not_a_short_notice():
    body = main_text(page("<noscript>Please enable JavaScript to use this site.</noscript>"
                          f"<noscript><div>{_story(1)}</div></noscript>")).body
    assert P1 in body and "enable JavaScript" not in body
    streamed = main_text(page(f"<div hidden id='S:0'><article>{_story(2)}</article></div>"
                              "<div hidden id='menu'><p>Hidden menu text that stays hidden.</p></div>")).body
    assert P1 in streamed and "Hidden menu" not in streamed


def test_a_page_nested_into_a_button_by_the_parser_is_still_read():
    body = main_text(page(f"<button class='menu'><div><article>{_story(2)}</article></div></button>"
                          "<button>Subscribe now</button>")).body
    assert P1 in body and "Subscribe" not in body


def test_an_article_is_decided_as_article_with_its_evidence():
    report = explain_main_text(page(NAV + f"<article>{_story(3)}</article>"))
    assert "layout kind: article (region holds 1.00" in report


def _card(i: int) -> str:
    return (f"<li class='card'><h3><a href='/p{i}'>Product guide number {i} for winter hiking</a></h3>"
            f"<p>Short summary of guide {i}, what it covers and who it is for.</p></li>")


def test_a_listing_keeps_every_card_and_drops_the_navigation():
    doc = page(NAV + "<main><h1>Guides</h1><ul class='cards'>" + "".join(_card(i) for i in range(12)) + "</ul></main>"
               "<footer><p>© 2025 Example</p></footer>")
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "listing"
    assert all(f"Product guide number {i} for winter hiking" in text.body for i in range(12))
    assert "Section 3" not in text.body and "©" not in text.body
    report = explain_main_text(doc)
    assert "layout kind: listing" in report and "content of a listing page" in report
    assert text.body.startswith("Guides\n\n")  # a page read whole keeps its heading; an article's is its title


def _reply(i: int) -> str:
    return (f"<div class='comment'><div class='author'>user{i}</div><p>Reply number {i}: I had the same "
            f"problem with my router and fixed it by resetting the settings, then it worked again for "
            f"weeks.</p></div>")


def test_a_thread_keeps_every_post():
    question = ("<div class='topic'><p>My router keeps dropping the connection every evening since the last "
                "update. Has anyone seen this and found a fix?</p></div>")
    doc = page(NAV + f"<main><h1>Router keeps dropping</h1>{question}<div class='comments'>"
               + "".join(_reply(i) for i in range(6)) + "</div></main>")
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == "thread"
    assert all(f"Reply number {i}:" in text.body for i in range(6))
    assert "thread" in explain_main_text(doc) and "+ region:" in explain_main_text(doc)
    assert "Router keeps dropping" not in text.body  # a thread's title is its title field's, as an article's


def test_a_rendered_app_shell_that_drew_nothing_is_read_from_its_noscript():
    """Rendered, a page whose script drew only a splash reads the thread the server put in
    `<noscript>`; when the script drew the page, the `<noscript>` duplicate stays unread."""
    shell = rendered(f"<div data-rc-id='1'>Loading</div><noscript data-rc-id='2'><div>{_story(2)}</div></noscript>",
                     {1: box()})
    assert P1 in main_text(shell).body
    drawn = rendered(f"<article data-rc-id='1'>{_story(2)}</article>"
                     "<noscript data-rc-id='2'><div><p>Crawler copy of the page: "
                     + " ".join(["word"] * 60) + "</p></div></noscript>", {1: box(height=600)})
    body = main_text(drawn).body
    assert P1 in body and "Crawler copy" not in body


def test_rendered_a_closed_details_and_an_unplaced_streamed_chunk_are_read_as_shown():
    """The browser hides a closed `<details>`' answer and a streamed chunk no script placed; the
    text is the page's all the same (a click away, a script away), as a static parse reads it."""
    hidden = box(visible=False, height=80)
    doc = rendered(f"<article data-rc-id='8'>{_story(3)}</article>"
                   f"<details data-rc-id='1'><summary data-rc-id='2'>Question</summary>"
                   f"<div data-rc-id='3'><p>The answer, folded. {LONG}</p></div></details>"
                   f"<div hidden id='S:0' data-rc-id='4'><p data-rc-id='5'>Streamed, unplaced. {P2}</p></div>"
                   f"<div data-rc-id='6'><p data-rc-id='7'>Hidden menu text that stays hidden.</p></div>",
                   {1: box(), 2: box(), 3: hidden, 4: box(visible=False, height=0), 5: box(visible=False, height=0),
                    6: hidden, 7: hidden, 8: box(height=600)})
    body = main_text(doc).body
    assert "The answer, folded." in body and "Streamed, unplaced." in body and "Hidden menu" not in body


def test_rendered_an_inline_veil_that_no_script_lifted_is_read_but_a_hidden_rail_is_not():
    """An `opacity:0` or `visibility:hidden` wrapper round most of the page's text is a fade-in
    whose script did not run; an invisible box with a minor share of the text stays hidden."""
    hidden = box(visible=False, height=600)
    for style in ("opacity:0", "visibility:hidden"):
        doc = rendered(f"<div style='{style}' data-rc-id='1'><article data-rc-id='2'>{_story(3)}</article></div>"
                       f"<div data-rc-id='3'><p data-rc-id='4'>A short rail note.</p></div>",
                       {1: hidden, 2: hidden, 3: box(), 4: box()})
        assert main_text(doc).body.count(P1) == 3, style
    rail = rendered(f"<article data-rc-id='1'>{_story(3)}</article>"
                    f"<div style='opacity:0' data-rc-id='2'><p data-rc-id='3'>Rail teaser that stays hidden here.</p></div>",
                    {1: box(height=600), 2: box(visible=False), 3: box(visible=False)})
    assert "Rail teaser" not in main_text(rail).body


def test_rendered_a_faded_and_moved_section_is_a_scroll_reveal_and_is_read():
    """A script fades a section out and moves it (`opacity:0` with a `transform`) until the reader
    scrolls to it: its text is the page's, as a static parse reads it. Faded alone, or hidden by
    `aria-hidden`, it stays hidden."""
    def body(style: str, extra: str = "") -> str:
        doc = rendered(f"<article data-rc-id='1'>{_story(3)}</article>"
                       f"<section style='{style}' {extra} data-rc-id='2'><p data-rc-id='3'>Revealed on scroll. {P2}</p>"
                       "</section>",
                       {1: box(height=600), 2: box(visible=False, height=120), 3: box(visible=False, height=100)})
        return main_text(doc).body

    assert "Revealed on scroll." in body("transform: matrix(1, 0, 0, 1, 0, 30); opacity: 0;")
    assert "Revealed on scroll." not in body("opacity: 0;")
    assert "Revealed on scroll." not in body("transform: none; opacity: 0;")
    assert "Revealed on scroll." not in body("transform: translateY(30px); opacity: 0;", "aria-hidden='true'")


def test_a_fixed_page_wrapper_is_a_scroll_lock_not_an_overlay():
    """A consent dialog pins `body` with `position: fixed`: a layer many screens tall is the page
    itself and is read; a fixed banner that fits the viewport is still an overlay."""
    locked = rendered(f"<div data-rc-id='1'><article data-rc-id='2'>{_story(3)}</article></div>"
                      "<div data-rc-id='3'><p data-rc-id='4'>We value your privacy and use cookies on this site.</p></div>",
                      {1: box(height=5000, position="fixed", overlay=True), 2: box(height=4000, overlay=True),
                       3: box(height=200, position="fixed", overlay=True), 4: box(height=100, overlay=True)})
    body = main_text(locked).body
    assert body.count(P1) == 3 and "privacy" not in body
    pinned = rendered("<div data-rc-id='1'><p data-rc-id='2'>Banner</p></div><p data-rc-id='3'>Page</p>",
                      {1: box(height=600, position="fixed", overlay=True), 2: box(height=500, overlay=True),
                       3: box()})
    banner, text = pinned.root.find(".//div/p"), pinned.root.find("body/p")
    assert in_overlay(pinned, banner) is True and in_overlay(pinned, text) is False
    assert in_overlay(locked, locked.root.find(".//article")) is False


def test_rendered_an_invisible_main_landmark_with_a_quarter_of_the_text_is_a_loading_veil():
    """A stylesheet rule a script was to lift hides `<main>`; a mega-menu outweighs it, yet the
    landmark is the content. An invisible `<div>` with the same share stays hidden."""
    menu = "<ul data-rc-id='9'>" + "".join(f"<li><a href='/c{i}'>Category {i} of the shop</a></li>" for i in range(60)) + "</ul>"
    hidden = box(visible=False, height=900)
    for tag in ("main", "div"):
        doc = rendered(f"<nav data-rc-id='8'>{menu}</nav><{tag} data-rc-id='1'><p data-rc-id='2'>Veiled. {LONG}</p>"
                       f"<p data-rc-id='3'>{LONG}</p></{tag}>",
                       {1: hidden, 2: hidden, 3: hidden, 8: box(height=300), 9: box(height=300)})
        assert ("Veiled." in main_text(doc).body) is (tag == "main"), tag


def test_a_consent_banner_is_never_overruled_by_its_legal_prose():
    banner = f"<div id='cookiebanner-container'><div class='cmp-body'>{_story(3)}</div></div>"
    doc = page(f"<article>{_story(1)}<p>Short end.</p></article>" + banner)
    blocks = segment(doc)
    hints = HintIndex(prose_words_below(blocks))
    inner = doc.root.get_element_by_id("cookiebanner-container")[0]
    assert hints.of(inner)[1] == "cookie" and hints.overruled(inner) is None


def test_nested_articles_of_long_prose_are_the_story_not_a_teaser_list():
    items = "".join(f"<article class='item'><h3>Pick {i}</h3>{_story(2)}</article>" for i in range(3))
    teasers = "".join(f"<article><h3><a href='/s{i}'>Other story {i}</a></h3><p>One line.</p></article>"
                      for i in range(3))
    body = main_text(page(NAV + f"<article><p>{LONG}</p>{items}{teasers}</article>")).body
    assert body.count(P1) == 7 and "Pick 2" in body
    assert "Other story" not in body


def test_an_author_box_is_a_hint_and_an_author_name_class_is_not():
    for cls in ("author-details", "authorInfo", "about-the-author", "post-author-box"):
        assert hint_of(lxml.html.fromstring(f"<div class='{cls}'>x</div>"), STRONG_HINTS), cls
    # A CMS names the item's author in a class of the item itself (`author-jane-doe`).
    assert hint_of(lxml.html.fromstring("<div class='hentry author-jane-doe'>x</div>"), STRONG_HINTS) is None


def test_a_footer_of_long_prose_stays_chrome():
    footer = f"<footer><div class='about'>{_story(3)}</div></footer>"
    doc = page(NAV + f"<main><h1>Lamp</h1><p>{P1}</p><p>{P2}</p></main>" + footer)
    hints = HintIndex(prose_words_below(segment(doc)))
    assert hints.of(doc.root.find(".//footer/div"))[0] == "footer"
    assert P3 not in main_text(doc).body


def test_a_second_copy_of_a_kept_block_is_a_copy_on_an_inclusive_read():
    from extraction.text.layout import second_copies

    texts = ["Blue wool  coat for winter", None, "blue wool coat for winter", "$99", "$99", "Blue wool coat for winter"]
    assert second_copies(texts) == {2, 5}  # folded whitespace and case; one-word lines stay
    assert second_copies(["Blue wool coat", None, None]) == set()


def test_a_repeated_two_word_card_label_is_a_copy_and_a_field_label_is_not():
    """A listing prints the same badge on every card ("Best seller", "Available now"): after the
    first it adds nothing. A label ending with a colon is a field whose value differs per card
    ("Cap type: Screw cap"), and it stays; so do one-word lines (prices, sizes) and, from three
    words, a quoted post's "Ann wrote:" is a copy as before."""
    from extraction.text.layout import second_copies

    texts = ["Best seller", "Oak shelf unit", "$49", "Cap type:", "Best  seller", "Pine shelf unit", "$49",
             "Cap type:", "Ann Lee wrote:", "Ann Lee wrote:"]
    assert second_copies(texts) == {4, 9}


def test_variant_utility_tokens_are_not_boilerplate_hints():
    code = lxml.html.fromstring("<pre class='[html.theme-bold.sidebar-filled_&]:bg-tint-base focus:not-sr-only'>x</pre>")
    assert hint_of(code, STRONG_HINTS) is None
    assert hint_of(lxml.html.fromstring("<div class='lg:flex sidebar'>x</div>"), STRONG_HINTS) == "sidebar"


def test_rendered_code_set_in_a_smaller_monospace_is_no_small_print():
    """Browsers and stylesheets set `<pre>` smaller than the text (monospace looks larger): a
    code sample at 0.81 of the body's size is no small print, while a paragraph at that size is."""
    doc = rendered(f"<article data-rc-id='1'><p data-rc-id='2'>{P1}</p><pre data-rc-id='3'>import time</pre>"
                   f"<p data-rc-id='4'>{P2}</p></article>",
                   {1: box(height=600), 2: box(), 3: box(font_size=13.0), 4: box(font_size=13.0)})
    pre, small = doc.root.find(".//pre"), doc.root.findall(".//p")[1]
    assert relative_font_size(doc, pre, 16.0) is None
    assert relative_font_size(doc, small, 16.0) == 13.0 / 16.0


def test_rendered_a_section_faded_by_the_stylesheet_under_its_own_heading_is_read():
    """An animation class fades a section out from a `<style>` rule until a script reveals it on
    scroll: a section with a heading of its own, in the flow under a shown parent, is the page's.
    Without a heading (a gallery, a lone paragraph) or absolutely placed (a menu), it stays hidden."""
    def body(inner: str, position: str = "static") -> str:
        doc = rendered(f"<main data-rc-id='1'><article data-rc-id='2'>{_story(3)}</article>"
                       f"<div class='step-up' data-rc-id='3'>{inner}<p data-rc-id='5'>Revealed later. {P2}</p></div></main>",
                       {1: box(height=900), 2: box(height=600), 3: box(visible=False, height=120, position=position),
                        4: box(visible=False), 5: box(visible=False, height=80)})
        return main_text(doc).body

    assert "Revealed later." in body("<h2 data-rc-id='4'>Data areas we cover</h2>")
    assert "Revealed later." not in body("<span data-rc-id='4'>Data areas we cover</span>")
    assert "Revealed later." not in body("<h2 data-rc-id='4'>Data areas we cover</h2>", position="absolute")


def test_statically_a_link_marked_aria_hidden_is_shown_but_a_hidden_block_is_not():
    """`aria-hidden` hides from screen readers, not from the eye: a card repeats its link round
    its summary for sighted readers and marks that copy `aria-hidden`. A static parse reads such
    a link; an `aria-hidden` block (a closed menu or panel) stays hidden."""
    doc = page(f"<main><article><p>{P1}</p><p>{P2} The council's <a aria-hidden='true' href='/report'>transport "
               f"report for the region</a> gives the details.</p><div aria-hidden='true'><p>{P3}</p></div></article></main>")
    body = main_text(doc).body
    assert "transport report for the region" in body and P3 not in body


def test_a_short_story_under_its_headline_among_rails_of_links_is_an_article():
    rail = "<ul class='links'>" + "".join(f"<li><a href='/n/{i}'>Another headline of the day number {i} "
                                          f"about the valley</a></li>" for i in range(40)) + "</ul>"
    paragraphs = "".join(f"<p>{STORY_SENTENCE * 4}Part {i}.</p>" for i in range(4))  # about 270 words
    story = f"<article><div class='story'><h1>Plant hires</h1>{paragraphs}</div></article>"
    text = main_text(page(f"{NAV}<div class='col'>{rail}</div><div class='main'>{story}</div><div>{rail}</div>"))
    assert text.explanation is not None and text.explanation.layout_kind == "article"
    assert "Another headline of the day number 3" not in text.body
