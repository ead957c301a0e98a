"""Sample values for storage tests: profiles with every field set, and crawl attempts."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

from storage.records import CrawlAttempt, Outcome
from values.profile import ContentDataLayer, ContentProfile, CustomField, DominantImage, Rejection

T0 = datetime(2024, 5, 6, 12, 0, 0, 123456, tzinfo=UTC)


def full_profile(url: str = "https://news.example/a/1", **changes: object) -> ContentProfile:
    """A profile with every field populated, including every custom field type."""
    profile = ContentProfile(
        url=url,
        canonical_url=url,
        title="Golf: a quiet Sunday — ünïcödé ✓",
        description="What happened on the course.",
        keywords=("golf", "sunday"),
        body="First paragraph of the story.\n\nSecond paragraph, longer than the first one.",
        sections=("sports", "golf"),
        page_class="article",
        published_time=datetime(2024, 5, 5, 8, 30, tzinfo=UTC),
        modified_time=datetime(2024, 5, 5, 9, 0, tzinfo=timezone(timedelta(hours=2))),
        article_id="A-1",
        authors=("Jane Doe", "John Roe"),
        image=DominantImage("https://cdn.example/golf.jpg", 1200, 800),
        fields=(
            CustomField("xyz-fruit", "string", "orange"),
            CustomField("xyz-fruit", "string", "apple"),
            CustomField("rating", "number", 4.5),
            CustomField("event-time", "time", datetime(2024, 5, 4, 18, 0, tzinfo=UTC)),
            CustomField("venue", "geopoint", (59.91, 10.75)),
        ),
        overrides={"taxonomy": ("news/sports/golf",), "person": ("Jane Doe",)},
        categories=("news", "news/sports", "news/sports/golf"),
        recommendable=True,
        expiration_time=datetime(2025, 1, 1, tzinfo=UTC),
        recommending=False,
        datalayer=ContentDataLayer(id="A-1", type="article", authors=("Jane Doe",), tags=("golf",),
                                   created_at=datetime(2024, 5, 5, 8, 30, tzinfo=UTC),
                                   is_native=False),
        language="en",
        soft_404=False,
        comment_count=7,
        sources={"title": "og:title", "authors": "datalayer", "comment_count": "jsonld:commentCount"},
        rejections=(Rejection("image", "https://cdn.example/pixel.gif", "smaller than 100x100"),),
    )
    return replace(profile, **changes) if changes else profile


def attempt(url: str = "https://news.example/a/1", outcome: str = Outcome.OK, *,
            at: datetime = T0, blocked: int = 2, **changes: object) -> CrawlAttempt:
    base = CrawlAttempt(url=url, started_at=at, finished_at=at + timedelta(seconds=2), outcome=outcome,
                        http_status=200 if outcome == Outcome.OK else None, final_url=url,
                        blocked_requests=blocked, render_ms=1500.4, extract_ms=30.2)
    return replace(base, **changes) if changes else base
