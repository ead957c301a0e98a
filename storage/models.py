"""The schema, as SQLAlchemy 2.0 typed models. Alembic migrations are generated from and
checked against these (tests/storage/test_migrations.py), and only migrations build tables.

Names are chosen for people writing SQL by hand: one table per thing, plural names, `_at` for
times (timezone-aware UTC), `_id` for references, `position` for order. `storage/SCHEMA.md`
describes every table; `the README's "Querying profiles"` shows how to query them.

Row width matters on SQLite, which keeps text inline: bodies live in `profile_bodies`, and
the JSON columns come last in their rows.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import ClassVar

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Column,
    Double,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    Unicode,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from storage.records import CrawlState, Outcome, QueueState
from storage.types import TextEnum, UTCDateTime, utc_now
from values.urls import URL_MAX_CHARS

INDEXED_TEXT_MAX_CHARS = 500
"""Child-table values (authors, keywords, field text…) are indexed, so they are cut to this
length; the full value always stays in `profile_versions.profile_json`."""
HASH_CHARS = 64  # hex SHA-256

BigId = BigInteger().with_variant(Integer, "sqlite")
"""Ids of the tables that grow without bound (crawl log, views). On SQLite the key must be
spelled `INTEGER PRIMARY KEY` to be the auto-numbered rowid, which is 64-bit there anyway."""

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Deterministic constraint names, so migrations can drop and alter them on every database."""


def _in(column: str, values: type[Enum]) -> str:
    """A CHECK expression `column IN (...)` over an enum's values."""
    return f"{column} IN ({', '.join(repr(v.value) for v in values)})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    __table__: ClassVar[Table]  # every model is declared on one Table (DeclarativeBase says FromClause)
    type_annotation_map = {datetime: UTCDateTime()}


class Site(Base):
    """Per-host crawl settings. `basic_auth_ref` names where the secret lives
    (`env:NAME` or `file:/path`) — the secret itself is never stored or logged."""

    __tablename__ = "sites"

    id: Mapped[int] = mapped_column(primary_key=True)
    host: Mapped[str] = mapped_column(String(255), unique=True)
    min_recrawl_seconds: Mapped[int | None]
    max_recrawl_seconds: Mapped[int | None]
    max_concurrent_pages: Mapped[int | None]
    min_delay_ms: Mapped[int | None]
    obey_robots: Mapped[bool] = mapped_column(server_default=true())
    extra_denylist: Mapped[str] = mapped_column(Text, server_default="")
    """Extra hosts to block while rendering, one per line."""
    ignored_query_params: Mapped[str] = mapped_column(Text, server_default="")
    """Query parameters URL normalization drops for this site, one per line."""
    basic_auth_ref: Mapped[str | None] = mapped_column(String(255))
    headers: Mapped[str] = mapped_column(Text, server_default="{}")
    """Extra HTTP headers sent with every request of this site's pages, as a JSON object."""
    crawl_budget_per_hour: Mapped[float | None] = mapped_column(Double)
    """Scheduled recrawls an hour, spent where they buy the most freshness
    (`scheduler/allocation.py`); None: the seed's ladder."""
    budget_threshold: Mapped[float | None] = mapped_column(Double)
    """The expected gain (fresh page-days) of the last recrawl the budget bought: a crawl's worth
    at the margin, written by the scheduler's budget job."""
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class SiteHost(Base):
    """Another host of a registered site (`sites add HOST --also OTHER`): `www.`, `m.`, `amp.`,
    a CDN alias. The site's row, settings and keys cover it; a host belongs to one site only
    (`storage.sites.set_site_hosts` refuses a host that is another site's)."""

    __tablename__ = "site_hosts"

    host: Mapped[str] = mapped_column(String(255), primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), index=True)


class Page(Base):
    """One logical page, identified by its normalized URL."""

    __tablename__ = "pages"
    __table_args__ = (CheckConstraint(_in("crawl_state", CrawlState), name="crawl_state"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    url: Mapped[str] = mapped_column(String(URL_MAX_CHARS), unique=True)
    canonical_url: Mapped[str | None] = mapped_column(String(URL_MAX_CHARS), index=True)
    host: Mapped[str] = mapped_column(String(255), index=True)
    site_id: Mapped[int | None] = mapped_column(ForeignKey("sites.id", ondelete="SET NULL"), index=True)
    first_seen_at: Mapped[datetime]
    last_crawled_at: Mapped[datetime | None]
    next_crawl_at: Mapped[datetime | None] = mapped_column(index=True)
    crawl_state: Mapped[str] = mapped_column(String(16), server_default=CrawlState.NEW.value)
    error_count: Mapped[int] = mapped_column(server_default=text("0"))
    """Failed attempts in a row; reset by a successful crawl."""
    change_rate_per_day: Mapped[float | None] = mapped_column(Double)
    """The scheduler's estimate of how often the content changes (`scheduler/changerate.py`),
    at the last successful crawl; None before the first."""
    change_anchor_at: Mapped[datetime | None]
    """Where the page's ladder clock starts (its publication, or its first crawl): the rate
    slows with age along the ladder from here (`changerate.LadderClock`)."""


class PageAlias(Base):
    """Another URL that normalizes, canonicalizes or redirects to a page."""

    __tablename__ = "page_aliases"

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(String(URL_MAX_CHARS), unique=True)
    reason: Mapped[str] = mapped_column(String(16))
    """`normalized`, `canonical` or `redirect`."""
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class Crawl(Base):
    """One row per crawl attempt, successful or not: the crawl log."""

    __tablename__ = "crawls"
    __table_args__ = (
        CheckConstraint(_in("outcome", Outcome), name="outcome"),
        Index("ix_crawls_page_id_started_at", "page_id", "started_at"),
        Index("ix_crawls_started_at_outcome", "started_at", "outcome"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    url: Mapped[str] = mapped_column(String(URL_MAX_CHARS))
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime]
    outcome: Mapped[Outcome] = mapped_column(TextEnum(Outcome, 16))
    http_status: Mapped[int | None]
    final_url: Mapped[str | None] = mapped_column(Text)
    blocked_requests: Mapped[int] = mapped_column(server_default=text("0"))
    render_ms: Mapped[int | None]
    extract_ms: Mapped[int | None]
    content_hash: Mapped[str | None] = mapped_column(String(HASH_CHARS))
    """Hash of the profile this attempt produced, if any (equal hashes = same content)."""
    content_changed: Mapped[bool | None]
    """Did this crawl find content different from the page's current profile? False for an
    `unchanged` crawl (304 or the same raw HTML); None for a failure or a page's first profile."""
    error: Mapped[str | None] = mapped_column(Text)


class ProfileVersion(Base):
    """Every distinct profile a page has had; a row is added only when the hash changes.

    The scalar columns repeat the most compared fields so that "what changed" is plain SQL
    (`LAG(title) OVER (...)`) on both databases; `profile_json` holds the whole profile but its
    body, which is stored once per page and body: in `profile_bodies` while it is the current
    one, then in `past_bodies` (both found by `body_hash`). A body those text columns cannot
    hold exactly (a NUL character) stays in the JSON.
    """

    __tablename__ = "profile_versions"
    __table_args__ = (Index("ix_profile_versions_page_id_created_at", "page_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    crawl_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("crawls.id", ondelete="SET NULL"))
    created_at: Mapped[datetime]
    content_hash: Mapped[str] = mapped_column(String(HASH_CHARS))
    title: Mapped[str | None] = mapped_column(Text)
    page_class: Mapped[str | None] = mapped_column(String(32))
    published_at: Mapped[datetime | None]
    modified_at: Mapped[datetime | None]
    word_count: Mapped[int]
    image_url: Mapped[str | None] = mapped_column(Text)
    body_hash: Mapped[str] = mapped_column(String(HASH_CHARS))
    profile_json: Mapped[str] = mapped_column(Text)


class Profile(Base):
    """The current profile of a page: one column per scalar field of `ContentProfile`.

    Never overwritten by a failed or empty crawl; `version_id` points at the full profile.
    """

    __tablename__ = "profiles"
    __table_args__ = (Index("ix_profiles_soft_404_crawled_at", "soft_404", "crawled_at"),)

    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("profile_versions.id"), index=True)
    canonical_url: Mapped[str | None] = mapped_column(Text)
    title: Mapped[str | None] = mapped_column(Text)
    description: Mapped[str | None] = mapped_column(Text)
    page_class: Mapped[str | None] = mapped_column(String(32), index=True)
    published_at: Mapped[datetime | None] = mapped_column(index=True)
    modified_at: Mapped[datetime | None]
    article_id: Mapped[str | None] = mapped_column(String(255), index=True)
    image_url: Mapped[str | None] = mapped_column(Text)
    image_width: Mapped[int | None] = mapped_column(index=True)
    image_height: Mapped[int | None]
    language: Mapped[str | None] = mapped_column(String(35))
    recommendable: Mapped[bool] = mapped_column(index=True)
    recommending: Mapped[bool]
    expires_at: Mapped[datetime | None] = mapped_column(index=True)
    soft_404: Mapped[bool]
    comment_count: Mapped[int | None]
    """Readers' comments on the story (`ContentProfile.comment_count`), from the last saved crawl:
    not content (not hashed), so refreshed with the sources when the content is unchanged."""
    gone_at: Mapped[datetime | None]
    """Set when the page answered gone (404, 410 or a soft 404) on several crawls in a row
    (`scheduler.policy.gone_confirmed`): the last good content stays, but the page is not
    recommendable any more. Cleared by the next good crawl."""
    word_count: Mapped[int]
    content_hash: Mapped[str] = mapped_column(String(HASH_CHARS))
    crawled_at: Mapped[datetime]
    """When a crawl last produced this profile (its content may be older: see `changed_at`)."""
    changed_at: Mapped[datetime]
    """When the content hash last changed."""
    sources_json: Mapped[str] = mapped_column(Text)
    """Field name -> where its value came from (`og:title`, `datalayer`, …), from the last crawl."""
    rejections_json: Mapped[str] = mapped_column(Text)


class ProfileBody(Base):
    """The main text of a current profile (`JOIN profile_bodies USING (page_id)`).

    Kept out of `profiles` so its rows stay a few hundred bytes: SQLite stores text inline in
    the row, and a query that filters or joins 10,000 profiles would otherwise read 10,000
    bodies (the storage benchmark measured 5-10x slower queries at 100k profiles).
    """

    __tablename__ = "profile_bodies"

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    body: Mapped[str] = mapped_column(Text)


class PastBody(Base):
    """A body a page's profile had before its current one, once per page and body hash
    (`JOIN past_bodies pb ON pb.page_id = v.page_id AND pb.body_hash = v.body_hash`).

    Versions keep their bodies here rather than in `profile_json`, so a page's text is not
    stored again with every version (at 100k profiles that copy was a third of the database).
    """

    __tablename__ = "past_bodies"

    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), primary_key=True)
    body_hash: Mapped[str] = mapped_column(String(HASH_CHARS), primary_key=True)
    body: Mapped[str] = mapped_column(Text)


def _child_table_args(table: str, value: str) -> tuple[Index]:
    return (Index(f"ix_{table}_{value}_page_id", value, "page_id"),)


class ProfileAuthor(Base):
    __tablename__ = "profile_authors"
    __table_args__ = _child_table_args("profile_authors", "name")

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(INDEXED_TEXT_MAX_CHARS))


class ProfileKeyword(Base):
    __tablename__ = "profile_keywords"
    __table_args__ = _child_table_args("profile_keywords", "keyword")

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    keyword: Mapped[str] = mapped_column(String(INDEXED_TEXT_MAX_CHARS))


class ProfileSection(Base):
    """The page's section path; `position` 0 is the top level (`sports` > `golf`)."""

    __tablename__ = "profile_sections"
    __table_args__ = _child_table_args("profile_sections", "name")

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(INDEXED_TEXT_MAX_CHARS))


class ProfileCategory(Base):
    """Categories derived from the taxonomy (`news/sports/golf` -> `news`, `news/sports`, …)."""

    __tablename__ = "profile_categories"
    __table_args__ = _child_table_args("profile_categories", "category")

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    category: Mapped[str] = mapped_column(String(INDEXED_TEXT_MAX_CHARS))


class ProfileOverride(Base):
    """A generated search field overridden by `cXenseParse:<kind>` (taxonomy, company, …)."""

    __tablename__ = "profile_overrides"
    __table_args__ = (Index("ix_profile_overrides_kind_value", "kind", "value"),)

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    value: Mapped[str] = mapped_column(String(INDEXED_TEXT_MAX_CHARS))


class ProfileField(Base):
    """One custom typed value (`cXenseParse:<key>`); exactly one value column is set per type:
    string -> value_text, number -> value_number, time -> value_time,
    geopoint -> latitude + longitude."""

    __tablename__ = "profile_fields"
    __table_args__ = (
        CheckConstraint("type IN ('string', 'number', 'time', 'geopoint')", name="type"),
        Index("ix_profile_fields_key_value_text_page_id", "key", "value_text", "page_id"),
        Index("ix_profile_fields_key_value_number", "key", "value_number"),
        Index("ix_profile_fields_key_value_time", "key", "value_time"),
        Index("ix_profile_fields_key_latitude", "key", "latitude"),
    )

    page_id: Mapped[int] = mapped_column(ForeignKey("profiles.page_id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(255))
    type: Mapped[str] = mapped_column(String(8))
    value_text: Mapped[str | None] = mapped_column(String(INDEXED_TEXT_MAX_CHARS))
    value_number: Mapped[float | None] = mapped_column(Double)
    value_time: Mapped[datetime | None]
    latitude: Mapped[float | None] = mapped_column(Double)
    longitude: Mapped[float | None] = mapped_column(Double)


class QueueEntry(Base):
    """A page waiting to be crawled, or being crawled under a lease. One row per page
    (`page_id` is unique), so a page can never be claimed by two workers at once; the
    scheduler re-arms a `done` row instead of inserting another.

    Claim order is `priority` ascending (lower runs first), then `due_at`; the
    `ix_crawl_queue_state_priority_due_at` index serves exactly
    `WHERE state = 'queued' AND due_at <= :now ORDER BY priority, due_at`.
    """

    __tablename__ = "crawl_queue"
    __table_args__ = (
        CheckConstraint(_in("state", QueueState), name="state"),
        Index("ix_crawl_queue_state_priority_due_at", "state", "priority", "due_at"),
        Index("ix_crawl_queue_state_lease_expires_at", "state", "lease_expires_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), unique=True)
    due_at: Mapped[datetime]
    priority: Mapped[int] = mapped_column(server_default=text("100"))
    reason: Mapped[str] = mapped_column(String(16))
    """Why it was queued: `new`, `modified`, `scheduled`, `push`, `manual`, `retry`."""
    state: Mapped[str] = mapped_column(String(8), server_default=QueueState.QUEUED.value)
    lease_owner: Mapped[str | None] = mapped_column(String(255))
    lease_expires_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(server_default=text("0"))
    last_error: Mapped[str | None] = mapped_column(Text)
    enqueued_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now, onupdate=utc_now)


class PageView(Base):
    """One page-view event (`rendercrawl view` / `ingest`); new pages need enough of these."""

    __tablename__ = "page_views"
    __table_args__ = (Index("ix_page_views_page_id_viewed_at", "page_id", "viewed_at"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    viewed_at: Mapped[datetime] = mapped_column(index=True)
    modified_time: Mapped[datetime | None]
    """The page's modification time as the viewing client reported it, if it did."""


class Push(Base):
    """One force-push request, honoured or declined by the per-URL rate limit."""

    __tablename__ = "pushes"
    __table_args__ = (Index("ix_pushes_page_id_requested_at", "page_id", "requested_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    requested_at: Mapped[datetime]
    honoured: Mapped[bool]
    merged: Mapped[bool] = mapped_column(server_default=false())
    """Honoured by a crawl already pending: it spent none of the URL's pushes."""
    note: Mapped[str | None] = mapped_column(Text)
    """Why it was declined, or who asked; free text for operators."""


class ModifiedRecrawl(Base):
    """A crawl a view's `modified_time` queued: the per-URL budget of such recrawls counts these
    (`scheduler.policy.modified_recrawl`). A view merged into a crawl already queued leaves none."""

    __tablename__ = "modified_recrawls"
    __table_args__ = (Index("ix_modified_recrawls_page_id_queued_at", "page_id", "queued_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    queued_at: Mapped[datetime]


class Snapshot(Base):
    """The `RenderedPage` of a page's last crawl, kept only when `keep_snapshots` is on, so
    `rendercrawl reextract` can recompute profiles after an extractor change without a
    browser. `data` is zlib-compressed UTF-8 of `RenderedPage.to_json()`; `format` is its
    `SNAPSHOT_FORMAT`, so snapshots from an older shape can be recognised and skipped."""

    __tablename__ = "snapshots"

    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), primary_key=True)
    crawl_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("crawls.id", ondelete="SET NULL"))
    created_at: Mapped[datetime]
    format: Mapped[int]
    size_bytes: Mapped[int]
    """Uncompressed JSON size, to show what compression saves."""
    data: Mapped[bytes] = mapped_column(LargeBinary)


class CrawlHost(Base):
    """Per-host politeness state: one row per host with a page in the queue (enqueueing makes it).

    The gate a claim checks lives in this row — `leased` (pages of the host leased now) and
    `next_start_at` (the minimum delay after the last start) — so that a claimer that locks the
    row (`FOR UPDATE SKIP LOCKED` on PostgreSQL) checks and takes the slot on the row's newest
    version, and two workers cannot both take a host's last free slot. Every transition out of
    `leased` gives the slot back. Owned by `scheduler/queue.py` (migrations 0004, 0009).
    """

    __tablename__ = "crawl_hosts"

    host: Mapped[str] = mapped_column(String(255), primary_key=True)
    last_started_at: Mapped[datetime | None]
    leased: Mapped[int] = mapped_column(server_default=text("0"))
    """Pages of this host in state `leased` (expired leases count until the reaper ends them)."""
    next_start_at: Mapped[datetime | None]
    """No page of this host starts before this time (the last start plus the host's delay)."""


apscheduler_jobs = Table(
    "apscheduler_jobs",
    Base.metadata,
    Column("id", Unicode(191), primary_key=True),
    Column("next_run_time", Float(25), index=True),
    Column("job_state", LargeBinary, nullable=False),
)
"""APScheduler 3's SQLAlchemy job store, exactly as it defines it (`rendercrawl scheduler`
keeps its jobs in the profiles database). Created by migration 0005 so that Alembic stays the
only thing that creates tables; the job store's own `create(checkfirst=True)` then finds it."""


class PageValidator(Base):
    """What the last full render of a page was fetched with, for cheap recrawls: the HTTP
    validators (`ETag`, `Last-Modified`) for a conditional GET, and a hash of the raw HTML.
    A scheduled recrawl that finds either unchanged is logged as an `unchanged` crawl without
    rendering. Owned by `scheduler/freshness.py` (migration 0007)."""

    __tablename__ = "page_validators"

    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), primary_key=True)
    etag: Mapped[str | None] = mapped_column(String(255))
    last_modified: Mapped[str | None] = mapped_column(String(64))
    raw_sha256: Mapped[str | None] = mapped_column(String(HASH_CHARS))
    checked_at: Mapped[datetime]
    unchanged_streak: Mapped[int] = mapped_column(server_default=text("0"))
    """Cheap checks in a row that found the page unchanged; every Nth recrawl renders anyway."""


class ApiKey(Base):
    """A per-site key of the HTTP service (`rendercrawl sites key create`): only its SHA-256 is
    kept, so a leaked database does not leak working keys; `prefix` lets an operator tell keys apart."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    host: Mapped[str] = mapped_column(String(255), index=True)
    scope: Mapped[str] = mapped_column(String(8))
    """`events`, `push` or `read`."""
    key_hash: Mapped[str] = mapped_column(String(HASH_CHARS), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]


class ViewEventId(Base):
    """The client-given `event_id` of each page view the HTTP service stored, so a retried
    request stores its events once."""

    __tablename__ = "view_event_ids"

    event_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    received_at: Mapped[datetime] = mapped_column(index=True)
