"""A labelled corpus for the soft-404 rule: error pages served with status 200, and traps that
are real pages (articles about the number 404, headlines about error messages, pages shipping
a hidden error template), in eleven languages, some with rendered layout.

Pages are built here rather than saved, so each shows one situation plainly; the body text is
prose of the stated length, so main-text extraction sees what it would on a real page.
`bench/metadata_quality.py` reports precision and recall over it; the tests check every page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from values.rendered import Box, RenderedPage

URL = "https://www.harbourtimes.example/news/2024/05/story-4521"

SENTENCES = {
    "en": "The council met on Tuesday evening and heard from residents about the plans for the harbour.",
    "de": "Der Stadtrat hat am Dienstag lange über die Pläne für den Hafen und die neuen Buslinien beraten.",
    "fr": "Le conseil municipal a débattu mardi soir des projets pour le port et des nouvelles lignes.",
    "es": "El ayuntamiento debatió el martes por la tarde los planes para el puerto y las nuevas líneas.",
    "no": "Bystyret diskuterte tirsdag kveld planene for havnen og de nye bussrutene i flere timer.",
    "sv": "Kommunfullmäktige diskuterade på tisdagskvällen planerna för hamnen och de nya busslinjerna.",
    "da": "Byrådet drøftede tirsdag aften planerne for havnen og de nye buslinjer i flere timer.",
    "it": "Il consiglio comunale ha discusso martedì sera i progetti per il porto e le nuove linee.",
    "nl": "De gemeenteraad sprak dinsdagavond urenlang over de plannen voor de haven en de buslijnen.",
    "pt": "A câmara municipal discutiu na terça à noite os planos para o porto e as novas linhas.",
    "ja": "市議会は火曜日の夜、港の計画と新しいバス路線について長時間にわたって議論した。",
}
"""One sentence of ordinary news prose per language, repeated to the body length asked for."""


@dataclass(frozen=True)
class Soft404Case:
    name: str
    lang: str
    is_soft_404: bool
    title: str
    headline: str
    body_words: int = 30
    """Approximate words of prose under the headline."""
    before: str = ""
    """Markup placed before the headline (a hidden error template, a big error banner)."""
    boxes: dict[int, Box] = field(default_factory=dict)
    """Rendered layout keyed by `data-rc-id` (empty: the page is parsed without a browser)."""

    def page(self) -> RenderedPage:
        sentence = SENTENCES[self.lang]
        per = max(len(sentence.split()), 1)
        count = max(1, round(self.body_words / per)) if self.lang != "ja" else max(1, self.body_words // 20)
        paragraphs = "".join(f"<p>{sentence}</p>" for _ in range(count))
        html = (f"<html lang='{self.lang}'><head><title>{self.title}</title></head><body>"
                f"<header><a href='/'>Harbour Times</a><nav><a href='/news/'>News</a>"
                f"<a href='/sport/'>Sport</a></nav></header><main>{self.before}"
                f"<article><h1 data-rc-id='10'>{self.headline}</h1>{paragraphs}</article></main>"
                f"<footer>© Harbour Times</footer></body></html>")
        return RenderedPage(requested_url=URL, final_url=URL, status=200, content_type="text/html", html=html,
                            boxes=self.boxes, viewport=(1280, 900) if self.boxes else (0, 0))


def box(y: float, font_size: float, visible: bool = True) -> Box:
    return Box(x=0, y=y, width=800, height=60, visible=visible, font_size=font_size,
               display="block" if visible else "none", position="static")


SHOWN_HEADLINE = {10: box(200, 32)}

SOFT_404 = (
    Soft404Case("en-title-and-oops", "en", True, "Page not found – Harbour Times", "Oops! Page not found", 20),
    Soft404Case("en-bare-code", "en", True, "Harbour Times", "404", 15),
    Soft404Case("en-error-code-title", "en", True, "Error 404 | Harbour Times", "Something went wrong", 20),
    Soft404Case("en-sorry-looking-for", "en", True, "Harbour Times",
                "Sorry, the page you are looking for does not exist", 25),
    Soft404Case("en-content-gone", "en", True, "Harbour Times", "This content no longer exists", 20),
    Soft404Case("en-cant-be-found", "en", True, "Harbour Times", "The page you're looking for can't be found", 40),
    Soft404Case("en-rendered-banner", "en", True, "Harbour Times", "Harbour Times", 10,
                before="<div data-rc-id='20'>Page not found</div>",
                boxes={10: box(700, 14), 20: box(150, 48)}),
    Soft404Case("de-title", "de", True, "Seite nicht gefunden – Hafenzeitung", "Hoppla!", 20),
    Soft404Case("de-heading", "de", True, "Hafenzeitung", "Fehler 404: Die Seite existiert nicht", 20),
    Soft404Case("de-rendered-largest", "de", True, "Hafenzeitung", "Hafenzeitung", 10,
                before="<p data-rc-id='20'>Diese Seite wurde nicht gefunden</p>",
                boxes={10: box(40, 18), 20: box(220, 40)}),
    Soft404Case("fr-title", "fr", True, "Page introuvable | Le Quotidien du Port", "Oups !", 20),
    Soft404Case("fr-heading", "fr", True, "Le Quotidien du Port", "Erreur 404 - la page demandée n'existe pas", 20),
    Soft404Case("es-title", "es", True, "Página no encontrada", "Vaya", 20),
    Soft404Case("es-heading", "es", True, "Diario del Puerto", "Error 404: la página no existe", 20),
    Soft404Case("no-heading", "no", True, "Havneavisa", "Siden finnes ikke", 20),
    Soft404Case("no-title", "no", True, "Fant ikke siden – Havneavisa", "Beklager", 20),
    Soft404Case("sv-heading", "sv", True, "Hamnbladet", "Sidan hittades inte", 20),
    Soft404Case("da-heading", "da", True, "Havnebladet", "Siden blev ikke fundet", 20),
    Soft404Case("it-heading", "it", True, "Il Porto", "Pagina non trovata", 20),
    Soft404Case("nl-heading", "nl", True, "De Haven", "Pagina niet gevonden", 20),
    Soft404Case("pt-heading", "pt", True, "Jornal do Porto", "Página não encontrada", 20),
    Soft404Case("ja-title", "ja", True, "ページが見つかりません | 港新聞", "エラー", 40),
    Soft404Case("ja-heading", "ja", True, "港新聞", "お探しのページは見つかりませんでした", 40),
    Soft404Case("en-rendered-heading", "en", True, "Harbour Times", "404 - Page not found", 20,
                boxes=SHOWN_HEADLINE),
)
"""Error pages answered with status 200."""

HIDDEN_TEMPLATE = "<div style='display:none' class='error-view'><h1>Page not found</h1></div>"
HIDDEN_RENDERED = "<div data-rc-id='20'><h1 data-rc-id='21'>Page not found</h1></div>"
HIDDEN_BOXES = {10: box(200, 32), 20: box(0, 16, visible=False), 21: box(0, 32, visible=False)}

TRAPS = (
    Soft404Case("en-route-404", "en", False, "Route 404 closed after landslide | Harbour Times",
                "Route 404 closed after landslide", 165),
    Soft404Case("en-hidden-template", "en", False, "Council approves harbour plan | Harbour Times",
                "Council approves harbour plan", 120, before=HIDDEN_TEMPLATE),
    Soft404Case("en-hidden-template-rendered", "en", False, "Council approves harbour plan",
                "Council approves harbour plan", 120, before=HIDDEN_RENDERED, boxes=HIDDEN_BOXES),
    Soft404Case("en-hidden-attribute", "en", False, "Ferry timetable changes",
                "Ferry timetable changes from June", 60, before="<section hidden><h2>404 Not Found</h2></section>"),
    Soft404Case("en-seo-quoted", "en", False, "Why '404 Not Found' errors hurt your shop",
                "Why '404 Not Found' errors hurt your shop", 90),
    Soft404Case("en-flight-404", "en", False, "Flight 404 lands safely after engine scare",
                "Flight 404 lands safely after engine scare", 80),
    Soft404Case("en-room-404", "en", False, "Room 404: the hotel that time forgot", "Room 404: the hotel that time forgot",
                100),
    Soft404Case("en-site-outage", "en", False, "Tax site shows ‘page not found’ for hours",
                "Tax site shows ‘page not found’ for hours", 90),
    Soft404Case("en-hiker", "en", False, "Missing hiker could not be found after three-day search",
                "Missing hiker could not be found after three-day search", 70),
    Soft404Case("en-area-code", "en", False, "404 Day: Atlanta celebrates its area code",
                "404 Day: Atlanta celebrates its area code", 60),
    Soft404Case("en-essay", "en", False, "Page not found: the web's missing archives",
                "Page not found: the web's missing archives", 400),
    Soft404Case("en-rendered-jobs", "en", False, "Harbour Times", "404 jobs cut at the shipyard", 60,
                boxes={10: box(180, 44)}),
    Soft404Case("de-bus", "de", False, "Bus 404 fährt ab Montag öfter", "Bus 404 fährt ab Montag öfter", 60),
    Soft404Case("de-seo", "de", False, "Warum die Seite nicht gefunden wird: SEO-Tipps für Händler",
                "Warum die Seite nicht gefunden wird: SEO-Tipps für Händler", 100),
    Soft404Case("fr-route", "fr", False, "La route départementale 404 rouverte", "La route départementale 404 rouverte",
                60),
    Soft404Case("fr-seo", "fr", False, "Erreur 404 : pourquoi vos clients abandonnent leur panier",
                "Erreur 404 : pourquoi vos clients abandonnent leur panier", 100),
    Soft404Case("es-bus", "es", False, "La línea 404 de autobús cambia de horario",
                "La línea 404 de autobús cambia de horario", 60),
    Soft404Case("es-novel", "es", False, "Página no encontrada: la novela perdida de un poeta",
                "Página no encontrada: la novela perdida de un poeta", 300),
    Soft404Case("no-route", "no", False, "Rute 404 stengt etter ras", "Rute 404 stengt etter ras", 60),
    Soft404Case("sv-bus", "sv", False, "Buss 404 får nya tider", "Buss 404 får nya tider", 60),
    Soft404Case("da-archive", "da", False, "Siden blev ikke fundet – og det kostede butikken dyrt",
                "Siden blev ikke fundet – og det kostede butikken dyrt", 200),
    Soft404Case("it-road", "it", False, "La strada statale 404 riapre dopo la frana",
                "La strada statale 404 riapre dopo la frana", 60),
    Soft404Case("nl-line", "nl", False, "Lijn 404 rijdt vaker", "Lijn 404 rijdt vaker", 60),
    Soft404Case("ja-road", "ja", False, "国道404号線が通行止め", "国道404号線が通行止め", 60),
    Soft404Case("ja-quoted", "ja", False, "「ページが見つかりません」と表示される不具合",
                "「ページが見つかりません」と表示される不具合", 80),
)
"""Real pages whose prominent text mentions 404 or "not found", or that ship a hidden error
template."""

CASES = SOFT_404 + TRAPS
