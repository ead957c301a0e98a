"""Tune-half template added in session 36: a short blog story above a board's replies in tables named by nothing.

A story followed by replies from other people is an article with comments (issue 32), whatever
the story's length and whatever the replies' markup calls them. Small boards of 2003-2010
(Snitz Forums, UBB Classic, the homebrew ASP and PHP scripts modelled on them) printed a topic
as plain tables coloured by `bgcolor` and `<font>`, with no class or id that names a post, a
reply or a comment; a blog or a club's news page bridged to such a board printed the topic's
replies straight under its entry, with no count in the entry's foot. Written for this corpus
from how such software printed its pages, not from any held template nor from any extractor's
rules:

- `reply-tables`: a blog's entry (headline, date, `div.entrybody` of `<p>`s or `<br><br>` runs,
  its foot naming the author) in the blog's column, then the topic's replies, one `<table>`
  each (or, on a third of the pages, one table with two rows per reply): the poster's cell
  (the name in bold, the board's rank, the number of messages) beside the message's cell (an
  icon, "Posted - date" in the board's numeric format, a rule, the text in `<font>`, a
  signature now and then); under the replies the board's reply link. Nothing counts the
  replies and nothing heads them on two thirds of the pages (the rest: "Replies" in bold).
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, blog_sidebar, e, footer_text, head, slug, story_markup, story_runs
from bench.oldweb.prose import TOWNS, Comment, flatten

RANKS = ("New Member", "Junior Member", "Average Member", "Senior Member", "Advanced Member", "Moderator")
BR_STORY_SHARE = 0.5  # entries saved as the editor's newlines (<br><br> runs); the others as <p>s
ONE_TABLE_SHARE = 0.33  # boards printing the whole topic as one table, two rows a reply; the others a table each
HEADING_SHARE = 0.33  # a bold "Replies" line over the replies; the others print them bare
SIGNATURE_SHARE = 0.25  # posters with a signature under a short rule
COLOURS = ("#f7f7f7", "#edf2f7")  # the rows' alternating background, as the board's colour scheme set it
BOARD_WORDS = {  # (posted, messages, replies, reply to this topic)
    "en": ("Posted", "Posts", "Replies", "Reply to this topic"),
    "de": ("Geschrieben", "Beiträge", "Antworten", "Auf dieses Thema antworten"),
    "fr": ("Posté", "Messages", "Réponses", "Répondre à ce sujet"),
    "es": ("Publicado", "Mensajes", "Respuestas", "Responder a este tema"),
    "it": ("Inviato", "Messaggi", "Risposte", "Rispondi a questo argomento"),
    "nl": ("Geplaatst", "Berichten", "Reacties", "Reageer op dit onderwerp"),
}


def _when(page: Page, rng: random.Random) -> str:
    """The reply's date and time in the board's numeric format (month first in English, as Snitz printed it)."""
    day, month = rng.randint(1, 28), rng.randint(1, 12)
    first, second = (month, day) if page.lang == "en" else (day, month)
    return f"{first:02d}/{second:02d}/{page.years[1]} : {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"


def _cells(page: Page, rng: random.Random, c: Comment, colour: str) -> tuple[str, str]:
    """The poster's cell and the message's cell of one reply."""
    words = BOARD_WORDS[page.lang]
    who = (f'<td bgcolor="{colour}" valign="top" width="160"><font face="Verdana, Arial" size="2"><b>{e(c.author)}</b></font>'
           f'<br /><font face="Verdana, Arial" size="1">{rng.choice(RANKS)}<br /><br />{rng.randint(1, 3000)} {words[1]}'
           f'</font></td>')
    signature = ""
    if rng.random() < SIGNATURE_SHARE:
        signature = f'<br /><br />-----<br /><font size="1">{e(rng.choice(TOWNS))} {rng.randint(1985, 2010)}</font>'
    text = "<br /><br />".join(e(p) for p in c.paragraphs)
    message = (f'<td bgcolor="{colour}" valign="top"><img src="/forum/icon_reply.gif" border="0" hspace="3" /><font '
               f'face="Verdana, Arial" size="1">{words[0]}&nbsp;-&nbsp;{_when(page, rng)}</font><hr noshade size="1" />'
               f'<font face="Verdana, Arial" size="2">{text}{signature}</font></td>')
    return who, message


def _replies(page: Page, rng: random.Random, flat: list[tuple[int, Comment]]) -> str:
    """The topic's replies: one table each, or one table of all of them (see the module's docstring)."""
    one_table = rng.random() < ONE_TABLE_SHARE
    rows = []
    for i, (_, c) in enumerate(flat):
        who, message = _cells(page, rng, c, COLOURS[i % 2])
        rows.append(f"<tr>{who}{message}</tr>")
    if one_table:
        return ('<table border="0" width="100%" cellspacing="1" cellpadding="4" bgcolor="#cccccc">' + "".join(rows)
                + "</table>")
    return "".join(f'<table border="0" width="100%" cellspacing="1" cellpadding="4" bgcolor="#cccccc">{row}</table><br />'
                   for row in rows)


def reply_tables(page: Page, rng: random.Random) -> str:
    """A blog's short story above its board's replies in unnamed tables (see the module's docstring)."""
    s = page.story
    words = BOARD_WORDS[page.lang]
    flat = flatten(page.comments)
    body = story_runs(page, "div", "<br><br>") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "div", "h4")
    thread = ""
    if flat:
        heading = f"<p><b>{words[2]}</b></p>" if rng.random() < HEADING_SHARE else ""
        thread = (heading + _replies(page, rng, flat)
                  + f'<p><a href="/forum/reply.asp?TOPIC_ID={rng.randint(100, 9999)}">{words[3]}</a></p>')
    return (
        head(page, True) + f'<body><table width="900" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td '
        f'colspan="2" class="header"><h1 class="blogtitle"><a href="/">{e(page.site)}</a></h1></td></tr><tr><td valign="top" '
        f'width="650" class="main"><div class="entry"><h2 class="entrytitle"><a href="/{page.years[1]}/{slug(s.headline)}.html">'
        f'{e(s.headline)}</a></h2><div class="entrydate">{e(s.date)}</div><div class="entrybody">{body}</div><div '
        f'class="entryfoot">{page.t("posted_by")} {e(s.author)}</div></div>{thread}</td><td valign="top" width="250" '
        f'class="side">{blog_sidebar(page, rng, "sidebox", "h3")}</td></tr><tr><td colspan="2" class="footer">'
        f'{footer_text(page)}</td></tr></table></body></html>'
    )
