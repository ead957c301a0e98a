"""Short stories under long readers' threads whose markup names no comment: the thread outweighs the story many times.

News sites of 2008-2013 printed dozens or hundreds of readers' comments under a 150-word story,
often in their CMS's own unnamed boxes (`div.entry`, one small table per comment) under a title
that counts or names them. The issue 32 study found comments were 87% of the extra words on the
worst pages. Written for this corpus from how such pages looked (session 31); the sentences,
names and sites are the generator's own.
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, e, footer_text, head, nav, paragraphs, share_tools, slug, story_markup, teaser_list
from bench.oldweb.prose import TOWNS, flatten


def _title(page: Page, rng: random.Random, n: int) -> str:
    t = page.t
    return rng.choice((t("readers_comments", n=n), f'{t("comments")} ({n})', t("comments"), t("your_views", n=n),
                       t("comments_count", n=n)))


def regional_news(page: Page, rng: random.Random) -> str:
    """A 2008-2012 regional paper built of divs: the story, share tools, then the readers' thread in
    unnamed boxes (`div.entry`: who, where and when over what they wrote, a report link)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    entries = "".join(f'<div class="entry"><p class="who"><b>{e(c.author)}</b>, {e(rng.choice(TOWNS))}<br>'
                      f'<span class="when">{e(c.date)}</span></p>{paragraphs(c)}<p class="tools"><a href="/report/{i}">'
                      f'{t("report")}</a></p></div>' for i, (_, c) in enumerate(flat))
    thread = (f'<div class="box"><h3>{_title(page, rng, len(flat))}</h3>{entries}<div class="pager"><a href="?p=2">'
              f'{t("next")}</a></div></div>' if flat else "")
    return (head(page, True) + f'<body><div id="wrapper"><div id="masthead"><a href="/">{e(page.site)}</a>'
            f'<div class="date">{e(s.date)}</div></div>{nav(page, "topnav")}<div id="columns"><div id="left">'
            f'<div class="headline"><h1>{e(s.headline)}</h1></div><div class="byline">{t("by")} {e(s.author)}</div>'
            f'<div class="tools">{share_tools(page, rng)}</div><div id="article-body">{story_markup(s, "p", "div")}</div>'
            f'{thread}</div><div id="right"><div class="panel"><h3>{t("most_read")}</h3>'
            f'{teaser_list(page, page.teasers[:5], False)}</div><div class="panel"><h3>{t("related")}</h3>'
            f'{teaser_list(page, page.teasers[5:8], True)}</div></div></div><div id="footer">{footer_text(page)}</div></div>'
            f'</body></html>')


def tabloid_tables(page: Page, rng: random.Random) -> str:
    """A 2008-2011 tabloid's story page of tables: the story in `<font>` paragraphs, then the readers'
    thread, each comment a small table of its own (a header row of who, where and when, a text row)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    comments = "".join(f'<table width="100%" cellpadding="3" cellspacing="0" border="0"><tr><td bgcolor="#e8e8e8">'
                       f'<font size="1"><b>{e(c.author)}</b> - {e(rng.choice(TOWNS))} - {e(c.date)}</font></td></tr><tr><td>'
                       f'<font size="2">{"<br><br>".join(e(p) for p in c.paragraphs)}</font></td></tr></table>'
                       for _, c in flat)
    thread = (f'<p><font size="3"><b>{_title(page, rng, len(flat))}</b></font></p>{comments}' if flat else "")
    center = (f'<font face="Arial" size="5"><b>{e(s.headline)}</b></font><br><font face="Arial" size="1">{t("by")} '
              f'{e(s.author)} - {e(s.date)}</font><br><br>{story_markup(s, "font", "table")}<p><font size="1">'
              f'<a href="/print/{slug(s.headline)}">{t("print")}</a> | <a href="/email/{slug(s.headline)}">{t("email")}</a>'
              f'</font></p>{thread}<form method="post" action="/comment.asp"><textarea name="c" rows="4" cols="40"></textarea>'
              f'<input type="submit" value="{t("submit")}"></form>')
    side = (f'<table width="200" cellpadding="3"><tr><td bgcolor="#cc0000"><font color="#ffffff"><b>{t("most_read")}</b></font>'
            f'</td></tr><tr><td>{teaser_list(page, page.teasers[:6], False)}</td></tr></table>')
    return (head(page, True) + f'<body><table width="960" align="center" cellpadding="0" cellspacing="0"><tr><td colspan="2">'
            f'<a href="/"><img src="/img/logo.gif" alt="{e(page.site)}" border="0"></a>{nav(page, "menu")}</td></tr><tr>'
            f'<td width="740" valign="top">{center}</td><td width="220" valign="top">{side}</td></tr><tr><td colspan="2" '
            f'align="center"><font size="1">{footer_text(page)}</font></td></tr></table></body></html>')
