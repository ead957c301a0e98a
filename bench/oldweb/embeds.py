"""Templates of the comment systems issue 32 names, as a static fetch of their pages shows them.

A comment plugin of 2008-2015 often printed its thread into the page for search engines and readers
without scripts, under its own markup: the Disqus plugin for WordPress (`#dsq-content`, a nested
`ul#dsq-comments`), IntenseDebate (`#idc-container`, threads of `div.idc-c`), Livefyre (`article`s
of `fyre-comment`), and the Scoop engine's Slashdot-like nesting, each comment a small table inside
`<dl><dd>` indents, with no comment-named markup at all. Written for this corpus from how those
pages looked (session 31); the sentences, names and sites are the generator's own.
"""

from __future__ import annotations

import random

from bench.oldweb.parts import (
    Page,
    blog_sidebar,
    e,
    footer_text,
    head,
    link_list,
    nav,
    share_tools,
    slug,
    story_markup,
    teaser_list,
)
from bench.oldweb.prose import Comment


def _lines(c: Comment) -> str:
    return "".join(f"<p>{e(text)}</p>" for text in c.paragraphs)


def _dsq_comment(c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = 4_000_000 + n[0] * 17
    children = "".join(_dsq_comment(r, n) for r in c.replies)
    return (f'<li class="comment" id="dsq-comment-{k}"><div id="dsq-comment-header-{k}" class="dsq-comment-header">'
            f'<cite id="dsq-cite-{k}"><span id="dsq-author-user-{k}">{e(c.author)}</span></cite></div>'
            f'<div id="dsq-comment-body-{k}" class="dsq-comment-body"><div id="dsq-comment-message-{k}" class="dsq-comment-message">'
            f'{_lines(c)}</div></div>' + (f'<ul class="children">{children}</ul>' if children else "") + "</li>")


def disqus_wp(page: Page, rng: random.Random) -> str:
    """A 2010-2015 WordPress blog with the Disqus plugin: the thread printed in `#dsq-content` until the script replaces it."""
    s, t = page.story, page.t
    counter = [0]
    items = "".join(_dsq_comment(c, counter) for c in page.comments)
    thread = (f'<div id="disqus_thread"><div id="dsq-content"><ul id="dsq-comments">{items}</ul></div></div>' if items
              else '<div id="disqus_thread"></div>')
    return (head(page, True) + f'<body class="single single-post"><div id="wrap"><div id="header"><h1 class="blog-title">'
            f'<a href="/">{e(page.site)}</a></h1><p class="description">{t("about")}</p>{link_list([t("home"), t("about"), t("contact")], "menu")}'
            f'</div><div id="content"><div class="post hentry" id="post-{rng.randint(100, 9999)}"><h2 class="post-title entry-title">'
            f'{e(s.headline)}</h2><p class="post-info">{t("posted_by")} {e(s.author)} &middot; {e(s.date)} &middot; '
            f'<a href="{page.url}#disqus_thread">{t("comments_count", n=counter[0])}</a></p><div class="entry-content">'
            f'{story_markup(s, "p", "wp")}</div><p class="post-meta">{t("posted_in")} <a href="/category/news/">{t("news")}</a> | '
            f'{t("tags")}: <a href="/tag/{slug(s.headline).split("-")[0]}/">{e(s.headline.split()[0])}</a></p></div>'
            f'<div class="navigation"><a href="/prev/">{t("prev")}</a> <a href="/next/">{t("next")}</a></div>'
            f'<div id="comments">{thread}<script type="text/javascript">var disqus_shortname = "{slug(page.site)[:12]}";</script>'
            f'<noscript>{t("enable_js")}</noscript></div></div><div id="sidebar">{blog_sidebar(page, rng)}</div>'
            f'<div id="footer"><p>{footer_text(page)}</p></div></div></body></html>')


def _scoop_comment(page: Page, c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = n[0]
    children = "".join(_scoop_comment(page, r, n) for r in c.replies)
    body = "<br><br>".join(e(p) for p in c.paragraphs)
    return (f'<a name="{k}"></a><table width="100%" border="0" cellpadding="3" cellspacing="0"><tr><td bgcolor="#dddddd">'
            f'<font face="verdana, arial" size="2"><b>{e(c.title)}</b> ({c.score + 2} / {c.score + 5})</font><br>'
            f'<font face="verdana, arial" size="1">{t_by(page)} <a href="/user/{slug(c.author)}">{e(c.author)}</a> '
            f'{e(c.date)}</font></td></tr><tr><td><font face="verdana, arial" size="2">{body}</font><br>'
            f'<font size="1">[ <a href="/comments/{k}?mode=alone">Parent</a> | <a href="/post/{k}">{page.t("reply")}</a> ]</font>'
            f'</td></tr></table>' + (f"<dl><dd>{children}</dd></dl>" if children else ""))


def t_by(page: Page) -> str:
    return page.t("by").lower() if page.lang == "en" else page.t("by")


def scoop(page: Page, rng: random.Random) -> str:
    """A Scoop site (a community news site of 2003-2010): the story, then the discussion nested in <dl><dd> indents."""
    s, t = page.story, page.t
    counter = [0]
    threads = "".join(_scoop_comment(page, c, counter) for c in page.comments)
    boxes = (f'<table width="100%" border="0" cellpadding="2"><tr><td bgcolor="#006699"><font color="#ffffff" size="2"><b>{t("sections")}'
             f'</b></font></td></tr><tr><td>{nav(page, "sections")}</td></tr><tr><td bgcolor="#006699"><font color="#ffffff" size="2">'
             f'<b>{t("most_read")}</b></font></td></tr><tr><td>{teaser_list(page, page.teasers[:5], False, "hot")}</td></tr>'
             f'<tr><td bgcolor="#006699"><font color="#ffffff" size="2"><b>{t("login")}</b></font></td></tr><tr><td><form method="post" '
             f'action="/login"><font size="1">{t("username")}</font><br><input type="text" name="uname" size="12"><br><font size="1">'
             f'{t("password")}</font><br><input type="password" name="pass" size="12"><br><input type="submit" value="{t("login")}">'
             f'</form><a href="/newuser">{t("register")}</a></td></tr></table>')
    discussion = (f'<table width="100%" border="0" cellpadding="2"><tr><td bgcolor="#eeeeee"><font size="2">'
                  f'{t("comments_count", n=counter[0])} | <a href="/post/0">{t("post_comment")}</a></font></td></tr></table>'
                  f'{threads}' if threads else "")
    center = (f'<font face="verdana, arial" size="4"><b>{e(s.headline)}</b></font><br><font face="verdana, arial" size="1">'
              f'{t_by(page)} <a href="/user/{slug(s.author)}">{e(s.author)}</a><br>{e(s.date)}</font><p>'
              f'<font face="verdana, arial" size="2">{story_markup(s, "br", "table")}</font></p><p><font size="1">'
              f'{share_tools(page, rng, sep=" | ")}</font></p><hr noshade size="1">{discussion}')
    return (head(page, True) + f'<body bgcolor="#ffffff"><table width="100%" border="0" cellpadding="0" cellspacing="0"><tr>'
            f'<td colspan="2" bgcolor="#006699"><font size="6" color="#ffffff"><b>{e(page.site)}</b></font></td></tr><tr>'
            f'<td valign="top" width="75%">{center}</td><td valign="top" width="25%">{boxes}</td></tr><tr><td colspan="2" align="center">'
            f'<font size="1">{footer_text(page)}</font></td></tr></table></body></html>')


def _idc_comment(c: Comment, depth: int, n: list[int]) -> str:
    n[0] += 1
    k = 90_000_000 + n[0] * 13
    own = (f'<div class="idc-c" id="IDComment{k}" style="margin-left:{depth * 25}px"><div class="idc-c-h">'
           f'<span class="idc-i"><a class="idc-avatar" href="#"><img src="/idc/avatar.png" alt=""></a></span>'
           f'<span class="idc-c-h-inner"><a class="idc-share-inner" href="http://intensedebate.example.com/people/{slug(c.author)}">'
           f'{e(c.author)}</a> <span class="idc-time">{e(c.date)}</span></span></div><div class="idc-c-m"><div class="idc-c-t">'
           f'<div class="idc-c-t-inner">{_lines(c)}</div></div><div class="idc-c-b"><a class="idc-btn" href="#">Reply</a></div></div></div>')
    return own + "".join(_idc_comment(r, depth + 1, n) for r in c.replies)


def intensedebate(page: Page, rng: random.Random) -> str:
    """A 2008-2012 blog (Blogger's Minima) with IntenseDebate: its thread as `div.idc-c` blocks indented by depth."""
    s, t = page.story, page.t
    counter = [0]
    items = "".join(f'<div class="idc-thread">{_idc_comment(c, 0, counter)}</div>' for c in page.comments)
    return (head(page, True) + f'<body><div id="outer-wrapper"><div id="header-wrapper"><div class="header"><h1 class="title">'
            f'<a href="/">{e(page.site)}</a></h1><p class="description">{t("about")}</p></div></div><div id="main-wrapper">'
            f'<div class="date-outer"><h2 class="date-header"><span>{e(s.date)}</span></h2><div class="post-outer">'
            f'<div class="post hentry"><h3 class="post-title entry-title">{e(s.headline)}</h3><div class="post-body entry-content">'
            f'{story_markup(s, "br", "div")}<div style="clear: both;"></div></div><div class="post-footer">'
            f'<span class="post-author vcard">{t("posted_by")} {e(s.author)}</span> <span class="post-labels">{t("labels")} '
            f'<a href="/search/label/news">{t("news")}</a></span></div></div><div id="idc-container"><div id="idc-container-parent">'
            f'<h3 class="idc-head">{t("comments_count", n=counter[0])}</h3><div id="idc-cover">{items}</div>'
            f'<div class="idc-new"><a href="#">{t("add_comment")}</a></div></div></div></div></div>'
            f'<div class="blog-pager"><a class="blog-pager-newer-link" href="/newer">{t("newer")}</a> '
            f'<a class="blog-pager-older-link" href="/older">{t("older")}</a></div></div><div id="sidebar-wrapper">'
            f'{blog_sidebar(page, rng, "widget", "h2")}</div><div id="footer-wrapper">{footer_text(page)}</div></div></body></html>')


def _fyre_comment(c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = 200_000_000 + n[0] * 7
    children = "".join(_fyre_comment(r, n) for r in c.replies)
    return (f'<div class="fyre-comment-wrapper" data-message-id="{k}"><article class="fyre-comment-article">'
            f'<header class="fyre-comment-head"><a class="fyre-user-drop"><span class="fyre-comment-username">{e(c.author)}</span></a>'
            f'<time class="fyre-comment-date">{e(c.date)}</time></header><section class="fyre-comment-body"><div class="fyre-comment">'
            f'{_lines(c)}</div></section><footer class="fyre-comment-footer"><a class="fyre-comment-reply">Reply</a>'
            f'<a class="fyre-comment-like">Like</a></footer></article>'
            + (f'<div class="fyre-comment-children">{children}</div>' if children else "") + "</div>")


def livefyre(page: Page, rng: random.Random) -> str:
    """A 2013-2018 news site with Livefyre's comments: a stream of `article`s after the story and a rail of other stories."""
    s, t = page.story, page.t
    counter = [0]
    items = "".join(_fyre_comment(c, counter) for c in page.comments)
    return (head(page, False, '<meta property="og:type" content="article">') + f'<body class="article-page"><header class="masthead">'
            f'<a class="brand" href="/">{e(page.site)}</a><nav>{nav(page, "sections-nav")}</nav></header><div class="page-wrap">'
            f'<div class="col-main"><div class="article-header"><h1 class="headline">{e(s.headline)}</h1><div class="byline">'
            f'{t("by")} {e(s.author)} <span class="timestamp">{e(s.date)}</span></div><div class="share-bar">'
            f'{share_tools(page, rng, old=False, sep=" ")}</div></div><div class="article-body" itemprop="articleBody">'
            f'{story_markup(s, "p", "figure", "h2")}</div><div class="more-on"><h3>{t("more_stories")}</h3>'
            f'{teaser_list(page, page.teasers[5:9], True, "more-list")}</div><div id="livefyre-comments" class="fyre">'
            f'<div class="fyre-stream-stats"><span class="fyre-comment-count">{t("comments_count", n=counter[0])}</span></div>'
            f'<div class="fyre-widget"><div class="fyre-stream-content">{items}</div></div></div></div><div class="col-side">'
            f'<div class="module"><h3>{t("most_read")}</h3>{teaser_list(page, page.teasers[:5], False, "popular")}</div>'
            f'<div class="module ad">{t("advertisement")}</div></div></div><footer class="site-foot">{footer_text(page)}</footer>'
            f'</body></html>')
