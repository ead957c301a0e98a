"""The robots.txt cache of a long-running worker holds at most `max_origins` origins."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from scheduler.robots import RobotsCache

NOW = datetime(2026, 12, 4, tzinfo=UTC)


def test_the_least_recently_used_origin_is_dropped_past_the_bound() -> None:
    fetched: list[str] = []

    def fetch(url: str) -> tuple[int, str]:
        fetched.append(url)
        return 200, "User-agent: *\nDisallow: /private\n"

    cache = RobotsCache("rendercrawlbot", timedelta(hours=1), fetch=fetch, max_origins=2)
    for origin in ("http://a.example", "http://b.example", "http://a.example", "http://c.example"):
        assert cache.verdict(f"{origin}/page", NOW).allowed
    assert not cache.verdict("http://c.example/private/x", NOW).allowed
    assert fetched == ["http://a.example/robots.txt", "http://b.example/robots.txt", "http://c.example/robots.txt"]
    cache.verdict("http://a.example/page", NOW)  # used more recently than b: still kept
    cache.verdict("http://b.example/page", NOW)  # dropped when c came: fetched again
    assert fetched[3:] == ["http://b.example/robots.txt"]
