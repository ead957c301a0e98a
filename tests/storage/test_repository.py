"""save_crawl / load_profile / list_profiles on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from storage.models import (
    Crawl,
    Page,
    PastBody,
    Profile,
    ProfileAuthor,
    ProfileBody,
    ProfileCategory,
    ProfileField,
    ProfileKeyword,
    ProfileOverride,
    ProfileSection,
    ProfileVersion,
)
from storage.records import CrawlState, Outcome
from storage.repository import list_profiles, load_profile, save_crawl
from storage_samples import T0, attempt, full_profile

CHILD_MODELS = (ProfileAuthor, ProfileKeyword, ProfileSection, ProfileCategory, ProfileOverride, ProfileField)


def count(session: Session, model: type) -> int:
    return session.execute(select(func.count()).select_from(model)).scalar_one()


def child_counts(session: Session) -> dict[str, int]:
    return {m.__tablename__: count(session, m) for m in CHILD_MODELS}


def test_saved_profile_loads_back_equal(session: Session) -> None:
    profile = full_profile()
    save_crawl(session, attempt(), profile)
    session.commit()
    assert load_profile(session, profile.url) == profile


def test_saved_profile_fills_columns_and_children(session: Session) -> None:
    save_crawl(session, attempt(), full_profile())
    session.commit()
    row = session.execute(select(Profile)).scalar_one()
    assert (row.title, row.word_count, row.image_width, row.recommending) == (
        "Golf: a quiet Sunday — ünïcödé ✓", 12, 1200, False)
    assert row.published_at == full_profile().published_time
    assert row.published_at.tzinfo is not None
    fields = session.execute(select(ProfileField).order_by(ProfileField.position)).scalars().all()
    assert [(f.key, f.value_text, f.value_number, f.latitude) for f in fields] == [
        ("xyz-fruit", "orange", None, None), ("xyz-fruit", "apple", None, None),
        ("rating", None, 4.5, None), ("event-time", None, None, None), ("venue", None, None, 59.91)]
    assert fields[3].value_time == full_profile().fields[3].value
    assert child_counts(session) == {
        "profile_authors": 2, "profile_keywords": 2, "profile_sections": 2,
        "profile_categories": 3, "profile_overrides": 2, "profile_fields": 5}


def test_same_profile_twice_adds_one_version_and_no_duplicate_children(session: Session) -> None:
    first = save_crawl(session, attempt(), full_profile())
    second = save_crawl(session, attempt(at=T0 + timedelta(hours=1)), full_profile())
    session.commit()
    assert (first.new_version, second.new_version) == (True, False)
    assert first.version_id == second.version_id
    assert count(session, ProfileVersion) == 1
    assert count(session, Crawl) == 2
    assert child_counts(session)["profile_fields"] == 5
    assert session.execute(select(Profile.crawled_at)).scalar_one() == T0 + timedelta(hours=1, seconds=2)


def test_changed_content_adds_a_version_and_replaces_children(session: Session) -> None:
    save_crawl(session, attempt(), full_profile())
    saved = save_crawl(session, attempt(at=T0 + timedelta(hours=1)),
                       full_profile(title="New title", authors=("Only Author",)))
    session.commit()
    assert saved.new_version
    assert count(session, ProfileVersion) == 2
    assert session.execute(select(ProfileAuthor.name)).scalars().all() == ["Only Author"]
    assert load_profile(session, "https://news.example/a/1").title == "New title"


def test_only_sources_changed_keeps_version_but_updates_sources(session: Session) -> None:
    save_crawl(session, attempt(), full_profile())
    save_crawl(session, attempt(at=T0 + timedelta(hours=1)), full_profile(sources={"title": "h1"}))
    session.commit()
    assert count(session, ProfileVersion) == 1
    assert load_profile(session, "https://news.example/a/1").sources == {"title": "h1"}


def test_a_new_comment_count_keeps_the_version_and_updates_the_count(session: Session) -> None:
    """The count is not content: more comments on the same story add no version, yet the profile
    and its column say the new count (and a count gone says so too)."""
    save_crawl(session, attempt(), full_profile())
    save_crawl(session, attempt(at=T0 + timedelta(hours=1)), full_profile(comment_count=12))
    session.commit()
    assert count(session, ProfileVersion) == 1
    assert load_profile(session, "https://news.example/a/1").comment_count == 12
    assert session.execute(select(Profile.comment_count)).scalar_one() == 12
    save_crawl(session, attempt(at=T0 + timedelta(hours=2)), full_profile(comment_count=None))
    session.commit()
    assert load_profile(session, "https://news.example/a/1").comment_count is None


@pytest.mark.parametrize("outcome", [Outcome.TIMEOUT, Outcome.HTTP_ERROR, Outcome.NON_HTML])
def test_failed_crawl_keeps_last_good_profile(session: Session, outcome: Outcome) -> None:
    profile = full_profile()
    save_crawl(session, attempt(), profile)
    save_crawl(session, attempt(outcome=outcome, at=T0 + timedelta(hours=1), error="boom"), None)
    session.commit()
    assert load_profile(session, profile.url) == profile
    page = session.execute(select(Page)).scalar_one()
    assert (page.crawl_state, page.error_count) == (CrawlState.FAILED, 1)
    outcomes = session.execute(select(Crawl.outcome).order_by(Crawl.id)).scalars().all()
    assert outcomes == ["ok", outcome]


def test_failed_first_crawl_logs_attempt_without_profile(session: Session) -> None:
    saved = save_crawl(session, attempt(outcome=Outcome.DNS_ERROR, error="no such host"), None)
    session.commit()
    assert (saved.profile_saved, saved.version_id) == (False, None)
    assert load_profile(session, "https://news.example/a/1") is None
    assert count(session, Crawl) == 1


def test_success_resets_error_count(session: Session) -> None:
    save_crawl(session, attempt(outcome=Outcome.TIMEOUT), None)
    save_crawl(session, attempt(outcome=Outcome.TIMEOUT), None)
    save_crawl(session, attempt(), full_profile())
    session.commit()
    page = session.execute(select(Page)).scalar_one()
    assert (page.crawl_state, page.error_count) == (CrawlState.CRAWLED, 0)


def test_soft_404_never_replaces_a_real_profile(session: Session) -> None:
    profile = full_profile()
    save_crawl(session, attempt(), profile)
    saved = save_crawl(session, attempt(outcome=Outcome.SOFT_404),
                       full_profile(title="Page not found", body="Sorry", soft_404=True))
    session.commit()
    assert not saved.profile_saved
    assert load_profile(session, profile.url) == profile


def test_soft_404_is_stored_for_a_page_without_profile(session: Session) -> None:
    saved = save_crawl(session, attempt(outcome=Outcome.SOFT_404), full_profile(soft_404=True))
    session.commit()
    assert saved.profile_saved
    assert session.execute(select(Profile.soft_404)).scalar_one() is True


def test_profile_with_failed_outcome_is_refused(session: Session) -> None:
    with pytest.raises(ValueError, match="cannot carry a profile"):
        save_crawl(session, attempt(outcome=Outcome.TIMEOUT), full_profile())


def test_naive_datetime_is_refused(session: Session) -> None:
    naive = attempt(at=T0.replace(tzinfo=None))
    with pytest.raises(Exception, match="naive datetime"):
        save_crawl(session, naive, None)


def test_rollback_leaves_nothing(session: Session) -> None:
    save_crawl(session, attempt(), full_profile())
    session.rollback()
    assert count(session, Page) == 0 and count(session, Crawl) == 0


def test_list_profiles_summarises_each_page(session: Session) -> None:
    save_crawl(session, attempt("https://news.example/b", blocked=1), full_profile("https://news.example/b"))
    save_crawl(session, attempt(blocked=3), full_profile())
    save_crawl(session, attempt("https://other.example/x"), full_profile("https://other.example/x"))
    session.commit()
    rows = list_profiles(session, host="news.example")
    assert [(r.url, r.blocked_requests, r.authors) for r in rows] == [
        ("https://news.example/a/1", 3, ("Jane Doe", "John Roe")),
        ("https://news.example/b", 1, ("Jane Doe", "John Roe"))]
    assert (rows[0].image_width, rows[0].image_height, rows[0].word_count) == (1200, 800, 12)
    assert len(list_profiles(session)) == 3


def test_empty_and_minimal_profile_round_trips(session: Session) -> None:
    from values.profile import ContentProfile

    minimal = ContentProfile(url="https://news.example/empty")
    save_crawl(session, attempt("https://news.example/empty"), minimal)
    session.commit()
    assert load_profile(session, minimal.url) == minimal


def test_same_profile_for_new_content_after_revert_is_a_new_version(session: Session) -> None:
    a, b = full_profile(), full_profile(title="B")
    for i, p in enumerate((a, b, a)):
        save_crawl(session, attempt(at=T0 + timedelta(hours=i)), p)
    session.commit()
    assert count(session, ProfileVersion) == 3
    assert load_profile(session, a.url) == replace(a)


def test_save_crawls_in_one_call_matches_saving_one_by_one(session: Session) -> None:
    from storage.records import CrawlRecord
    from storage.repository import save_crawls

    b = "https://news.example/b"
    records = [
        CrawlRecord(attempt(), full_profile()),
        CrawlRecord(attempt(b, Outcome.TIMEOUT), None),
        CrawlRecord(attempt(at=T0 + timedelta(hours=1)), full_profile(title="Second")),
        CrawlRecord(attempt(b), full_profile(b)),
        CrawlRecord(attempt(at=T0 + timedelta(hours=2), outcome=Outcome.HTTP_ERROR), None),
    ]
    saved = save_crawls(session, records)
    session.commit()
    assert [s.new_version for s in saved] == [True, False, True, True, False]
    assert saved[4].version_id == saved[2].version_id  # the failure kept the second profile
    assert saved[0].page_id == saved[2].page_id != saved[1].page_id
    assert load_profile(session, "https://news.example/a/1").title == "Second"
    assert count(session, Crawl) == 5 and count(session, ProfileVersion) == 3
    pages = {p.url: (p.crawl_state, p.error_count) for p in session.execute(select(Page)).scalars()}
    assert pages == {"https://news.example/a/1": ("failed", 1), b: ("crawled", 0)}


def test_parked_page_stays_parked_after_a_failure(session: Session) -> None:
    from sqlalchemy import update

    save_crawl(session, attempt(outcome=Outcome.TIMEOUT), None)
    session.execute(update(Page).values(crawl_state=CrawlState.PARKED.value))
    save_crawl(session, attempt(outcome=Outcome.TIMEOUT), None)
    session.commit()
    assert session.execute(select(Page.crawl_state, Page.error_count)).one() == ("parked", 2)


def test_each_body_is_stored_once_and_every_version_finds_its_own(session: Session) -> None:
    first = full_profile(body="First text of the page.")
    retitled = replace(first, title="Retitled")  # same body: nothing to keep
    rewritten = replace(first, body="Rewritten text of the page.")
    for i, profile in enumerate((first, retitled, rewritten, first)):  # back to the first body
        save_crawl(session, attempt(at=T0 + timedelta(hours=i)), profile)
    session.commit()
    assert not any("body" in json.loads(j) for j in session.execute(select(ProfileVersion.profile_json)).scalars())
    assert set(session.execute(select(PastBody.body)).scalars()) == {first.body, rewritten.body}
    found = session.execute(
        select(ProfileVersion.id, func.coalesce(PastBody.body, ProfileBody.body))
        .outerjoin(PastBody, (PastBody.page_id == ProfileVersion.page_id) & (PastBody.body_hash == ProfileVersion.body_hash))
        .outerjoin(ProfileBody, ProfileBody.page_id == ProfileVersion.page_id)
        .order_by(ProfileVersion.id)).all()
    assert [body for _, body in found] == [first.body, first.body, rewritten.body, first.body]
    assert load_profile(session, first.url) == first


def test_a_crawl_of_a_page_the_caller_holds_updates_that_row_by_id(session: Session) -> None:
    from storage.models import Page
    from storage.pages import ensure_page

    url = "https://news.example/held"
    page_id = ensure_page(session, url, T0)
    ok = save_crawl(session, replace(attempt(url), page_id=page_id), full_profile(url))
    assert ok.page_id == page_id and ok.profile_saved
    failed = save_crawl(session, replace(attempt(url, outcome=Outcome.TIMEOUT), page_id=page_id), None)
    assert failed.page_id == page_id
    page = session.execute(select(Page.crawl_state, Page.error_count, Page.canonical_url).where(Page.id == page_id)).one()
    assert (page.crawl_state, page.error_count) == (CrawlState.FAILED, 1)
    assert page.canonical_url is not None  # kept from the good crawl
    assert count(session, Page) == 1
