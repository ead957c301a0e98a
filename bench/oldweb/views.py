"""Tune-half template added in session 36: a paper's readers' views in one box, who wrote when under each text.

Session 35 left a shape no tune template printed: a box holding several comments, each closed by
its poster's name and date under its text, with no element of its own around each comment. Papers
of 2005-2011 printed their readers' views so (the text, then "Jan de Vries, Millbrook, 12/03/2009
10:42" in italics), one paragraph after another in one box, as letters to the editor are signed.
Written for this corpus from how such pages looked, not from any held template nor from any
extractor's rules:

- `views-box`: a regional paper of divs (a 2006-2011 CMS, no HTML5 landmarks): the story in
  `div#storybody`, its tools, then the readers' views in one `div#views` box: on a third of the
  pages under "Have your say", on a third under the paper's count ("Your views (12)"), on the rest
  under nothing; each view its paragraphs, then a line naming who wrote it when (the name, the
  town and the date in the country's way, or "Posted by name on date"), nothing named a comment;
  the paper's note on moderation closes the box or stands over its form.
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, e, footer_text, head, nav, share_tools, slug, story_markup, teaser_list
from bench.oldweb.prose import TOWNS, Comment, flatten

TITLE_SHARES = (0.34, 0.33)  # "Have your say" over the views, then the paper's count "Your views (12)"; the rest untitled
POSTED_BY_SHARE = 0.3  # views closed by "Posted by name on date" rather than "name, Town, date"
NOTE_INSIDE_SHARE = 0.5  # papers that closed the views' box with their moderation note (the others put it over the form)
NUMERIC_DATE_SHARE = 0.6  # the date as the country writes it in figures ("12/03/2009 10:42"); the others written out
DATE_SEPARATOR = {"en": "/", "de": ".", "fr": "/", "es": "/", "it": "/", "nl": "-"}
PAPER_WORDS = {  # (posted by, on, moderation note, add your view)
    "en": ("Posted by", "on", "Views are moderated and may be shortened.", "Add your view"),
    "de": ("Geschrieben von", "am", "Leserbeiträge werden geprüft und können gekürzt werden.", "Ihre Meinung"),
    "fr": ("Posté par", "le", "Les avis sont modérés et peuvent être raccourcis.", "Donnez votre avis"),
    "es": ("Escrito por", "el", "Las opiniones se moderan y pueden acortarse.", "Deje su opinión"),
    "it": ("Scritto da", "il", "Le opinioni sono moderate e possono essere abbreviate.", "Lascia la tua opinione"),
    "nl": ("Geplaatst door", "op", "Reacties worden gemodereerd en kunnen worden ingekort.", "Geef uw mening"),
}


def _when(page: Page, rng: random.Random, c: Comment, numeric: bool) -> str:
    if not numeric:
        return e(c.date)
    day, month, sep = rng.randint(1, 28), rng.randint(1, 12), DATE_SEPARATOR[page.lang]
    first, second = (month, day) if page.lang == "en" else (day, month)
    return f"{first:02d}{sep}{second:02d}{sep}{page.years[1]} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"


def _view(page: Page, rng: random.Random, c: Comment, posted_by: bool, numeric: bool) -> str:
    """One reader's view: its paragraphs, then who wrote it when, in the same box as every other view."""
    words = PAPER_WORDS[page.lang]
    when = _when(page, rng, c, numeric)
    line = (f"{words[0]} <b>{e(c.author)}</b> {words[1]} {when}" if posted_by
            else f"<b>{e(c.author)}</b>, {e(rng.choice(TOWNS))}, {when}")
    return "".join(f"<p>{e(text)}</p>" for text in c.paragraphs) + f'<p class="who"><i>{line}</i></p>'


def views_box(page: Page, rng: random.Random) -> str:
    """A regional paper's story and its readers' views in one box (see the module's docstring)."""
    s, t = page.story, page.t
    flat = flatten(page.comments)
    words = PAPER_WORDS[page.lang]
    posted_by, numeric = rng.random() < POSTED_BY_SHARE, rng.random() < NUMERIC_DATE_SHARE
    note_inside = rng.random() < NOTE_INSIDE_SHARE
    pick = rng.random()
    views = ""
    if flat:
        title = (f"<h3>{t('have_say')}</h3>" if pick < TITLE_SHARES[0]
                 else f"<h3>{t('your_views', n=len(flat))}</h3>" if pick < sum(TITLE_SHARES) else "")
        views = (f'<div id="views">{title}' + "".join(_view(page, rng, c, posted_by, numeric) for _, c in flat)
                 + (f'<p class="note"><small>{e(words[2])}</small></p>' if note_inside else "") + "</div>")
    form = (f'<div id="addview"><h4>{e(words[3])}</h4>' + ("" if note_inside else f'<p class="note"><small>{e(words[2])}</small>'
            '</p>') + f'<form method="post" action="/views/add"><p>{t("name")}<br /><input '
            f'type="text" name="name" size="30" /></p><p><textarea name="view" rows="5" cols="45"></textarea></p><p><input '
            f'type="submit" value="{t("submit")}" /></p><input type="hidden" name="story" value="{rng.randint(1000, 99999)}" />'
            f'</form></div>')
    return (
        head(page, True) + f'<body><div id="wrapper"><div id="masthead"><a href="/"><img src="/img/logo.gif" alt="'
        f'{e(page.site)}" /></a></div>{nav(page, "topnav")}<div id="content"><div id="main"><h1>{e(s.headline)}</h1><div '
        f'class="dateline">{t("by")} {e(s.author)} &middot; {e(s.date)}</div><div id="storybody">'
        f'{story_markup(s, "p", "div", "h3")}</div><div class="tools">{share_tools(page, rng)}</div>{views}{form}</div><div '
        f'id="right"><h3>{t("most_read")}</h3>{teaser_list(page, page.teasers[:6], False, "mostread")}</div></div><div '
        f'id="footer">{footer_text(page)} <a href="/{page.years[1]}/{slug(s.headline)}.html">#</a></div></div></body></html>'
    )
