"""Tune-half templates added in session 35: readers' reactions under a Dutch paper's story, and a phpBB 3 topic under a story.

Session 34 left two kinds of held page failing whose tune kin read well: long Dutch table pages
(every reaction kept) and a story above a board's replies (in English too). These are more pages
of those kinds, written for this corpus from how such software printed its pages, not from the
held templates (whose markup was not opened) nor from any extractor's rules:

- `reacties-paper`: a Dutch or Flemish regional paper of tables (the home-made PHP or ASP CMSs of
  2005-2012): the story as `<br /><br />` runs or `<p>`s in the news cell, a tools line with a
  "Reageer (12)" link, then "Reacties (12)" or "Uw mening (12)" in a bar of its own (or, on a
  quarter of the pages, no title and no count at all: the reactions straight under the story), every
  reaction in the paper's words ("Geplaatst door <b>Jan de Vries</b> op 12-03-2009 om 10:42"; a
  Flemish paper "Gepost door ... op 12/03/2009 om 10u42"; or the poster and town under the
  text), a "Meld misbruik" link each, 25 a page with a page switch when they run long (the title
  counts them all), then "Reageer op dit artikel" with its form and the paper's moderation note.
  Drawn mostly in Dutch (`build.LANGUAGE_WEIGHTS_DUTCH`); the other languages print the same page
  in their words.
- `phpbb3-story`: a club's or small paper's story printed above the board's topic for it, phpBB 3
  with its prosilver style (a portal of 2008-2014): the story in a panel, then the topic's actions
  ("Post a reply", "12 posts • Page 1 of 1") and each post as `div.post`: the post's subject
  ("Re: headline"), "by <strong>name</strong> » date" in `p.author`, the text in `div.content`,
  quotes as `<blockquote><cite>`, a signature, the poster's `dl.postprofile` (rank, posts, joined,
  location) beside it, a "Top" link and an `<hr class="divider">` between posts; then the board's
  jump box and who is online. Not vBulletin 3 (`vb3-blog`), phpBB 2 (`phpbb2-story`) or SMF
  (`smf-topic`), which the tune half has.
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, e, footer_text, head, slug, story_markup, story_runs
from bench.oldweb.prose import TOWNS, Comment, flatten
from bench.oldweb.words import HANDLES, MONTHS

BR_STORY_SHARE = 0.6  # table papers saved most stories as the editor's newlines (<br /><br /> runs)
HEAD_UNDER_SHARE = 0.35  # papers that printed the poster and town under the reaction rather than a head over it
FLEMISH_SHARE = 0.4  # Dutch-language pages of a Flemish paper: "Gepost door", dates with "/", times as "10u42"
DIV_REACTION_SHARE = 0.5  # reactions as div pairs rather than a small table each
PAGED_AT = 25  # a paper that shows this many reactions a page prints a page switch under them
VIEWS_TITLE_SHARE = 0.4  # papers that titled the reactions "Uw mening (12)" ("Your views") rather than "Reacties (12)"
UNTITLED_SHARE = 0.25  # papers that printed the reactions straight under the story: no title, no count on the "Reageer" link
QUOTE_SHARE = 0.25  # board posts that quote an earlier one

PAPER_WORDS = {  # a paper's own words: (reactions, react, react to this article, posted by, on, at, report abuse,
    # town, page, next, moderation note, send)
    "en": ("Reactions", "React", "React to this article", "Posted by", "on", "at", "Report abuse", "Town", "Page",
           "next", "Reactions are moderated before they appear. Keep it civil.", "Send"),
    "de": ("Reaktionen", "Reagieren", "Auf diesen Artikel reagieren", "Geschrieben von", "am", "um", "Missbrauch melden",
           "Wohnort", "Seite", "weiter", "Reaktionen werden vor der Veröffentlichung geprüft.", "Absenden"),
    "fr": ("Réactions", "Réagir", "Réagir à cet article", "Posté par", "le", "à", "Signaler un abus", "Ville", "Page",
           "suivante", "Les réactions sont modérées avant publication.", "Envoyer"),
    "es": ("Reacciones", "Opina", "Opina sobre este artículo", "Escrito por", "el", "a las", "Denunciar abuso", "Ciudad",
           "Página", "siguiente", "Las reacciones se moderan antes de publicarse.", "Enviar"),
    "it": ("Reazioni", "Commenta", "Commenta questo articolo", "Scritto da", "il", "alle", "Segnala abuso", "Città",
           "Pagina", "successiva", "Le reazioni sono moderate prima della pubblicazione.", "Invia"),
    "nl": ("Reacties", "Reageer", "Reageer op dit artikel", "Geplaatst door", "op", "om", "Meld misbruik", "Woonplaats",
           "Pagina", "volgende", "Reacties worden vooraf gemodereerd. Houd het netjes.", "Verstuur"),
}
FLEMISH = ("Reacties", "Reageer", "Geef uw reactie", "Gepost door", "op", "om", "Meld misbruik", "Gemeente", "Pagina",
           "volgende", "De redactie behoudt zich het recht voor reacties in te korten of te weigeren.", "Verzenden")
DATE_SEPARATOR = {"en": "/", "de": ".", "fr": "/", "es": "/", "it": "/", "nl": "-"}

BOARD_WORDS = {  # phpBB 3's language packs: (by, post a reply, posts, page of, top, jump to, who is online, browsing)
    "en": ("by", "Post a reply", "posts", "Page 1 of 1", "Top", "Jump to", "Who is online",
           "Users browsing this forum: No registered users and {g} guests"),
    "de": ("von", "Antwort erstellen", "Beiträge", "Seite 1 von 1", "Nach oben", "Gehe zu", "Wer ist online?",
           "Mitglieder in diesem Forum: Keine registrierten Benutzer und {g} Gäste"),
    "fr": ("par", "Répondre", "messages", "Page 1 sur 1", "Haut", "Aller à", "Qui est en ligne",
           "Utilisateurs parcourant ce forum : Aucun utilisateur enregistré et {g} invités"),
    "es": ("por", "Publicar una respuesta", "mensajes", "Página 1 de 1", "Arriba", "Saltar a", "¿Quién está conectado?",
           "Usuarios navegando por este Foro: No hay usuarios registrados visitando el Foro y {g} invitados"),
    "it": ("da", "Rispondi", "messaggi", "Pagina 1 di 1", "Top", "Vai a", "Chi c’è in linea",
           "Visitano il forum: Nessuno e {g} ospiti"),
    "nl": ("door", "Plaats reactie", "berichten", "Pagina 1 van 1", "Terug naar boven", "Ga naar", "Wie is er online",
           "Gebruikers op dit forum: Geen geregistreerde gebruikers en {g} gasten"),
}
BOARD_RANKS = ("Registered User", "New member", "Regular", "Site Admin", "Moderator", "Veteran")


def _clock(rng: random.Random, flemish: bool) -> str:
    hour, minute = rng.randint(0, 23), rng.randint(0, 59)
    return f"{hour:02d}u{minute:02d}" if flemish else f"{hour:02d}:{minute:02d}"


def _numeric_date(page: Page, rng: random.Random, flemish: bool) -> str:
    day, month, sep = rng.randint(1, 28), rng.randint(1, 12), "/" if flemish else DATE_SEPARATOR[page.lang]
    first, second = (month, day) if page.lang == "en" else (day, month)
    return f"{first:02d}{sep}{second:02d}{sep}{page.years[1]}"


def _reaction(page: Page, rng: random.Random, c: Comment, n: int, words: tuple[str, ...], flemish: bool,
              under: bool, div: bool, shade: str) -> str:
    """One reaction: a head over the text ("Geplaatst door <b>name</b> op date om time") or the poster and town under it."""
    text = "<br /><br />".join(e(p) for p in c.paragraphs)
    when = f"{_numeric_date(page, rng, flemish)} {words[5]} {_clock(rng, flemish)}"
    if under:
        line = f"<b>{e(c.author)}</b>, {e(rng.choice(TOWNS))} &ndash; {when}"
    else:
        line = f"{words[3]} <b>{e(c.author)}</b> {words[4]} {when}"
    abuse = f'<a href="/misbruik.php?id={rng.randint(1000, 99999)}" rel="nofollow">{words[6]}</a>'
    if div:
        headline = f'<div class="reactiekop">{line}</div>'
        foot = f'<div class="reactievoet"><small>#{n} &middot; {abuse}</small></div>'
        return (f'<div class="reactie" style="background:{shade}; padding:4px; margin-bottom:8px">'
                + (f'<div class="reactietekst">{text}</div>{headline.replace("reactiekop", "reactienaam")}{foot}' if under
                   else f'{headline}<div class="reactietekst">{text}</div>{foot}') + "</div>")
    head_row = f'<tr><td bgcolor="{shade}"><font face="Verdana" size="1">{line}</font></td></tr>'
    text_row = f'<tr><td><font face="Verdana" size="2">{text}</font></td></tr>'
    foot_row = f'<tr><td align="right"><font face="Verdana" size="1">{abuse}</font></td></tr>'
    return ('<table width="100%" cellpadding="3" cellspacing="0" border="0" style="margin-bottom:10px">'
            + (text_row + head_row if under else head_row + text_row) + foot_row + "</table>")


def reacties_paper(page: Page, rng: random.Random) -> str:
    """A Dutch or Flemish table paper's story and its readers' reactions (see the module's docstring)."""
    s, t = page.story, page.t
    flemish = page.lang == "nl" and rng.random() < FLEMISH_SHARE
    words = FLEMISH if flemish else PAPER_WORDS[page.lang]
    flat = flatten(page.comments)
    under, div = rng.random() < HEAD_UNDER_SHARE, rng.random() < DIV_REACTION_SHARE
    shade = rng.choice(("#eeeeee", "#f3f3e8", "#e8eef4"))
    shown = flat[:PAGED_AT]
    reactions = "".join(_reaction(page, rng, c, i + 1, words, flemish, under, div, shade) for i, (_, c) in enumerate(shown))
    pages = ""
    if len(flat) > PAGED_AT:
        count = (len(flat) + PAGED_AT - 1) // PAGED_AT
        pages = (f'<p align="center"><font face="Verdana" size="1">{words[8]}: <b>1</b> '
                 + " ".join(f'<a href="?pagina={i}#reacties">{i}</a>' for i in range(2, count + 1))
                 + f' <a href="?pagina=2#reacties">{words[9]} &raquo;</a></font></p>')
    form = (f'<a name="reageer"></a><table width="100%" cellpadding="3" cellspacing="0" border="0"><tr><td bgcolor="#003366">'
            f'<font face="Verdana" size="2" color="#ffffff"><b>{words[2]}</b></font></td></tr></table><form method="post" '
            f'action="/reageer.php"><table border="0" cellpadding="2"><tr><td><font face="Verdana" size="1">{t("name")}</font></td>'
            f'<td><input type="text" name="naam" size="30" /></td></tr><tr><td><font face="Verdana" size="1">{words[7]}</font></td>'
            f'<td><input type="text" name="plaats" size="30" /></td></tr><tr><td><font face="Verdana" size="1">{t("mail")}</font>'
            f'</td><td><input type="text" name="email" size="30" /></td></tr><tr><td colspan="2"><textarea name="reactie" cols="50" '
            f'rows="6"></textarea></td></tr><tr><td colspan="2"><input type="submit" value="{words[11]}" /></td></tr></table>'
            f'<input type="hidden" name="artikel" value="{rng.randint(1000, 99999)}" /></form><font face="Verdana" size="1"><i>'
            f"{words[10]}</i></font>")
    body = story_runs(page, "table", "<br /><br />") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "table")
    story = (f'<font face="Arial" size="5"><b>{e(s.headline)}</b></font><br /><font face="Verdana" size="1">{t("by")} '
             f'{e(s.author)} | {e(s.date)}</font><br /><br /><font face="Verdana" size="2">{body}</font><br />'
             f'<font face="Verdana" size="1"><a href="/print.php?id={rng.randint(100, 9999)}">{t("print")}</a> | <a '
             f'href="/tip.php?id={rng.randint(100, 9999)}">{t("send_friend")}</a> | <a href="#reageer">{words[1]}')
    left = "".join(f'<a href="/{k}.php"><font face="Verdana" size="2" color="#ffffff"><b>{t(k)}</b></font></a><br />'
                   for k in ("home", "news", "sport", "business", "culture", "photos", "weather", "contact"))
    right = (f'<font face="Verdana" size="2"><b>{t("more_stories")}</b></font><br />'
             + "".join(f'&raquo; <a href="/nieuws/{slug(teaser.headline)}.html"><font face="Verdana" size="1">{e(teaser.headline)}'
                       f"</font></a><br />" for teaser in page.teasers[:6])
             + f'<br /><font face="Verdana" size="1">{t("advertisement")}</font><br /><img src="/ads/{rng.randint(1, 9)}.gif" '
             f'width="120" height="600" border="0" />')
    title = t("your_views", n=len(flat)) if rng.random() < VIEWS_TITLE_SHARE else f"{words[0]} ({len(flat)})"
    untitled = rng.random() < UNTITLED_SHARE
    story += f'{f" ({len(flat)})" if flat and not untitled else ""}</a></font><br /><br />'
    section = ""
    if flat:
        section = ("" if untitled else f'<a name="reacties"></a><table width="100%" cellpadding="3" cellspacing="0" border="0"><tr>'
                   f'<td bgcolor="#003366"><font face="Verdana" size="2" color="#ffffff"><b>{title}</b></font></td></tr></table><br />'
                   ) + reactions + pages
    return (
        head(page, True) + f'<body bgcolor="#cccccc" topmargin="0" leftmargin="0"><table width="770" border="0" cellpadding="0" '
        f'cellspacing="0" align="center" bgcolor="#ffffff"><tr><td colspan="3" bgcolor="#003366"><font face="Arial" size="6" '
        f'color="#ffffff"><b>{e(page.site)}</b></font></td></tr><tr><td width="130" valign="top" bgcolor="#336699" '
        f'style="padding:6px">{left}</td><td width="480" valign="top" style="padding:10px">{story}{section}{form}</td>'
        f'<td width="160" valign="top" style="padding:6px">{right}</td></tr><tr><td colspan="3" align="center"><font '
        f'face="Verdana" size="1">{footer_text(page)}</font></td></tr></table></body></html>'
    )


def _board_date(page: Page, rng: random.Random, c: Comment) -> str:
    hour, minute = rng.randint(0, 23), rng.randint(0, 59)
    if page.lang == "en":
        return f"{c.date} {hour % 12 or 12}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
    return f"{c.date}, {hour:02d}:{minute:02d}"


def _board_post(page: Page, rng: random.Random, flat: list[tuple[int, Comment]], i: int, pid: int) -> str:
    t, c, w = page.t, flat[i][1], BOARD_WORDS[page.lang]
    user = f'./memberlist.php?mode=viewprofile&amp;u={rng.randint(2, 5000)}'
    quote = ""
    if i and rng.random() < QUOTE_SHARE:
        quoted = flat[rng.randrange(i)][1]
        quote = f'<blockquote><div><cite>{e(quoted.author)} {t("wrote")}</cite>{e(quoted.paragraphs[0])}</div></blockquote>'
    signature = rng.choice(("", "", "", f"{e(rng.choice(TOWNS))} &ndash; {rng.choice(HANDLES)} {rng.randint(1990, 2012)}"))
    joined = f"{MONTHS[page.lang][rng.randrange(12)][:3]} {rng.randint(2003, page.years[1])}"
    return (
        f'<div id="p{pid}" class="post bg{2 - i % 2}"><div class="inner"><span class="corners-top"><span></span></span>'
        f'<div class="postbody"><ul class="profile-icons"><li class="quote-icon"><a href="./posting.php?mode=quote&amp;'
        f'p={pid}" title="{t("quote")}"><span>{t("quote")}</span></a></li></ul><h3><a href="#p{pid}">Re: {e(page.story.headline)}'
        f'</a></h3><p class="author"><a href="./viewtopic.php?p={pid}#p{pid}"><img src="./styles/prosilver/imageset/icon_post'
        f'_target.gif" width="11" height="9" alt="Post" title="Post" /></a>{w[0]} <strong><a href="{user}">{e(c.author)}</a>'
        f'</strong> &raquo; {e(_board_date(page, rng, c))} </p><div class="content">{quote}'
        f'{"<br /><br />".join(e(p) for p in c.paragraphs)}</div>'
        + (f'<div id="sig{pid}" class="signature">{signature}</div>' if signature else "")
        + f'</div><dl class="postprofile" id="profile{pid}"><dt><a href="{user}">{e(c.author)}</a></dt><dd>'
        f'{rng.choice(BOARD_RANKS)}</dd><dd>&nbsp;</dd><dd><strong>{t("posts")}:</strong> {rng.randint(1, 3000)}</dd><dd>'
        f'<strong>{t("join_date")}:</strong> {joined}</dd><dd><strong>{t("location")}:</strong> {e(rng.choice(TOWNS))}</dd></dl>'
        f'<div class="back2top"><a href="#wrap" class="top" title="{w[4]}">{w[4]}</a></div><span class="corners-bottom"><span>'
        f'</span></span></div></div><hr class="divider" />'
    )


def phpbb3_story(page: Page, rng: random.Random) -> str:
    """A story above its phpBB 3 topic in the prosilver style (see the module's docstring)."""
    s, t, w = page.story, page.t, BOARD_WORDS[page.lang]
    flat = flatten(page.comments)
    first = rng.randint(1000, 90000)
    topic = rng.randint(10, 9999)
    actions = (f'<div class="topic-actions"><div class="buttons"><div class="reply-icon"><a href="./posting.php?mode=reply&amp;'
               f't={topic}" title="{w[1]}"><span></span>{w[1]}</a></div></div><div class="pagination">{len(flat) + 1} {w[2]} '
               f'&bull; {w[3]}</div></div>')
    posts = "".join(_board_post(page, rng, flat, i, first + i * 4 + rng.randint(0, 3)) for i in range(len(flat)))
    discussion = ""
    if flat:
        discussion = (f'<h3 class="topic-title"><a href="./viewtopic.php?t={topic}">{t("discuss")}</a></h3>{actions}'
                      f'<div class="clear"></div>{posts}{actions}')
    body = story_markup(s, "br", "div") if rng.random() < 0.5 else story_markup(s, "p", "div", "h4")
    story = (f'<div class="panel bg3"><div class="inner"><span class="corners-top"><span></span></span><h2>{e(s.headline)}</h2>'
             f'<p class="author">{w[0]} <strong>{e(s.author)}</strong> &raquo; {e(s.date)}</p><div class="content">{body}</div>'
             f'<p><a href="./viewtopic.php?t={topic}">{t("comments_count", n=len(flat))}</a> &bull; <a href="./print.php?t='
             f'{topic}">{t("printer")}</a></p><span class="corners-bottom"><span></span></span></div></div>')
    jump = (f'<form method="post" id="jumpbox" action="./viewforum.php"><fieldset class="jumpbox"><label for="f" accesskey="j">'
            f'{w[5]}:</label><select name="f" id="f">' + "".join(f"<option>{t(k)}</option>" for k in ("news", "sport", "culture"))
            + '</select><input type="submit" value="Go" class="button2" /></fieldset></form>')
    online = f'<h3>{w[6]}</h3><p>{w[7].format(g=rng.randint(2, 40))}</p>'
    crumbs = (f'<ul class="linklist navlinks"><li class="icon-home"><a href="./index.php" accesskey="h">{t("home")}</a> '
              f'<strong>&#8249;</strong> <a href="./viewforum.php?f=2">{t("news")}</a></li></ul>')
    return (
        head(page, True) + f'<body id="phpbb" class="section-viewtopic ltr"><div id="wrap"><a id="top" name="top" accesskey="t">'
        f'</a><div id="page-header"><div class="headerbar"><div class="inner"><span class="corners-top"><span></span></span><div '
        f'id="site-description"><a href="./index.php" id="logo"><img src="./styles/prosilver/imageset/site_logo.gif" alt="" '
        f'/></a><h1>{e(page.site)}</h1><p class="skiplink"><a href="#start_here">Skip to content</a></p></div><div id="search-box">'
        f'<form action="./search.php" method="get" id="search"><fieldset><input name="keywords" id="keywords" type="text" '
        f'maxlength="128" class="inputbox search" value="{t("search")}…" /><input class="button2" value="{t("search")}" '
        f'type="submit" /></fieldset></form></div><span class="corners-bottom"><span></span></span></div></div><div class="navbar">'
        f'<div class="inner"><span class="corners-top"><span></span></span>{crumbs}<ul class="linklist rightside"><li><a '
        f'href="./ucp.php?mode=register">{t("register")}</a></li><li><a href="./ucp.php?mode=login">{t("login")}</a></li></ul>'
        f'<span class="corners-bottom"><span></span></span></div></div></div><a name="start_here"></a><div id="page-body">'
        f'{story}{discussion}{jump}{online}</div><div id="page-footer"><div class="navbar"><div class="inner">{crumbs}</div></div>'
        f'<div class="copyright">{footer_text(page)}<br />Powered by <a href="http://www.phpbb.com/">phpBB</a>&reg; Forum '
        f'Software &copy; phpBB Group</div></div></div></body></html>'
    )
