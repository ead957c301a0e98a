"""The headline element the date and byline are looked for near."""

from __future__ import annotations

from extraction.headline import headline, headline_zone
from tests.extraction.fieldpages import doc


def test_masthead_h1_naming_the_site_gives_way_to_the_story_h1():
    page = doc("", '<header><h1><a href="/">Example Blog</a></h1></header><h1>The real story title</h1>')
    assert headline(page).text == "The real story title"


def test_linked_h2_teasers_are_not_headlines_but_a_permalink_is():
    teasers = doc("", '<main><article><h2><a href="/other">Another story entirely</a></h2></article></main>')
    assert headline(teasers) is None
    url = "https://www.example.com/2011/08/tomatoes/"
    blog = doc("", f'<main><h2><a href="{url}">Why my tomatoes split</a></h2></main>', url=url)
    assert headline(blog) is not None


def test_zone_climbs_past_tiny_builder_boxes():
    filler = "<p>" + "word " * 100 + "</p>"
    page = doc("", f'<div id="post"><div><div><h1>Headline of the story</h1></div></div><span>By A</span>{filler}</div>')
    assert headline_zone(page).get("id") == "post"


def test_an_articles_own_header_is_no_masthead_however_deep_it_sits():
    body = ('<article><figure><header><h1>The story behind the headline</h1></header></figure>'
            '<p>Text.</p></article>'
            '<div class="overlay"><h1>Subscribe to our newsletter today</h1></div>')
    head = headline(doc("", body))
    assert head is not None and head.text_content() == "The story behind the headline"
    masthead = '<header><h1>Subscribe to our newsletter today</h1></header><main><h1>The story itself</h1></main>'
    head = headline(doc("", masthead))
    assert head is not None and head.text_content() == "The story itself"
