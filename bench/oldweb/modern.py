"""Today's equivalents of the old templates: HTML5 landmarks, og:type and JSON-LD, comments from embeds.

Disqus (a <div id="disqus_thread"> filled by a script; the static page shows only its fallback
and the iframe), a WordPress site whose comments come from Discourse (the WP-Discourse plugin
prints the forum's replies into the page), Facebook's comments plugin, a news page with <aside>
rails and a newsletter box, a current WordPress theme's threaded comment list, and a news site
that prints its readers' comments server-side.
"""

from __future__ import annotations

import json
import random

from bench.oldweb.parts import Page, e, footer_text, head, nav, paragraphs, share_tools, slug, story_markup, teaser_list
from bench.oldweb.prose import Comment, flatten


def _meta(page: Page, kind: str = "article") -> str:
    s = page.story
    ld = {"@context": "https://schema.org", "@type": "NewsArticle" if kind == "article" else "BlogPosting",
          "headline": s.headline, "author": {"@type": "Person", "name": s.author}, "datePublished": f"{page.years[1]}-05-04",
          "publisher": {"@type": "Organization", "name": page.site}}
    return (f'<meta property="og:type" content="article"><meta property="og:title" content="{e(s.headline)}">'
            f'<meta property="og:site_name" content="{e(page.site)}"><meta name="viewport" content="width=device-width">'
            f'<script type="application/ld+json">{json.dumps(ld, ensure_ascii=False)}</script>')


def _header(page: Page) -> str:
    return (f'<header class="site-header"><a class="logo" href="/">{e(page.site)}</a><nav aria-label="Main">{nav(page, "menu")}</nav>'
            f'<button class="subscribe">{page.t("subscribe")}</button></header>')


def _article(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    return (f'<article class="story"><header><p class="kicker"><a href="/news/">{t("news")}</a></p><h1>{e(s.headline)}</h1>'
            f'<p class="byline">{t("by")} <a rel="author" href="/authors/{slug(s.author)}">{e(s.author)}</a> · '
            f'<time datetime="{page.years[1]}-05-04">{e(s.date)}</time></p><div class="share">{share_tools(page, rng, old=False, sep=" ")}'
            f'</div></header><div class="story-body">{story_markup(s, "p", "figure", "h2")}</div></article>')


def _newsletter(page: Page) -> str:
    return (f'<section class="newsletter"><h2>{page.t("newsletter")}</h2><form><input type="email" placeholder="you@example.com">'
            f'<button>{page.t("subscribe")}</button></form></section>')


def _footer(page: Page) -> str:
    return f'<footer class="site-footer"><p>{footer_text(page)}</p><p>{page.t("follow")}</p></footer>'


def disqus(page: Page, rng: random.Random) -> str:
    t = page.t
    return (head(page, False, _meta(page)) + f'<body>{_header(page)}<main id="main">{_article(page, rng)}<section id="comments">'
            f'<h2>{t("comments")}</h2><div id="disqus_thread"><iframe src="https://disqus.example.com/embed/comments/?f='
            f'{slug(page.site)}" title="Disqus" width="100%" height="600"></iframe></div><script>var disqus_config = function () '
            f'{{ this.page.url = "{page.url}"; }};</script><noscript>{t("enable_js")}</noscript></section>'
            f'<aside class="related"><h2>{t("related")}</h2>{teaser_list(page, page.teasers[:4], True)}</aside></main>'
            f'{_footer(page)}</body></html>')


def discourse(page: Page, rng: random.Random) -> str:
    """WP-Discourse: the forum topic's replies printed under the post, with a link to continue there."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    replies = "".join(f'<li class="comment"><div class="comment-author-avatar"><img src="/u/{i}.png" alt=""></div>'
                      f'<div class="comment-meta"><span class="comment-author">{e(c.author)}</span> <time>{e(c.date)}</time></div>'
                      f'<div class="comment-body cooked">{paragraphs(c)}</div></li>' for i, (_, c) in enumerate(flat))
    people = "".join(f'<img class="avatar" src="/u/{i}.png" alt="{e(c.author)}" title="{e(c.author)}">' for i, (_, c) in enumerate(flat[:8]))
    return (head(page, False, _meta(page, "blog")) + f'<body class="single-post">{_header(page)}<div class="site-content">'
            f'<main class="content-area"><article class="post"><header class="entry-header"><h1 class="entry-title">{e(s.headline)}</h1>'
            f'<div class="entry-meta">{e(s.author)} · {e(s.date)}</div></header><div class="entry-content">'
            f'{story_markup(s, "p", "figure", "h2")}</div></article><div id="comments" class="comments-area">'
            f'<div id="discourse-comments"><div class="comment-reply-title"><h3>{t("continue_discussion")} forum.{slug(page.site)[:20]}'
            f'.example.com</h3><p class="more-replies">{t("more_replies", n=rng.randint(2, 40))}</p></div><div class="participants">'
            f'<h4>{t("participants")}</h4>{people}</div><ol class="comment-list">{replies}</ol></div></div></main>'
            f'<aside class="widget-area"><section class="widget"><h2>{t("recent")}</h2>{teaser_list(page, page.teasers[:5], False)}'
            f'</section></aside></div>{_footer(page)}</body></html>')


def facebook(page: Page, rng: random.Random) -> str:
    t = page.t
    return (head(page, False, _meta(page)) + f'<body><div id="fb-root"></div>{_header(page)}<div class="layout"><main>'
            f'{_article(page, rng)}<section class="comments"><h2>{t("comments")}</h2><div class="fb-comments" '
            f'data-href="{page.url}" data-numposts="10" data-width="100%"><span style="height: 1200px"><iframe title="'
            f'{t("fb_plugin")}" src="https://www.facebook.com/plugins/comments.php?href={page.url}" width="100%"></iframe></span>'
            f'</div></section></main><aside class="rail"><section><h2>{t("most_read")}</h2>'
            f'{teaser_list(page, page.teasers[:5], False)}</section><section><h2>{t("more_stories")}</h2>'
            f'{teaser_list(page, page.teasers[5:9], True)}</section></aside></div>{_footer(page)}</body></html>')


def aside_rails(page: Page, rng: random.Random) -> str:
    t = page.t
    return (head(page, False, _meta(page)) + f'<body>{_header(page)}<div class="grid"><main>{_article(page, rng)}'
            f'{_newsletter(page)}<section class="more"><h2>{t("also_on", site=page.site)}</h2>'
            f'{teaser_list(page, page.teasers[6:], True, "card-list")}</section></main><aside class="sidebar">'
            f'<section class="trending"><h2>{t("trending")}</h2><ol>'
            + "".join(f'<li><a href="/{slug(x.headline)}">{e(x.headline)}</a></li>' for x in page.teasers[:6])
            + f'</ol></section><section class="ad"><p>{t("advertisement")}</p></section></aside></div>{_footer(page)}</body></html>')


def _wp_comment(page: Page, c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = n[0]
    children = "".join(_wp_comment(page, r, n) for r in c.replies)
    return (f'<li id="comment-{k}" class="comment"><article class="comment-body"><footer class="comment-meta">'
            f'<div class="comment-author vcard"><b class="fn">{e(c.author)}</b> <span class="says">{page.t("says")}</span></div>'
            f'<div class="comment-metadata"><a href="#comment-{k}"><time>{e(c.date)}</time></a></div></footer>'
            f'<div class="comment-content">{paragraphs(c)}</div><div class="reply"><a class="comment-reply-link" href="#">'
            f'{page.t("reply")}</a></div></article>' + (f'<ol class="children">{children}</ol>' if children else "") + "</li>")


def wp_html5(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    counter = [0]
    items = "".join(_wp_comment(page, c, counter) for c in page.comments)
    return (head(page, False, _meta(page, "blog")) + f'<body class="post-template-default single">{_header(page)}<div id="content">'
            f'<main id="primary" class="site-main"><article class="post type-post"><header class="entry-header"><h1 class="entry-title">'
            f'{e(s.headline)}</h1><div class="entry-meta"><span class="byline">{e(s.author)}</span> <span class="posted-on">{e(s.date)}'
            f'</span></div></header><div class="entry-content">{story_markup(s, "p", "wp", "h2")}</div><footer class="entry-footer">'
            f'{t("posted_in")} <a href="/category/news/">{t("news")}</a></footer></article><nav class="post-navigation">'
            f'<a href="/prev/">{t("prev")}</a> <a href="/next/">{t("next")}</a></nav><div id="comments" class="comments-area">'
            f'<h2 class="comments-title">{t("responses", n=counter[0], t=s.headline)}</h2><ol class="comment-list">{items}</ol>'
            f'<div id="respond" class="comment-respond"><h3>{t("leave_reply")}</h3><form><textarea name="comment"></textarea>'
            f'<input type="submit" value="{t("submit")}"></form></div></div></main><aside id="secondary" class="widget-area">'
            f'<section class="widget"><h2>{t("recent")}</h2>{teaser_list(page, page.teasers[:5], False)}</section>'
            f'<section class="widget"><h2>{t("archives")}</h2><ul><li><a href="/2024/">{page.years[1]}</a></li></ul></section>'
            f'</aside></div>{_footer(page)}</body></html>')


def news_comments(page: Page, rng: random.Random) -> str:
    """A news site that prints its readers' comments itself, threaded, after the story and a related rail."""
    t = page.t
    flat = flatten(page.comments)
    items = "".join(f'<li class="d-comment" data-depth="{depth}" style="margin-left:{depth * 2}em"><div class="d-comment__meta">'
                    f'<span class="d-comment__author">{e(c.author)}</span> <time>{e(c.date)}</time></div><div class="d-comment__body">'
                    f'{paragraphs(c)}</div><button class="d-comment__reply">{t("reply")}</button> <button>{t("report")}</button></li>'
                    for depth, c in flat)
    return (head(page, False, _meta(page)) + f'<body>{_header(page)}<main>{_article(page, rng)}<aside class="onward">'
            f'<h2>{t("more_stories")}</h2>{teaser_list(page, page.teasers[:6], True)}</aside><section id="comments" '
            f'class="discussion"><h2>{t("comments")} ({len(flat)})</h2><ul class="d-thread">{items}</ul>'
            f'<button class="load-more">{t("load_more")}</button></section></main>{_footer(page)}</body></html>')
