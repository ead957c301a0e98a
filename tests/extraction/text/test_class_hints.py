"""Class/id hints read the role of an element, not its colour (issue 12)."""

from __future__ import annotations

import lxml.html

from extraction.maintext import main_text
from extraction.text.features import STRONG_HINTS, WEAK_HINTS, HintIndex, hint_of, page_path_words
from tests.extraction.test_cards import PRODUCT_LD, SPECS
from tests.extraction.text.helpers import DOC_INTRO, DOC_MORE, DOC_STEP, page
from tests.extraction.text.test_traps import P1


def _hint(classes: str) -> str | None:
    return hint_of(lxml.html.fragment_fromstring(f"<div class='{classes}'>x</div>"), STRONG_HINTS)


def test_navy_colour_utilities_are_not_navigation_hints():
    for classes in ("text-navy", "bg-navy-800", "navy", "button--navy-outline", "text-color-navy-dark"):
        assert _hint(classes) is None, classes


def test_navigation_names_are_still_hints():
    for classes in ("site-nav", "main_nav", "nav", "nav-links", "navbar", "footer-navigation"):
        assert _hint(classes), classes


def test_a_paywall_meter_is_a_weak_hint_a_parameter_or_a_diameter_is_not():
    def weak(classes: str) -> str | None:
        return hint_of(lxml.html.fragment_fromstring(f"<div class='{classes}'>x</div>"), WEAK_HINTS)

    for classes in ("meter", "meter-bar", "paywall-meter", "paywall_meter", "meteredContent"):
        assert weak(classes), classes
    for classes in ("parameters", "function_parameters", "case-diameter", "odometer", "Speedometer"):
        assert weak(classes) is None, classes


def test_a_posts_categories_and_tags_are_its_topics_not_hints():
    post = "post-12 post type-post status-publish format-standard hentry category-social-media tag-popular-brands"
    assert _hint(post) is None
    assert _hint("card category-social-media") == "social"  # not a post's class list: still a hint
    for classes in ("tag-list", "category-nav", "entry-footer hentry-meta"):
        assert _hint(classes), classes


def test_a_consent_platforms_banner_is_a_consent_hint_by_the_platforms_name():
    from extraction.text.features import CONSENT_HINTS

    for classes in ("cmplz-message", "onetrust-banner-sdk", "iubenda-cs-paragraph", "sp_message_container",
                    "didomi-popup", "usercentrics-root"):
        hint = _hint(classes)
        assert hint and CONSENT_HINTS.search(hint), classes


def test_a_recipe_filed_under_cookies_is_read():
    post = (f"<main><article class='post-7 type-post status-publish hentry category-cookies tag-comments'>"
            f"<h1>Brown butter cookies</h1><p>{P1}</p><p>{P1} Bake them for twelve minutes.</p></article></main>")
    body = main_text(page(post)).body
    assert "Bake them for twelve minutes." in body


def test_screen_reader_only_text_is_a_hint_under_each_frameworks_name():
    for classes in ("sr-only", "visually-hidden", "visuallyhidden", "show-for-sr", "element-invisible",
                    "screen-reader-text", "screenreader-only", "assistive-text"):
        assert _hint(classes), classes


def test_a_custom_elements_name_is_read_like_its_class():
    footer = lxml.html.fragment_fromstring("<docs-content-footer><p>x</p></docs-content-footer>")
    assert hint_of(footer, STRONG_HINTS) == "footer"
    assert hint_of(lxml.html.fragment_fromstring("<footer-like>x</footer-like>"), STRONG_HINTS) == "footer"
    assert hint_of(lxml.html.fragment_fromstring("<section>x</section>"), STRONG_HINTS) is None


def test_a_licence_note_in_a_custom_footer_element_under_the_text_is_left_out():
    note = ("Except where noted otherwise, the text of this guide may be shared and adapted under an open "
            "licence, and every sample shown here may be copied into your own projects under a permissive one.")
    html = (f"<main><docs-content><article><h1>Guide</h1><p>{DOC_INTRO}</p><p>{DOC_STEP}</p><p>{DOC_MORE}</p>"
            f"</article><docs-content-footer><p>{note}</p></docs-content-footer></docs-content></main>")
    body = main_text(page(html)).body
    assert DOC_STEP in body and note not in body


def test_a_tooltips_or_popovers_bubble_is_a_hint_the_element_that_opens_it_is_not():
    for classes in ("tool-tip", "tooltip", "wt-popover", "infotip__content", "a-popover-content", "popover-body"):
        assert _hint(classes), classes
    for classes in ("has-tooltip", "a-popover-trigger", "info-items-with-tooltips", "tooltipster-base-theme"):
        assert _hint(classes) is None, classes


def test_a_specifications_glossary_in_tooltips_is_left_out_of_a_product_page():
    tip = ("<div class='tool-tip'><p>Impedance is the resistance a headphone offers to the current of the "
           "amplifier, measured in ohms.</p></div>")
    doc = page(f"<main><p>{P1}</p><div class='spec'><h4>Impedance</h4>{tip}<p>32 ohms</p></div></main>",
               head=PRODUCT_LD)
    body = main_text(doc).body
    assert P1 in body and "32 ohms" in body and "measured in ohms" not in body


def test_up_sells_and_cross_sells_are_hints_a_word_that_only_starts_so_is_not():
    for classes in ("up-sells upsells products", "upsell", "cross-sells", "crosssell-products", "upsell_block"):
        assert _hint(classes), classes
    for classes in ("upsellable", "cross-sellers-badge"):
        assert _hint(classes) is None, classes


def test_a_shops_up_sells_below_a_product_are_left_out_with_their_heading():
    """The row of cards goes as other products either way; its heading went only by its name."""
    cards = "".join(f"<li class='product'><a href='/p/{i}'><img src='/{i}.jpg' alt=''></a>"
                    f"<h2>Sandal model {i}</h2><span class='price'>{i}9,90€</span></li>" for i in range(4))
    doc = page(f"<main><div class='product'><h1>Kettle</h1><p>{P1}</p>{SPECS}"
               f"<section class='up-sells upsells products'><h2>You may also like</h2>"
               f"<ul class='products'>{cards}</ul></section></div></main>", head=PRODUCT_LD)
    body = main_text(doc).body
    assert P1 in body and "Value 3 litres" in body
    assert "Sandal model 2" not in body and "You may also like" not in body


def test_a_list_of_site_notices_is_a_hint_a_storys_own_notice_is_not():
    """A forum prints its site notices (a scam alert, a meetup call) over every thread
    (XenForo's `ul.notices`); a shop its cart messages (`woocommerce-notices-wrapper`). A
    story's own `notice` (a correction) is the singular, and no hint."""
    for classes in ("notices notices--block", "woocommerce-notices-wrapper", "site-notices"):
        assert _hint(classes), classes
    for classes in ("notice", "correction-notice", "noticeboard"):
        assert _hint(classes) is None, classes


LABELLED = ("<section id='labels-parenthesize-expressions-with-comments'><span id='parenthesizing'></span>"
            "<h3>Parenthesizing expressions with parameter comments<a class='headerlink' "
            "href='#labels-parenthesize-expressions-with-comments'>#</a></h3>")


def test_a_section_id_its_headings_permalink_points_to_names_its_topic_not_a_role():
    """Sphinx with MyST makes an author's label the section's id: not the heading's slug, yet
    the heading's permalink points to it, so it names what the section is about."""
    assert hint_of(lxml.html.fragment_fromstring(f"{LABELLED}<p>x</p></section>"), STRONG_HINTS) is None
    for html in ("<div id='comments'><h3>12 Comments</h3><ol><li>x</li></ol></div>",
                 "<div id='comments-area'><h3>Comments <a href='#respond'>Leave a reply</a></h3></div>",
                 "<div id='cookie-law-info-bar'><h4>Cookies</h4><p>We use cookies.</p></div>"):
        assert hint_of(lxml.html.fragment_fromstring(html), STRONG_HINTS), html


def test_a_labelled_docs_section_about_comments_is_read():
    body = main_text(page(f"<article><h1>Style</h1><p>{DOC_INTRO}</p>{LABELLED}<p>{DOC_STEP}</p>"
                          f"<p>{DOC_MORE}</p></section></article>")).body
    assert DOC_STEP in body and DOC_MORE in body


def test_the_words_of_a_pages_path_drop_its_extension_and_a_closing_index():
    assert page_path_words("https://example.org/api/Cookies.html") == ("api", "cookies")
    assert page_path_words("https://example.org/best-practices/writing-tests") == ("best", "practices", "writing", "tests")
    assert page_path_words("https://example.org/guide/consent/index.html") == ("guide", "consent")
    for url in ("https://example.org/cookies", "https://example.org/api/", "https://example.org/"):
        assert page_path_words(url) == (), url


def test_a_class_word_that_spells_the_pages_path_names_its_topic_not_a_role():
    """VitePress puts `_api_Cookies` on the content element of /api/Cookies.html: the page is
    about cookies, it is no cookie banner. A consent banner's own word stays a hint there, and
    the path word is read on that page only."""
    html = ("<div class='vp-doc _api_Cookies'><h1>Cookie handling</h1><p>x</p></div>"
            "<div id='cookie-consent' class='cookie-banner'><p>We use cookies.</p></div>")
    root = lxml.html.fromstring(f"<html><body><main>{html}</main></body></html>")
    doc_element, banner = root.find_class("vp-doc")[0], root.get_element_by_id("cookie-consent")
    text, notice = doc_element[1], banner[0]
    on_page = HintIndex(url="https://example.org/api/Cookies.html")
    assert on_page.of(text)[1] is None
    assert on_page.of(notice)[1] == "cookie"
    for url in ("https://example.org/api/Agent.html", "https://example.org/cookies", ""):
        assert HintIndex(url=url).of(text)[1] == "Cookie", url
    assert hint_of(doc_element, STRONG_HINTS) == "Cookie"


def test_elements_of_one_class_are_hinted_by_their_own_tag_and_id():
    """`HintIndex` reads each class value of the page once for the plain elements: a custom
    element's tag and an element's id are words of their own, read for that element."""
    doc = page("<div class='box'><p>Plain box text here</p></div>"
               "<share-buttons class='box'><p>Share this now</p></share-buttons>"
               "<my-card class='box'><p>Card text here</p></my-card>"
               "<div class='box' id='newsletter'><p>Weekly letter text</p></div>")
    hints = HintIndex(url=doc.url)
    strong = {p.text: hints.of(p)[1] for p in doc.root.iter("p")}
    assert strong == {"Plain box text here": None, "Share this now": "share", "Card text here": None,
                      "Weekly letter text": "newsletter"}
    assert all(hints.overruled(p) is None for p in doc.root.iter("p"))
