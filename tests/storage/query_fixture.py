"""The fixture database the README queries are tested against: a handful of pages whose
every value is chosen so each query has a known, non-trivial answer."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm import Session

from storage.models import Page
from storage.records import CrawlState, Outcome
from storage.repository import save_crawl
from storage_samples import attempt, full_profile
from values.profile import ContentProfile, CustomField, DominantImage

NOW = datetime(2024, 5, 8, 12, 0, tzinfo=UTC)
NEWS = "https://news.example"
A1, A2, A3 = f"{NEWS}/a/1", f"{NEWS}/a/2", f"{NEWS}/a/3"
FRONT, GONE, OTHER = f"{NEWS}/", f"{NEWS}/gone", "https://other.example/x"


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def a1_history() -> list[ContentProfile]:
    """Six versions of /a/1, oldest first; the last is its current profile."""
    final = full_profile(A1, authors=("Jane Doe",))
    return [
        replace(final, title="Draft", body="Draft body."),
        replace(final, title="Golf: first take", body="Draft body."),
        replace(final, title="Golf: first take"),
        replace(final, title="Golf: first take", page_class="opinion"),
        replace(final, authors=("Jane Doe", "John Roe")),
        final,
    ]


def other_profiles() -> dict[str, ContentProfile]:
    base = full_profile(A2)
    return {
        A2: replace(base, title="Politics today", authors=("Jane Doe", "John Roe"),
                    published_time=utc("2024-04-20 10:00"), recommendable=False,
                    image=DominantImage(f"{NEWS}/small.jpg", 250, 200),
                    fields=(CustomField("xyz-fruit", "string", "apple"), CustomField("rating", "number", 3.0)),
                    categories=("news", "news/politics"), overrides={"taxonomy": ("news/politics",)}),
        A3: replace(base, url=A3, canonical_url=A3, title="Match report", authors=("John Roe",),
                    published_time=utc("2024-05-06 07:00"), expiration_time=utc("2024-05-01 00:00"),
                    image=DominantImage(f"{NEWS}/narrow.jpg", 299, 199),
                    fields=(CustomField("xyz-fruit", "string", "orange"), CustomField("rating", "number", 5.0),
                            CustomField("event-time", "time", utc("2024-05-10 19:00"))),
                    categories=("news", "news/sports"), comment_count=23),
        FRONT: ContentProfile(url=FRONT, title="News front page", page_class="frontpage", recommendable=False,
                              body="Headline one. Headline two."),
        GONE: ContentProfile(url=GONE, title="Page not found", body="Sorry, this page is gone.", soft_404=True),
        OTHER: replace(base, url=OTHER, canonical_url=OTHER, title="Elsewhere", authors=("John Roe",),
                       published_time=utc("2024-05-07 09:00"),
                       fields=(CustomField("xyz-fruit", "string", "banana"),), categories=("sport",)),
    }


def build(session: Session) -> None:
    for days, profile in zip(range(6, 0, -1), a1_history(), strict=True):
        save_crawl(session, attempt(A1, at=NOW - timedelta(days=days)), profile)
    for url, profile in other_profiles().items():
        outcome = Outcome.SOFT_404 if profile.soft_404 else Outcome.OK
        save_crawl(session, attempt(url, outcome, at=NOW - timedelta(days=4)), profile)
    failures = [(A2, Outcome.TIMEOUT, 2), (A2, Outcome.TIMEOUT, 1), (A3, Outcome.HTTP_ERROR, 3),
                (A3, Outcome.TIMEOUT, 72), (OTHER, Outcome.TIMEOUT, 1)]
    for url, outcome, hours_ago in failures:
        save_crawl(session, attempt(url, outcome, at=NOW - timedelta(hours=hours_ago), error="x"), None)
    due = {A1: NOW - timedelta(hours=1), A2: NOW + timedelta(hours=1), A3: NOW - timedelta(hours=5),
           FRONT: NOW - timedelta(hours=2)}
    for url, at in due.items():
        session.execute(update(Page).where(Page.url == url).values(next_crawl_at=at))
    session.execute(update(Page).where(Page.url == FRONT).values(crawl_state=CrawlState.PARKED.value))
    for url, rate in ((FRONT, 24.0), (A1, 0.8), (A2, 0.05)):
        session.execute(update(Page).where(Page.url == url).values(change_rate_per_day=rate))
    session.commit()
