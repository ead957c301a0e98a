"""Saving crawls and reading profiles back. Functions take the caller's `Session` and only
execute/flush: the command or worker that owns the unit of work commits, so one crawl —
crawl row, page update, profile, children, version, snapshot — is saved all or nothing.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, delete, insert, select, update
from sqlalchemy.orm import Session

from extraction.profile import ContentProfile
from render.model import SNAPSHOT_FORMAT, RenderedPage
from storage.codec import profile_from_dict
from storage.models import Crawl, Page, Profile, ProfileAuthor, ProfileVersion, Snapshot
from storage.pages import dialect_insert, ensure_page, find_page_id
from storage.profile_rows import (
    PROFILE_TABLE,
    VERSION_TABLE,
    child_rows,
    profile_row,
    provenance_columns,
    version_row,
)
from storage.records import (
    PROFILE_OUTCOMES,
    SUCCESS_OUTCOMES,
    CrawlAttempt,
    CrawlState,
    Outcome,
    ProfileRow,
    SavedCrawl,
)
from storage.text import clean, clean_opt

@dataclass(frozen=True, slots=True)
class StoredProfile:
    saved: bool
    """False when a soft 404 was kept from replacing a real profile."""
    version_id: int | None
    new_version: bool


SNAPSHOT_ZLIB_LEVEL = 6
"""zlib's default: rendered HTML+layout JSON shrinks ~8x; higher levels gain little, cost CPU."""


def save_crawl(session: Session, attempt: CrawlAttempt, profile: ContentProfile | None,
               snapshot: RenderedPage | None = None) -> SavedCrawl:
    """Record one crawl attempt and, when it produced one, the page's new current profile.

    The current profile is replaced only by an `ok` (or first `soft_404`) crawl that carries a
    profile; a failed crawl logs its row and counts an error, and the last good profile stays.
    A soft 404 never replaces a real profile: the page may be back on the next crawl.
    A new `profile_versions` row is written only when the content hash differs from the
    current one, so saving the same profile twice adds no version and no child rows.
    """
    outcome = Outcome(attempt.outcome)
    if profile is not None and outcome not in PROFILE_OUTCOMES:
        raise ValueError(f"a {outcome} crawl cannot carry a profile; pass profile=None")
    page_id = ensure_page(session, attempt.url, attempt.started_at, lock=True)
    content_hash = None if profile is None else profile.content_hash
    crawl_id = _insert_crawl(session, page_id, attempt, content_hash)
    _update_page(session, page_id, attempt, outcome, profile)
    version_id, new_version, saved = None, False, False
    if profile is not None and content_hash is not None:
        stored = store_profile(
            session, page_id, crawl_id, profile, content_hash, crawled_at=attempt.finished_at,
            is_soft_404=outcome == Outcome.SOFT_404 or profile.soft_404)
        saved, version_id, new_version = stored.saved, stored.version_id, stored.new_version
    if version_id is None:
        version_id = session.execute(select(Profile.version_id).where(Profile.page_id == page_id)).scalar()
    if snapshot is not None:
        save_snapshot(session, page_id, crawl_id, snapshot, attempt.finished_at)
    session.flush()
    return SavedCrawl(page_id=page_id, crawl_id=crawl_id, profile_saved=saved,
                      version_id=version_id, new_version=new_version)


def _insert_crawl(session: Session, page_id: int, attempt: CrawlAttempt, content_hash: str | None) -> int:
    values = {
        "page_id": page_id, "url": attempt.url,
        "started_at": attempt.started_at, "finished_at": attempt.finished_at,
        "outcome": attempt.outcome, "http_status": attempt.http_status,
        "final_url": clean_opt(attempt.final_url), "blocked_requests": attempt.blocked_requests,
        "render_ms": _ms(attempt.render_ms), "extract_ms": _ms(attempt.extract_ms),
        "content_hash": content_hash, "error": clean_opt(attempt.error),
    }
    return session.execute(insert(Crawl).values(values).returning(Crawl.id)).scalar_one()


def _ms(value: float | None) -> int | None:
    return None if value is None else round(value)


def _update_page(session: Session, page_id: int, attempt: CrawlAttempt, outcome: Outcome,
                 profile: ContentProfile | None) -> None:
    values: dict[str, object] = {"last_crawled_at": attempt.finished_at}
    if outcome in SUCCESS_OUTCOMES:
        values.update(crawl_state=CrawlState.CRAWLED.value, error_count=0)
    else:
        # A parked page stays parked: parking and un-parking are the scheduler's decisions.
        values.update(
            crawl_state=case((Page.crawl_state == CrawlState.PARKED.value, CrawlState.PARKED.value),
                             else_=CrawlState.FAILED.value),
            error_count=Page.error_count + 1)
    if profile is not None and profile.canonical_url and outcome == Outcome.OK:
        values["canonical_url"] = clean(profile.canonical_url)
    session.execute(update(Page).where(Page.id == page_id).values(values))


def store_profile(session: Session, page_id: int, crawl_id: int | None, profile: ContentProfile,
                  content_hash: str, *, crawled_at: datetime, changed_at: datetime | None = None,
                  is_soft_404: bool = False) -> StoredProfile:
    """Make `profile` the page's current profile unless it is a soft 404 replacing a real one.

    `crawled_at` is when the page was rendered; `changed_at` (default: the same) is when this
    content became current — later than `crawled_at` when re-extracting an old snapshot.
    """
    changed_at = changed_at or crawled_at
    current = session.execute(
        select(Profile.content_hash, Profile.version_id, Profile.soft_404, Profile.changed_at)
        .where(Profile.page_id == page_id)).one_or_none()
    if current is not None and is_soft_404 and not current.soft_404:
        return StoredProfile(saved=False, version_id=current.version_id, new_version=False)
    if current is not None and current.content_hash == content_hash:
        session.execute(update(Profile).where(Profile.page_id == page_id).values(
            crawled_at=crawled_at, **provenance_columns(profile)))
        return StoredProfile(saved=True, version_id=current.version_id, new_version=False)
    version_id = session.execute(
        insert(VERSION_TABLE).values(version_row(page_id, crawl_id, profile, content_hash, changed_at))
        .returning(VERSION_TABLE.c.id)).scalar_one()
    if current is not None:
        session.execute(delete(Profile).where(Profile.page_id == page_id))  # children cascade
    session.execute(insert(PROFILE_TABLE).values(
        profile_row(page_id, version_id, profile, content_hash, crawled_at, changed_at)))
    for table, rows in child_rows(page_id, profile):
        if rows:
            session.execute(insert(table), rows)
    return StoredProfile(saved=True, version_id=version_id, new_version=True)


def save_snapshot(session: Session, page_id: int, crawl_id: int | None, page: RenderedPage,
                  created_at: datetime) -> None:
    """Keep `page` as the page's one snapshot (replacing the previous one)."""
    raw = clean(page.to_json()).encode("utf-8")
    values = {"page_id": page_id, "crawl_id": crawl_id, "created_at": created_at,
              "format": SNAPSHOT_FORMAT, "size_bytes": len(raw),
              "data": zlib.compress(raw, SNAPSHOT_ZLIB_LEVEL)}
    stmt = dialect_insert(session, Snapshot).values(values)
    stmt = stmt.on_conflict_do_update(index_elements=["page_id"],
                                      set_={k: stmt.excluded[k] for k in values if k != "page_id"})
    session.execute(stmt)


def load_snapshot(session: Session, page_id: int) -> RenderedPage | None:
    """The page's stored snapshot; raises ValueError for one of an older format."""
    data = session.execute(select(Snapshot.data).where(Snapshot.page_id == page_id)).scalar_one_or_none()
    return None if data is None else RenderedPage.from_json(zlib.decompress(data).decode("utf-8"))


def load_profile(session: Session, url: str) -> ContentProfile | None:
    """The current profile of the page `url` names (directly or as an alias), or None.

    Content comes from the current version's JSON (full fidelity: no column cut for an
    index), `sources` and `rejections` from the last crawl that produced it.
    """
    page_id = find_page_id(session, url)
    if page_id is None:
        return None
    row = session.execute(
        select(ProfileVersion.profile_json, Profile.sources_json, Profile.rejections_json)
        .join(Profile, Profile.version_id == ProfileVersion.id)
        .where(Profile.page_id == page_id)).one_or_none()
    if row is None:
        return None
    data = json.loads(row.profile_json)
    data["sources"] = json.loads(row.sources_json)
    data["rejections"] = json.loads(row.rejections_json)
    return profile_from_dict(data)


def list_profiles(session: Session, host: str | None = None) -> list[ProfileRow]:
    """One summary row per page with a current profile, ordered by URL (all hosts, or one)."""
    last_blocked = (
        select(Crawl.blocked_requests).where(Crawl.page_id == Page.id)
        .order_by(Crawl.started_at.desc(), Crawl.id.desc()).limit(1).scalar_subquery())
    query = (
        select(Page.id, Page.url, Profile.page_class, Profile.title, Profile.published_at,
               Profile.word_count, Profile.image_url, Profile.image_width, Profile.image_height,
               Profile.crawled_at, last_blocked.label("blocked"))
        .join(Profile, Profile.page_id == Page.id).order_by(Page.url))
    if host is not None:
        query = query.where(Page.host == host)
    rows = session.execute(query).all()
    authors = _authors_by_page(session, host)
    return [
        ProfileRow(url=r.url, page_class=r.page_class, title=r.title, authors=authors.get(r.id, ()),
                   published_at=r.published_at, word_count=r.word_count, image_url=r.image_url,
                   image_width=r.image_width, image_height=r.image_height,
                   blocked_requests=r.blocked, crawled_at=r.crawled_at)
        for r in rows
    ]


def _authors_by_page(session: Session, host: str | None) -> dict[int, tuple[str, ...]]:
    query = select(ProfileAuthor.page_id, ProfileAuthor.name).order_by(
        ProfileAuthor.page_id, ProfileAuthor.position)
    if host is not None:
        query = query.join(Page, Page.id == ProfileAuthor.page_id).where(Page.host == host)
    found: dict[int, list[str]] = {}
    for page_id, name in session.execute(query):
        found.setdefault(page_id, []).append(name)
    return {k: tuple(v) for k, v in found.items()}
