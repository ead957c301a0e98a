"""Soft 404: a page served with a success status whose prominent text says it was not found.

Prominent text is what a reader sees first: the `<title>`, the first visible heading, and,
when the page was rendered, the text in the largest font near the top. Hidden text never
counts (a `display:none` error template that single-page apps ship in every page), whether the
browser said so or the markup does (`hidden`, an inline `display:none`).

A prominent text is a verdict only when the "not found" phrase is most of it: "Oops! Page not
found" is, "Website shows page not found for hours" is a headline about one. A bare "404" counts
only beside an error word ("Error 404") or alone: "Route 404 closed after landslide" is news.
Quoted phrases are talked about, not said. And a page whose main text is a full article is
never flagged, whatever its title says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from extraction.document import Document
from extraction.found import Found
from extraction.textutil import element_text
from extraction.titles import TITLE_SEPARATORS, title_tag

NOT_FOUND_PHRASES = re.compile(
    "|".join((
        # English
        r"page (?:was )?not found", r"page (?:you|you're|you are) (?:were )?looking for",
        r"(?:page|content) (?:does not|doesn't|no longer) exists?", r"could not be found", r"can(?:no|')t be found",
        # German
        r"seite (?:wurde )?nicht gefunden", r"seite existiert nicht", r"nicht gefunden",
        r"seite (?:ist )?nicht (?:mehr )?verfügbar",
        # French
        r"page introuvable", r"page non trouvée", r"page (?:demandée )?n'existe pas", r"erreur 404",
        # Spanish
        r"página no encontrada", r"no se (?:ha )?encontr(?:ó|ado) la página", r"la página no existe",
        # Norwegian
        r"siden (?:ble )?ikke funnet", r"fant ikke siden", r"siden finnes ikke", r"finner ikke siden",
        # Swedish
        r"sidan (?:kunde inte hittas|hittades inte|finns inte)", r"hittar inte sidan",
        # Danish
        r"siden (?:blev )?ikke fundet", r"side ikke fundet", r"siden findes ikke", r"siden kunne ikke findes",
        # Italian, Dutch, Portuguese
        r"pagina non trovata", r"pagina (?:niet gevonden|bestaat niet)", r"página não encontrada",
        # Japanese
        r"ページが見つかりません", r"ページは見つかりません", r"見つかりませんでした", r"ページは存在しません",
        r"ページが存在しません",
    )),
    re.IGNORECASE,
)
"""Phrases that say "not found" in English, German, French, Spanish, Norwegian, Swedish,
Danish, Italian, Dutch, Portuguese and Japanese."""

BARE_404 = re.compile(r"(?<![\w/.-])404(?![\w/.-])")
ERROR_WORDS = re.compile(
    r"\b(?:error|fehler|erreur|errore|fout|erro|feil|fel|fejl|oops|hoppla|oups|ups|whoops|uh[- ]oh)\b|エラー",
    re.IGNORECASE)
"""Words that make a bare "404" an error code rather than a number (route, room, model 404)."""

BARE_404_MAX_WORDS = 2
"""A prominent text of at most this many words that holds "404" is the code alone ("404!")."""

QUOTES = "\"'“”‘’«»„「」『』"
"""A phrase right after one of these is quoted: the text talks about the message."""

MIN_PHRASE_SHARE = 0.4
"""Share of a text's letters the phrase must cover for the text to be the verdict itself
(tuned on tests/extraction/soft404_corpus.py: error headings cover 0.45-1.0, headlines about
errors 0.2-0.35)."""

MAX_PROMINENT_CHARS = 200
"""Prominent text is a title or a heading; a longer text is a paragraph, not a verdict."""

FULL_ARTICLE_WORDS = 150
"""A main text this long is an article whatever its title says (error pages carry a sentence
or two of apology and a search box; the corpus's longest has 60 words)."""

TOP_OF_PAGE_VIEWPORTS = 1.0
"""How far down, in viewport heights, prominent rendered text is looked for."""

DEFAULT_VIEWPORT_HEIGHT_PX = 800
"""Used when the snapshot did not record the viewport."""

HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)

SUCCESS_STATUSES = range(200, 300)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Why one prominent text is or is not a "not found" verdict, with what was measured."""

    source: str
    text: str
    is_verdict: bool
    reason: str


def soft_404(doc: Document, body_words: int) -> Found[bool]:
    if doc.page.status not in SUCCESS_STATUSES:
        return Found(False, "status")
    if body_words >= FULL_ARTICLE_WORDS:
        return Found(False, "long_body")
    for verdict in verdicts(doc):
        if verdict.is_verdict:
            return Found(True, verdict.source)
    return Found(False, "prominent_text")


def verdicts(doc: Document) -> list[Verdict]:
    """Each prominent text judged, in order (for `--explain` and the tests)."""
    return [judge(source, text) for source, text in prominent_texts(doc)]


def judge(source: str, text: str) -> Verdict:
    """Is `text` a "not found" verdict? Titles are judged per segment ("Page not found |
    Site"), so a site name does not dilute the phrase."""
    if len(text) > MAX_PROMINENT_CHARS:
        return Verdict(source, text, False, f"longer than {MAX_PROMINENT_CHARS} characters")
    segments = [s for s in TITLE_SEPARATORS.split(text) if s.strip()] if source == "title" else [text]
    reasons = []
    for segment in segments:
        ok, reason = _segment_verdict(segment)
        if ok:
            return Verdict(source, text, True, reason)
        reasons.append(reason)
    return Verdict(source, text, False, "; ".join(dict.fromkeys(reasons)))


def _segment_verdict(text: str) -> tuple[bool, str]:
    """The phrases (unquoted), error codes and error words together must cover
    `MIN_PHRASE_SHARE` of the text's letters."""
    letters = sum(c.isalnum() for c in text) or 1
    phrases = [m for m in NOT_FOUND_PHRASES.finditer(text) if text[:m.start()].rstrip()[-1:] not in QUOTES
               or not text[:m.start()].strip()]
    if phrases:
        spans = phrases + list(BARE_404.finditer(text)) + list(ERROR_WORDS.finditer(text))
        covered = {i for m in spans for i in range(m.start(), m.end()) if text[i].isalnum()}
        share = len(covered) / letters
        said = phrases[0].group(0)
        if share >= MIN_PHRASE_SHARE:
            return True, f"phrase {said!r} covers {share:.0%} of the text"
        return False, f"phrase {said!r} covers only {share:.0%} of the text"
    if BARE_404.search(text):
        if ERROR_WORDS.search(text) or len(text.split()) <= BARE_404_MAX_WORDS:
            return True, "404 as an error code"
        return False, "a bare 404 without an error word"
    return False, "no not-found phrase"


def prominent_texts(doc: Document) -> list[tuple[str, str]]:
    """(where, text) of the title, the first visible heading near the top and the largest
    text near the top."""
    out = [("title", title_tag(doc))]
    heading = next((h for h in doc.root.iter("h1", "h2") if _shown(doc, h) and _near_top(doc, h)), None)
    if heading is not None:
        out.append((str(heading.tag), element_text(heading)))
    if largest := _largest_text_near_top(doc):
        out.append(("largest_text", largest))
    return [(s, t) for s, t in out if t]


def _shown(doc: Document, el: etree._Element) -> bool:
    """Visible by the browser's measure, or, without layout, not hidden by the markup."""
    if doc.box(el) is not None:
        return not doc.is_hidden(el)
    for node in (el, *el.iterancestors()):
        if node.get("hidden") is not None or HIDDEN_STYLE.search(node.get("style", "")) \
                or node.get("aria-hidden") == "true":
            return False
    return True


def _near_top(doc: Document, el: etree._Element) -> bool:
    box = doc.box(el)
    return box is None or box.y <= _top_limit(doc)


def _top_limit(doc: Document) -> float:
    return (doc.page.viewport[1] or DEFAULT_VIEWPORT_HEIGHT_PX) * TOP_OF_PAGE_VIEWPORTS


def _largest_text_near_top(doc: Document) -> str | None:
    if not doc.page.has_layout:
        return None
    limit = _top_limit(doc)
    best: tuple[float, str] | None = None
    body = doc.root.find("body")
    for el in (body.iter() if body is not None else ()):
        if not isinstance(el.tag, str):
            continue
        box = doc.box(el)
        if box is None or not box.visible or box.overlay or box.y > limit or not (el.text or "").strip():
            continue
        text = element_text(el)
        if text and len(text) <= MAX_PROMINENT_CHARS and (best is None or box.font_size > best[0]):
            best = (box.font_size, text)
    return best[1] if best else None
