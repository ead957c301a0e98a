"""Synthetic profiles for the storage benchmark, with realistic field counts.

Deterministic (seeded). The value pools are sized so every README query's example parameters
select a realistic slice: `Jane Doe` is one of 2,000 authors, `orange` one of 12 fruits,
`news.example` one of 20 hosts, publication times spread over four months.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from storage.records import CrawlAttempt, Outcome
from values.profile import ContentDataLayer, ContentProfile, CustomField, DominantImage

EPOCH = datetime(2024, 1, 8, tzinfo=UTC)
NOW = datetime(2024, 5, 8, 12, 0, tzinfo=UTC)
HOSTS = ["news.example"] + [f"site{i}.example" for i in range(1, 20)]
FRUITS = ["orange", "apple", "banana", "pear", "plum", "kiwi", "mango", "lime", "fig", "grape", "melon", "peach"]
WORDS = ("the of and to in a is that for it as was with be by on not he this are or his from at which but "
         "have an they you were her she there been one all we their has would when if so no will more what "
         "up out who them some could him into its then two time only new like these over may first").split()
WORDS += [f"word{i}" for i in range(3000)]
FAILURES = [Outcome.TIMEOUT, Outcome.HTTP_ERROR, Outcome.CONNECTION_ERROR, Outcome.NON_HTML]


@dataclass(frozen=True, slots=True)
class SyntheticCrawl:
    attempt: CrawlAttempt
    profile: ContentProfile | None
    next_crawl_at: datetime


def crawls(count: int, seed: int = 7, first_page: int = 0) -> Iterator[SyntheticCrawl]:
    """`count` successful crawls of distinct pages (numbered from `first_page`), and a failed
    crawl after ~10% of them. The same arguments give the same crawls."""
    rng = random.Random(seed)
    authors = ["Jane Doe", "John Roe"] + [f"Author {i}" for i in range(1998)]
    for i in range(first_page, first_page + count):
        host = HOSTS[i % len(HOSTS)]
        url = f"https://{host}/a/{i // len(HOSTS) + 1}"
        crawled = NOW - timedelta(seconds=rng.uniform(0, 7 * 86400))
        profile = _profile(rng, url, authors)
        yield SyntheticCrawl(_attempt(url, crawled, Outcome.OK, rng), profile,
                             crawled + timedelta(hours=rng.choice([1, 10, 96, 720])))
        if rng.random() < 0.10:
            failed_at = crawled + timedelta(minutes=rng.uniform(1, 600))
            yield SyntheticCrawl(_attempt(url, failed_at, rng.choice(FAILURES), rng), None,
                                 failed_at + timedelta(hours=1))


def _attempt(url: str, at: datetime, outcome: str, rng: random.Random) -> CrawlAttempt:
    return CrawlAttempt(url=url, started_at=at, finished_at=at + timedelta(seconds=rng.uniform(0.5, 4)),
                        outcome=outcome, http_status=200 if outcome == Outcome.OK else 503, final_url=url,
                        blocked_requests=rng.randint(0, 12), render_ms=rng.uniform(400, 3000),
                        extract_ms=rng.uniform(5, 80), error=None if outcome == Outcome.OK else "synthetic")


def _profile(rng: random.Random, url: str, authors: list[str]) -> ContentProfile:
    published = EPOCH + timedelta(seconds=rng.uniform(0, (NOW - EPOCH).total_seconds()))
    section = rng.choice(["sports", "politics", "culture", "business", "science", "travel"])
    body = "\n\n".join(" ".join(rng.choices(WORDS, k=rng.randint(40, 120))) for _ in range(rng.randint(3, 8)))
    fields = [CustomField("xyz-fruit", "string", rng.choice(FRUITS)),
              CustomField("rating", "number", round(rng.uniform(0, 5), 1))]
    if rng.random() < 0.5:
        fields.append(CustomField("event-time", "time", published + timedelta(days=rng.uniform(-5, 30))))
    if rng.random() < 0.3:
        fields.append(CustomField("venue", "geopoint", (rng.uniform(55, 70), rng.uniform(5, 30))))
    width = rng.randint(100, 2000)
    return ContentProfile(
        url=url, canonical_url=url,
        title=" ".join(rng.choices(WORDS, k=rng.randint(4, 12))).capitalize(),
        description=" ".join(rng.choices(WORDS, k=rng.randint(10, 30))),
        keywords=tuple(rng.sample(WORDS, rng.randint(3, 8))),
        body=body, sections=("news", section),
        page_class="article" if rng.random() < 0.9 else "frontpage",
        published_time=published, modified_time=published + timedelta(hours=rng.uniform(0, 48)),
        article_id=f"A-{rng.randrange(10**9)}",
        authors=tuple(rng.sample(authors, rng.choice([1, 1, 1, 2, 3]))),
        image=DominantImage(f"{url}/image.jpg", width, width * 2 // 3) if rng.random() < 0.9 else None,
        fields=tuple(fields),
        overrides={"taxonomy": (f"news/{section}",)} if rng.random() < 0.5 else {},
        categories=("news", f"news/{section}"),
        recommendable=rng.random() > 0.05,
        expiration_time=NOW - timedelta(days=rng.uniform(-30, 30)) if rng.random() < 0.1 else None,
        recommending=True,
        datalayer=ContentDataLayer(id=f"A-{rng.randrange(10**6)}", type="article", section=section),
        language="en",
        soft_404=rng.random() < 0.01,
        sources={"title": "og:title", "body": "maintext", "authors": "datalayer"},
    )
