"""A crawled page's canonical URL merges its aliases into one page (both databases)."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from scheduler import events
from scheduler.aliases import merge_canonical
from scheduler.policy import HostRule
from storage import queue
from storage.models import Crawl, Page, PageAlias, PageView
from storage.pages import ensure_page
from storage.queue import write_transaction
from storage.records import CrawlAttempt, Reason
from storage.repository import save_crawl
from values.profile import ContentProfile

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)


def crawled(sessions, url, canonical):
    """A page crawled once, whose profile names `canonical`; returns its id."""
    with write_transaction(sessions) as session:
        attempt = CrawlAttempt(url=url, started_at=T0, finished_at=T0, outcome="ok", http_status=200)
        return save_crawl(session, attempt, ContentProfile(url=url, canonical_url=canonical, title="Story", body="Text.")).page_id


def views(sessions, url, n=1):
    with write_transaction(sessions) as session:
        for i in range(n):
            events.record_view(session, url, T0 + timedelta(minutes=i), None, T0)


def merge(sessions, page_id):
    with write_transaction(sessions) as session:
        return merge_canonical(session, page_id, T0)


def pages(sessions):
    with sessions() as session:
        return session.execute(select(Page.url).order_by(Page.url)).scalars().all()


def aliases(sessions):
    with sessions() as session:
        return dict(session.execute(select(PageAlias.url, PageAlias.page_id)).all())


def test_page_is_renamed_to_its_canonical_url_and_old_url_becomes_an_alias(sessions):
    page_id = crawled(sessions, "http://a.test/story?page=1", "http://a.test/story")
    result = merge(sessions, page_id)
    assert result.action == "renamed"
    assert pages(sessions) == ["http://a.test/story"]
    assert aliases(sessions) == {"http://a.test/story?page=1": page_id}
    views(sessions, "http://a.test/story?page=1&utm_source=x")  # later views of the alias count for the page
    with sessions() as session:
        assert session.execute(select(func.count()).where(PageView.page_id == page_id)).scalar_one() == 1


def test_alias_folds_into_an_existing_canonical_page_with_a_profile(sessions):
    canonical_id = crawled(sessions, "http://a.test/story", "http://a.test/story")
    alias_id = crawled(sessions, "http://a.test/amp/story", "http://a.test/story")
    views(sessions, "http://a.test/amp/story", 2)
    result = merge(sessions, alias_id)
    assert (result.action, result.page_id) == ("folded_into_canonical", canonical_id)
    assert pages(sessions) == ["http://a.test/story"]
    assert aliases(sessions) == {"http://a.test/amp/story": canonical_id}
    with sessions() as session:
        assert session.execute(select(func.count()).where(Crawl.page_id == canonical_id)).scalar_one() == 2
        assert session.execute(select(func.count()).where(PageView.page_id == canonical_id)).scalar_one() == 2


def test_uncrawled_canonical_page_folds_into_the_crawled_one(sessions):
    views(sessions, "http://a.test/story", 2)  # known from views only, no profile
    alias_id = crawled(sessions, "http://a.test/story?from=feed", "http://a.test/story")
    result = merge(sessions, alias_id)
    assert (result.action, result.page_id) == ("folded_canonical_in", alias_id)
    assert pages(sessions) == ["http://a.test/story"]
    with sessions() as session:
        assert session.execute(select(func.count()).where(PageView.page_id == alias_id)).scalar_one() == 2


def test_unsafe_merges_are_declined(sessions):
    other_host = crawled(sessions, "http://a.test/1", "http://b.test/1")
    root = crawled(sessions, "http://a.test/2", "http://a.test/")
    assert merge(sessions, other_host).action == "declined"
    assert merge(sessions, root).action == "declined"
    assert merge(sessions, crawled(sessions, "http://a.test/3", "http://a.test/3")).action == "none"
    assert merge(sessions, crawled(sessions, "http://a.test/4", None)).action == "none"


def test_merge_waits_while_the_canonical_page_is_being_crawled(sessions):
    with write_transaction(sessions) as session:
        target = ensure_page(session, "http://a.test/story", T0)
        queue.enqueue(session, target, Reason.NEW, T0, T0)
        assert queue.claim(session, "other-worker", T0, timedelta(minutes=1), HostRule()) is not None
    alias_id = crawled(sessions, "http://a.test/story?x=1", "http://a.test/story")
    assert merge(sessions, alias_id).action == "declined"
    assert len(pages(sessions)) == 2
