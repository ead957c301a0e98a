"""Issue 12: the evidence of the layout kind -- the article test weighs the region against the
page's content words (menus in boilerplate classes and short-link blocks left out), product
markup decides before it, and documentation with one dominant region is named and read as one."""

from __future__ import annotations

from extraction.maintext import explain_main_text, main_text
from extraction.text.blocks import segment
from extraction.text.inclusive import short_links
from extraction.text.layout import (
    ARTICLE,
    ARTICLE_MARKUP_MIN_PROSE_WORDS,
    DOCUMENTATION,
    LISTING,
    PRODUCT,
    THREAD,
    THREAD_MIN_POSTS,
    decide,
    repeated_post_items,
)
from tests.extraction.text.helpers import page
from tests.extraction.text.test_traps import P1, P2, P3

MEGA_MENU = "<div class='menu'><ul>" + "".join(f"<li><a href='/s{i}'>Section{i}</a></li>" for i in range(120)) + "</ul></div>"
"""A mega-menu in a `div.menu`, not a `<nav>`: 120 one-word links, more words than the story."""
TAG_CLOUD = "<div>" + " ".join(f"<a href='/t/{i}'>tag{i}</a>" for i in range(60)) + "</div>"
"""A tag cloud with no class at all: one block of short links."""
STORY = f"<div class='post'><p>{P1}</p><p>{P2}</p></div>"
PRODUCT_LD = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", '
              '"name": "Kettle"}</script>')
ARTICLE_OG = '<meta property="og:type" content="article">'


def test_a_short_story_beside_a_menu_class_and_a_tag_cloud_is_an_article() -> None:
    doc = page(MEGA_MENU + STORY + TAG_CLOUD)
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE
    assert P1 in text.body and P2 in text.body
    assert "Section1" not in text.body and "tag1" not in text.body
    assert "outside menus and boilerplate classes" in explain_main_text(doc)


def test_short_links_tell_a_menu_from_a_list_of_linked_headlines() -> None:
    headlines = "<ul>" + "".join(
        f"<li><a href='/h{i}'>Council votes to expand the northern bus routes {i}</a></li>" for i in range(3)) + "</ul>"
    doc = page(TAG_CLOUD + headlines)
    blocks = segment(doc)
    cloud = next(b for b in blocks if "tag1" in b.text)
    headline = next(b for b in blocks if "routes 1" in b.text)
    assert short_links(cloud) and not short_links(headline)


def test_product_markup_names_a_product_page_even_when_one_region_dominates() -> None:
    body = f"<div><p>{P1}</p><p>{P2}</p><p>{P3}</p></div>"
    product = main_text(page(body, head=PRODUCT_LD)).explanation
    assert product is not None and product.layout_kind == PRODUCT
    assert any("product markup" in e for e in product.layout_evidence)
    both = main_text(page(body, head=PRODUCT_LD + ARTICLE_OG)).explanation
    assert both is not None and both.layout_kind == ARTICLE  # a review: article markup wins


def test_documentation_with_one_dominant_region_is_named_and_read_as_that_region() -> None:
    code = "<pre>pip install kettle</pre><pre>kettle.boil(water)</pre>"
    side = "<div class='sidebar'><p>Elsewhere on this site you can read about our company and its history.</p></div>"
    doc = page(f"<div class='doc'><p>{P1}</p>{code}<p>{P2}</p><p>{P3}</p></div>{side}")
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == DOCUMENTATION
    assert any("read like an article" in e for e in text.explanation.layout_evidence)
    assert P1 in text.body and P3 in text.body and "company and its history" not in text.body
    assert text.explanation.regions == ()  # the chosen container, not the inclusive region's parts


def test_a_static_page_wrapped_whole_in_a_visibility_hidden_veil_is_read() -> None:
    story = f"<article><p>{P1}</p><p>{P2}</p><p>{P3}</p></article>"
    veiled = main_text(page(f"<div style='visibility:hidden;min-height:100vh'>{story}</div>"))
    assert P1 in veiled.body and P3 in veiled.body
    inner_hidden = main_text(page(f"<div style='visibility:hidden'>{story}<div style='display:none'>"
                                  "<p>A hidden dialog that stays hidden.</p></div></div>"))
    assert P1 in inner_hidden.body and "hidden dialog" not in inner_hidden.body
    collapsed = main_text(page(f"{story}<div style='display:none'><p>{P1.upper()}</p></div>"))
    assert P1.upper() not in collapsed.body  # display:none is never a veil


def _thread(first_post_paragraphs: int) -> str:
    first = "".join(f"<p>{P1} {P2}</p>" for _ in range(first_post_paragraphs))
    replies = "".join(f"<div class='post' id='post_{i}'><p>Thanks, that worked for me too on the "
                      f"northern line this morning, and the bus was on time for once, number {i}.</p></div>" for i in range(1, 4))
    return f"<div class='topic'><div class='post' id='post_0'>{first}</div>{replies}</div>"


def test_a_thread_whose_first_post_dominates_is_still_a_thread() -> None:
    doc = page(_thread(3))
    first = doc.root.get_element_by_id("post_0")
    kind = decide(doc, 180, 180, 200, 200, 0, first)  # the first post holds 0.9 of the words
    assert kind.kind == THREAD and kind.inclusive
    assert any("the region is one of 4 repeated" in e for e in kind.evidence)
    outside = decide(doc, 180, 180, 200, 200, 0, doc.root.find("body"))  # an article above comments
    assert outside.kind == ARTICLE


def test_an_articles_own_post_header_body_and_footer_are_not_a_thread() -> None:
    parts = (f"<div class='post-header'><p>{P3}</p></div><div class='post-content'><p>{P1}</p><p>{P2}</p>"
             f"<p>{P1}</p></div><div class='post-footer'><p>{P3}</p></div>")
    doc = page(f"<div class='entry'>{parts}</div>")
    assert len(repeated_post_items(doc)) < THREAD_MIN_POSTS
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == ARTICLE


def test_a_main_landmark_misnested_inside_nav_is_not_chrome() -> None:
    menu = "<ul>" + "".join(f"<li><a href='/m{i}'>Menu{i}</a></li>" for i in range(5)) + "</ul>"
    doc = page(f"<nav>{menu}<main><p>{P1}</p><p>{P2}</p></main></nav>")
    body = main_text(doc).body
    assert P1 in body and P2 in body and "Menu1" not in body
    assert P1 not in main_text(page(f"<nav>{menu}<div><p>{P1}</p></div></nav><div><p>{P3}</p></div>")).body


def test_article_markup_needs_the_region_to_hold_a_share_of_the_words_outside_comments() -> None:
    cards = "".join(f"<div class='card'><h3><a href='/n{i}'>Headline number {i} about the council</a></h3>"
                    f"<p>A short summary of the story, number {i}</p></div>" for i in range(60))
    lead = f"<div class='lead'><p>{P1}</p><p>{P2}</p><p>{P3}</p></div>"
    front = main_text(page(f"{lead}<div class='grid'>{cards}</div>", head=ARTICLE_OG)).explanation
    assert front is not None and front.layout_kind != ARTICLE  # a section front that says "article"
    prose = next(int(e.split()[0]) for e in front.layout_evidence if e.endswith("words of prose in it"))
    assert prose >= ARTICLE_MARKUP_MIN_PROSE_WORDS  # only the share kept the markup from deciding
    comments = "".join(f"<div class='comment'><p>{P2} {P3} {P1} {i}</p></div>" for i in range(12))
    story = main_text(page(f"<article><p>{P1}</p><p>{P2}</p></article><section>{comments}</section>",
                           head=ARTICLE_OG))
    assert story.explanation is not None and story.explanation.layout_kind == ARTICLE
    assert P1 in story.body and f"{P1} 3" not in story.body


def test_posts_that_are_mostly_links_are_a_list_of_posts_not_a_thread() -> None:
    entries = "".join(f"<div class='post' id='post-{i}'><h2><a href='/p/{i}'>Council votes to expand the "
                      f"northern bus routes again in spring, part {i}</a></h2><a href='/c/{i}'>Transport news</a>"
                      "<span>3 min</span></div>" for i in range(8))
    doc = page(f"<main>{entries}</main>")
    text = main_text(doc)
    assert text.explanation is not None and text.explanation.layout_kind == LISTING
    assert any("a list of posts" in e for e in text.explanation.layout_evidence)
    assert "northern bus routes again in spring, part 5" in text.body
    replies = page(_thread(3))  # posts of prose with no links stay a thread
    assert decide(replies, 180, 180, 200, 200, 0, replies.root.get_element_by_id("post_0")).kind == THREAD


def test_a_threads_post_metadata_is_left_out_and_its_short_replies_kept() -> None:
    posts = "".join(f"<div class='post' id='post_{i}'><div class='author'>member{i}</div><div>Posts: 1{i}</div>"
                    f"<p>{P1 if i == 0 else P2} Reply {i}.</p>{'<p>Thanks!</p>' if i == 2 else ''}</div>"
                    for i in range(4))
    other = "".join(f"<div class='card'><h3><a href='/n{i}'>Headline number {i} about the council</a></h3>"
                    f"<p>A short summary of the story, number {i}</p></div>" for i in range(20))  # no region dominates
    text = main_text(page(f"<main>{posts}</main>{other}"))
    assert text.explanation is not None and text.explanation.layout_kind == THREAD
    assert "Reply 3." in text.body and "Thanks!" in text.body
    assert "member1" not in text.body and "Posts: 12" not in text.body
    assert "between posts (name, date, count)" in text.explanation.render()
