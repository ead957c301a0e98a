"""Tune-half template added in session 36: a blog post above its vBulletin 3 thread in the board's default postbit, no count of the replies.

Session 35 left one held template far under the others (a blog post followed by a reply list,
P 0.20-0.70 in English, French and Italian) while every tune kin of it read at 0.99-1.00: the
cause lay in a shape no tune template printed. This is another page of that kind, written for
this corpus from how the software printed its pages, not from the held template (whose markup
was not opened) nor from any extractor's rules:

- `vb3-postbit`: a personal blog whose discussion is a vBulletin 3 thread printed under the post
  (a blog-to-board bridge of 2006-2011). The board's *default* postbit, not `postbit_legacy`
  (`tables.vb3_blog`): one `table#post123.tborder` per post, a head row (the date in the board's
  numeric format or written out, "#n"), the poster's row (the name's link and title on the left,
  join date, location and posts on the right), the message row (on half the posts a "Re:
  headline" title and a rule, then `div#post_message_123`, a quote of an earlier post in vB's
  quote box now and then, a signature under "__________________"), the buttons' row. Unlike the
  other blog and board templates, the entry's foot mostly counts nothing: the blog links to its
  thread ("Discuss this story in our forum") or prints the posts straight under the entry, and
  a count ("12 comments") shows on a third of the pages. Fifteen posts a page, then vB's page
  switch ("Page 1 of 3").
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, blog_sidebar, e, footer_text, head, slug, story_markup, story_runs
from bench.oldweb.prose import TOWNS, Comment, flatten
from bench.oldweb.words import MONTHS

USER_TITLES = ("Junior Member", "Member", "Senior Member", "Registered User", "Moderator")
BR_STORY_SHARE = 0.5  # half the posts saved as the editor's newlines (<br /><br /> runs), half as <p>
COUNT_SHARE = 0.33  # blogs whose entry foot counts the replies ("12 comments"); the others link to the thread or nothing
HEADING_SHARE = 0.5  # a "Discuss this story in our forum" heading over the posts (the others print them bare)
BOARD_DATE_SHARE = 0.5  # boards that print the post's date in their numeric format ("03-12-2009, 10:42 PM")
TITLE_SHARE = 0.5  # posts with the poster's "Re: headline" title over the message
QUOTE_SHARE = 0.2  # posts that quote an earlier one in vB's quote box
SIGNATURE_SHARE = 0.3  # posters with a signature
POSTS_PER_PAGE = 15  # vBulletin's default: more posts than this, and the thread has a page switch
NUMERIC_DATE = {  # the board's date and time in the country's order: (day first, separator, time format)
    "en": (False, "-", "12h"), "de": (True, ".", "24h"), "fr": (True, "/", "h"), "es": (True, "/", "24h"),
    "it": (True, "/", "24h"), "nl": (True, "-", "24h"),
}
QUOTED = {"en": "Originally Posted by", "de": "Zitat von", "fr": "Envoyé par", "es": "Originalmente publicado por",
          "it": "Originariamente inviato da", "nl": "Oorspronkelijk geplaatst door"}
PAGE_OF = {"en": "Page {i} of {n}", "de": "Seite {i} von {n}", "fr": "Page {i} sur {n}", "es": "Página {i} de {n}",
           "it": "Pagina {i} di {n}", "nl": "Pagina {i} van {n}"}


def _board_date(page: Page, rng: random.Random, c: Comment, numeric: bool) -> str:
    """The post's date as the board printed it: the date written out, or its numeric format with the time."""
    if not numeric:
        return e(c.date)
    day_first, sep, clock = NUMERIC_DATE[page.lang]
    day, month, hour, minute = rng.randint(1, 28), rng.randint(1, 12), rng.randint(0, 23), rng.randint(0, 59)
    date = f"{day:02d}{sep}{month:02d}" if day_first else f"{month:02d}{sep}{day:02d}"
    time = (f"{(hour % 12) or 12:02d}:{minute:02d} {'AM' if hour < 12 else 'PM'}" if clock == "12h"
            else f"{hour:02d}h{minute:02d}" if clock == "h" else f"{hour:02d}:{minute:02d}")
    return f"{date}{sep}{page.years[1]}, {time}"


def _joined(page: Page, rng: random.Random) -> str:
    return f"{MONTHS[page.lang][rng.randrange(12)][:3]} {rng.randint(2001, page.years[1])}"


def _post(page: Page, rng: random.Random, flat: list[tuple[int, Comment]], i: int, pid: int, numeric: bool) -> str:
    """One post in vBulletin 3's default postbit (see the module's docstring)."""
    t = page.t
    c = flat[i][1]
    quote = ""
    if i and rng.random() < QUOTE_SHARE:
        quoted = flat[rng.randrange(i)][1]
        quote = (f'<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">{t("quote")}:'
                 f'</div><table cellpadding="6" cellspacing="0" border="0" width="100%"><tr><td class="alt2" style="border:1px '
                 f'inset"><div>{QUOTED[page.lang]} <strong>{e(quoted.author)}</strong></div><div style="font-style:italic">'
                 f'{e(quoted.paragraphs[0])}</div></td></tr></table></div>')
    signature = ""
    if rng.random() < SIGNATURE_SHARE:
        signature = f'<div>__________________<br />{e(rng.choice(TOWNS))} {rng.randint(1985, 2010)}</div>'
    title = ""
    if rng.random() < TITLE_SHARE:
        title = (f'<div class="smallfont"><img class="inlineimg" src="/forum/images/icons/icon1.gif" alt="Default" border="0" />'
                 f' <strong>Re: {e(page.story.headline)}</strong></div><hr size="1" style="color:#D1D1E1" />')
    text = "<br /><br />".join(e(p) for p in c.paragraphs)
    return (
        f'<div id="edit{pid}" style="padding:0px 0px 6px 0px"><table id="post{pid}" class="tborder" cellpadding="6" '
        f'cellspacing="1" border="0" width="100%" align="center"><tr><td class="thead"><div class="normal" style="float:right">'
        f'&nbsp;#<a href="/forum/showpost.php?p={pid}&amp;postcount={i + 2}" target="new" rel="nofollow" id="postcount{pid}" '
        f'name="{i + 2}"><strong>{i + 2}</strong></a> &nbsp;</div><div class="normal"><a name="post{pid}"><img class="inlineimg" '
        f'src="/forum/images/statusicon/post_old.gif" alt="Old" border="0" /></a> {_board_date(page, rng, c, numeric)}</div>'
        f'</td></tr><tr><td class="alt2" style="padding:0px"><table cellpadding="0" cellspacing="6" border="0" width="100%"><tr>'
        f'<td nowrap="nowrap"><div id="postmenu_{pid}"><a class="bigusername" href="/forum/member.php?u='
        f'{rng.randint(2, 9000)}">{e(c.author)}</a></div><div class="smallfont">{rng.choice(USER_TITLES)}</div></td><td '
        f'width="100%">&nbsp;</td><td valign="top" nowrap="nowrap"><div class="smallfont"><div>{t("join_date")}: '
        f'{_joined(page, rng)}</div><div>{t("location")}: {e(rng.choice(TOWNS))}</div><div>{t("posts")}: '
        f'{rng.randint(1, 4000):,}</div></div></td></tr></table></td></tr><tr><td class="alt1" id="td_post_{pid}">{title}'
        f'<!-- message --><div id="post_message_{pid}">{quote}{text}</div><!-- / message -->{signature}</td></tr><tr><td '
        f'class="alt2" align="right"><a href="/forum/newreply.php?do=newreply&amp;p={pid}" rel="nofollow"><img '
        f'src="/forum/images/buttons/quote.gif" alt="{t("quote")}" border="0" /></a></td></tr></table></div>'
    )


def _page_switch(page: Page, rng: random.Random, pages: int, thread: int) -> str:
    links = "".join(f'<td class="alt1"><a class="smallfont" href="/forum/showthread.php?t={thread}&amp;page={n}">{n}</a></td>'
                    for n in range(2, pages + 1))
    return (f'<div class="pagenav" align="right"><table class="tborder" cellpadding="3" cellspacing="1" border="0"><tr><td '
            f'class="vbmenu_control" style="font-weight:normal">{PAGE_OF[page.lang].format(i=1, n=pages)}</td><td class="alt2">'
            f'<span class="smallfont"><strong>1</strong></span></td>{links}<td class="alt1"><a class="smallfont" href="/forum/'
            f'showthread.php?t={thread}&amp;page=2">&gt;</a></td></tr></table></div>')


def vb3_postbit(page: Page, rng: random.Random) -> str:
    """A personal blog whose replies are a vBulletin 3 thread in the default postbit, mostly uncounted (see the module's docstring)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    numeric = rng.random() < BOARD_DATE_SHARE
    first, thread_id = rng.randint(10000, 90000), rng.randint(100, 9999)
    shown = flat[:POSTS_PER_PAGE]
    posts = "".join(_post(page, rng, flat, i, first + i * 5 + rng.randint(0, 4), numeric) for i in range(len(shown)))
    thread = ""
    if posts:
        heading = f'<h3 class="threadhead">{t("discuss")}</h3>' if rng.random() < HEADING_SHARE else ""
        pages = -(-len(flat) // POSTS_PER_PAGE)
        thread = (f'<a name="replies"></a>{heading}<div id="posts">{posts}</div>'
                  + (_page_switch(page, rng, pages, thread_id) if pages > 1 else "")
                  + f'<p><a href="/forum/newreply.php?do=newreply&amp;noquote=1&amp;t={thread_id}" rel="nofollow">'
                  f'{t("reply")}</a></p>')
    foot = f'{t("posted_by")} {e(s.author)}'
    if flat and rng.random() < COUNT_SHARE:
        foot += f' | <a href="#replies">{t("comments_count", n=len(flat))}</a>'
    body = story_runs(page, "div", "<br /><br />") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "div", "h4")
    return (
        head(page, True) + f'<body><table width="900" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td '
        f'colspan="2" class="header"><h1 class="blogtitle"><a href="/">{e(page.site)}</a></h1></td></tr><tr><td valign="top" '
        f'width="650" class="main"><div class="entry"><h2 class="entrytitle"><a href="/{page.years[1]}/{slug(s.headline)}.html">'
        f'{e(s.headline)}</a></h2><div class="entrydate">{e(s.date)}</div><div class="entrybody">{body}</div><div '
        f'class="entryfoot">{foot}</div></div>{thread}</td><td valign="top" width="250" class="side">'
        f'{blog_sidebar(page, rng, "sidebox", "h3")}</td></tr><tr><td colspan="2" class="footer">{footer_text(page)}</td></tr>'
        f'</table></body></html>'
    )
