"""Language: html lang, then metas, then the detector."""

from __future__ import annotations

from extraction.document import parse
from extraction.language import language, primary_subtag
from tests.extraction.fieldpages import doc, meta, page

NORWEGIAN = ("Regjeringen la i dag fram statsbudsjettet for neste år. Finansministeren sa at "
             "økonomien er sterk, men at det er behov for å holde igjen på pengebruken. ") * 4


def test_html_lang_wins():
    found = language(parse(page(meta("language", "de"), html_attrs=' lang="en-GB"')), NORWEGIAN)
    assert (found.value, found.source) == ("en", "html:lang")


def test_meta_when_no_html_lang():
    found = language(doc(meta("og:locale", "nb_NO", "property")), NORWEGIAN)
    assert (found.value, found.source) == ("nb", "og:locale")


def test_http_equiv_content_language():
    found = language(doc('<meta http-equiv="Content-Language" content="fr">'), "")
    assert (found.value, found.source) == ("fr", "http-equiv:content-language")


def test_detector_on_the_body():
    found = language(doc(), NORWEGIAN)
    assert found.source == "detector" and found.value in ("no", "nb", "nn", "da")


def test_too_little_text_gives_no_answer():
    assert language(doc("", "<p>Hei</p>"), "Hei") is None


def test_primary_subtag():
    assert [primary_subtag(t) for t in ("de-AT", "en, de", "x", "")] == ["de", "en", None, None]
