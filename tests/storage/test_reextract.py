"""Snapshots are kept per page and re-extraction recomputes profiles without crawling."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from storage.models import Crawl, ProfileVersion, Snapshot
from storage.reextract import reextract
from storage.repository import load_profile, load_snapshot, save_crawl
from storage_samples import T0, attempt, full_profile
from values.profile import ContentProfile
from values.rendered import RenderedPage

URL = "https://news.example/a/1"


def page(html: str, url: str = URL) -> RenderedPage:
    return RenderedPage.from_html(f"<html><body>{html} ünï</body></html>", url)


def title_from_html(rendered: RenderedPage) -> ContentProfile:
    """A stand-in extractor whose 'new version' titles pages by their HTML."""
    return replace(full_profile(rendered.final_url), title=rendered.html)


def count(session: Session, model: type) -> int:
    return session.execute(select(func.count()).select_from(model)).scalar_one()


def test_snapshot_is_kept_once_per_page_and_loads_back(session: Session) -> None:
    first, second = page("first"), page("second")
    saved = save_crawl(session, attempt(), full_profile(), snapshot=first)
    save_crawl(session, attempt(), full_profile(), snapshot=second)
    session.commit()
    assert count(session, Snapshot) == 1
    assert load_snapshot(session, saved.page_id) == second


def test_reextract_adds_versions_for_changed_profiles_only(session: Session) -> None:
    save_crawl(session, attempt(), full_profile(), snapshot=page("one"))
    other = "https://news.example/b"
    save_crawl(session, attempt(other), title_from_html(page("two", other)), snapshot=page("two", other))
    session.commit()
    calls: list[tuple[int, int]] = []
    result = reextract(session, title_from_html, lambda done, total: calls.append((done, total)))
    session.commit()
    assert (result.pages, result.changed, result.unchanged, result.failed) == (2, 1, 1, ())
    assert calls == [(1, 2), (2, 2)]
    assert load_profile(session, URL).title == page("one").html
    assert count(session, ProfileVersion) == 3
    assert count(session, Crawl) == 2  # re-extraction fetched nothing, so logged no crawl


def test_reextract_records_a_failing_page_and_goes_on(session: Session) -> None:
    save_crawl(session, attempt(), full_profile(), snapshot=page("one"))
    save_crawl(session, attempt("https://other.example/x"), full_profile("https://other.example/x"),
               snapshot=page("x", "https://other.example/x"))
    session.commit()

    def fragile(rendered: RenderedPage) -> ContentProfile:
        if "other" in rendered.final_url:
            raise RuntimeError("extractor bug")
        return title_from_html(rendered)

    result = reextract(session, fragile)
    assert result.failed == (("https://other.example/x", "RuntimeError: extractor bug"),)
    assert result.changed == 1


def test_reextract_one_host(session: Session) -> None:
    save_crawl(session, attempt(), full_profile(), snapshot=page("one"))
    save_crawl(session, attempt("https://other.example/x"), full_profile("https://other.example/x"),
               snapshot=page("x", "https://other.example/x"))
    result = reextract(session, title_from_html, host="other.example")
    assert result.pages == 1


def test_reextracted_version_is_dated_now_and_keeps_crawl_time(session: Session) -> None:
    save_crawl(session, attempt(at=T0), full_profile(), snapshot=page("one"))
    later = T0.replace(year=2025)
    reextract(session, title_from_html, now=later)
    versions = session.execute(select(ProfileVersion.created_at).order_by(ProfileVersion.id)).scalars().all()
    assert versions[-1] == later
