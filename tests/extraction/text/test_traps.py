"""Boilerplate traps: the article is kept, the trap is left out."""

from __future__ import annotations

from extraction.maintext import explain_main_text, main_text
from tests.extraction.text.helpers import DOC_INTRO, DOC_MORE, DOC_STEP, box, page, rendered

P1 = ("The city council voted on Tuesday to expand the bus network, adding four routes that will "
      "connect the northern suburbs with the hospital district by the end of next year.")
P2 = ("Officials said the plan would cost about twelve million euros, most of it paid by a regional "
      "transport fund, and that fares would not rise before the new routes open to passengers.")
P3 = ("Residents who spoke at the meeting welcomed the decision but asked for later evening services, "
      "which the council promised to study together with the operator during the spring.")
ARTICLE = f"<article><h1>Council expands buses</h1><p>{P1}</p><p>{P2}</p><p>{P3}</p></article>"
NAV = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8)) + "</ul></nav>"


def body_of(doc) -> str:
    return main_text(doc).body


def test_article_paragraphs_are_kept_with_blank_lines_and_headline_left_out():
    body = body_of(page(NAV + ARTICLE + "<footer><p>© 2024 Example News. All rights reserved.</p></footer>"))
    assert body == f"{P1}\n\n{P2}\n\n{P3}"


def test_cookie_banner_is_left_out():
    banner = ("<div class='cookie-consent'><p>We use cookies to improve your experience on our site. By "
              "continuing to browse you agree to our use of cookies and similar technologies.</p>"
              "<button>Accept</button></div>")
    assert "cookies" not in body_of(page(banner + ARTICLE))


def test_fixed_overlay_is_left_out_when_rendered():
    html = (f"<div data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p></div>"
            "<div data-rc-id='4'><p data-rc-id='5'>Subscribe now and get unlimited access to every story we "
            "publish, with a first month free of charge and no commitment at all.</p></div>")
    boxes = {1: box(), 2: box(), 3: box(), 4: box(position="fixed", overlay=True), 5: box(overlay=True)}
    body = body_of(rendered(html, boxes))
    assert P1 in body and "Subscribe" not in body


def test_hidden_text_never_enters_the_body_when_rendered():
    html = (f"<div data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>Hidden text that a reader never "
            f"sees on the page, even though it reads like a perfectly normal sentence.</p>"
            f"<p data-rc-id='4'>{P2}</p></div>")
    boxes = {1: box(), 2: box(), 3: box(visible=False), 4: box()}
    body = body_of(rendered(html, boxes))
    assert P1 in body and P2 in body and "Hidden" not in body


def test_hidden_text_is_left_out_statically_by_inline_style():
    html = f"<article><p>{P1}</p><p style='display: none'>Secret paragraph that is hidden.</p><p>{P2}</p></article>"
    assert "Secret" not in body_of(page(html))


def test_newsletter_box_inside_the_article_is_left_out():
    box_html = ("<div class='newsletter-signup'><h3>Get our morning briefing</h3><p>Sign up for our free "
                "newsletter and receive the day's most important stories in your inbox every morning.</p></div>")
    html = f"<article><p>{P1}</p><p>{P2}</p>{box_html}<p>{P3}</p></article>"
    body = body_of(page(html))
    assert P3 in body and "newsletter" not in body and "briefing" not in body


def test_related_articles_list_is_left_out():
    related = ("<div class='related-stories'><h2>Related</h2><ul>" + "".join(
        f"<li><a href='/r{i}'>Another headline about the city budget number {i}</a></li>" for i in range(5))
        + "</ul></div>")
    body = body_of(page(NAV + ARTICLE.replace("</article>", related + "</article>")))
    assert P3 in body and "Another headline" not in body and "Related" not in body


def test_comments_are_left_out():
    comments = ("<section id='comments'><h2>3 comments</h2>" + "".join(
        f"<div class='comment'><p>I have lived here for twenty years and the buses have never been this "
        f"crowded, so this decision is long overdue and very welcome indeed {i}.</p></div>" for i in range(3))
        + "</section>")
    body = body_of(page(ARTICLE + comments))
    assert P1 in body and "twenty years" not in body


def test_paywall_teaser_is_left_out_but_the_story_behind_it_kept():
    teaser = ("<div class='paywall-prompt subscribe-box'><p>Subscribe to continue reading. Already a "
              "subscriber? <a href='/login'>Log in</a></p></div>")
    html = f"<article><p>{P1}</p>{teaser}<div class='paywall'><p>{P2}</p><p>{P3}</p></div></article>"
    body = body_of(page(html))
    assert P1 in body and P3 in body and "continue reading" not in body


def test_photo_gallery_captions_are_left_out():
    gallery = ("<div class='gallery'>" + "".join(
        f"<figure><img src='/{i}.jpg'><figcaption>Passengers wait for a bus at the central station during "
        f"the morning rush hour, picture {i} of 4.</figcaption></figure>" for i in range(4)) + "</div>")
    body = body_of(page(f"<article><p>{P1}</p>{gallery}<p>{P2}</p><p>{P3}</p></article>"))
    assert P2 in body and "Passengers wait" not in body


def test_live_blog_entries_are_all_kept():
    entries = "".join(
        f"<div class='entry'><h3>{10 + i}:00</h3><p>Update {i}: the council session continued with a long "
        f"debate about the budget, and several members asked for more details on the costs.</p></div>"
        for i in range(6))
    body = body_of(page(NAV + f"<main><h1>Live: council meeting</h1>{entries}</main>"))
    assert all(f"Update {i}:" in body for i in range(6))


def test_very_short_news_item_is_kept():
    short = "The northern bridge is closed until Friday after a truck damaged a railing."
    body = body_of(page(NAV + f"<article><h1>Bridge closed</h1><p>{short}</p></article>"
                        + "<footer><p>© 2024 Example News</p></footer>"))
    assert body == short


def test_sections_are_the_headings_kept_in_order():
    html = f"<article><p>{P1}</p><h2>The cost</h2><p>{P2}</p><h2>What residents say</h2><p>{P3}</p></article>"
    text = main_text(page(NAV + html))
    assert text.sections == ("The cost", "What residents say")
    assert "The cost" in text.body


def test_explanation_names_the_container_and_each_block():
    report = explain_main_text(page(NAV + ARTICLE))
    assert "chosen container: " in report and "article" in report
    assert "KEEP" in report and "drop" in report and "link_density=1.00" in report


def _teasers(n: int) -> str:
    return "".join(
        f"<li><h3><a href='/t{i}'>Other story headline number {i} about the region</a></h3>"
        f"<p>A summary of that other story, long enough to read like a real paragraph of prose, "
        f"with a full stop at the end of it {i}.</p><a href='/t{i}'>Read more</a></li>" for i in range(n))


OG_ARTICLE = "<meta property='og:type' content='article'>"
"""A short story beside a longer teaser rail is decided an article by its markup; without it the
page is a listing (layout.py) and the teasers are its content."""


def test_teaser_list_of_linked_headlines_with_summaries_is_left_out():
    html = f"<div><article><p>{P1}</p><p>{P2}</p><p>{P3}</p></article><h2>More news</h2><ul>{_teasers(5)}</ul></div>"
    body = body_of(page(NAV + html, head=OG_ARTICLE))
    assert P3 in body and "A summary of that other story" not in body


def test_teaser_list_summaries_inline_after_the_link_are_left_out():
    items = "".join(f"<li><a href='/s{i}'>Minister announces plan number {i}</a> <span>CAPITAL: The minister "
                    f"said on Monday that the plan would be presented to parliament next week and...</span></li>"
                    for i in range(5))
    body = body_of(page(f"<div><ul>{items}</ul></div><article><p>{P1}</p><p>{P2}</p><p>{P3}</p></article>",
                        head=OG_ARTICLE))
    assert P1 in body and "Minister announces" not in body and "CAPITAL" not in body


def test_news_digest_whose_links_begin_its_sentences_is_kept():
    items = "".join(f"<li><strong><a href='/d{i}'>The council approved budget item {i}</a>.</strong> The vote "
                    f"was close, and the opposition said it would ask for a review of the costs next year.</li>"
                    for i in range(5))
    body = body_of(page(NAV + f"<article><p>{P1}</p><ol>{items}</ol></article>"))
    assert all(f"budget item {i}" in body for i in range(5))


def test_promos_credits_and_ad_labels_without_class_hints_are_left_out():
    promos = ["<p>Sign up for our free daily newsletter and get the best stories delivered to your inbox.</p>",
              "<p>Like this story? Share it with a friend!</p>",
              "<p>If you enjoyed this article, become a member and support our journalism.</p>",
              "<p>We may earn a commission if you buy something through links in this article.</p>",
              "<p>Jane Doe contributed to this report.</p>",
              "<div>Advertisement</div>",
              "<p>Abonnez-vous à notre lettre d'information pour recevoir nos articles.</p>",
              "<p>Folgen Sie uns auf Twitter und Facebook, um nichts zu verpassen.</p>"]
    body = body_of(page(NAV + f"<article><p>{P1}</p>{''.join(promos)}<p>{P2}</p><p>{P3}</p></article>"))
    assert P1 in body and P2 in body and P3 in body
    for gone in ("newsletter", "Share it", "become a member", "commission", "contributed", "Advertisement",
                 "Abonnez", "Folgen"):
        assert gone not in body


def test_an_article_paragraph_about_newsletters_is_kept():
    about = ("The publisher said its newsletter now reaches more subscribers than its print edition, a change that "
             "editors attribute to readers who prefer a short digest in the morning over a full paper, and it plans "
             "to launch two more newsletters next year, one on local politics and one on the regional economy.")
    body = body_of(page(NAV + f"<article><p>{P1}</p><p>{about}</p><p>{P2}</p></article>"))
    assert about in body


def test_picture_credits_without_a_caption_class_are_left_out():
    photos = "".join(f"<div class='photo'><img src='/{i}.jpg'><div>Buses queue at the depot before dawn "
                     f"(Image: GETTY )</div></div>" for i in range(3))
    body = body_of(page(NAV + f"<article><p>{P1}</p>{photos}<p>{P2}</p><p>{P3}</p></article>"))
    assert P2 in body and "GETTY" not in body and "Buses queue" not in body


def test_data_table_in_the_article_is_kept_row_by_row():
    rows = "".join(f"<tr><td>Route {i}</td><td>{10 + i} min</td><td>Every day, also on holidays.</td></tr>"
                   for i in range(6))
    table = f"<table><thead><tr><th>Route</th><th>Interval</th><th>Days</th></tr></thead><tbody>{rows}</tbody></table>"
    body = body_of(page(NAV + f"<article><p>{P1}</p><p>{P2}</p>{table}<p>{P3}</p></article>"))
    assert "Route 3 13 min Every day, also on holidays." in body and P3 in body


def test_layout_table_cells_holding_the_story_are_kept():
    html = f"<table><tr><td>{NAV}</td><td><b>{P1}</b><br><br>{P2}<br><br>{P3}</td></tr></table>"
    body = body_of(page(html))
    assert P1 in body and P3 in body and "Section 3" not in body


def test_small_print_after_the_article_is_left_out_when_rendered():
    about = ("Example Corp is a global provider of transport software, headquartered in Springfield, with "
             "offices in twelve countries and around two thousand employees worldwide.")
    html = (f"<div data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p>"
            f"<p data-rc-id='4'>{P3}</p><p data-rc-id='5'>{about}</p></div>")
    boxes = {1: box(), 2: box(), 3: box(), 4: box(), 5: box(font_size=12.0)}
    body = body_of(rendered(html, boxes))
    assert P3 in body and "Example Corp" not in body


def test_a_warning_that_closes_a_rendered_documentation_page_in_smaller_type_is_kept():
    """Documentation themes set their notes and warnings (admonitions) smaller than the text, and
    a reference often ends with one: it is the page's, not an "about us" tail."""
    warning = ("Defining an event loop fixture does not make the client use that loop, so create and close "
               "every resource in the lifespan handler and use the client as a context manager instead.")
    html = (f"<main data-rc-id='1'><h1 data-rc-id='2'>Test client</h1><p data-rc-id='3'>{DOC_INTRO}</p>"
            f"<pre data-rc-id='4'>client = TestClient(app)</pre><p data-rc-id='5'>{DOC_STEP}</p>"
            f"<pre data-rc-id='6'>client.get('/')</pre><p data-rc-id='7'>{DOC_MORE}</p>"
            f"<div class='admonition warning' data-rc-id='8'><p data-rc-id='9'>{warning}</p></div></main>")
    boxes = {1: box(height=900), 2: box(font_size=32.0), 3: box(), 4: box(font_size=13.0), 5: box(),
             6: box(font_size=13.0), 7: box(), 8: box(font_size=12.8), 9: box(font_size=12.8)}
    body = body_of(rendered(html, boxes))
    assert DOC_MORE in body and warning in body


def test_a_story_set_all_in_small_print_is_kept():
    html = f"<div data-rc-id='1'><p data-rc-id='2'>{P1}</p><p data-rc-id='3'>{P2}</p></div>"
    boxes = {1: box(), 2: box(font_size=12.0), 3: box(font_size=12.0)}
    body = body_of(rendered(html, boxes))
    assert P1 in body and P2 in body


def test_datelines_and_copyright_picture_credits_inside_the_article_are_left_out():
    extras = ("<div>PUBLISHED: 10:48, Tue, Nov 19, 2024 | UPDATED: 11:05, Tue, Nov 19, 2024</div>"
              "<div><img src='/1.jpg'>© Jane Doe Passengers board a night bus at the central station in the city.</div>")
    body = body_of(page(NAV + f"<article><p>{P1}</p>{extras}<p>{P2}</p><p>{P3}</p></article>"))
    assert P1 in body and P2 in body and "PUBLISHED" not in body and "Jane Doe" not in body


def test_sections_that_close_with_a_linked_card_are_the_story_not_teasers():
    """A case study's sections each open with a heading and a paragraph and close with a card
    linking the tool it names (a title and a line of description): an item whose linked title
    comes after a paragraph is no teaser, whose headline opens it (`TEASER_PRELUDE_MAX_WORDS`)."""
    from extraction.text.blocks import Gate, segment
    from extraction.text.teasers import teaser_blocks

    sections = "".join(f"<section><h2>Step {i}</h2><p>{p}</p><div><a href='/app{i}'>Mailer app number {i}</a>"
                       "<p>Sends the messages the shop writes to each of its customers.</p></div></section>"
                       for i, p in enumerate((P1, P2, P3)))
    doc = page(NAV + f"<main>{sections}</main>")
    teasers = teaser_blocks(segment(doc, Gate.ALL))
    assert not teasers
    body = body_of(doc)
    assert P1 in body and P2 in body and P3 in body
    shifted = "".join(f"<section><div><a href='/s{i}'>Other story number {i}</a></div><p>{p}</p></section>"
                      for i, p in enumerate((P1, P2, P3)))
    assert teaser_blocks(segment(page(f"<main>{shifted}</main>"), Gate.ALL))  # the headline opens it: teasers


def test_sibling_runs_give_each_item_its_blocks_in_document_order():
    """An item's loose text after a paragraph inside it is a block of the item's own, after the
    paragraph's: `sibling_runs` hands each item its blocks in the order they were read."""
    from extraction.text.blocks import Gate, segment
    from extraction.text.teasers import sibling_runs

    items = "".join(f"<li>Lead {i}<p>Para {i}</p>Tail {i}</li>" for i in range(4))
    blocks = segment(page(f"<ul>{items}</ul>"), Gate.ALL)
    runs = [run for run in sibling_runs(blocks) if run[0].element.tag == "li"]
    assert [[b.text for b in item.blocks] for item in runs[0]] == [
        [f"Lead {i}", f"Para {i}", f"Tail {i}"] for i in range(4)]
    later = [run for run in sibling_runs(blocks[3:]) if run[0].element.tag == "li"]  # the first item's left out
    assert [[b.index for b in item.blocks] for item in later[0]] == [[3, 4, 5], [6, 7, 8], [9, 10, 11]]
