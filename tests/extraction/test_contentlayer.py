"""Piano's 12-field content data layer: Composer values, then cXenseParse, then meta tags, then
JSON-LD (the first Article object, inside @graph too)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from extraction.contentlayer import FIELD_SOURCES, content_datalayer
from extraction.datalayer import CONTENT_FIELDS, as_bool, composer_values
from tests.extraction.fieldpages import doc, meta
from values.rendered import DataLayer

JSONLD = '<script type="application/ld+json">' + json.dumps({"@graph": [
    {"@type": "WebSite", "name": "Site", "description": "site description"},
    {"@type": "NewsArticle", "headline": "LD headline", "description": "LD description",
     "datePublished": "2024-01-01T00:00:00Z", "dateModified": "2024-01-02T00:00:00+01:00",
     "author": [{"@type": "Person", "name": "LD One"}, {"@type": "Person", "name": "LD Two"}],
     "keywords": "ld one, ld two"},
]}) + "</script>"


def test_every_field_has_a_source_list_headed_by_composer():
    assert tuple(FIELD_SOURCES) == CONTENT_FIELDS
    assert all(levels[0] == "composer" for levels in FIELD_SOURCES.values())


def test_jsonld_only_page_fills_the_jsonld_fields_from_the_article_in_graph():
    layer, sources = content_datalayer(doc(JSONLD))
    assert layer.title == "LD headline" and layer.description == "LD description"
    assert layer.created_at == datetime(2024, 1, 1, tzinfo=UTC)
    assert layer.modified_at == datetime(2024, 1, 1, 23, tzinfo=UTC)
    assert layer.authors == ("LD One", "LD Two") and layer.keywords == ("ld one", "ld two")
    assert sources["datalayer.title"] == "jsonld:headline"


def test_content_metas_win_over_jsonld():
    head = "".join(meta(f"content:{name}", value, "property") for name, value in (
        ("id", "c-1"), ("type", "article"), ("zone", "news"), ("createdAt", "2024-03-01T00:00:00Z"),
        ("modifiedAt", "2024-03-02T00:00:00Z"), ("authors", "M One, M Two"), ("section", "politics"),
        ("tags", "t1, t2"), ("keywords", "k1,k2"), ("title", "Meta title"), ("description", "Meta desc"),
        ("isNative", "true"))) + JSONLD
    layer, sources = content_datalayer(doc(head))
    assert (layer.id, layer.type, layer.zone, layer.section) == ("c-1", "article", "news", "politics")
    assert layer.authors == ("M One", "M Two") and layer.tags == ("t1", "t2") and layer.keywords == ("k1", "k2")
    assert (layer.title, layer.description, layer.is_native) == ("Meta title", "Meta desc", True)
    assert layer.created_at == datetime(2024, 3, 1, tzinfo=UTC)
    assert sources["datalayer.authors"] == "meta:content:authors"


def test_cxenseparse_wins_over_content_metas():
    head = (meta("cXenseParse:title", "Cx title") + meta("content:title", "Meta title", "property")
            + meta("cXenseParse:articleid", "cx-9") + meta("content:id", "c-1", "property"))
    layer, sources = content_datalayer(doc(head))
    assert (layer.title, layer.id) == ("Cx title", "cx-9")
    assert sources["datalayer.title"] == "meta:cxenseparse:title"


def test_older_composer_metas():
    head = meta("og:type", "article", "property") + meta("section", "sport") + meta("id", "77") + meta("author", "A B")
    layer, _ = content_datalayer(doc(head))
    assert (layer.type, layer.section, layer.id, layer.authors) == ("article", "sport", "77", ("A B",))


def test_composer_commands_override_markup():
    commands = (("setContentAuthor", ("Cmd Author",)), ("setContentCreated", ("2022-01-19T05:00:00MEZ",)),
                ("setContentSection", ("politik.landespolitik",)), ("setTags", (["a", "b"],)),
                ("setContentIsNative", (True,)), ("setContentId", ("cmd-1",)), ("setZone", ("Zone A",)))
    head = meta("content:section", "other", "property") + meta("content:isNative", "false", "property") + JSONLD
    layer, sources = content_datalayer(doc(head, commands=commands))
    assert layer.authors == ("Cmd Author",) and layer.section == "politik.landespolitik"
    assert layer.created_at == datetime(2022, 1, 19, 4, tzinfo=UTC)
    assert (layer.tags, layer.is_native, layer.id, layer.zone) == (("a", "b"), True, "cmd-1", "Zone A")
    assert sources["datalayer.section"] == "composer"
    assert layer.title == "LD headline"


def test_later_commands_win_and_commands_win_over_loaded_state():
    layer = DataLayer(composer_commands=(("setZone", ("one",)), ("setZone", ("two",))),
                      composer_state={"zone": "state", "contentSection": "s"})
    assert composer_values(layer) == {"zone": "two", "section": "s"}


def test_invalid_id_falls_through():
    layer, _ = content_datalayer(doc(meta("cXenseParse:articleid", "bad id") + meta("content:id", "ok", "property")))
    assert layer.id == "ok"


def test_overlong_jsonld_keywords_are_ignored():
    data = {"@type": "Article", "keywords": "x" * 1025}
    layer, _ = content_datalayer(doc(f'<script type="application/ld+json">{json.dumps(data)}</script>'))
    assert layer.keywords == ()


@pytest.mark.parametrize("raw, expected", [(True, True), ("true", True), ("TRUE", True), ("false", False),
                                           ("yes", False), (1, False), (None, None)])
def test_is_native_is_true_only_for_true(raw, expected):
    assert as_bool(raw) is expected


def test_section_and_tags_from_article_metas_with_their_source():
    head = (meta("article:section", "Politics", "property") + meta("article:tag", "budget", "property")
            + meta("article:tag", "council", "property"))
    layer, sources = content_datalayer(doc(head))
    assert (layer.section, layer.tags) == ("Politics", ("budget", "council"))
    assert (sources["datalayer.section"], sources["datalayer.tags"]) == ("meta:article:section", "meta:article:tag")


def test_section_and_tags_from_jsonld_when_no_meta_says():
    data = {"@type": "NewsArticle", "articleSection": ["Local", "News"], "keywords": ["harbour", "budget"]}
    layer, sources = content_datalayer(doc('<script type="application/ld+json">' + json.dumps(data) + "</script>"))
    assert (layer.section, layer.tags) == ("Local", ("harbour", "budget"))
    assert (sources["datalayer.section"], sources["datalayer.tags"]) == ("jsonld:articleSection", "jsonld:keywords")


def test_piano_content_section_wins_over_article_section():
    head = meta("content:section", "Sport", "property") + meta("article:section", "Politics", "property")
    assert content_datalayer(doc(head))[0].section == "Sport"
