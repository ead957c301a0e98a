"""Tune-half templates added in session 34: readers' replies printed as tables after a story, in three period markups.

Session 33 left three held shapes trailing whose tune kin read well: a blog post above a forum's
reply list, a table CMS's story of `<br><br>` runs above its comments, and a tabloid's long
thread of one small table per comment. These are more pages of those kinds, written for this
corpus from how such software printed its pages, not from the held templates (whose markup was
not opened) nor from any extractor's rules:

- `vb3-blog`: a personal blog whose comments are a vBulletin 3 thread printed under the post
  with the board's `postbit_legacy` markup: one `table.tborder` per post (a date and "#n" head
  row, the poster's cell of name, title, join date and post count beside `div#post_message_n`,
  a signature under "__________________"), nothing named a comment;
- `cutenews`: a small paper of tables running CuteNews: the full story as `<br /><br />` runs in
  the news cell, then every comment in the script's template ("by <b>name</b> @ date" over the
  text, a div pair or a two-row table per comment), then its form (name, mail, remember me,
  smilies);
- `phpbb2-story`: a portal's story whose discussion is a phpBB 2 topic printed under it in
  subSilver's `forumline` table: two rows per post (the poster's cell beside "Posted: date
  Post subject: Re: headline" over `span.postbody`), under an "Author | Message" header row.

Added later in session 34, a shape no tune template had: readers' comments with no title above them.

- `fusion-news`: a small paper whose news script prints the story in a table cell and then, with
  no heading at all (at most a rule), every comment as rows of one table: a head row of the
  poster's name and date over a row of the text, or the name and date in a narrow left cell
  beside the text, then the comment form under its own heading;
- `fusion-news-local`: the same script set up by a paper outside the English-speaking world: each
  head in the paper's own words with the date as the country writes it ("Geplaatst door <b>Jan de
  Vries</b> op 12-03-2009 om 10:42", "Scritto da <b>name</b> il 12/03/2009 alle 10:42"), drawn
  mostly in the other five languages (`build.LANGUAGE_WEIGHTS_EUROPE`).
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
    slug,
    story_markup,
    story_runs,
    teaser_list,
)
from bench.oldweb.prose import TOWNS, Comment, flatten
from bench.oldweb.words import HANDLES, MONTHS

USER_TITLES = ("Junior Member", "Member", "Senior Member", "Registered User", "Banned", "Moderator")
BR_STORY_SHARE = 0.5  # blogs and papers alike saved half their stories as <br><br> runs (an editor's newlines), half as <p>
ROW_PAIR_SHARE = 0.5  # scripts that printed a comment as a head row over a text row, rather than a name cell beside the text
RULE_ABOVE_SHARE = 0.5  # pages that drew an <hr> between the story and its comments (the others nothing)
TABLE_COMMENT_SHARE = 0.5  # CuteNews sites that put the comment template in a two-row table rather than its div pair


def _joined(page: Page, rng: random.Random) -> str:
    return f"{MONTHS[page.lang][rng.randrange(12)][:3]} {rng.randint(2001, page.years[1])}"


def _vb_post(page: Page, rng: random.Random, c: Comment, n: int, pid: int) -> str:
    t = page.t
    sig = rng.choice(("", "", f"{e(rng.choice(TOWNS))} {rng.randint(1985, 2010)}",
                      f'<a href="http://{slug(rng.choice(HANDLES))}.example.net/" target="_blank">{e(rng.choice(TOWNS))} photos</a>'))
    edge = "border: 1px solid #D1D1E1"
    return (
        f'<div align="center"><div class="page" style="width:100%; text-align:left"><div style="padding:0px 25px 0px 25px">'
        f'<table id="post{pid}" class="tborder" cellpadding="6" cellspacing="0" border="0" width="100%" align="center"><tr>'
        f'<td class="thead" style="font-weight:normal; {edge}; border-right: 0px"><a name="post{pid}"><img class="inlineimg" '
        f'src="/forum/images/statusicon/post_old.gif" alt="Old" border="0" /></a> {e(c.date)}</td><td class="thead" '
        f'style="font-weight:normal; {edge}; border-left: 0px" align="right">&nbsp;#<a href="/forum/showpost.php?p={pid}&amp;'
        f'postcount={n}" target="new" rel="nofollow" id="postcount{pid}" name="{n}"><strong>{n}</strong></a></td></tr>'
        f'<tr valign="top"><td class="alt2" width="175" style="{edge}; border-top: 0px; border-bottom: 0px"><div '
        f'id="postmenu_{pid}"><a class="bigusername" href="/forum/member.php?u={rng.randint(2, 9000)}">{e(c.author)}</a></div>'
        f'<div class="smallfont">{rng.choice(USER_TITLES)}</div><div class="smallfont">&nbsp;<br /><div>{t("join_date")}: '
        f'{_joined(page, rng)}</div><div>{t("location")}: {e(rng.choice(TOWNS))}</div><div>{t("posts")}: '
        f'{rng.randint(1, 4000):,}</div></div></td><td class="alt1" id="td_post_{pid}" style="border-right: 1px solid #D1D1E1">'
        f'<!-- message --><div id="post_message_{pid}">{"<br /><br />".join(e(p) for p in c.paragraphs)}</div><!-- / message -->'
        + (f"<div>__________________<br />{sig}</div>" if sig else "")
        + f'</td></tr><tr><td class="alt2" style="{edge}; border-top: 0px"><img class="inlineimg" src="/forum/images/statusicon/'
        f'user_offline.gif" alt="" border="0" /></td><td class="alt1" align="right" style="{edge}; border-left: 0px; border-top: '
        f'0px"><a href="/forum/newreply.php?do=newreply&amp;p={pid}" rel="nofollow"><img src="/forum/images/buttons/quote.gif" '
        f'alt="{t("quote")}" border="0" /></a></td></tr></table></div></div></div>'
    )


def vb3_blog(page: Page, rng: random.Random) -> str:
    """A personal blog whose comments are a vBulletin 3 thread printed under the post (see the module's docstring)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    first = rng.randint(10000, 90000)
    posts = "".join(_vb_post(page, rng, c, i + 2, first + i * 5 + rng.randint(0, 4)) for i, (_, c) in enumerate(flat))
    thread = ""
    if posts:
        thread = (f'<a name="forum"></a><h3 class="threadhead">{t("discuss")}</h3><p class="small">{t("replies_n", n=len(flat))}'
                  f' &middot; <a href="/forum/showthread.php?t={rng.randint(100, 9999)}">{t("read_more")}</a></p>'
                  f'<div id="posts">{posts}</div><p><a href="/forum/newreply.php?do=newreply&amp;noquote=1&amp;t='
                  f'{rng.randint(100, 9999)}" rel="nofollow">{t("reply")}</a></p>')
    body = story_runs(page, "div", "<br /><br />") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "div", "h4")
    return (
        head(page, True) + f'<body><table width="900" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td '
        f'colspan="2" class="header"><h1 class="blogtitle"><a href="/">{e(page.site)}</a></h1></td></tr><tr><td valign="top" '
        f'width="650" class="main"><div class="entry"><h2 class="entrytitle"><a href="/{page.years[1]}/{slug(s.headline)}.html">'
        f'{e(s.headline)}</a></h2><div class="entrydate">{e(s.date)}</div><div class="entrybody">{body}</div><div '
        f'class="entryfoot">{t("posted_by")} {e(s.author)} | <a href="/{page.years[1]}/{slug(s.headline)}.html">'
        f'{t("permalink")}</a> | <a href="#forum">{t("comments_count", n=len(flat))}</a></div></div>{thread}</td><td '
        f'valign="top" width="250" class="side">{blog_sidebar(page, rng, "sidebox", "h3")}</td></tr><tr><td colspan="2" '
        f'class="footer">{footer_text(page)}</td></tr></table></body></html>'
    )


def _cute_comment(page: Page, rng: random.Random, c: Comment, table: bool) -> str:
    text = "<br />".join(e(p) for p in c.paragraphs)
    who = (f'<a href="mailto:{slug(c.author)}@example.net">{e(c.author)}</a>' if rng.random() < 0.3 else e(c.author))
    if table:
        return (f'<table width="420" cellpadding="2" cellspacing="0" style="margin-bottom:12px;"><tr><td style="border-bottom:'
                f'1px solid black;"><font face="Verdana" size="1">{page.t("by").lower()} <b>{who}</b> @ {e(c.date)}</font></td>'
                f'</tr><tr><td bgcolor="#F9F9F9"><font face="Verdana" size="2">{text}</font></td></tr></table>')
    return (f'<div style="width: 420px; margin-bottom:15px;"><div style="border-bottom:1px solid black;">{page.t("by").lower()} '
            f'<b>{who}</b> @ {e(c.date)}</div><div style="padding:2px; background-color:#F9F9F9">{text}</div></div>')


def cutenews(page: Page, rng: random.Random) -> str:
    """A small paper of tables running CuteNews (see the module's docstring)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    table = rng.random() < TABLE_COMMENT_SHARE
    comments = "".join(_cute_comment(page, rng, c, table) for _, c in flat)
    form = (f'<form method="post" name="comment" action=""><table border="0" width="370" cellspacing="0" cellpadding="0"><tr><td '
            f'width="60">{t("name")}:</td><td><input type="text" size="26" name="name"></td></tr><tr><td>{t("mail")}:</td><td>'
            f'<input type="text" size="26" name="mail"> <input type="checkbox" name="CNremember" value="1"> Remember Me</td></tr>'
            f'<tr><td colspan="2"><textarea cols="40" rows="6" name="comments"></textarea><br /><a href="javascript:insertext'
            f'(\':)\',\'short\')"><img style="border: none;" alt="smile" src="/cutenews/data/emoticons/smile.gif" /></a> <a '
            f'href="javascript:insertext(\':(\',\'short\')"><img style="border: none;" alt="sad" src="/cutenews/data/emoticons/'
            f'sad.gif" /></a></td></tr><tr><td colspan="2"><input type="submit" name="submit" value="{t("post_comment")}" '
            f'accesskey="s"></td></tr></table><input type="hidden" name="subaction" value="addcomment"></form>')
    story = (f'<font face="Georgia" size="4"><b>{e(s.headline)}</b></font><br /><font face="Verdana" size="1">{t("by").lower()} '
             f'{e(s.author)} @ {e(s.date)}</font><br /><br /><font face="Verdana" size="2">{story_runs(page, "table", "<br /><br />")}'
             f'</font><br /><font face="Verdana" size="1"><a href="/print.php?id={rng.randint(100, 999)}">{t("print")}</a> | '
             f'<a href="/send.php?id={rng.randint(100, 999)}">{t("send_friend")}</a></font><br /><br />')
    count = (f'<font face="Verdana" size="2"><b>{t("comments_count", n=len(flat))}</b></font><br /><br />' if flat else "")
    left = "".join(f'<a href="/{k}.php"><font face="Verdana" size="2" color="#ffffff"><b>{t(k)}</b></font></a><br />'
                   for k in ("home", "news", "sport", "business", "culture", "photos", "contact"))
    right = (f'<font face="Verdana" size="2"><b>{t("most_read")}</b></font><br />'
             + "".join(f'&raquo; <a href="/show_news.php?id={rng.randint(100, 999)}"><font face="Verdana" size="1">'
                       f'{e(teaser.headline)}</font></a><br />' for teaser in page.teasers[:6])
             + f'<br /><font face="Verdana" size="1">{t("advertisement")}</font><br /><img src="/banners/{rng.randint(1, 9)}.gif" '
             f'width="120" height="240" border="0" />')
    return (
        head(page, True) + f'<body bgcolor="#dddddd" marginwidth="0" marginheight="0"><table width="760" border="0" cellpadding="0" '
        f'cellspacing="0" align="center" bgcolor="#ffffff"><tr><td colspan="3"><img src="/images/top.jpg" width="760" height="110" '
        f'alt="{e(page.site)}" /></td></tr><tr><td width="130" valign="top" bgcolor="#336699" style="padding:6px">{left}</td>'
        f'<td width="480" valign="top" style="padding:10px">{story}{count}{comments}{form}</td><td width="150" valign="top" '
        f'style="padding:6px">{right}</td></tr><tr><td colspan="3" align="center"><font face="Verdana" size="1">'
        f'{footer_text(page)}<br />{t("powered_by")} CuteNews</font></td></tr></table></body></html>'
    )


def _phpbb2_post(page: Page, rng: random.Random, c: Comment, pid: int, row: str) -> str:
    t = page.t
    return (
        f'<tr><td width="150" align="left" valign="top" class="{row}"><span class="name"><a name="{pid}"></a><b>{e(c.author)}</b>'
        f'</span><br /><span class="postdetails">{rng.choice(USER_TITLES)}<br /><br />{t("join_date")}: {_joined(page, rng)}<br />'
        f'{t("posts")}: {rng.randint(1, 3000)}<br />{t("location")}: {e(rng.choice(TOWNS))}</span><br /></td><td class="{row}" '
        f'width="100%" height="28" valign="top"><table width="100%" border="0" cellspacing="0" cellpadding="0"><tr><td width="100%">'
        f'<a href="/forum/viewtopic.php?p={pid}#{pid}"><img src="/forum/templates/subSilver/images/icon_minipost.gif" width="12" '
        f'height="9" alt="Post" border="0" /></a><span class="postdetails">{e(c.date)}<span class="gen">&nbsp;</span>&nbsp; &nbsp;'
        f'Re: {e(page.story.headline)}</span></td><td valign="top" nowrap="nowrap"><a href="/forum/posting.php?mode=quote&amp;'
        f'p={pid}"><img src="/forum/templates/subSilver/images/lang_english/icon_quote.gif" alt="{t("quote")}" border="0" /></a>'
        f'</td></tr><tr><td colspan="2"><hr /></td></tr><tr><td colspan="2"><span class="postbody">'
        f'{"<br /><br />".join(e(p) for p in c.paragraphs)}</span><span class="gensmall"></span></td></tr></table></td></tr>'
        f'<tr><td class="spaceRow" colspan="2" height="1"><img src="/forum/templates/subSilver/images/spacer.gif" alt="" '
        f'width="1" height="1" /></td></tr>'
    )


def phpbb2_story(page: Page, rng: random.Random) -> str:
    """A portal's story whose discussion is a phpBB 2 topic printed under it (see the module's docstring)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    first = rng.randint(1000, 60000)
    rows = "".join(_phpbb2_post(page, rng, c, first + i * 3 + rng.randint(0, 2), "row1" if i % 2 == 0 else "row2")
                   for i, (_, c) in enumerate(flat))
    thread = ""
    if rows:
        thread = (f'<br /><table width="100%" cellspacing="2" cellpadding="2" border="0"><tr><td align="left" valign="bottom" '
                  f'nowrap="nowrap"><span class="nav"><b>{t("discuss")}</b> &ndash; {t("replies_n", n=len(flat))}</span></td></tr>'
                  f'</table><table class="forumline" width="100%" cellspacing="1" cellpadding="3" border="0"><tr><th class="thLeft" '
                  f'width="150" height="26" nowrap="nowrap">Author</th><th class="thRight" nowrap="nowrap">Message</th></tr>{rows}'
                  f'</table><span class="gensmall"><a href="/forum/posting.php?mode=reply&amp;t={rng.randint(10, 999)}">'
                  f'{t("post_comment")}</a></span>')
    body = story_runs(page, "table", "<br /><br />") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "table")
    blocks = "".join(f'<table width="100%" cellpadding="3" cellspacing="1" border="0" class="forumline"><tr><th class="thHead">'
                     f"{title}</th></tr><tr><td class=\"row1\"><span class=\"gensmall\">{content}</span></td></tr></table><br />"
                     for title, content in ((t("sections"), link_list([t(k) for k in ("news", "sport", "culture", "photos")])),
                                            (t("online"), t("online_text", g=rng.randint(3, 60), m=rng.randint(1, 15))),
                                            (t("most_read"), teaser_list(page, page.teasers[:5], False, ""))))
    return (
        head(page, True) + f'<body bgcolor="#E5E5E5" text="#000000" link="#006699" vlink="#5493B4"><a name="top"></a><table '
        f'width="100%" cellspacing="0" cellpadding="10" border="0" align="center"><tr><td class="bodyline"><table width="100%" '
        f'cellspacing="0" cellpadding="0" border="0"><tr><td><a href="/index.php"><img src="/templates/subSilver/images/logo.gif" '
        f'border="0" alt="{e(page.site)}" vspace="1" /></a></td><td align="center" width="100%" valign="middle"><span '
        f'class="maintitle">{e(page.site)}</span><br /><span class="mainmenu"><a href="/index.php" class="mainmenu">{t("home")}'
        f'</a> &nbsp; <a href="/forum/" class="mainmenu">Forum</a> &nbsp; <a href="/forum/search.php" class="mainmenu">'
        f'{t("search")}</a> &nbsp; <a href="/forum/login.php" class="mainmenu">{t("login")}</a></span></td></tr></table><br />'
        f'<table width="100%" cellspacing="0" cellpadding="0" border="0"><tr><td width="180" valign="top">{blocks}</td><td '
        f'width="10"><img src="/templates/subSilver/images/spacer.gif" alt="" width="10" height="30" /></td><td valign="top">'
        f'<table width="100%" cellpadding="3" cellspacing="1" border="0" class="forumline"><tr><th class="thHead" align="left">'
        f'{e(s.headline)}</th></tr><tr><td class="row1"><span class="gensmall">{t("posted_by")} {e(s.author)} &bull; '
        f'{e(s.date)}</span><br /><br /><span class="postbody">{body}</span></td></tr><tr><td class="row2" align="right"><span '
        f'class="gensmall"><a href="/print.php?id={rng.randint(10, 999)}">{t("printer")}</a> | <a href="/forum/viewtopic.php?t='
        f'{rng.randint(10, 999)}">{t("comments_count", n=len(flat))}</a></span></td></tr></table>{thread}</td></tr></table>'
        f'<br /><div align="center"><span class="copyright">{footer_text(page)}<br />{t("powered_by")} phpBB</span></div></td>'
        f'</tr></table></body></html>'
    )


LOCAL_HEAD = {  # who wrote when in a paper's own words: (written by, on, at, the date's separator)
    "en": ("Posted by", "on", "at", "/"), "de": ("Geschrieben von", "am", "um", "."), "fr": ("Posté par", "le", "à", "/"),
    "es": ("Escrito por", "el", "a las", "/"), "it": ("Scritto da", "il", "alle", "/"), "nl": ("Geplaatst door", "op", "om", "-"),
}


def _local_head(page: Page, rng: random.Random, c: Comment) -> str:
    """"Geplaatst door <b>name</b> op 12-03-2009 om 10:42": the head in the page's language, the date numeric."""
    by, on, at, sep = LOCAL_HEAD[page.lang]
    day, month = rng.randint(1, 28), rng.randint(1, 12)
    first, second = (month, day) if page.lang == "en" else (day, month)
    return (f"{by} <b>{e(c.author)}</b> {on} {first:02d}{sep}{second:02d}{sep}{page.years[1]} {at} "
            f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}")


def _fusion_comment(c: Comment, row_pair: bool, shade: str, head: str = "") -> str:
    text = "<br /><br />".join(e(p) for p in c.paragraphs)
    if row_pair:
        head = head or f"<b>{e(c.author)}</b> &mdash; {e(c.date)}"
        return (f'<tr><td bgcolor="{shade}"><font face="Verdana, Arial" size="1">{head}</font>'
                f'</td></tr><tr><td><font face="Verdana, Arial" size="2">{text}</font><br /><br /></td></tr>')
    head = head or f"<b>{e(c.author)}</b><br />{e(c.date)}"
    return (f'<tr><td width="120" valign="top" bgcolor="{shade}"><font face="Verdana, Arial" size="1">{head}</font></td><td '
            f'valign="top"><font face="Verdana, Arial" size="2">{text}</font></td></tr>')


def fusion_news_local(page: Page, rng: random.Random) -> str:
    """`fusion_news` with each comment headed in the paper's own words, the date numeric (see the module's docstring)."""
    return fusion_news(page, rng, local=True)


def fusion_news(page: Page, rng: random.Random, local: bool = False) -> str:
    """A small paper's news script: the story, then its comments as rows of one untitled table (see the module's docstring)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    row_pair = rng.random() < ROW_PAIR_SHARE
    shade = rng.choice(("#eeeeee", "#f0f0e0", "#e6ecf2"))
    comments = ""
    if flat:
        comments = (('<hr size="1" noshade="noshade" />' if rng.random() < RULE_ABOVE_SHARE else "<br />")
                    + '<table width="100%" border="0" cellspacing="0" cellpadding="4">'
                    + "".join(_fusion_comment(c, row_pair, shade, _local_head(page, rng, c) if local else "") for _, c in flat)
                    + "</table>")
    form = (f'<br /><font face="Verdana, Arial" size="2"><b>{t("leave_reply")}</b></font><form method="post" action="/news/comments.php">'
            f'<table border="0" cellpadding="2"><tr><td>{t("name")}</td><td><input type="text" name="name" size="30" /></td></tr>'
            f'<tr><td>{t("mail")}</td><td><input type="text" name="email" size="30" /></td></tr><tr><td colspan="2"><textarea '
            f'name="comment" cols="45" rows="6"></textarea></td></tr><tr><td colspan="2"><input type="submit" value="{t("submit")}" '
            f'/></td></tr></table><input type="hidden" name="id" value="{rng.randint(100, 9999)}" /></form>')
    body = story_runs(page, "table", "<br /><br />") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "table")
    story = (f'<font face="Arial" size="4"><b>{e(s.headline)}</b></font><br /><font face="Verdana, Arial" size="1">{t("posted_by")} '
             f'{e(s.author)} &middot; {e(s.date)}</font><br /><br /><font face="Verdana, Arial" size="2">{body}</font><br />'
             f'<font face="Verdana, Arial" size="1"><a href="/print.php?id={rng.randint(100, 999)}">{t("print")}</a> | <a '
             f'href="/send.php?id={rng.randint(100, 999)}">{t("send_friend")}</a></font><br />')
    left = "".join(f'<a href="/{k}.php"><font face="Verdana, Arial" size="2"><b>{t(k)}</b></font></a><br />'
                   for k in ("home", "news", "sport", "business", "culture", "photos", "contact"))
    right = (f'<font face="Verdana, Arial" size="2"><b>{t("most_read")}</b></font><br />'
             + "".join(f'&raquo; <a href="/news/{slug(teaser.headline)}.html"><font face="Verdana, Arial" size="1">'
                       f'{e(teaser.headline)}</font></a><br />' for teaser in page.teasers[:6]))
    return (
        head(page, True) + f'<body bgcolor="#ffffff" topmargin="0" leftmargin="0"><table width="780" border="0" cellpadding="0" '
        f'cellspacing="0" align="center"><tr><td colspan="3" bgcolor="#003366"><font face="Arial" size="6" color="#ffffff"><b>'
        f'{e(page.site)}</b></font></td></tr><tr><td width="140" valign="top" bgcolor="#e0e0e0" style="padding:6px">{left}</td>'
        f'<td width="480" valign="top" style="padding:10px">{story}{comments}{form}</td><td width="160" valign="top" '
        f'style="padding:6px">{right}</td></tr><tr><td colspan="3" align="center"><font face="Verdana, Arial" size="1">'
        f'{footer_text(page)}</font></td></tr></table></body></html>'
    )
