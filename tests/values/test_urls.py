"""URL normalization: the aliases of one logical page share one identity."""

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from rendercrawl.service.ingest import PageViewIn, PushIn
from storage.models import Crawl, Page, PageAlias
from storage.pages import ensure_page
from values.urls import URL_MAX_CHARS, InvalidUrl, host_of, length_refusal, normalize_url


@pytest.mark.parametrize(
    "alias",
    [
        "http://example.com/news/a?id=7",
        "HTTP://EXAMPLE.COM/news/a?id=7",
        "http://example.com:80/news/a?id=7",
        "http://example.com./news/a?id=7",
        "http://example.com/news/a?id=7#comments",
        "http://example.com/news/./x/../a?id=7",
        "http://example.com/news/a?utm_source=tw&utm_medium=social&id=7",
        "http://example.com/news/a?id=7&fbclid=IwAR0&gclid=abc&mc_cid=1&mc_eid=2",
        "http://example.com/news/a?UTM_Campaign=x&id=7",
        "  http://example.com/news/a?id=7\n",
    ],
)
def test_aliases_normalize_to_one_identity(alias):
    assert normalize_url(alias) == "http://example.com/news/a?id=7"


def test_default_https_port_is_dropped_and_other_ports_kept():
    assert normalize_url("https://example.com:443/a") == "https://example.com/a"
    assert normalize_url("https://example.com:8443/a") == "https://example.com:8443/a"
    assert normalize_url("http://example.com:443/a") == "http://example.com:443/a"


def test_query_is_sorted():
    assert normalize_url("http://e.com/p?b=2&a=1&b=1") == normalize_url("http://e.com/p?a=1&b=1&b=2")


def test_query_vanishes_when_every_parameter_was_tracking():
    assert normalize_url("http://e.com/p?utm_source=x&gclid=y") == "http://e.com/p"


def test_bare_host_gets_root_path():
    assert normalize_url("https://e.com") == "https://e.com/"


def test_percent_encoding_case_and_unreserved_characters_are_normalized():
    assert normalize_url("http://e.com/a%2fb?x=%7e") == normalize_url("http://e.com/a%2Fb?x=~")


def test_non_ascii_path_and_host_are_encoded():
    assert normalize_url("http://münchen.de/ä") == "http://xn--mnchen-3ya.de/%C3%A4"


def test_legacy_encoded_query_value_survives():
    assert normalize_url("http://e.com/?q=caf%E9&utm_source=x") == "http://e.com/?q=caf%E9"


def test_hashbang_fragment_is_kept_because_it_names_content():
    assert normalize_url("http://e.com/#!/story/1") == "http://e.com/#!/story/1"
    assert normalize_url("http://e.com/#!/story/1") != normalize_url("http://e.com/#!/story/2")


def test_per_site_ignorable_parameters_are_dropped_only_when_given():
    url = "http://e.com/a?sessionid=9&ref=home&page=2"
    assert normalize_url(url, ignore_params=["sessionid", "ref"]) == "http://e.com/a?page=2"
    assert "sessionid" in normalize_url(url)


def test_per_site_patterns_are_globs_and_case_insensitive():
    assert normalize_url("http://e.com/a?X_Trk=1&x_src=2&p=1", ignore_params=["x_*"]) == "http://e.com/a?p=1"


def test_parameter_value_with_tracking_name_inside_is_kept():
    assert normalize_url("http://e.com/a?q=utm_source") == "http://e.com/a?q=utm_source"


def test_blank_values_are_kept_because_they_may_matter():
    assert normalize_url("http://e.com/a?preview=") == "http://e.com/a?preview="


@pytest.mark.parametrize("bad", ["mailto:a@b.c", "javascript:void(0)", "/relative/path", "http:///nohost", "ftp://e.com/x", "http://e.com:99999/"])
def test_non_web_urls_are_rejected_input(bad):
    with pytest.raises(InvalidUrl):
        normalize_url(bad)


def test_host_of_is_lowercase_without_port():
    assert host_of("https://News.Example.COM.:8443/x") == "news.example.com"


def test_credentials_in_a_url_are_dropped_from_its_identity():
    assert normalize_url("https://alice:s3cret@Example.com/a") == "https://example.com/a"
    assert "s3cret" not in normalize_url("http://alice:s3cret@e.com:8080/a?x=1")


def test_a_url_over_the_limit_is_refused_at_once_with_one_line():
    with pytest.raises(InvalidUrl) as refused:
        normalize_url("http://e.com/" + "a" * 100_000)
    assert "100013 characters refused" in str(refused.value) and len(str(refused.value)) < 200


def test_every_layer_holds_urls_to_one_limit_and_refuses_them_in_one_sentence():
    """The normalizer, the service's request models, storage's columns and its writers share
    `URL_MAX_CHARS` and `length_refusal`: one character over is refused everywhere, in the same
    words, and the limit itself passes everywhere."""
    longest = "http://e.com/" + "a" * (URL_MAX_CHARS - len("http://e.com/"))
    too_long = longest + "a"
    with pytest.raises(InvalidUrl) as normalizing:
        normalize_url(too_long)
    with Session(create_engine("sqlite://")) as session, pytest.raises(ValueError) as storing:
        ensure_page(session, too_long, datetime(2024, 5, 1, tzinfo=UTC))
    assert str(normalizing.value) == str(storing.value) == length_refusal(too_long)
    assert length_refusal(longest) is None and normalize_url(longest) == longest
    for model in (PageViewIn, PushIn):
        assert model.model_validate({"url": longest}).url == longest
        with pytest.raises(ValidationError):
            model.model_validate({"url": too_long})
    columns = (Page.__table__.c.url, Page.__table__.c.canonical_url, PageAlias.__table__.c.url, Crawl.__table__.c.url)
    assert {column.type.length for column in columns} == {URL_MAX_CHARS}
