"""Soft 404: a page served with a success status whose prominent text says it was not found.

Prominent text is what a reader sees first: the `<title>`, the first heading, and, when the
page was rendered, the text in the largest font near the top. Phrases are specific ("page not
found", "Seite nicht gefunden"), and a page whose main text is long is never flagged: a story
about a missing person says "not found" and is still an article.
"""

from __future__ import annotations

import re

from extraction.document import Document
from extraction.found import Found
from extraction.textutil import element_text
from extraction.titles import title_tag

NOT_FOUND_PHRASES = re.compile(
    "|".join((
        # English
        r"\b404\b", r"page (?:was )?not found", r"page (?:you|you're|you are) (?:were )?looking for",
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
        # Japanese
        r"ページが見つかりません", r"ページは見つかりません", r"見つかりませんでした", r"ページは存在しません",
        r"ページが存在しません",
    )),
    re.IGNORECASE,
)
"""Phrases that say "not found" in English, German, French, Spanish, Norwegian, Swedish,
Danish and Japanese."""

MAX_PROMINENT_CHARS = 200
"""Prominent text is a title or a heading; a longer text is a paragraph, not a verdict."""

LONG_ARTICLE_WORDS = 250
"""A main text this long is an article whatever its title says."""

TOP_OF_PAGE_VIEWPORTS = 1.0
"""How far down, in viewport heights, the largest-font text is looked for."""

DEFAULT_VIEWPORT_HEIGHT_PX = 800
"""Used when the snapshot did not record the viewport."""

SUCCESS_STATUSES = range(200, 300)


def soft_404(doc: Document, body_words: int) -> Found[bool]:
    if doc.page.status not in SUCCESS_STATUSES:
        return Found(False, "status")
    if body_words >= LONG_ARTICLE_WORDS:
        return Found(False, "long_body")
    for source, text in prominent_texts(doc):
        if len(text) <= MAX_PROMINENT_CHARS and NOT_FOUND_PHRASES.search(text):
            return Found(True, source)
    return Found(False, "prominent_text")


def prominent_texts(doc: Document) -> list[tuple[str, str]]:
    """(where, text) of the title, the first heading and the largest text near the top."""
    out = [("title", title_tag(doc))]
    heading = next(iter(doc.root.iter("h1", "h2")), None)
    if heading is not None:
        out.append((str(heading.tag), element_text(heading)))
    if largest := _largest_text_near_top(doc):
        out.append(("largest_text", largest))
    return [(s, t) for s, t in out if t]


def _largest_text_near_top(doc: Document) -> str | None:
    if not doc.page.has_layout:
        return None
    limit = (doc.page.viewport[1] or DEFAULT_VIEWPORT_HEIGHT_PX) * TOP_OF_PAGE_VIEWPORTS
    best: tuple[float, str] | None = None
    body = doc.root.find("body")
    for el in (body.iter() if body is not None else ()):
        if not isinstance(el.tag, str):
            continue
        box = doc.box(el)
        if box is None or not box.visible or box.y > limit or not (el.text or "").strip():
            continue
        text = element_text(el)
        if text and len(text) <= MAX_PROMINENT_CHARS and (best is None or box.font_size > best[0]):
            best = (box.font_size, text)
    return best[1] if best else None
