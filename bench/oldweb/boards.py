"""A story whose readers' discussion is a message board's topic printed under it, each post a table of its own.

Small papers and club or hobby sites of 2005-2012 ran their comments on a bulletin board (SMF,
Invision) and printed the story's topic below the story with the board's own markup: every post a
table, the poster's name, rank, post count and avatar in one cell, the post and a signature in the
other, nothing named "comment". Two boards' markup, one per half (session 33), written for this
corpus from how such pages looked before either half was read; the sentences, names and sites are
the generator's own.
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, e, footer_text, head, nav, slug, story_markup, teaser_list
from bench.oldweb.prose import TOWNS, Comment, flatten
from bench.oldweb.words import HANDLES

RANKS = ("Newbie", "Jr. Member", "Full Member", "Sr. Member", "Hero Member", "Advanced Member", "Members")


def _quote(page: Page, rng: random.Random, flat: list[tuple[int, Comment]], i: int, top: str, main: str) -> str:
    if not i or rng.random() >= 0.3:
        return ""
    quoted = flat[rng.randrange(i)][1]
    return f'<div class="{top}">{page.t("quote")}: {e(quoted.author)}</div><div class="{main}">{e(quoted.paragraphs[0])}</div>'


def _signature(rng: random.Random) -> str:
    return rng.choice(
        (
            f'<a href="http://{slug(rng.choice(HANDLES))}.example.net/">{e(rng.choice(TOWNS))} pictures</a>',
            f"{e(rng.choice(TOWNS))} since {rng.randint(1980, 2008)}",
            "",
        )
    )


def smf_topic(page: Page, rng: random.Random) -> str:
    """A town's news site whose comments are an SMF 1.1 board topic printed under the story: the
    topic's table of posts, each a `table` with the poster's cell (name, rank, post count) beside
    the post's (subject, "Reply #n on: date", `div.post`, `div.signature`)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    posts = []
    for i, (_, c) in enumerate(flat):
        msg = 4000 + i * 3 + rng.randint(0, 2)
        sig = _signature(rng)
        posts.append(
            f'<tr><td class="windowbg{2 if i % 2 else ""}"><table width="100%" cellpadding="5" cellspacing="0" '
            f'style="table-layout: fixed;"><tr><td valign="top" width="16%" rowspan="2" style="overflow: hidden;"><b><a '
            f'href="/forum/index.php?action=profile;u={rng.randint(2, 900)}">{e(c.author)}</a></b><div class="smalltext">'
            f'{rng.choice(RANKS)}<br />{t("posts")}: {rng.randint(1, 3000)}<br /><img src="/forum/avatars/{rng.randint(1, 40)}.gif" '
            f'alt="" /></div></td><td valign="top" width="85%" height="100%"><table width="100%" border="0"><tr><td '
            f'valign="middle"><div style="font-weight: bold;" id="subject_{msg}"><a href="/forum/index.php?topic=7.msg{msg}'
            f'#msg{msg}">Re: {e(s.headline)}</a></div><div class="smalltext">&#171; <b>{t("reply")} #{i + 1} {t("on")}:</b> '
            f'{e(c.date)} &#187;</div></td><td align="right" valign="bottom" height="20" style="font-size: smaller;"><a '
            f'href="/forum/index.php?action=post;quote={msg}">{t("quote")}</a></td></tr></table><hr width="100%" size="1" '
            f'class="hrcolor" /><div class="post">{_quote(page, rng, flat, i, "quoteheader", "quote")}{"<br /><br />".join(e(p) for p in c.paragraphs)}'
            f'</div></td></tr><tr><td valign="bottom" class="smalltext" width="85%">'
            + (f'<hr width="100%" size="1" class="hrcolor" /><div class="signature">{sig}</div>' if sig else "")
            + "</td></tr></table></td></tr>"
        )
    thread = ""
    if posts:
        thread = (
            f'<table border="0" width="100%" cellspacing="1" cellpadding="4" class="bordercolor"><tr><td class="titlebg">'
            f'{t("discuss")} ({t("replies_n", n=len(posts))})</td></tr>{"".join(posts)}</table><p class="smalltext">'
            f'<a href="/forum/index.php?action=post;topic=7.0">{t("reply")}</a></p>'
        )
    return (
        head(page, True) + f'<body><table width="100%" cellpadding="0" cellspacing="0"><tr><td id="banner"><a href="/">'
        f'{e(page.site)}</a></td></tr><tr><td>{nav(page, "menubar")}</td></tr></table><table width="100%" cellpadding="6" '
        f'cellspacing="0"><tr><td valign="top" width="75%"><div class="newsitem"><h2>{e(s.headline)}</h2><div class="smalltext">'
        f'{t("posted_by")} {e(s.author)}, {e(s.date)}</div><div class="newsbody">{story_markup(s, "p", "table")}</div>'
        f'<div class="smalltext"><a href="/print/{page.page_id}">{t("print")}</a> | <a href="/email/{page.page_id}">'
        f'{t("email")}</a></div></div>{thread}</td><td valign="top" width="25%" class="sidebar"><h3>{t("most_read")}</h3>'
        f'{teaser_list(page, page.teasers[:5], False, "toplist")}<h3>{t("online")}</h3><p class="smalltext">'
        f'{t("online_text", g=rng.randint(5, 90), m=rng.randint(1, 20))}</p></td></tr></table><div id="footer">'
        f"{footer_text(page)}</div></body></html>"
    )


def ipb_topic(page: Page, rng: random.Random) -> str:
    """A blog whose comments are an Invision Power Board 2 topic printed under the post: each post a
    `div.borderwrap` holding a `table.ipbtable` (a header row of name and date, then the poster's
    cell of group, posts and join date beside `div.postcolor`), then its signature."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    posts = []
    for i, (_, c) in enumerate(flat):
        pid = 90000 + i * 5 + rng.randint(0, 4)
        sig = _signature(rng)
        posts.append(
            f'<div class="borderwrap"><table class="ipbtable" cellspacing="1"><tr><td class="row2" width="1%" nowrap="nowrap">'
            f'<a name="entry{pid}"></a><span class="normalname"><a href="/board/index.php?showuser={rng.randint(2, 900)}">'
            f'{e(c.author)}</a></span></td><td class="row2" width="99%"><div style="float: left;"><span class="postdetails">'
            f'<a title="{t("permalink")}" href="#" onclick="link_to_post({pid}); return false;">{t("posted_by")}</a> '
            f'{e(c.date)}</span></div><div align="right"><a href="/board/index.php?act=Post&amp;CODE=02&amp;qpid={pid}">'
            f'{t("quote")}</a></div></td></tr><tr><td valign="top" class="post{1 + i % 2}"><span class="postdetails">'
            f'<img src="/board/style_avatars/{rng.randint(1, 40)}.gif" alt="" /><br />{t("posts")}: {rng.randint(1, 3000)}<br />'
            f"{t('join_date')}: {e(c.date.split(',')[0])}<br />{t('location')}: {e(rng.choice(TOWNS))}</span></td><td "
            f'width="100%" valign="top" class="post{1 + i % 2}"><div class="postcolor" id="post-{pid}">'
            f"{_quote(page, rng, flat, i, 'quotetop', 'quotemain')}{'<br /><br />'.join(e(p) for p in c.paragraphs)}</div>"
            + (f'<div class="signature">{sig}</div>' if sig else "")
            + '</td></tr></table></div><div class="darkrow3"></div>'
        )
    thread = ""
    if posts:
        thread = (
            f'<div class="maintitle">{t("comments_count", n=len(posts))}</div>{"".join(posts)}<div class="formsubtitle">'
            f'<a href="/board/index.php?act=Post&amp;CODE=02&amp;t={rng.randint(100, 999)}">{t("add_comment")}</a></div>'
        )
    side = "".join(f'<li><a href="/{k}/">{t(k)}</a></li>' for k in ("archives", "categories", "links", "about"))
    return (
        head(page, True) + f'<body><div id="ipbwrapper"><div id="logostrip"><a href="/">{e(page.site)}</a></div>'
        f'<table width="100%" cellspacing="0" cellpadding="0"><tr><td valign="top" id="blogmain"><div class="entry">'
        f'<div class="entrytitle">{e(s.headline)}</div><div class="entrydate">{e(s.date)} &middot; {e(s.author)}</div>'
        f'<div class="entrybody">{story_markup(s, "br", "div")}</div></div>{thread}</td><td valign="top" width="200" '
        f'id="blogside"><div class="sidetitle">{t("recent")}</div>{teaser_list(page, page.teasers[:5], False, "recent")}'
        f'<div class="sidetitle">{t("links")}</div><ul>{side}</ul></td></tr></table><div class="copyright">'
        f"{footer_text(page)}</div></div></body></html>"
    )
