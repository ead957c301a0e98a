"""A tune template added in session 34: a European blog of 2008-2012 with its comments, in its own language.

Most tune templates were written in English and their pages drawn in six languages; what their
software printed around the comments stayed the same. A blog engine popular with German-speaking
(and other European) bloggers printed its comments in the blog's language, dates in the numeric
form of the country ("12.03.2009 10:42", "12/03/2009 10:42"), the comment's source line after its
text rather than over it:

- `s9y-blog`: a Serendipity blog: the entry in `serendipity_entry_body`, its footer ("Geschrieben
  von ... | Kommentare (3) | Trackbacks (0)"), a trackback section, then "Kommentare" with the view
  switch ("Ansicht der Kommentare: (Linear | Verschachtelt)") and each comment as
  `div.serendipity_comment`: the text in `serendipity_commentBody`, then "#1 Hans am 12.03.2009
  10:42 (Antwort)"; the comment form under its own title. Drawn mostly in German, French and
  Spanish (`build.LANGUAGE_WEIGHTS_EUROPE`).
"""

from __future__ import annotations

import random

from bench.oldweb.parts import Page, blog_sidebar, e, footer_text, head, slug, story_markup
from bench.oldweb.prose import Comment, flatten

WORDS = {  # the engine's own strings in the blog's language: (written by, at, comments, view, linear, threaded, reply,
    # trackbacks, trackback url, no trackbacks, write a comment, in)
    "en": ("Posted by", "at", "Comments", "Display comments as", "Linear", "Threaded", "Reply", "Trackbacks",
           "Trackback specific URI for this entry", "No Trackbacks", "Add Comment", "in"),
    "de": ("Geschrieben von", "am", "Kommentare", "Ansicht der Kommentare:", "Linear", "Verschachtelt", "Antwort",
           "Trackbacks", "Trackback-URL für diesen Eintrag", "Keine Trackbacks", "Kommentar schreiben", "in"),
    "fr": ("Écrit par", "le", "Commentaires", "Affichage des commentaires :", "Linéaire", "Hiérarchique", "Répondre",
           "Rétroliens", "Adresse de rétrolien pour ce billet", "Aucun rétrolien", "Ajouter un commentaire", "dans"),
    "es": ("Escrito por", "el", "Comentarios", "Mostrar comentarios como", "Lineal", "Anidados", "Responder",
           "Trackbacks", "URL de trackback para esta entrada", "No hay trackbacks", "Añadir comentario", "en"),
    "it": ("Scritto da", "il", "Commenti", "Visualizza i commenti come", "Lineare", "Annidati", "Rispondi",
           "Trackback", "URL trackback per questo articolo", "Nessun trackback", "Aggiungi commento", "in"),
    "nl": ("Geschreven door", "op", "Reacties", "Reacties weergeven als", "Lineair", "Genest", "Antwoord",
           "Trackbacks", "Trackback-URL voor dit artikel", "Geen trackbacks", "Reactie toevoegen", "in"),
}
DATE_SEPARATOR = {"en": "/", "de": ".", "fr": "/", "es": "/", "it": "/", "nl": "-"}
BR_STORY_SHARE = 0.5  # entries saved as <br /><br /> runs (the editor's newlines) rather than <p>


def _numeric(rng: random.Random, lang: str, year: int) -> str:
    day, month, sep = rng.randint(1, 28), rng.randint(1, 12), DATE_SEPARATOR[lang]
    first, second = (month, day) if lang == "en" else (day, month)
    return f"{first:02d}{sep}{second:02d}{sep}{year} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"


def _comment(page: Page, rng: random.Random, c: Comment, n: int, cid: int) -> str:
    w = WORDS[page.lang]
    who = (f'<a href="http://{slug(c.author)}.example.net/">{e(c.author)}</a>' if rng.random() < 0.4 else e(c.author))
    return (f'<a id="c{cid}"></a><div id="serendipity_comment_{cid}" class="serendipity_comment serendipity_comment_author_'
            f'{slug(c.author)} comment_{"odd" if n % 2 else "even"}box" style="padding-left: 0px"><div class="serendipity_'
            f'commentBody">{"<br /><br />".join(e(p) for p in c.paragraphs)}</div><div class="serendipity_comment_source">'
            f'<a class="comment_source_trace" href="#c{cid}">#{n}</a> <span class="comment_source_author">{who}</span> '
            f'{w[1]} <span class="comment_source_date">{_numeric(rng, page.lang, page.years[1])}</span> (<a class="comment_reply" '
            f'href="#serendipity_CommentForm" id="serendipity_reply_{cid}">{w[6]}</a>)</div></div>')


def s9y_blog(page: Page, rng: random.Random) -> str:
    """A Serendipity blog's entry page with its comments in its own language (see the module's docstring)."""
    s, t, w = page.story, page.t, WORDS[page.lang]
    flat = flatten(page.comments)
    first = rng.randint(100, 9000)
    comments = "".join(_comment(page, rng, c, i + 1, first + i) for i, (_, c) in enumerate(flat))
    body = (story_markup(s, "br", "div") if rng.random() < BR_STORY_SHARE else story_markup(s, "p", "div", "h4"))
    link = f"/archives/{rng.randint(10, 999)}-{slug(s.headline)}.html"
    form = (f'<div class="serendipity_commentsTitle">{w[10]}</div><form id="serendipity_comment" action="{link}#feedback" '
            f'method="post"><div><input type="hidden" name="serendipity[entry_id]" value="{rng.randint(10, 999)}" /></div>'
            f'<table border="0" width="100%" cellpadding="3"><tr><td class="serendipity_commentsLabel">{t("name")}</td><td '
            f'class="serendipity_commentsValue"><input type="text" name="serendipity[name]" /></td></tr><tr><td '
            f'class="serendipity_commentsLabel">{t("mail")}</td><td class="serendipity_commentsValue"><input type="text" '
            f'name="serendipity[email]" /></td></tr><tr><td colspan="2"><textarea rows="10" cols="40" name="serendipity'
            f'[comment]"></textarea></td></tr><tr><td colspan="2"><input type="submit" name="serendipity[submit]" '
            f'value="{t("submit")}" /></td></tr></table></form>')
    entry = (
        f'<div class="serendipity_Entry_Date"><h3 class="serendipity_date">{e(s.date)}</h3><h4 class="serendipity_title">'
        f'<a href="{link}">{e(s.headline)}</a></h4><div class="serendipity_entry serendipity_entry_author_{slug(s.author)}">'
        f'<div class="serendipity_entry_body">{body}</div><div class="serendipity_entryFooter">{w[0]} <a href="/authors/'
        f'{rng.randint(1, 9)}-{slug(s.author)}">{e(s.author)}</a> {w[11]} <a href="/categories/{rng.randint(1, 20)}">'
        f'{t("news")}</a> {w[1]} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d} | <a href="{link}#comments">{w[2]} '
        f'({len(flat)})</a> | <a href="{link}#trackbacks">{w[7]} (0)</a></div></div></div>'
        f'<a id="feedback"></a><div class="serendipity_comments serendipity_section_trackbacks"><a id="trackbacks"></a><div '
        f'class="serendipity_commentsTitle">{w[7]}</div><div class="serendipity_center"><a rel="nofollow" style="font-weight:'
        f' normal" href="/comment.php?type=trackback&amp;entry_id={rng.randint(10, 999)}">{w[8]}</a></div><div id="'
        f'serendipity_trackbacklist"><div class="serendipity_center nocomments">{w[9]}</div></div></div>'
        f'<div class="serendipity_comments serendipity_section_comments"><a id="comments"></a><div class="serendipity_'
        f'commentsTitle">{w[2]}</div><div class="serendipity_center">{w[3]} (<a rel="nofollow" href="{link}?serendipity'
        f'[cview]=linear#comments">{w[4]}</a> | {w[5]})</div><br /><div id="serendipity_commentlist">{comments}</div>'
        f'{form}</div>'
    )
    return (
        head(page, True) + f'<body><div id="serendipity_banner"><h1><a class="homelink1" href="/">{e(page.site)}</a></h1>'
        f'</div><table id="mainpane"><tr><td id="content" valign="top">{entry}</td><td id="serendipityRightSideBar" '
        f'valign="top">{blog_sidebar(page, rng, "serendipitySideBarItem", "h3")}</td></tr></table><div class="serendipity_'
        f'footer">{footer_text(page)}</div></body></html>'
    )
