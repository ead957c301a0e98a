"""Soft 404: prominent text in eight languages; long articles never flagged; status matters."""

from __future__ import annotations

import pytest

from extraction.soft404 import soft_404
from tests.extraction.fieldpages import box, doc


@pytest.mark.parametrize("page_title, heading", [
    ("Page not found | Example", "Sorry!"),
    ("Example", "404 - The page you are looking for could not be found"),
    ("Seite nicht gefunden", "Hoppla"),
    ("Page introuvable", "Oups"),
    ("Página no encontrada", "Vaya"),
    ("Siden ble ikke funnet", "Beklager"),
    ("Sidan kunde inte hittas", "Oj"),
    ("Siden blev ikke fundet", "Ups"),
    ("ページが見つかりません", "エラー"),
], ids=["en-title", "en-heading", "de", "fr", "es", "no", "sv", "da", "ja"])
def test_not_found_pages_are_flagged(page_title, heading):
    found = soft_404(doc("", f"<h1>{heading}</h1><p>Try the search.</p>", title=page_title), body_words=5)
    assert found.value is True


def test_long_article_mentioning_not_found_is_not_flagged():
    page_doc = doc("", "<h1>Page not found: the web's missing archives</h1>", title="Page not found: essay")
    assert soft_404(page_doc, body_words=900).value is False


def test_ordinary_article_is_not_flagged():
    assert soft_404(doc("", "<h1>Budget approved</h1>", title="Budget approved"), body_words=20).value is False


def test_real_404_status_is_not_a_soft_404():
    page_doc = doc("", "<h1>Page not found</h1>", title="Page not found", status=404)
    assert soft_404(page_doc, body_words=3) .source == "status"


def test_largest_text_near_the_top_counts_when_rendered():
    body = ('<div data-rc-id="1">Hoppsan!</div><div data-rc-id="2">Sidan hittades inte</div>'
            '<div data-rc-id="3">Sidan hittades inte</div>')
    boxes = {1: box(y=50, font_size=14), 2: box(y=120, font_size=40), 3: box(y=3000, font_size=60)}
    found = soft_404(doc("", body, title="Exempel", boxes=boxes), body_words=3)
    assert (found.value, found.source) == (True, "largest_text")
    lower = {1: box(y=50, font_size=40), 2: box(y=2000, font_size=40), 3: box(y=3000, font_size=60)}
    assert soft_404(doc("", body, title="Exempel", boxes=lower), body_words=3).value is False
