"""The query cookbook (`storage/QUERIES.md`, and the README's "Querying profiles"), as data.

Each query is plain SQL that runs unchanged on SQLite and PostgreSQL, with named parameters
(`:author`). The test suite runs every one against a fixture database on both, and
`python -m storage.queries` writes the cookbook and the README's section from this module (a
test checks both are current), so the documentation cannot drift from what is tested.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import TextClause, bindparam, text

from storage.types import UTCDateTime


@dataclass(frozen=True, slots=True)
class NamedQuery:
    name: str
    question: str
    sql: str
    example: dict[str, Any] = field(default_factory=dict)
    """Parameter values used in the documentation (and the fixture test)."""

    def statement(self) -> TextClause:
        """The SQL with time parameters typed, so they bind as UTC on both databases."""
        clause = text(self.sql)
        times = [bindparam(k, type_=UTCDateTime()) for k, v in self.example.items() if isinstance(v, datetime)]
        return clause.bindparams(*times) if times else clause

    def with_literals(self) -> str:
        """The SQL with the example values written in, runnable as is in sqlite3 or psql."""
        sql = self.sql
        for key in sorted(self.example, key=len, reverse=True):
            sql = sql.replace(f":{key}", _literal(self.example[key]))
        return sql


def _literal(value: Any) -> str:
    if isinstance(value, datetime):
        value = value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


def _t(text_: str) -> datetime:
    return datetime.fromisoformat(text_).replace(tzinfo=UTC)


QUERIES: tuple[NamedQuery, ...] = (
    NamedQuery(
        "articles_by_author",
        "Articles by an author published in a date range",
        """SELECT pg.url, p.title, p.published_at
FROM profile_authors a
JOIN profiles p ON p.page_id = a.page_id
JOIN pages pg ON pg.id = p.page_id
WHERE a.name = :author
  AND p.page_class = 'article'
  AND p.published_at >= :since AND p.published_at < :until
ORDER BY p.published_at DESC""",
        {"author": "Jane Doe", "since": _t("2024-05-01"), "until": _t("2024-05-08")},
    ),
    NamedQuery(
        "custom_field_text",
        "Pages whose custom field `xyz-fruit` is `orange`, in the order they were first seen",
        """SELECT pg.url, p.title
FROM profile_fields f
JOIN profiles p ON p.page_id = f.page_id
JOIN pages pg ON pg.id = f.page_id
WHERE f.key = :key AND f.value_text = :value
ORDER BY f.page_id
LIMIT 100""",
        {"key": "xyz-fruit", "value": "orange"},
    ),
    NamedQuery(
        "custom_field_number",
        "Pages whose numeric custom field `rating` is at least 4",
        """SELECT pg.url, f.value_number AS rating
FROM profile_fields f
JOIN pages pg ON pg.id = f.page_id
WHERE f.key = :key AND f.value_number >= :minimum
ORDER BY f.value_number DESC, pg.url
LIMIT 100""",
        {"key": "rating", "minimum": 4},
    ),
    NamedQuery(
        "custom_field_time",
        "Pages whose time custom field `event-time` is after a moment",
        """SELECT pg.url, f.value_time AS event_time
FROM profile_fields f
JOIN pages pg ON pg.id = f.page_id
WHERE f.key = :key AND f.value_time > :after
ORDER BY f.value_time
LIMIT 100""",
        {"key": "event-time", "after": _t("2024-05-05")},
    ),
    NamedQuery(
        "custom_field_geopoint",
        "Pages whose geopoint custom field `venue` lies in a bounding box",
        """SELECT pg.url, f.latitude, f.longitude
FROM profile_fields f
JOIN pages pg ON pg.id = f.page_id
WHERE f.key = :key
  AND f.latitude BETWEEN :south AND :north
  AND f.longitude BETWEEN :west AND :east
ORDER BY pg.url
LIMIT 100""",
        {"key": "venue", "south": 59.0, "north": 60.5, "west": 10.0, "east": 11.5},
    ),
    NamedQuery(
        "not_recommendable_or_expired",
        "Pages that are not recommendable, or whose recommendation expired",
        """SELECT pg.url, p.recommendable, p.expires_at
FROM profiles p
JOIN pages pg ON pg.id = p.page_id
WHERE p.recommendable = FALSE OR p.expires_at < :now
ORDER BY pg.url
LIMIT 100""",
        {"now": _t("2024-05-08 12:00:00")},
    ),
    NamedQuery(
        "by_category",
        "Pages in a taxonomy category (categories include every level: `news`, `news/sports`, …), "
        "in the order they were first seen",
        """SELECT pg.url, p.title
FROM profile_categories c
JOIN profiles p ON p.page_id = c.page_id
JOIN pages pg ON pg.id = c.page_id
WHERE c.category = :category
ORDER BY c.page_id
LIMIT 100""",
        {"category": "news/sports"},
    ),
    NamedQuery(
        "page_history",
        "The last five versions of a page, and what changed in each",
        """WITH history AS (
  SELECT v.id, v.created_at, v.title, v.word_count, v.page_class, v.body_hash, v.image_url,
         LAG(v.id) OVER w AS previous_id,
         LAG(v.title) OVER w AS previous_title,
         LAG(v.page_class) OVER w AS previous_page_class,
         LAG(v.body_hash) OVER w AS previous_body_hash,
         LAG(v.image_url) OVER w AS previous_image_url
  FROM profile_versions v
  JOIN pages pg ON pg.id = v.page_id
  WHERE pg.url = :url
  WINDOW w AS (ORDER BY v.created_at, v.id)
)
SELECT created_at, title, word_count,
       CASE WHEN previous_id IS NULL THEN 'first version'
            ELSE COALESCE(NULLIF(TRIM(
                 CASE WHEN COALESCE(title, '') <> COALESCE(previous_title, '') THEN 'title ' ELSE '' END ||
                 CASE WHEN COALESCE(page_class, '') <> COALESCE(previous_page_class, '') THEN 'page_class ' ELSE '' END ||
                 CASE WHEN body_hash <> previous_body_hash THEN 'body ' ELSE '' END ||
                 CASE WHEN COALESCE(image_url, '') <> COALESCE(previous_image_url, '') THEN 'image ' ELSE '' END
            ), ''), 'other fields (see profile_json)')
       END AS changed
FROM history
ORDER BY created_at DESC, id DESC
LIMIT 5""",
        {"url": "https://news.example/a/1"},
    ),
    NamedQuery(
        "failures_by_outcome",
        "Crawl failures of one site in the last day, by outcome",
        """SELECT c.outcome, COUNT(*) AS attempts
FROM crawls c
JOIN pages pg ON pg.id = c.page_id
WHERE pg.host = :host
  AND c.started_at >= :since
  AND c.outcome NOT IN ('ok', 'unchanged')
GROUP BY c.outcome
ORDER BY attempts DESC, c.outcome""",
        {"host": "news.example", "since": _t("2024-05-07 12:00:00")},
    ),
    NamedQuery(
        "due_for_recrawl",
        "Pages due for a recrawl (parked pages excluded), oldest first",
        """SELECT url, next_crawl_at, crawl_state
FROM pages
WHERE next_crawl_at <= :now AND crawl_state <> 'parked'
ORDER BY next_crawl_at
LIMIT 100""",
        {"now": _t("2024-05-08 12:00:00")},
    ),
    NamedQuery(
        "soft_404s",
        "Pages whose current profile is a soft 404, most recently crawled first",
        """SELECT pg.url, p.title, p.crawled_at
FROM profiles p
JOIN pages pg ON pg.id = p.page_id
WHERE p.soft_404 = TRUE
ORDER BY p.crawled_at DESC, pg.url
LIMIT 100""",
    ),
    NamedQuery(
        "small_images",
        "Profiles whose dominant image is less than 300 px wide",
        """SELECT pg.url, p.image_url, p.image_width, p.image_height
FROM profiles p
JOIN pages pg ON pg.id = p.page_id
WHERE p.image_width < :width
ORDER BY p.image_width, pg.url
LIMIT 100""",
        {"width": 300},
    ),
    NamedQuery(
        "top_authors",
        "The most published authors of the last week",
        """SELECT a.name, COUNT(*) AS articles
FROM profile_authors a
WHERE a.page_id IN (SELECT page_id FROM profiles WHERE published_at >= :since)
GROUP BY a.name
ORDER BY articles DESC, a.name
LIMIT 10""",
        {"since": _t("2024-05-01")},
    ),
    NamedQuery(
        "most_commented",
        "The most commented stories published since a date (readers' comments, kept out of the body)",
        """SELECT pg.url, p.title, p.comment_count
FROM profiles p
JOIN pages pg ON pg.id = p.page_id
WHERE p.comment_count IS NOT NULL AND p.published_at >= :since
ORDER BY p.comment_count DESC, pg.url
LIMIT 20""",
        {"since": _t("2024-05-01")},
    ),
    NamedQuery(
        "change_most_often",
        "Pages that change most often (the scheduler's estimate per day), and what their crawls found since a date",
        """SELECT pg.url, pg.change_rate_per_day,
       SUM(CASE WHEN c.content_changed THEN 1 ELSE 0 END) AS changes_found,
       COUNT(c.content_changed) AS crawls_compared
FROM pages pg
LEFT JOIN crawls c ON c.page_id = pg.id AND c.started_at >= :since
WHERE pg.change_rate_per_day IS NOT NULL
GROUP BY pg.id, pg.url, pg.change_rate_per_day
ORDER BY pg.change_rate_per_day DESC, pg.url
LIMIT 20""",
        {"since": _t("2024-05-01")},
    ),
)

BY_NAME = {q.name: q for q in QUERIES}

README_INTRO = """\
## Querying profiles

Profiles live in plain tables ([`storage/SCHEMA.md`](storage/SCHEMA.md) describes them all):
`pages` (one row per URL), `profiles` (the current profile of a page, one column per field),
`profile_authors`, `profile_keywords`, `profile_sections`, `profile_categories`,
`profile_overrides`, `profile_fields` (custom `cXenseParse:` fields: one row per value, with a
`value_text`, `value_number`, `value_time` or `latitude`/`longitude` column), `profile_bodies`
(the page text), `profile_versions` (every distinct profile a page has had) and `crawls` (one row
per attempt). Query them with `sqlite3 rendercrawl.db`, `psql` (`SET TIME ZONE 'UTC';` first), or
the read-only command

    rendercrawl sql "SELECT …" [--csv | --json]

which refuses any statement that writes. For example:
"""

COOKBOOK_INTRO = """\
# Querying profiles: the cookbook

Generated by `python -m storage.queries` from `storage/queries.py`; the tables are described in
[`SCHEMA.md`](SCHEMA.md). Times are UTC: in `psql`, run `SET TIME ZONE 'UTC';` first. Every query
below runs unchanged in `sqlite3 rendercrawl.db`, in `psql`, and through the read-only command
`rendercrawl sql "SELECT …" [--csv | --json]` (SQLite 3.35+ and PostgreSQL 12+ run them all).
Lists stop at 100 rows (drop the `LIMIT` for all). Lists of pages matching a field or a category
come in page id order (the order pages were first seen), which their index returns as it is:
ordering by URL instead means sorting every match first (8,000 of 100,000 pages for `orange`).
The test suite runs each query on SQLite and PostgreSQL against a fixture database
(`tests/storage/test_queries.py`); `bench/storage_bench.py` times them at 100,000 profiles.
The page text is in `profile_bodies` (`JOIN profile_bodies b ON b.page_id = p.page_id`), so
that `profiles` rows stay small and fast to scan; an earlier version's text is in `past_bodies`
(`ON pb.page_id = v.page_id AND pb.body_hash = v.body_hash`) once the page's text changed.
"""

README_EXAMPLES = 2
"""How many of the cookbook's queries the README shows whole; it lists the others' questions."""


def _query_markdown(query: NamedQuery, level: str) -> str:
    return f"\n{level} {query.question}\n\n```sql\n{query.with_literals()};\n```\n"


def render_cookbook() -> str:
    """`storage/QUERIES.md`: every query."""
    return COOKBOOK_INTRO + "".join(_query_markdown(query, "##") for query in QUERIES)


def render_markdown() -> str:
    """The README's section: the tables, one query, and what the cookbook answers."""
    shown, listed = QUERIES[:README_EXAMPLES], QUERIES[README_EXAMPLES:]
    parts = [README_INTRO, *(_query_markdown(query, "###") for query in shown)]
    parts.append("\n[`storage/QUERIES.md`](storage/QUERIES.md) has these too, each tested on both databases:\n\n")
    parts.extend(f"- {query.question}\n" for query in listed)
    return "".join(parts)


README_BEGIN = "<!-- BEGIN querying-profiles: generated by `python -m storage.queries` -->\n"
README_END = "<!-- END querying-profiles -->\n"


def readme_section(readme: str) -> str:
    """The generated part of the README (between the markers), or "" if the markers are missing."""
    start, end = readme.find(README_BEGIN), readme.find(README_END)
    return readme[start + len(README_BEGIN):end] if 0 <= start < end else ""


def update_readme(readme: str) -> str:
    start, end = readme.index(README_BEGIN) + len(README_BEGIN), readme.index(README_END)
    return readme[:start] + render_markdown() + readme[end:]


if __name__ == "__main__":
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    readme, cookbook = root / "README.md", root / "storage" / "QUERIES.md"
    readme.write_text(update_readme(readme.read_text(encoding="utf-8")), encoding="utf-8")
    cookbook.write_text(render_cookbook(), encoding="utf-8")
    sys.stdout.write(f"updated {readme} and {cookbook}\n")
