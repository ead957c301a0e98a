"""Issue 32: comments are kept out of an article's body but not lost -- the profile's comment count
(`extraction/comments.py`), on small pages of each comment system, with its source."""

from __future__ import annotations

import json

from extraction.extract import extract_html
from tests.extraction.text.test_reader_comments import COMMENT, SHORT_STORY, _comments
from tests.extraction.text.test_traps import P1, P2

URL = "https://blog.example.org/2011/05/flood-plan.html"


def _profile(body: str, head: str = "", url: str = URL):  # type: ignore[no-untyped-def]
    return extract_html(f"<html><head><title>Flood plan</title>{head}</head><body>{body}</body></html>", url)


def _story(after: str) -> str:
    return (f"<div id='page'><div id='content'><div class='post' id='post-1'><h2>Flood plan</h2>"
            f"<div class='entry'>{SHORT_STORY}</div></div>{after}</div></div>")


def _jsonld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def _wp_comment(i: int, replies: str = "") -> str:
    """A current WordPress theme's comment: `li.comment > article.comment-body`, replies in `ol.children`."""
    children = f"<ol class='children'>{replies}</ol>" if replies else ""
    return (f"<li id='comment-{i}' class='comment depth-1'><article id='div-comment-{i}' class='comment-body'>"
            f"<footer class='comment-meta'><div class='comment-author vcard'><b class='fn'>reader{i}</b> says:</div>"
            f"<div class='comment-metadata'><a href='#comment-{i}'><time>May {i}, 2011</time></a></div></footer>"
            f"<div class='comment-content'><p>{COMMENT}</p><p>Second paragraph {i}.</p></div>"
            f"<div class='reply'><a class='comment-reply-link' href='#'>Reply</a></div></article>{children}</li>")


WP_FORM = ("<div id='respond' class='comment-respond'><h3 id='reply-title' class='comment-reply-title'>Leave a Reply</h3>"
           "<form><p class='comment-notes'>Your email address will not be published. Required fields are marked</p>"
           "<p class='comment-form-comment'><label>Comment</label><textarea name='comment'></textarea></p></form></div>")


def test_a_wordpress_list_counts_every_comment_nested_replies_included() -> None:
    thread = _wp_comment(1, _wp_comment(2, _wp_comment(3))) + _wp_comment(4) + _wp_comment(5, _wp_comment(6))
    profile = _profile(_story(f"<div id='comments' class='comments-area'><ol class='comment-list'>{thread}</ol>"
                              f"{WP_FORM}</div>"))
    assert profile.comment_count == 6
    assert profile.sources["comment_count"] == "counted:li.comment"
    assert COMMENT.strip() not in profile.body  # the body is the story alone
    assert P1 in profile.body


def test_the_count_the_page_prints_wins_over_the_comments_it_shows() -> None:
    """WordPress pages its comments: the heading counts them all, the page shows the first page."""
    heading = "<h2 class='comments-title'>27 thoughts on “Flood plan”</h2>".replace("thoughts", "Responses")
    profile = _profile(_story(f"<div id='comments' class='comments-area'>{heading}<ol class='comment-list'>"
                              f"{_wp_comment(1)}{_wp_comment(2)}</ol></div>"))
    assert (profile.comment_count, profile.sources["comment_count"]) == (27, "label:h2")


def test_slashdot_style_nesting_counts_each_comment_once() -> None:
    def comment(k: int, children: str = "") -> str:
        return (f"<li id='tree_{k}' class='comment'><div id='comment_top_{k}' class='commentTop'><div class='title'>"
                f"<h4><a href='#{k}'>Re: the plan</a> (Score:{k % 5}, Insightful)</h4></div><div class='details'>by "
                f"<a href='/~u{k}'>user{k}</a> on Tuesday May 03, 2011</div></div><div id='comment_body_{k}' "
                f"class='commentBody'><div><p>{COMMENT}</p></div></div><div class='commentSub'><a href='/reply'>Reply"
                f"</a></div>" + (f"<ul>{children}</ul>" if children else "") + "</li>")

    threads = comment(1, comment(2, comment(3) + comment(4))) + comment(5) + comment(6, comment(7))
    profile = _profile(f"<div id='articles'><div class='article'><h3>Flood plan</h3><div class='body'><div class='intro'>"
                       f"{SHORT_STORY}</div></div></div></div><div id='commentwrap'><ul id='commentlisting'>{threads}"
                       f"</ul></div>")
    assert (profile.comment_count, profile.sources["comment_count"]) == (7, "counted:li.comment")
    assert "near the river" not in profile.body


def test_a_blogger_comment_block_counts_its_comment_bodies() -> None:
    block = "".join(f"<dt class='comment-author' id='c{i}'><a href='/p/{i}'>reader{i}</a> said...</dt>"
                    f"<dd class='comment-body'><p>{COMMENT}</p></dd><dd class='comment-footer'>"
                    f"<span class='comment-timestamp'><a href='#c{i}'>3:1{i} PM</a></span></dd>" for i in range(4))
    profile = _profile(_story(f"<div id='comments'><dl id='comments-block'>{block}</dl></div>"))
    assert (profile.comment_count, profile.sources["comment_count"]) == (4, "counted:dd.comment-body")


def test_a_disqus_embed_shows_no_count_until_its_count_script_fills_the_link() -> None:
    embed = ("<section id='comments'><h2>Comments</h2><div id='disqus_thread'><iframe src='https://disqus.example/embed'>"
             "</iframe></div></section>")
    assert _profile(_story(embed)).comment_count is None  # comments we cannot see are not "no comments"
    filled = f"<p class='meta'><a href='{URL}#disqus_thread'>12 Comments</a></p>"  # count.js wrote the text
    profile = _profile(_story(filled + embed))
    assert (profile.comment_count, profile.sources["comment_count"]) == (12, "label:a[href=#disqus_thread]")


def test_count_labels_are_read_in_document_order() -> None:
    """The first label on the page names the source: a link to the page's own comments at the top
    (twice, as a story's header and footer print it) before the section's heading."""
    section = "<section id='comments'><h2>12 Comments</h2><div id='disqus_thread'></div></section>"
    link = f"<p class='meta'><a href='{URL}#comments'>12 Comments</a></p>"
    profile = _profile(_story(link + link + section))
    assert (profile.comment_count, profile.sources["comment_count"]) == (12, "label:a[href=#comments]")


def test_a_facebook_count_element_filled_by_its_script_is_read() -> None:
    plugin = ("<div class='comments'><span class='fb-comments-count' data-href='x'>5</span> comments"
              "<div class='fb-comments'><iframe src='https://facebook.example/plugins/comments'></iframe></div></div>")
    assert _profile(_story(plugin)).comment_count is None  # "5" alone: the count element holds no label
    plugin = plugin.replace(">5</span> comments", ">5 comments</span>")
    assert _profile(_story(plugin)).comment_count == 5


def test_a_declared_count_wins_and_says_where_it_came_from() -> None:
    head = _jsonld({"@context": "https://schema.org", "@type": "BlogPosting", "headline": "Flood plan", "commentCount": 41})
    profile = _profile(_story(_comments(3)), head)
    assert (profile.comment_count, profile.sources["comment_count"]) == (41, "jsonld:commentCount")
    stats = _jsonld({"@type": "NewsArticle", "interactionStatistic": [
        {"@type": "InteractionCounter", "interactionType": "https://schema.org/LikeAction", "userInteractionCount": 900},
        {"@type": "InteractionCounter", "interactionType": {"@type": "CommentAction"}, "userInteractionCount": "1,204"}]})
    profile = _profile(_story(""), stats)
    assert (profile.comment_count, profile.sources["comment_count"]) == (1204, "jsonld:interactionStatistic")


def test_a_microdata_count_is_declared_too() -> None:
    body = (f"<article itemscope itemtype='https://schema.org/BlogPosting'><h1 itemprop='headline'>Flood plan</h1>"
            f"<div itemprop='articleBody'>{SHORT_STORY}</div><meta itemprop='commentCount' content='9'></article>")
    profile = _profile(body)
    assert (profile.comment_count, profile.sources["comment_count"]) == (9, "microdata:commentCount")


def test_objects_that_disagree_declare_nothing_and_the_disagreement_is_recorded() -> None:
    head = _jsonld([{"@type": "BlogPosting", "commentCount": 4}, {"@type": "BlogPosting", "commentCount": 11}])
    profile = _profile(_story(_comments(3)), head)
    assert (profile.comment_count, profile.sources["comment_count"]) == (3, "label:h3")
    assert [(r.value, r.reason) for r in profile.rejections if r.field == "comment_count"] == [
        ("11, 4", "jsonld:commentCount: objects declare different counts")]


def test_a_count_that_is_no_number_is_rejected_not_guessed() -> None:
    head = _jsonld({"@type": "Article", "commentCount": "many"})
    profile = _profile(_story(""), head)
    assert profile.comment_count is None
    assert [(r.value, r.reason) for r in profile.rejections if r.field == "comment_count"] == [
        ("many", "jsonld:commentCount: not a whole number")]


def test_a_forum_thread_counts_no_items_but_takes_its_declared_replies() -> None:
    forum = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Flood plan"}
    profile = _profile(_story(_comments(6)), _jsonld(forum))
    assert "near the river" in profile.body  # the replies are the content
    assert profile.comment_count is None  # ... so "6 Responses" is no count of comments kept out
    profile = _profile(_story(_comments(6)), _jsonld({**forum, "commentCount": 6}))
    assert (profile.comment_count, profile.sources["comment_count"]) == (6, "jsonld:commentCount")


def test_an_article_without_comments_has_none_and_a_printed_zero_is_zero() -> None:
    profile = _profile(_story(""))
    assert profile.comment_count is None and "comment_count" not in profile.sources
    profile = _profile(_story(f"<div id='comments' class='comments-area'>{WP_FORM}</div>"))
    assert profile.comment_count is None  # a form and no comments: maybe none, maybe loaded later
    profile = _profile(_story("<h3 id='comments'>No Comments</h3>"))
    assert (profile.comment_count, profile.sources["comment_count"]) == (0, "label:h3")


def test_a_listing_of_posts_with_comment_links_has_no_count() -> None:
    teasers = "".join(f"<div class='post'><h2><a href='/p{i}'>Post {i}</a></h2><p>{P2}</p><p class='postmetadata'>"
                      f"<span class='comments-link'><a href='/p{i}#comments'>{i + 2} Comments</a></span></p></div>"
                      for i in range(6))
    assert _profile(f"<div id='content'>{teasers}</div>", url="https://blog.example.org/").comment_count is None


def test_a_shops_reviews_printed_by_its_comment_template_are_no_comments() -> None:
    reviews = "".join(f"<li id='li-comment-{i}' class='even'><div id='comment-{i}' class='comment_container'>"
                      f"<div class='comment-text'><p class='meta'>buyer{i}</p><p>{COMMENT}</p></div></div></li>"
                      for i in range(4))
    section = f"<div id='comments'><ol class='commentlist'>{reviews}</ol></div>"
    assert _profile(_story(section)).comment_count == 4
    assert _profile(_story(f"<div id='reviews' class='woocommerce-Reviews'>{section}</div>")).comment_count is None


def test_comments_in_a_code_listing_are_no_readers_comments() -> None:
    code = "".join(f"<div class='hljs-comment'># step {i}: read the file and count its lines</div>" for i in range(5))
    assert _profile(_story(f"<pre><code>{code}</code></pre>")).comment_count is None


def test_a_lone_comment_counts_in_a_list() -> None:
    one = _wp_comment(1)
    assert _profile(_story(f"<div id='comments'><ol class='comment-list'>{one}</ol></div>")).comment_count == 1


def test_the_count_is_no_part_of_the_content_hash() -> None:
    a = _profile(_story(_comments(3)))
    b = _profile(_story(_comments(3).replace("3 Responses", "4 Responses")))
    assert (a.comment_count, b.comment_count) == (3, 4)
    assert a.content_hash == b.content_hash
    assert P2 in a.body


OWN_ANCHOR_HREFS = ["#comments", "#respond", "#disqus_thread", "#top", "#", "#comments#x", "#com\tments", "#resp\n\rond",
                    " #comments", "\n#comments", "#Comments", "#comments ", f"{URL}#comments", f"{URL}?p=2#comments",
                    "https://other.example/2011/05/flood-plan.html#comments", "flood-plan.html#respond", "/#comments",
                    "//blog.example.org/2011/05/flood-plan.html#disqus_thread", "mailto:a@b#comments", "a#b#comments",
                    "?x#comments", "#%63omments", "javascript:#respond", "../05/flood-plan.html#comments"]


def test_own_anchors_answered_without_resolving_are_those_resolving_finds() -> None:
    """`_own_anchor` resolves only the hrefs whose own fragment (tabs and line breaks dropped) is a
    comment anchor: its answers are those of resolving every href."""
    from urllib.parse import urldefrag, urljoin

    from extraction.comments import _OWN_ANCHORS, _own_anchor

    page = urldefrag(URL)[0]
    for href in OWN_ANCHOR_HREFS:
        base, fragment = urldefrag(urljoin(URL, href))
        expected = fragment if fragment in _OWN_ANCHORS and base == page else None
        assert _own_anchor(href, URL, page, {}) == expected, repr(href)
    assert {h for h in OWN_ANCHOR_HREFS if _own_anchor(h, URL, page, {})} >= {"#comments", "#com\tments", "#resp\n\rond"}
