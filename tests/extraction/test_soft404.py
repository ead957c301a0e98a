"""Soft 404: prominent text in eight languages; long articles never flagged; status matters."""

from __future__ import annotations

import pytest

from extraction.soft404 import judge, prominent_texts, soft_404
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


def test_a_bare_404_is_an_error_code_only_alone_or_beside_an_error_word():
    assert judge("h1", "404").is_verdict and judge("h1", "Error 404").is_verdict
    assert not judge("h1", "Route 404 closed after landslide").is_verdict
    assert not judge("h1", "Erreur 404 : pourquoi vos clients abandonnent leur panier").is_verdict


def test_the_phrase_must_be_most_of_the_text_and_unquoted():
    assert judge("h1", "Oops! Page not found").is_verdict
    verdict = judge("h1", "Tax site shows page not found for hours")
    assert not verdict.is_verdict and "covers only" in verdict.reason
    assert not judge("h1", "Why 'page not found' hurts").is_verdict


def test_title_segments_are_judged_alone():
    assert judge("title", "Page not found | The Harbour Times Evening Edition").is_verdict


def test_hidden_heading_is_skipped_with_or_without_layout():
    static = doc("", '<div style="display: none"><h1>Page not found</h1></div><h1>Budget approved</h1>')
    assert soft_404(static, body_words=40).value is False
    rendered = doc("", '<h1 data-rc-id="1">Page not found</h1><h1 data-rc-id="2">Budget approved</h1>',
                   boxes={1: box(y=10, visible=False), 2: box(y=100, font_size=30)})
    assert [t for _, t in prominent_texts(rendered)][:1] == ["Budget approved"]


def test_heading_below_the_first_viewport_is_not_prominent():
    rendered = doc("", '<h2 data-rc-id="1">Page not found</h2>', boxes={1: box(y=5000, font_size=30)})
    assert soft_404(rendered, body_words=10).value is False
