"""Templates in the style of 2005-2015 blogs and news sites: table layouts, no HTML5 landmarks, no og:type or JSON-LD.

Each lays out a `parts.Page` the way one family of CMSs did: WordPress's Kubrick and Twenty Ten
themes, Movable Type, TypePad, classic Blogger, Drupal 6, newspaper sites built of tables,
Slashdot's nested threads, a blog post with a forum-style reply list, ASP.NET WebForms (the whole
page one <form>), and a 2012 news page with an "Also on" slideshow rail. Written from how those
pages looked, not from any extractor's rules.
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
    paragraphs,
    share_tools,
    slug,
    story_markup,
    teaser_list,
)
from bench.oldweb.prose import Comment, flatten


def wp_kubrick(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    items = []
    for i, (_, c) in enumerate(flatten(page.comments)):
        alt = ' class="alt"' if i % 2 else ""
        items.append(f'<li{alt} id="comment-{100 + i}"><cite>{e(c.author)}</cite> {t("says")}<br />'
                     f'<small class="commentmetadata"><a href="#comment-{100 + i}">{e(c.date)}</a></small>{paragraphs(c)}</li>')
    comments = (f'<h3 id="comments">{t("responses", n=len(items), t=s.headline)}</h3><ol class="commentlist">{"".join(items)}</ol>'
                if items else "")
    return (head(page, True) + f'<body><div id="page"><div id="header"><div id="headerimg"><h1><a href="/">{e(page.site)}</a></h1>'
            f'<div class="description">{t("about")}</div></div></div><hr />'
            f'<div id="content" class="narrowcolumn"><div class="navigation"><div class="alignleft"><a href="/prev/">{t("prev")}</a>'
            f'</div><div class="alignright"><a href="/next/">{t("next")}</a></div></div>'
            f'<div class="post" id="post-{rng.randint(10, 999)}"><h2><a href="{page.url}" rel="bookmark">{e(s.headline)}</a></h2>'
            f'<small>{e(s.date)} {t("by")} {e(s.author)}</small><div class="entry">{story_markup(s, "p", "wp")}</div>'
            f'<p class="postmetadata">{t("posted_in")} <a href="/category/news/">{t("news")}</a> | '
            f'<a href="{page.url}#respond">{t("comments_count", n=len(items))}</a></p></div>'
            f'{comments}<h3 id="respond">{t("leave_reply")}</h3><form action="/wp-comments-post.php" method="post" id="commentform">'
            f'<p><input type="text" name="author" id="author" size="22" /> <label for="author"><small>{t("name")}</small></label></p>'
            f'<p><input type="text" name="email" size="22" /> <label><small>{t("mail")}</small></label></p>'
            f'<p><textarea name="comment" cols="100%" rows="10"></textarea></p><p><input name="submit" type="submit" value="{t("submit")}" /></p>'
            f'</form></div><div id="sidebar">{blog_sidebar(page, rng)}</div><hr /><div id="footer"><p>{e(page.site)} '
            f'{t("powered_by")} <a href="http://wordpress.org/">WordPress</a><br /><a href="/feed/">{t("rss")}</a> '
            f'<a href="/comments/feed/">{t("rss_comments")}</a>.</p></div></div></body></html>')


def _twentyten_comment(page: Page, c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = n[0]
    children = "".join(_twentyten_comment(page, r, n) for r in c.replies)
    return (f'<li class="comment" id="li-comment-{k}"><div id="comment-{k}"><div class="comment-author vcard">'
            f'<img class="avatar" src="/avatar.png" height="40" width="40" /><cite class="fn">{e(c.author)}</cite> '
            f'<span class="says">{page.t("says")}</span></div><div class="comment-meta commentmetadata"><a href="#comment-{k}">'
            f'{e(c.date)}</a></div><div class="comment-body">{paragraphs(c)}</div><div class="reply"><a class="comment-reply-link" '
            f'href="?replytocom={k}#respond">{page.t("reply")}</a></div></div>'
            + (f'<ul class="children">{children}</ul>' if children else "") + "</li>")


def wp_twentyten(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    counter = [0]
    items = "".join(_twentyten_comment(page, c, counter) for c in page.comments)
    comments = (f'<div id="comments"><h3 id="comments-title">{t("responses", n=counter[0], t=s.headline)}</h3>'
                f'<ol class="commentlist">{items}</ol>' if items else '<div id="comments">')
    comments += (f'<div id="respond"><h3 id="reply-title">{t("leave_reply")}</h3><form action="/wp-comments-post.php" method="post">'
                 f'<p class="comment-form-author"><label>{t("name")}</label><input id="author" name="author" type="text" /></p>'
                 f'<p class="comment-form-comment"><textarea name="comment" cols="45" rows="8"></textarea></p>'
                 f'<p class="form-submit"><input name="submit" type="submit" value="{t("submit")}" /></p></form></div></div>')
    return (head(page, True) + f'<body class="single"><div id="wrapper" class="hfeed"><div id="header"><div id="masthead">'
            f'<div id="branding"><div id="site-title"><a href="/">{e(page.site)}</a></div></div><div id="access">'
            f'{link_list([t("home"), t("about"), t("contact")], "menu")}</div></div></div><div id="main"><div id="container">'
            f'<div id="content"><div id="nav-above" class="navigation"><div class="nav-previous"><a href="/p/">{t("prev")}</a></div></div>'
            f'<div class="post type-post hentry"><h1 class="entry-title">{e(s.headline)}</h1><div class="entry-meta">'
            f'<span class="meta-prep">{t("posted_by")}</span> <span class="author vcard"><a href="/author/">{e(s.author)}</a></span> '
            f'<span class="entry-date">{e(s.date)}</span></div><div class="entry-content">{story_markup(s, "p", "wp")}</div>'
            f'<div class="entry-utility">{t("posted_in")} <a href="/category/news/">{t("news")}</a>. {t("tags")}: '
            f'<a href="/tag/local/">local</a>, <a href="/tag/{rng.randint(2006, 2014)}/">{page.years[1]}</a>. '
            f'<a href="{page.url}" rel="bookmark">{t("permalink")}</a>.</div></div>{comments}</div></div>'
            f'<div id="primary" class="widget-area"><ul class="xoxo">{blog_sidebar(page, rng, title="h3")}</ul></div></div>'
            f'<div id="footer"><div id="site-info">{footer_text(page)}</div><div id="site-generator">{t("powered_by")} '
            f'WordPress</div></div></div></body></html>')


def movabletype(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    entry_id = rng.randint(100, 9999)
    comments = "".join(f'<div class="comment" id="c{100 + i}"><div class="comment-content">{paragraphs(c)}</div>'
                       f'<p class="comment-footer">{t("posted_by")}: <a href="http://example.org/~{slug(c.author)}">{e(c.author)}</a> '
                       f'| <a href="#c{100 + i}">{e(c.date)}</a></p></div>' for i, (_, c) in enumerate(flatten(page.comments)))
    trackback = (f'<div class="trackbacks"><h3 id="trackback">{t("trackbacks")}</h3><p class="trackbacks-info">'
                 f'{t("trackback_url")}<br />http://{slug(page.site)}.example.net/mt/mt-tb.cgi/{entry_id}</p>'
                 f'{link_list([teaser.headline for teaser in page.teasers[:rng.randint(1, 3)]], "trackback-list", "http://other.example.net/")}</div>')
    sidebar = (f'<div class="module-syndicate module"><div class="module-content"><a href="/atom.xml">{t("subscribe_feed")}</a>'
               f'</div></div><div class="module"><h2 class="module-header">{t("recent")}</h2><div class="module-content">'
               f'{link_list([teaser.headline for teaser in page.teasers[:6]])}</div></div>'
               f'<div class="module"><h2 class="module-header">{t("blogroll")}</h2><div class="module-content">'
               f'{blog_sidebar(page, rng, "module-list")}</div></div>'
               f'<div class="module-powered module"><div class="module-content">{t("powered_by")} Movable Type 3.2</div></div>')
    return (head(page, True) + f'<body class="layout-two-column-right"><div id="container"><div id="container-inner" class="pkg">'
            f'<div id="banner"><div id="banner-inner" class="pkg"><h1 id="banner-header"><a href="/">{e(page.site)}</a></h1>'
            f'<h2 id="banner-description">{t("about")}</h2></div></div><div id="pagebody"><div id="pagebody-inner" class="pkg">'
            f'<div id="alpha"><div id="alpha-inner" class="pkg"><p class="content-nav"><a href="/prev.html">{t("prev")}</a> | '
            f'<a href="/">{t("home")}</a> | <a href="/next.html">{t("next")}</a></p><h2 class="date-header">{e(s.date)}</h2>'
            f'<div class="entry" id="entry-{entry_id}"><h3 class="entry-header">{e(s.headline)}</h3><div class="entry-content">'
            f'<div class="entry-body">{story_markup(s, "p", "div", "h4")}</div></div><p class="entry-footer">'
            f'<span class="post-footers">{t("posted_by")} {e(s.author)} {t("posted_in")} <a href="/news/">{t("news")}</a></span> '
            f'<span class="separator">|</span> <a class="permalink" href="{page.url}">{t("permalink")}</a></p></div>'
            f'{trackback}<div class="comments"><h3 class="comments-header">{t("comments")}</h3><div class="comments-content">'
            f'{comments}</div></div><form method="post" action="/mt/mt-comments.cgi"><h2>{t("post_comment")}</h2>'
            f'<textarea name="text" rows="10" cols="50"></textarea><input type="submit" value="{t("submit")}" /></form></div></div>'
            f'<div id="beta"><div id="beta-inner" class="pkg">{sidebar}</div></div></div></div></div></div></body></html>')


def typepad(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    comments = "".join(f'<a id="comment-{i}"></a><div class="comment"><div class="comment-content">{paragraphs(c)}</div>'
                       f'<p class="comment-footer">{t("posted_by")}: {e(c.author)} | {e(c.date)}</p></div>'
                       for i, (_, c) in enumerate(flatten(page.comments)))
    sidebar = (f'<h2>{t("subscribe")}</h2><p><a href="/index.rdf">{t("subscribe_feed")}</a></p><h2>{t("recent")}</h2>'
               f'{teaser_list(page, page.teasers[:5], False, "module-list")}<h2>{t("blogroll")}</h2>'
               f'{link_list([teaser.headline for teaser in page.teasers[5:9]], prefix="http://friends.example.net/")}'
               f'<div class="module-typepad"><a href="http://www.typepad.com/">{t("powered_by")} TypePad</a></div>')
    return (head(page, True) + f'<body><div id="container"><div id="banner"><h1><a href="/">{e(page.site)}</a></h1></div>'
            f'<table width="100%" border="0"><tr><td valign="top" id="left">{sidebar}</td><td valign="top" id="center">'
            f'<div class="content"><h2 class="date-header">{e(s.date)}</h2><div class="entry"><h3 class="entry-header">'
            f'{e(s.headline)}</h3><div class="entry-body">{story_markup(s, "p", "table")}</div><p class="posted">'
            f'{t("posted_by")} {e(s.author)} | <a href="{page.url}">{t("permalink")}</a> | '
            f'{t("comments")} ({len(flatten(page.comments))}) | {t("trackbacks")} (0)</p></div>'
            f'<div class="trackback-url"><h2>{t("trackbacks")}</h2><p>{t("trackback_url")}<br />'
            f'<span class="trackbacks">http://www.typepad.com/services/trackback/6a00d8{rng.randint(10**9, 10**10)}</span></p></div>'
            f'<div class="comments"><h2 class="comments-header">{t("comments")}</h2><div class="comments-content">{comments}</div></div>'
            f'<div class="comments-open"><h2>{t("post_comment")}</h2><textarea name="text" rows="8"></textarea>'
            f'<input type="submit" name="post" value="{t("submit")}" /></div></div></td></tr></table></div></body></html>')


def blogger_classic(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    flat = flatten(page.comments)
    block = "".join(f'<dt class="comment-author" id="c{i}"><a name="c{i}"></a><a href="/profile/{i}">{e(c.author)}</a> {t("said")}</dt>'
                    f'<dd class="comment-body">{paragraphs(c)}</dd><dd class="comment-footer"><span class="comment-timestamp">'
                    f'<a href="#c{i}">{e(c.date)}</a></span></dd>' for i, (_, c) in enumerate(flat))
    return (head(page, True) + f'<body><div id="outer-wrapper"><div id="header-wrapper"><div id="header"><h1 class="title">'
            f'<a href="/">{e(page.site)}</a></h1></div></div><div id="content-wrapper"><div id="main-wrapper">'
            f'<h2 class="date-header">{e(s.date)}</h2><div class="post"><a name="{rng.randint(10**8, 10**9)}"></a>'
            f'<h3 class="post-title">{e(s.headline)}</h3><div class="post-body"><div>{story_markup(s, "br", "div")}</div></div>'
            f'<p class="post-footer"><em>{t("posted_by")} {e(s.author)} @ <a href="{page.url}">{e(s.date)}</a></em> '
            f'<span class="post-comment-link"><a href="#comments">{t("comments_count", n=len(flat))}</a></span> '
            f'<span class="post-labels">{t("labels")} <a href="/search/label/news">news</a></span></p></div>'
            f'<div id="comments"><h4>{t("comments_count", n=len(flat))}:</h4><dl id="comments-block">{block}</dl>'
            f'<p class="comment-timestamp"><a href="/comment.g?postID=1">{t("post_comment")}</a></p></div>'
            f'<div class="blog-pager"><a href="/older.html">{t("older")}</a> <a href="/">{t("home")}</a></div></div>'
            f'<div id="sidebar-wrapper"><h2 class="sidebar-title">{t("links")}</h2>'
            f'{link_list([teaser.headline for teaser in page.teasers[:4]], prefix="http://links.example.net/")}'
            f'<h2 class="sidebar-title">{t("previous_posts")}</h2>{link_list([teaser.headline for teaser in page.teasers[4:10]])}'
            f'<h2 class="sidebar-title">{t("archives")}</h2>{blog_sidebar(page, rng, "widget-content", "h2")}'
            f'<p id="powered-by"><a href="http://www.blogger.com">{t("powered_by")} Blogger</a></p></div></div></div></body></html>')


def _drupal_comment(page: Page, c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = n[0]
    own = (f'<a id="comment-{k}"></a><div class="comment"><h3><a href="#comment-{k}">{e(c.title)}</a></h3>'
           f'<div class="submitted">{page.t("submitted", a=c.author, d=c.date)}</div><div class="content">{paragraphs(c)}</div>'
           f'<ul class="links"><li><a href="/comment/reply/{k}">{page.t("reply")}</a></li></ul></div>')
    children = "".join(_drupal_comment(page, r, n) for r in c.replies)
    return own + (f'<div class="indented">{children}</div>' if children else "")


def drupal6(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    counter = [0]
    comments = "".join(_drupal_comment(page, c, counter) for c in page.comments)
    return (head(page, True) + f'<body class="sidebars"><div id="page"><div id="header"><div id="logo-title"><h1 id="site-name">'
            f'<a href="/">{e(page.site)}</a></h1></div>{nav(page, "links primary-links")}</div><div id="container" class="clear-block">'
            f'<div id="sidebar-left" class="sidebar"><div class="block block-user"><h2>{t("login")}</h2><form action="/user">'
            f'<label>{t("username")}</label><input type="text" name="name" /><label>{t("password")}</label>'
            f'<input type="password" name="pass" /><input type="submit" value="{t("login")}" /></form>'
            f'<ul><li><a href="/user/register">{t("register")}</a></li></ul></div></div><div id="main"><div class="breadcrumb">'
            f'<a href="/">{t("home")}</a> › <a href="/news">{t("news")}</a></div><h2 class="title">{e(s.headline)}</h2>'
            f'<div class="node"><span class="submitted">{t("submitted", a=s.author, d=s.date)}</span><div class="content">'
            f'{story_markup(s, "p", "div", "h3")}</div><div class="links"><ul class="links inline"><li class="comment_add">'
            f'<a href="/comment/reply/1#comment-form">{t("add_new_comment")}</a></li><li class="print_html"><a href="/print/1">'
            f'{t("printer")}</a></li><li class="forward_links"><a href="/forward?path=node/1">{t("send_friend")}</a></li></ul></div>'
            f'</div><div id="comments">{comments}</div></div><div id="sidebar-right" class="sidebar"><div class="block">'
            f'<h2>{t("recent")}</h2>{teaser_list(page, page.teasers[:6], False, "item-list")}</div><div class="block">'
            f'<h2>{t("subscribe")}</h2><a href="/rss.xml" class="feed-icon">{t("subscribe_feed")}</a></div></div></div>'
            f'<div id="footer">{footer_text(page)}</div></div></body></html>')


def _table_chrome(page: Page, rng: random.Random, center: str) -> str:
    t = page.t
    left = "".join(f'<tr><td class="navitem"><a href="/{k}/"><font face="Arial" size="2">{t(k)}</font></a></td></tr>'
                   for k in ("home", "news", "sport", "business", "culture", "opinion", "weather"))
    right = (f'<table width="180" cellpadding="3" class="box"><tr><td bgcolor="#003366"><font color="#ffffff"><b>{t("most_read")}'
             f'</b></font></td></tr><tr><td>{teaser_list(page, page.teasers[:5], False, "mostread")}</td></tr></table><br>'
             f'<table width="180" cellpadding="3" class="box"><tr><td bgcolor="#003366"><font color="#ffffff"><b>{t("most_emailed")}'
             f'</b></font></td></tr><tr><td>{teaser_list(page, page.teasers[5:9], False, "mostemailed")}</td></tr></table><br>'
             f'<center><font size="1">{t("advertisement")}</font><br><img src="/ads/skyscraper{rng.randint(1, 9)}.gif" '
             f'width="160" height="600"></center>')
    return (head(page, True) + f'<body bgcolor="#ffffff" leftmargin="0" topmargin="0"><table width="780" border="0" cellspacing="0" '
            f'cellpadding="0" align="center"><tr><td colspan="3"><a href="/"><img src="/images/masthead.gif" alt="{e(page.site)}" '
            f'width="780" height="90" border="0"></a></td></tr><tr><td width="130" valign="top" bgcolor="#eeeeee">'
            f'<table width="130" cellpadding="4">{left}</table></td><td width="450" valign="top">{center}</td>'
            f'<td width="200" valign="top">{right}</td></tr><tr><td colspan="3" align="center"><font size="1">{footer_text(page)}'
            f'</font></td></tr></table></body></html>')


def table_news(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    readers = "".join(f'<tr><td class="readername"><b>{e(c.author)}</b> &mdash; {e(c.date)}</td></tr><tr><td class="readertext">'
                      f'{paragraphs(c)}</td></tr>' for _, c in flatten(page.comments))
    comments = (f'<a name="comments"></a><table width="100%" cellpadding="4" class="comments"><tr><td bgcolor="#cccccc"><b>'
                f'{t("readers_comments", n=len(flatten(page.comments)))}</b></td></tr>{readers}</table>' if readers else "")
    center = (f'<table width="100%" cellpadding="6"><tr><td><font face="Georgia" size="5"><b>{e(s.headline)}</b></font><br>'
              f'<font face="Arial" size="1">{t("by")} {e(s.author)}<br>{e(s.date)}</font><p><font face="Arial" size="1">'
              f'{share_tools(page, rng)}</font></p>{story_markup(s, "font", "table")}<p><font size="1">'
              f'<a href="/print/{page.page_id}">{t("print")}</a> | <a href="/email/{page.page_id}">{t("email")}</a></font></p>'
              f'<table width="100%" class="alsoin"><tr><td><b>{t("related")}</b>{teaser_list(page, page.teasers[9:13], False)}'
              f'</td></tr></table>{comments}</td></tr></table>')
    return _table_chrome(page, rng, center)


def table_news_br(page: Page, rng: random.Random) -> str:
    """A small paper's CMS: the story a run of text split by <br><br>, comments as a form-fed table below."""
    s, t = page.story, page.t
    rows = "".join(f'<tr bgcolor="{"#f4f4f4" if i % 2 else "#ffffff"}"><td valign="top" width="120"><font size="2"><b>{e(c.author)}'
                   f'</b><br><font size="1">{e(c.date)}</font></font></td><td valign="top"><font size="2">'
                   f'{"<br><br>".join(e(p) for p in c.paragraphs)}</font><br><font size="1"><a href="/report?c={i}">{t("report")}'
                   f'</a></font></td></tr>' for i, (_, c) in enumerate(flatten(page.comments)))
    center = (f'<font face="Times New Roman" size="2"><a href="/">{t("home")}</a> &gt; <a href="/news/">{t("news")}</a></font><br>'
              f'<font face="Times New Roman" size="6">{e(s.headline)}</font><br><font size="2"><i>{e(s.author)}, {e(s.date)}</i>'
              f'</font><br><br><font face="Times New Roman" size="3">{story_markup(s, "br", "table")}</font>'
              f'<table width="100%" cellpadding="2"><tr><td><font size="1">{share_tools(page, rng, sep=" &middot; ")}</font></td></tr>'
              f'</table><hr size="1"><font size="3"><b>{t("your_comment")}</b></font><table width="100%" border="0" cellpadding="4" '
              f'cellspacing="0">{rows}</table><form method="post" action="/comment.php"><textarea name="c" rows="5" cols="50">'
              f'</textarea><br><input type="submit" value="{t("submit")}"></form>')
    return _table_chrome(page, rng, center)


def _slashdot_comment(page: Page, c: Comment, n: list[int]) -> str:
    n[0] += 1
    k = n[0]
    reasons = ("Insightful", "Interesting", "Funny", "Informative", "Troll", "Redundant", "Offtopic")
    children = "".join(_slashdot_comment(page, r, n) for r in c.replies)
    return (f'<li id="tree_{k}" class="comment"><div id="comment_top_{k}" class="commentTop"><div class="title">'
            f'<h4><a href="#{k}">{e(c.title)}</a> <span class="score">(Score:{c.score}, {reasons[k % 7]})</span></h4></div>'
            f'<div class="details">by <a href="/~{slug(c.author)}">{e(c.author)} ({1000 + k * 37})</a> on {e(c.date)} '
            f'(<a href="/comments.pl?cid={k}">#{3000000 + k}</a>)</div></div><div id="comment_body_{k}" class="commentBody">'
            f'<div>{"".join(f"<p>{e(p)}</p>" for p in c.paragraphs)}</div></div><div class="commentSub">'
            f'<a href="/reply?pid={k}">{page.t("reply")}</a> | <a href="/parent?cid={k}">Parent</a></div>'
            + (f"<ul>{children}</ul>" if children else "") + "</li>")


def slashdot(page: Page, rng: random.Random) -> str:
    s, t = page.story, page.t
    counter = [0]
    threads = "".join(_slashdot_comment(page, c, counter) for c in page.comments)
    return (head(page, True) + f'<body><div id="top_parent"></div><div id="wrapper"><div id="head"><div class="logo">'
            f'<a href="/">{e(page.site)}</a></div>{nav(page, "nav-secondary")}</div><div id="contents"><div id="articles">'
            f'<div class="article"><div class="generaltitle"><div class="title"><h3><a href="{page.url}">{e(s.headline)}</a></h3>'
            f'</div></div><div class="details">Posted by <a href="/~editor">{e(s.author)}</a> on {e(s.date)}<br>from the '
            f'<b>dept-of-{slug(s.headline)[:30]}</b> dept.</div><div class="body"><div class="intro">{story_markup(s, "br", "div")}'
            f'</div></div></div></div><div id="commentwrap"><div class="commentBox"><small>The following comments are owned by '
            f'whoever posted them. We are not responsible for them in any way.</small></div><div class="thresholds">'
            f'Threshold: <select name="threshold"><option>-1</option><option>0</option><option selected>1</option></select> '
            f'<a href="/comments.pl?op=Reply">{t("reply")}</a> <b>{counter[0]}</b> {t("comments")}</div>'
            f'<ul id="commentlisting" class="d2">{threads}</ul></div></div><div id="slashboxes"><div class="block"><div class="title">'
            f'<h4>{t("most_read")}</h4></div><div class="content">{teaser_list(page, page.teasers[:6], False)}</div></div></div>'
            f'<div id="footer"><em>{e(page.site)} &mdash; {footer_text(page)}</em></div></div></body></html>')


def forum_replies(page: Page, rng: random.Random) -> str:
    """A blog post followed by the forum's reply list (a phpBB/vBulletin-style table per post)."""
    s, t = page.story, page.t
    posts = "".join(
        f'<table class="tborder" width="100%" cellspacing="1" cellpadding="6" id="post{5000 + i}"><tr><td class="thead">'
        f'<a name="post{5000 + i}"></a>{e(c.date)}<span style="float:right">#<a href="#post{5000 + i}">{i + 2}</a></span></td></tr>'
        f'<tr><td class="alt2" width="175"><a class="bigusername" href="/member.php?u={i}">{e(c.author)}</a><div class="smallfont">'
        f'{t("join_date")}: {rng.randint(2003, 2011)}<br>{t("posts")}: {rng.randint(1, 9000)}</div></td><td class="alt1">'
        f'<div id="post_message_{5000 + i}">{"<br><br>".join(e(p) for p in c.paragraphs)}</div></td></tr><tr><td class="alt2" '
        f'colspan="2" align="right"><a href="/newreply.php?p={i}">{t("quote")}</a> <a href="/report.php?p={i}">{t("report")}'
        f'</a></td></tr></table>' for i, (_, c) in enumerate(flatten(page.comments)))
    return (head(page, True) + f'<body><div class="page" style="width:100%"><table class="tborder" width="100%"><tr><td class="alt1">'
            f'<a href="/"><img src="/images/logo.gif" alt="{e(page.site)}" border="0"></a></td><td class="alt1" align="right">'
            f'<form action="/login.php"><input name="u" value="{t("username")}"><input type="password" name="p">'
            f'<input type="submit" value="{t("login")}"></form></td></tr></table><div class="navbar"><a href="/">{e(page.site)}</a> '
            f'&gt; <a href="/blog/">Blog</a></div><table class="tborder" width="100%" cellpadding="6"><tr><td class="tcat">'
            f'{e(s.headline)}</td></tr><tr><td class="alt1"><div class="smallfont">{t("posted_by")} {e(s.author)}, {e(s.date)}</div>'
            f'<div class="blogbody">{story_markup(s, "br", "div")}</div></td></tr></table><br>{posts}<div class="pagenav">'
            f'<a href="?page=2">2</a> <a href="?page=3">3</a> <a href="?page=2">{t("next")}</a></div>'
            f'<table class="tborder" width="100%"><tr><td class="alt2">{t("related")}: '
            f'{teaser_list(page, page.teasers[:5], False)}</td></tr></table><div class="smallfont" align="center">'
            f'{footer_text(page)} Powered by vBulletin&reg;</div></div></body></html>')


def aspnet_form(page: Page, rng: random.Random) -> str:
    """ASP.NET WebForms: the whole page, story included, one <form> posting back to itself."""
    s, t = page.story, page.t
    cp = "ctl00_ContentPlaceHolder1"
    comments = "".join(f'<div class="commentItem"><span id="{cp}_rptComments_ctl{i:02d}_lblName" class="commentName">{e(c.author)}'
                       f'</span> <span class="commentDate">{e(c.date)}</span><div class="commentText">{paragraphs(c)}</div></div>'
                       for i, (_, c) in enumerate(flatten(page.comments)))
    viewstate = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(400))
    return (head(page, True) + f'<body><form name="aspnetForm" method="post" action="Article.aspx?id={rng.randint(10000, 99999)}" '
            f'id="aspnetForm"><div><input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="/wEPDw{viewstate}" />'
            f'<input type="hidden" name="__EVENTVALIDATION" value="/wEW{viewstate[:60]}" /></div><div id="ctl00_divHeader" class="header">'
            f'<a id="ctl00_hlLogo" href="/Default.aspx">{e(page.site)}</a><div class="search"><input name="ctl00$txtSearch" type="text" />'
            f'<input type="submit" name="ctl00$btnSearch" value="{t("search")}" /></div>{nav(page, "menu")}</div>'
            f'<table id="ctl00_tblMain" width="960" cellpadding="0" cellspacing="0"><tr><td valign="top" class="mainColumn">'
            f'<div id="{cp}_pnlArticle" class="article"><h1><span id="{cp}_lblTitle">{e(s.headline)}</span></h1>'
            f'<span id="{cp}_lblByline" class="byline">{t("by")} {e(s.author)} &middot; {e(s.date)}</span>'
            f'<div id="{cp}_divBody" class="articleBody">{story_markup(s, "p", "div")}</div><div class="tools">'
            f'<a id="{cp}_lnkPrint" href="javascript:__doPostBack(\'ctl00$ContentPlaceHolder1$lnkPrint\',\'\')">{t("print")}</a> | '
            f'<a id="{cp}_lnkEmail" href="javascript:__doPostBack(\'ctl00$ContentPlaceHolder1$lnkEmail\',\'\')">{t("email")}</a></div></div>'
            f'<div id="{cp}_pnlComments" class="comments"><h3>{t("readers_comments", n=len(flatten(page.comments)))}</h3>{comments}'
            f'<div class="addComment"><label>{t("name")}</label><input name="{cp.replace("_", "$")}$txtName" type="text" />'
            f'<textarea name="{cp.replace("_", "$")}$txtComment" rows="4" cols="40"></textarea><input type="submit" '
            f'name="{cp.replace("_", "$")}$btnSubmit" value="{t("submit")}" /></div></div></td><td valign="top" class="rightColumn" '
            f'width="300"><div class="box"><h3>{t("most_read")}</h3>{teaser_list(page, page.teasers[:5], False)}</div>'
            f'<div class="box"><h3>{t("related")}</h3>{teaser_list(page, page.teasers[5:9], True)}</div></td></tr></table>'
            f'<div id="ctl00_divFooter" class="footer">{footer_text(page)}</div></form></body></html>')


def slideshow_rail(page: Page, rng: random.Random) -> str:
    """A 2012 news page: the story, then an "Also on <site>" slideshow of other pieces, each slide with a paragraph."""
    s, t = page.story, page.t
    slides = page.teasers
    show = "".join(f'<div class="slide" id="slide-{i}"><div class="slide-count">{t("slide", i=i + 1, n=len(slides))}</div>'
                   f'<img src="/slides/{i}.jpg" alt=""><h4><a href="/{slug(teaser.headline)}.html">{e(teaser.headline)}</a></h4>'
                   f'<p class="slide-caption">{e(teaser.blurb)}</p></div>' for i, teaser in enumerate(slides))
    comments = "".join(f'<div class="comment-item"><a class="user" href="/social/{slug(c.author)}">{e(c.author)}</a>'
                       f'<span class="ts">{e(c.date)}</span><div class="comment-text">{paragraphs(c)}</div></div>'
                       for _, c in flatten(page.comments))
    return (head(page, True, '<meta property="og:site_name" content="' + e(page.site) + '">')
            + f'<body><div id="wrapper"><div id="top_nav"><a href="/" class="logo">{e(page.site)}</a>{nav(page)}</div>'
            f'<div id="content_area"><div class="col_left"><div class="entry_header"><h1 class="title">{e(s.headline)}</h1>'
            f'<div class="byline">{t("by")} <a href="/author/">{e(s.author)}</a> <span class="timestamp">{t("updated")}: '
            f'{e(s.date)}</span></div><div class="share-bar">{share_tools(page, rng, sep=" ")} <a href="#comments">'
            f'{t("comments_count", n=len(flatten(page.comments)))}</a></div></div><div class="entry_body_text">'
            f'{story_markup(s, "p", "div")}</div><div class="also_on"><h3>{t("also_on", site=page.site)}</h3>'
            f'<div class="slideshow">{show}</div></div><div id="comments"><h3>{t("comments")}</h3>{comments}</div></div>'
            f'<div class="col_right"><div class="module"><h3>{t("trending")}</h3>{teaser_list(page, page.teasers[:5], False)}</div>'
            f'<div class="ad">{t("advertisement")}</div></div></div><div id="footer">{footer_text(page)}</div></div></body></html>')


def news_2010(page: Page, rng: random.Random) -> str:
    """A 2010 news site built of divs: tabs of most-read stories, share tools, comments with "Report abuse" and pages."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    comments = "".join(f'<li class="comment{" reply" if depth else ""}"><div class="comment-header"><span class="commenter">'
                       f'{e(c.author)}</span> <span class="comment-date">{e(c.date)}</span></div><div class="comment-body">'
                       f'{paragraphs(c)}</div><div class="comment-actions"><a href="#">{t("reply")}</a> <a href="#">{t("report")}</a>'
                       f'</div></li>' for depth, c in flat)
    return (head(page, True, f'<meta name="description" content="{e(s.blocks[0].text[:150])}">')
            + f'<body><div id="container"><div id="header"><div id="logo"><a href="/">{e(page.site)}</a></div>'
            f'<div id="weather">{t("weather")}: 14&deg;C</div>{nav(page, "mainnav")}</div><div id="main"><div id="story">'
            f'<div class="breadcrumbs"><a href="/">{t("home")}</a> / <a href="/news/">{t("news")}</a></div>'
            f'<div class="headline"><h1>{e(s.headline)}</h1></div><div class="story-meta">{t("by")} {e(s.author)} | {e(s.date)}</div>'
            f'<div class="tools">{share_tools(page, rng)}</div><div class="story-body">{story_markup(s, "p", "div")}</div>'
            f'<div class="related-box"><h3>{t("related")}</h3>{teaser_list(page, page.teasers[8:12], False)}</div>'
            f'<div id="comments-section"><h3>{t("comments")} ({len(flat)})</h3><ul class="comments-list">{comments}</ul>'
            f'<div class="pagination"><a href="?cp=1">1</a> <a href="?cp=2">2</a> <a href="?cp=2">{t("next")}</a></div></div></div>'
            f'<div id="sidebar"><div class="tabs"><h3>{t("most_read")}</h3>{teaser_list(page, page.teasers[:4], True)}'
            f'<h3>{t("most_emailed")}</h3>{teaser_list(page, page.teasers[4:8], False)}</div></div></div>'
            f'<div id="footer">{footer_text(page)}</div></div></body></html>')


def dotnetnuke(page: Page, rng: random.Random) -> str:
    """A DotNetNuke portal: one <form> around panes of modules, the story one module's content among others."""
    s, t = page.story, page.t
    module = rng.randint(300, 900)

    def box(title: str, body: str, number: int) -> str:
        return (f'<div class="DNNContainer_Title"><span id="dnn_ctr{number}_dnnTITLE_lblTitle" class="Head">{title}</span></div>'
                f'<div id="dnn_ctr{number}_ContentPane" class="DNNModuleContent ModHTMLC">{body}</div>')

    feedback = "".join(f'<tr><td class="Normal"><b>{e(c.author)}</b> {t("wrote")} <i>{e(c.date)}</i><br />{paragraphs(c)}</td></tr>'
                       for _, c in flatten(page.comments))
    story_body = (f'<h1 class="Head">{e(s.headline)}</h1><span class="SubHead">{e(s.author)} &ndash; {e(s.date)}</span>'
                  f'<div class="Normal">{story_markup(s, "p", "table")}</div><a href="/Print.aspx?mid={module}">'
                  f'<img src="/images/print.gif" alt="{t("print")}" /></a> <a href="/SendPage.aspx">{t("send_friend")}</a>')
    return (head(page, True) + f'<body id="Body"><form name="Form" method="post" action="/Default.aspx?tabid={module}" id="Form" '
            f'enctype="multipart/form-data"><input type="hidden" name="__VIEWSTATE" value="/wEPDwUKMTY{rng.randint(10**9, 10**10)}" />'
            f'<table class="pagemaster" width="100%" cellspacing="0" cellpadding="0"><tr><td class="skinheader"><a href="/">'
            f'{e(page.site)}</a> <span class="login"><a href="/Login.aspx">{t("login")}</a> | <a href="/Register.aspx">'
            f'{t("register")}</a></span></td></tr><tr><td class="skinmenu">{nav(page, "dnnmenu")}</td></tr><tr><td>'
            f'<table width="100%"><tr><td id="dnn_LeftPane" class="leftpane" valign="top" width="180">'
            f'{box(t("links"), teaser_list(page, page.teasers[:5], False), module - 2)}</td><td id="dnn_ContentPane" class="contentpane" '
            f'valign="top">{box(t("news"), story_body, module)}'
            + (box(t("comments"), f'<table class="Feedback" width="100%">{feedback}</table>', module + 1) if feedback else "")
            + f'</td><td id="dnn_RightPane" class="rightpane" valign="top" width="220">'
            f'{box(t("related"), teaser_list(page, page.teasers[5:], True), module + 2)}</td></tr></table></td></tr>'
            f'<tr><td class="skinfooter"><span class="Normal">{footer_text(page)}</span></td></tr></table></form></body></html>')
