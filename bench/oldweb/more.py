"""Tune-half templates added in session 20: three more shapes of 2005-2015 pages the held half also has a kind of.

The first build's held half had shapes its tune half lacked -- a table-built CMS whose comments
carry no comment-named markup, an ASP.NET portal, a story above a forum's replies -- so a rule
for them could only have been tuned on the check pages. These are written from how such pages
looked (PHP-Nuke's themes, ASP.NET 2.0 master pages with `Label` and `DataList` controls,
phpBB 3's prosilver post markup printed under a portal's story), not from the held templates
or from any extractor's rules:

- `phpnuke`: a PHP-Nuke-style portal of nested tables; the story in `<font class="content">`
  runs split by `<br><br>` (or, as some editors saved it, by one `<br>` and an indent, so the
  whole story is one block, sometimes closed by a syndication copyright line); comments as a
  table per comment, nested in `<ul>`, under the "comments are owned by the poster" bar;
- `aspnet-cms`: a news site on ASP.NET WebForms: a search `<form>` of another system in the
  header, then the `aspnetForm` with `__VIEWSTATE` around the master page (left menu table,
  the story in a `Label` of `<br />` runs or `<p>`s, related stories, readers' feedback as a
  `DataList` table), and a site-map footer outside the form;
- `forum-story`: a local news story whose discussion is a forum thread printed under it in
  phpBB 3's markup (`div.post` with `postbody`, `postprofile`, signatures, quotes).
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, caption_markup, e, footer_text, head, slug, story_runs, teaser_list
from bench.oldweb.prose import TOWNS, Comment, flatten
from bench.oldweb.words import HANDLES

ONE_BLOCK_STORY_SHARE = 0.35  # PHP-Nuke stories saved with single <br> and an indent: one block of text
COPYRIGHT_LINE_SHARE = 0.5  # ... of those and of the others, stories closed by a syndication copyright line


def _nuke_block(title: str, body: str, width: int = 150) -> str:
    return (f'<table border="0" cellpadding="1" cellspacing="0" bgcolor="#000000" width="{width}"><tr><td>'
            f'<table border="0" cellpadding="3" cellspacing="0" bgcolor="#dedebb" width="100%"><tr><td align="left">'
            f'<font class="content" color="#363636"><b>{title}</b></font></td></tr></table></td></tr></table>'
            f'<table border="0" cellpadding="3" cellspacing="0" width="{width}"><tr><td><font class="content">{body}'
            f'</font></td></tr></table><br>')


def _nuke_comment(page: Page, c: Comment, cid: list[int]) -> str:
    cid[0] += 1
    n = cid[0]
    text = "<br><br>".join(e(p) for p in c.paragraphs)
    replies = "".join(_nuke_comment(page, r, cid) for r in c.replies)
    return (f'<table width="99%" border="0" cellspacing="0" cellpadding="2"><tr><td bgcolor="#dedebb"><a name="{n}"></a>'
            f'<font class="content"><b>{e(c.title)}</b> ({page.t("score", n=c.score)})</font><br><font class="content">'
            f'{page.t("by")} <a href="modules.php?name=Your_Account&amp;op=userinfo&amp;username={slug(c.author)}">{e(c.author)}</a> '
            f'{page.t("on")} {e(c.date)}<br>(<a href="modules.php?name=Your_Account&amp;op=userinfo&amp;username={slug(c.author)}">'
            f'{page.t("user_info")}</a> | <a href="modules.php?name=Private_Messages&amp;mode=post&amp;u={n}">{page.t("send_msg")}</a>)'
            f'</font></td></tr><tr><td bgcolor="#ffffff"><font class="content">{text}</font></td></tr></table>'
            + (f"<ul>{replies}</ul>" if replies else "<br>"))


def phpnuke(page: Page, rng: random.Random) -> str:
    """A PHP-Nuke-style portal of nested tables (see the module's docstring)."""
    s, t = page.story, page.t
    one_block = rng.random() < ONE_BLOCK_STORY_SHARE
    closing = (("<br>" if one_block else "") + f'<i>{t("copyright", y=page.years[1], site=page.site)}</i>'
               if rng.random() < COPYRIGHT_LINE_SHARE else "")
    modules = "".join(f'<strong><big>&middot;</big></strong>&nbsp;<a href="modules.php?name={k}">{t(k)}</a><br>'
                      for k in ("home", "news", "archives", "sport", "culture", "photos", "contact"))
    login = (f'<form action="modules.php?name=Your_Account" method="post">{t("username")}<br><input type="text" name="uname" '
             f'size="10"><br>{t("password")}<br><input type="password" name="pass" size="10"><br><input type="submit" '
             f'value="{t("login")}"></form>{t("register")}')
    online = t("online_text", g=rng.randint(5, 80), m=rng.randint(0, 6))
    left = _nuke_block(t("sections"), modules) + _nuke_block(t("online"), online) + _nuke_block(t("login"), login)
    older = "".join(f'<strong><big>&middot;</big></strong>&nbsp;<a href="modules.php?name=News&amp;sid={rng.randint(100, 999)}">'
                    f'{e(teaser.headline)}</a><br>' for teaser in page.teasers[5:10])
    poll = (f'<form action="modules.php?name=Surveys" method="post"><b>{e(page.teasers[0].headline)}?</b><br><br>'
            + "".join(f'<input type="radio" name="voteID" value="{i}"> {opt}<br>' for i, opt in enumerate(("+", "-", "?")))
            + f'<br><input type="submit" value="{t("vote")}"></form><a href="modules.php?name=Surveys&amp;op=results">{t("results")}</a>')
    right = (_nuke_block(t("related"), teaser_list(page, page.teasers[:5], False, "")) + _nuke_block(t("archives"), older)
             + _nuke_block(t("poll"), poll))
    story = story_runs(page, "table", one_block=one_block)
    article = (f'<table width="100%" border="0" cellspacing="0" cellpadding="0" bgcolor="#000000"><tr><td>'
               f'<table width="100%" border="0" cellspacing="1" cellpadding="8" bgcolor="#ffffff"><tr><td>'
               f'<font class="option"><b>{e(s.headline)}</b></font><br><font class="content">{t("posted_by")} '
               f'<a href="mailto:{slug(s.author)}@example.com">{e(s.author)}</a> {t("on")} {e(s.date)}<br><br>'
               f'<a href="modules.php?name=News&amp;new_topic={rng.randint(1, 30)}"><img src="images/topics/local.gif" border="0" '
               f'alt="{t("news")}" align="right" hspace="10" vspace="10"></a>{story}{closing}</font></td></tr></table></td></tr></table><br>'
               f'<table width="100%" border="0"><tr><td align="right"><font class="content"><a href="modules.php?name=News&amp;'
               f'file=print&amp;sid={rng.randint(100, 999)}">{t("printer")}</a>&nbsp;&nbsp;<a href="modules.php?name=News&amp;'
               f'file=friend&amp;op=FriendSend">{t("send_friend")}</a></font></td></tr></table><br>')
    count = len(flatten(page.comments))
    bar = (f'<a name="comments"></a><table width="99%" border="0" cellspacing="1" cellpadding="4" bgcolor="#000000" align="center">'
           f'<tr><td bgcolor="#dedebb" align="center"><font class="content">"{e(s.headline)}" | <a href="modules.php?name='
           f'Your_Account">{t("login")}</a> | {t("comments_count", n=count)}</font></td></tr><tr><td bgcolor="#ffffff" '
           f'align="center"><form method="post" action="modules.php?name=News&amp;file=comments"><font class="content">'
           f'<select name="mode"><option value="nested" selected>Nested</option><option value="flat">Flat</option></select> '
           f'<input type="submit" value="{t("refresh")}"></font></form></td></tr><tr><td bgcolor="#ececec" align="center">'
           f'<font class="tiny">{t("owned")}</font></td></tr></table><br>')
    cid = [rng.randint(1000, 5000)]
    comments = "".join(_nuke_comment(page, c, cid) for c in page.comments)
    center = article + bar + comments
    return (head(page, True) + f'<body bgcolor="#505050" text="#000000" link="#363636" vlink="#363636" alink="#d5ae83">'
            f'<table width="100%" cellspacing="0" cellpadding="0" border="0" bgcolor="#ffffff"><tr><td>'
            f'<table border="0" cellpadding="0" cellspacing="0" width="100%"><tr><td><a href="index.php"><img '
            f'src="themes/Local/images/logo.gif" alt="{e(page.site)}" border="0"></a></td><td align="right">'
            f'<form action="modules.php?name=Search" method="post"><font class="content">{t("search")} <input type="text" '
            f'name="query" size="14"></font></form></td></tr></table><table width="100%" cellpadding="3" cellspacing="0" '
            f'border="0"><tr><td bgcolor="#c0c0c0"><font class="content">'
            + " | ".join(f'<a href="modules.php?name={k}">{t(k)}</a>' for k in ("home", "news", "archives", "about", "contact"))
            + '</font></td></tr></table><table width="100%" cellpadding="0" cellspacing="0" border="0"><tr valign="top">'
            f'<td width="150" valign="top">{left}</td><td width="1" bgcolor="#000000"><img src="images/pixel.gif" width="1" '
            f'height="1" alt=""></td><td width="100%" valign="top">{center}</td><td width="150" valign="top">{right}</td></tr>'
            f'</table><br><center><font class="footmsg">{footer_text(page)}<br>{t("powered_by")} PHP-Nuke</font></center>'
            f'</td></tr></table></body></html>')


def _viewstate(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(n))


def aspnet_cms(page: Page, rng: random.Random) -> str:
    """A news site on ASP.NET WebForms (see the module's docstring)."""
    s, t = page.story, page.t
    cp = "ctl00_cphContent"
    if rng.random() < 0.5:
        story = f'<span id="{cp}_lblStory" class="storyText">{story_runs(page, "div", "<br /><br />")}</span>'
    else:
        story = f'<div id="{cp}_divStory" class="storyText">' + "".join(
            f"<p>{e(b.text)}</p>" if b.kind == "p" else f"<h4>{e(b.text)}</h4>" if b.kind == "h"
            else caption_markup(b.text, "div", f"/images/{slug(s.headline)}.jpg") for b in s.blocks) + "</div>"
    flat = flatten(page.comments)
    rows = "".join(
        f'<tr><td><div class="fbName"><span id="{cp}_dlFeedback_ctl{i:02d}_lblName">{e(c.author)}</span>, '
        f'<span id="{cp}_dlFeedback_ctl{i:02d}_lblTown">{e(rng.choice(TOWNS))}</span></div><div class="fbDate">'
        f'<span id="{cp}_dlFeedback_ctl{i:02d}_lblDate">{e(c.date)}</span></div><div class="fbText"><span '
        f'id="{cp}_dlFeedback_ctl{i:02d}_lblText">{"<br /><br />".join(e(p) for p in c.paragraphs)}</span></div></td></tr>'
        for i, (_, c) in enumerate(flat))
    title = rng.choice((t("your_views", n=len(flat)), t("readers_comments", n=len(flat)), f'{t("comments")} ({len(flat)})',
                        t("comments")))
    feedback = (f'<div id="{cp}_pnlFeedback"><h4>{title}</h4>'
                + (f'<table id="{cp}_dlFeedback" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;">'
                   f'{rows}</table>' if rows else "")
                + f'<div class="fbAdd"><b>{t("have_say")}</b><br /><textarea name="ctl00$cphContent$txtFeedback" rows="5" '
                f'cols="40"></textarea><br />{t("name")} <input name="ctl00$cphContent$txtName" type="text" /><br />'
                f'<input type="submit" name="ctl00$cphContent$btnSend" value="{t("submit")}" /></div></div>')
    menu = "".join(f'<tr><td><a class="ctl00_Menu1_1" href="/{k}/default.aspx">{t(k)}</a></td></tr>'
                   for k in ("home", "news", "sport", "business", "culture", "opinion", "photos", "video", "weather"))
    related = "".join(f'<tr><td><a id="{cp}_gvRelated_ctl{i + 2:02d}_hlStory" href="/news/story.aspx?id={rng.randint(10000, 99999)}">'
                      f'{e(teaser.headline)}</a></td></tr>' for i, teaser in enumerate(page.teasers[5:9]))
    sitemap = "".join(f'<div class="mapCol"><h5>{t(k)}</h5>' + "".join(
        f'<a href="/{k}/{slug(teaser.headline)}.aspx">{e(teaser.headline)}</a><br />' for teaser in rng.sample(page.teasers, 3))
        + "</div>" for k in ("news", "sport", "business", "culture"))
    vs = _viewstate(rng, 600)
    return (head(page, True) + f'<body><div id="top"><form action="http://search.example.net/search" method="get" '
            f'id="searchForm"><input type="text" name="q" /><input type="submit" value="{t("search")}" /></form>'
            f'<a href="/">{e(page.site)}</a> | <a href="/contact.aspx">{t("contact")}</a></div>'
            f'<form name="aspnetForm" method="post" action="story.aspx?id={rng.randint(10000, 99999)}" id="aspnetForm">'
            f'<div><input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" /><input type="hidden" '
            f'name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" /><input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" '
            f'value="/wEPDwUK{vs}" /></div><script type="text/javascript">//<![CDATA[\nvar theForm = document.forms[\'aspnetForm\'];\n'
            f"function __doPostBack(eventTarget, eventArgument) {{ if (!theForm.onsubmit || (theForm.onsubmit() != false)) {{ "
            f"theForm.__EVENTTARGET.value = eventTarget; theForm.__EVENTARGUMENT.value = eventArgument; theForm.submit(); }} }}\n//]]>"
            f'</script><script src="/WebResource.axd?d={vs[:22]}&amp;t=633{rng.randint(100000, 999999)}" type="text/javascript">'
            f'</script><div id="ctl00_pnlPage"><table id="ctl00_tblLayout" cellpadding="0" cellspacing="0" width="100%"><tr>'
            f'<td id="ctl00_tdLeft" class="leftNav" valign="top" width="160"><table id="ctl00_Menu1" cellpadding="0" '
            f'cellspacing="0" border="0">{menu}</table></td><td id="ctl00_tdContent" valign="top"><div class="crumb"><a '
            f'href="/">{t("home")}</a> &gt; <a href="/news/">{t("news")}</a></div><span id="{cp}_lblHeadline" '
            f'class="storyHeadline">{e(s.headline)}</span><br /><span id="{cp}_lblByline" class="storyByline">{t("by")} '
            f'{e(s.author)}</span><br /><span id="{cp}_lblDate" class="storyDate">{e(s.date)}</span><br /><br />{story}'
            f'<div class="storyTools"><a id="{cp}_lnkPrint" href="javascript:__doPostBack(\'ctl00$cphContent$lnkPrint\',\'\')">'
            f'{t("print")}</a> | <a id="{cp}_lnkEmail" href="javascript:__doPostBack(\'ctl00$cphContent$lnkEmail\',\'\')">'
            f'{t("email")}</a></div><h4>{t("related")}</h4><table id="{cp}_gvRelated" class="gridRelated" cellspacing="0" '
            f'border="0">{related}</table>{feedback}</td><td id="ctl00_tdRight" class="rightCol" valign="top" width="200">'
            f'<div class="adBox">{t("advertisement")}<br /><img src="/ads/mpu{rng.randint(1, 9)}.gif" width="180" height="150" '
            f'alt="" /></div><h4>{t("most_read")}</h4><ol>'
            + "".join(f'<li><a href="/news/story.aspx?id={rng.randint(10000, 99999)}">{e(teaser.headline)}</a></li>'
                      for teaser in page.teasers[:5])
            + f'</ol><h4>{t("weather")}</h4><span id="ctl00_ucWeather_lblTemp">{rng.randint(-5, 30)}&deg;C</span></td></tr>'
            f'</table></div><div id="ctl00_pnlFooter" class="footer">{footer_text(page)}</div><div><input type="hidden" '
            f'name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="/wEW{vs[:80]}" /></div></form>'
            f'<div id="siteMap">{sitemap}</div></body></html>')


def _signature(rng: random.Random, page: Page) -> str:
    return rng.choice((f'"{e(page.teasers[rng.randrange(len(page.teasers))].headline)}"',
                       f'<a href="http://{slug(rng.choice(HANDLES))}.example.net/">{e(rng.choice(TOWNS))} photos</a>',
                       f"{e(rng.choice(TOWNS))} &mdash; {rng.randint(1990, 2012)}", ""))


def forum_story(page: Page, rng: random.Random) -> str:
    """A local news story with its discussion: a forum thread printed under it in phpBB 3's markup."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    posts = []
    for i, (_, c) in enumerate(flat):
        pid = 20000 + i * 7 + rng.randint(0, 6)
        quote = ""
        if i and rng.random() < 0.3:
            quoted = flat[rng.randrange(i)][1]
            quote = (f'<blockquote><div><cite>{e(quoted.author)} {t("wrote")}</cite>{e(quoted.paragraphs[0])}</div>'
                     f"</blockquote>")
        sig = _signature(rng, page)
        posts.append(
            f'<div id="p{pid}" class="post bg{1 + i % 2}"><div class="inner"><span class="corners-top"><span></span></span>'
            f'<div class="postbody"><h3><a href="#p{pid}">Re: {e(s.headline)}</a></h3><p class="author"><a href="./viewtopic.php'
            f'?p={pid}#p{pid}"><img src="./styles/prosilver/imageset/icon_post_target.gif" alt="" /></a>{t("by")} <strong><a '
            f'href="./memberlist.php?mode=viewprofile&amp;u={rng.randint(2, 9000)}">{e(c.author)}</a></strong> &raquo; {e(c.date)}'
            f'</p><div class="content">{quote}{"<br /><br />".join(e(p) for p in c.paragraphs)}</div>'
            + (f'<div id="sig{pid}" class="signature">{sig}</div>' if sig else "")
            + f'</div><dl class="postprofile" id="profile{pid}"><dt><a href="./memberlist.php?mode=viewprofile">{e(c.author)}</a>'
            f'</dt><dd>&nbsp;</dd><dd><strong>{t("posts")}:</strong> {rng.randint(1, 4000)}</dd><dd><strong>{t("join_date")}:'
            f'</strong> {e(c.date)}</dd><dd><strong>{t("location")}:</strong> {e(rng.choice(TOWNS))}</dd></dl><div '
            f'class="back2top"><a href="#wrap" class="top" title="{t("top")}">{t("top")}</a></div><span class="corners-bottom">'
            f'<span></span></span></div></div><hr class="divider" />')
    thread = ""
    if posts:
        thread = (f'<div class="boardhead"><h2>{t("discuss")}</h2><p>{t("replies_n", n=len(posts))} &bull; <a href="/forum/'
                  f'viewtopic.php?t={rng.randint(100, 9999)}">{t("read_more")}</a></p></div><div id="board">{"".join(posts)}</div>'
                  f'<p><a href="/forum/posting.php?mode=reply">{t("post_comment")}</a></p>')
    body = "".join(f"<p>{e(b.text)}</p>" if b.kind == "p" else f"<h3>{e(b.text)}</h3>" if b.kind == "h"
                   else caption_markup(b.text, "div", f"/images/{slug(s.headline)}.jpg") for b in s.blocks)
    nav = "".join(f'<li><a href="/{k}/">{t(k)}</a></li>' for k in ("home", "news", "sport", "business", "culture", "opinion"))
    return (head(page, True) + f'<body><div id="wrap"><div id="masthead"><a href="/"><img src="/img/logo.png" alt="'
            f'{e(page.site)}" /></a></div><ul id="topnav">{nav}</ul><div id="columns"><div id="maincol"><div class="newsitem">'
            f'<h1>{e(s.headline)}</h1><p class="dateline">{t("by")} {e(s.author)} &ndash; {e(s.date)}</p><div class="newsbody">'
            f'{body}</div><p class="newstools"><a href="/print/{page.page_id}">{t("print")}</a> &middot; <a href="/email/'
            f'{page.page_id}">{t("email")}</a></p></div>{thread}</div><div id="sidecol"><h3>{t("most_read")}</h3>'
            f'{teaser_list(page, page.teasers[:5], False, "toplist")}<h3>{t("related")}</h3>'
            f'{teaser_list(page, page.teasers[5:8], True, "morelist")}</div></div><div id="foot">{footer_text(page)}</div></div>'
            f'</body></html>')
