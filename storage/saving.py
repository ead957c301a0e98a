"""Saving crawls: the crawl log row, the page's state, the current profile with its child rows,
its history and the snapshot — for one crawl or for many in a handful of statements.

`save_crawls` works in rounds in which every page appears once, and each round costs about ten
statements whatever its size, which is what makes bulk loads, re-extraction and the benchmark
fast; `save_crawl` is the one-crawl case of the same code. Functions only execute and flush:
the caller owns the transaction, so a crawl is saved all or nothing.

Concurrency: the page upsert takes each page's row lock (PostgreSQL) before the current
profile is read, in URL order so two batch writers cannot deadlock; on SQLite the upsert,
always the first statement, takes the database write lock (waiting up to `busy_timeout`).
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, String, Update, bindparam, case, delete, func, insert, select, update
from sqlalchemy.orm import Session

from storage.bulk import bulk_insert
from storage.models import Crawl, Page, PastBody, Profile, ProfileBody, ProfileVersion, Snapshot
from storage.pages import dialect_insert
from storage.profile_rows import (
    BODY_TABLE,
    PROFILE_TABLE,
    VERSION_TABLE,
    body_hash,
    body_row,
    child_rows,
    profile_columns,
    provenance_columns,
    version_row,
)
from storage.records import (
    PROFILE_OUTCOMES,
    SUCCESS_OUTCOMES,
    CrawlAttempt,
    CrawlRecord,
    CrawlState,
    Outcome,
    ProfileShape,
    SavedCrawl,
)
from storage.text import clean, clean_opt
from storage.types import UTCDateTime
from values.profile import ContentProfile
from values.rendered import SNAPSHOT_FORMAT, RenderedPage
from values.urls import host_of, length_refusal

PAGES = Page.__table__
CRAWLS = Crawl.__table__
SNAPSHOTS = Snapshot.__table__
PAST_BODIES = PastBody.__table__

SNAPSHOT_ZLIB_LEVEL = 6
"""zlib's default: rendered HTML+layout JSON shrinks several-fold; higher levels gain little."""


@dataclass(frozen=True, slots=True)
class ProfileToStore:
    """A profile about to become a page's current one (from a crawl or a re-extraction)."""

    page_id: int
    crawl_id: int | None
    profile: ContentProfile
    content_hash: str
    crawled_at: datetime
    """When the page was rendered."""
    changed_at: datetime
    """When this content would become current (later than `crawled_at` when re-extracting)."""
    is_soft_404: bool


@dataclass(frozen=True, slots=True)
class StoredProfile:
    saved: bool
    """False when a soft 404 was kept from replacing a real profile."""
    version_id: int | None
    new_version: bool


def save_crawl(session: Session, attempt: CrawlAttempt, profile: ContentProfile | None,
               snapshot: RenderedPage | None = None, current: Mapping[int, CurrentProfile] | None = None) -> SavedCrawl:
    """Record one crawl attempt and, when it produced one, the page's new current profile.

    The current profile is replaced only by an `ok` crawl (or a `soft_404` one, for a page
    without a real profile) that carries a profile; a failed crawl logs its row and counts an
    error, and the last good profile stays. A new `profile_versions` row is written only when
    the content hash differs from the current one, so saving the same profile twice adds no
    version and no child rows.

    `current` is `current_profiles` of the attempt's page (`attempt.page_id`) when the caller
    read it already in this transaction (the worker's gutted check): it is not read again.
    """
    if current is not None and attempt.page_id is None:
        raise ValueError("`current` is keyed by page id: the attempt must carry its page's id")
    return _save_all(session, [CrawlRecord(attempt, profile, snapshot)], current)[0]


def save_crawls(session: Session, records: Sequence[CrawlRecord]) -> list[SavedCrawl]:
    """`save_crawl` for many crawls, in order (a page crawled twice is saved twice, in turn)."""
    return _save_all(session, records, None)


def _save_all(session: Session, records: Sequence[CrawlRecord],
              current: Mapping[int, CurrentProfile] | None) -> list[SavedCrawl]:
    for record in records:
        _validate(record)
    saved: dict[int, SavedCrawl] = {}
    for round_ in _rounds(records):
        # What the caller read holds for the first round only: later rounds see its writes.
        saved.update(_save_round(session, [(i, records[i]) for i in round_], current))
        current = None
    session.flush()
    return [saved[i] for i in range(len(records))]


def _validate(record: CrawlRecord) -> None:
    url = record.attempt.url
    too_long = length_refusal(url)
    if too_long is not None:
        raise ValueError(too_long)
    if record.profile is not None and Outcome(record.attempt.outcome) not in PROFILE_OUTCOMES:
        raise ValueError(f"a {record.attempt.outcome} crawl cannot carry a profile; pass profile=None")


def _rounds(records: Sequence[CrawlRecord]) -> list[list[int]]:
    """Record indexes grouped so that no URL appears twice in a group, order kept per URL."""
    rounds: list[list[int]] = []
    seen: dict[str, int] = {}
    for index, record in enumerate(records):
        level = seen.get(record.attempt.url, -1) + 1
        seen[record.attempt.url] = level
        if level == len(rounds):
            rounds.append([])
        rounds[level].append(index)
    return rounds


def _save_round(session: Session, batch: list[tuple[int, CrawlRecord]],
                known: Mapping[int, CurrentProfile] | None) -> dict[int, SavedCrawl]:
    batch.sort(key=lambda item: item[1].attempt.url)  # one lock order for every writer
    page_ids = _upsert_pages(session, [record for _, record in batch])
    hashes = {i: r.profile.content_hash for i, r in batch if r.profile is not None}
    profiled = [page_ids[r.attempt.url] for i, r in batch if i in hashes]
    current = dict(known) if known is not None else current_profiles(session, profiled)
    crawl_ids = _insert_crawls(session, [
        (page_ids[r.attempt.url], r, hashes.get(i), content_changed(r.attempt.outcome, hashes.get(i),
                                                                    current.get(page_ids[r.attempt.url])))
        for i, r in batch])
    stored = store_profiles(session, [
        ProfileToStore(page_id=page_ids[r.attempt.url], crawl_id=crawl_ids[page_ids[r.attempt.url]],
                       profile=r.profile, content_hash=hashes[i], crawled_at=r.attempt.finished_at,
                       changed_at=r.attempt.finished_at,
                       is_soft_404=r.attempt.outcome == Outcome.SOFT_404 or r.profile.soft_404)
        for i, r in batch if r.profile is not None], current)
    no_profile = [page_ids[r.attempt.url] for _, r in batch if r.profile is None]
    if known is not None:
        versions = {page_id: current[page_id].version_id for page_id in no_profile if page_id in current}
    else:
        versions = current_version_ids(session, no_profile) if no_profile else {}
    save_snapshots(session, [(page_ids[r.attempt.url], crawl_ids[page_ids[r.attempt.url]], r.snapshot,
                              r.attempt.finished_at) for _, r in batch if r.snapshot is not None])
    result = {}
    for index, record in batch:
        page_id = page_ids[record.attempt.url]
        done = stored.get(page_id)
        result[index] = SavedCrawl(
            page_id=page_id, crawl_id=crawl_ids[page_id], profile_saved=done is not None and done.saved,
            version_id=done.version_id if done is not None else versions.get(page_id),
            new_version=done is not None and done.new_version)
    return result


def _upsert_pages(session: Session, records: list[CrawlRecord]) -> dict[str, int]:
    """Create or update each record's page with the attempt's result; url -> page id. A record
    whose attempt carries the page id (a worker's lease) updates that row by id, with the same
    state changes, instead of finding it by URL again."""
    known = sorted((r for r in records if r.attempt.page_id is not None), key=lambda r: r.attempt.page_id or 0)
    if known:  # in id order: one lock order for every writer
        session.execute(_update_page_by_id(), [
            {"b_id": r.attempt.page_id, **{f"b_{column}": value for column, value in _page_values(r).items()}}
            for r in known])
    found = {r.attempt.url: r.attempt.page_id for r in known if r.attempt.page_id is not None}
    rows = [{"url": r.attempt.url, "host": host_of(r.attempt.url), "first_seen_at": r.attempt.started_at,
             **_page_values(r)} for r in records if r.attempt.page_id is None]
    if not rows:
        return found
    stmt = dialect_insert(session, Page)
    stmt = stmt.on_conflict_do_update(index_elements=["url"], set_=_page_changes(
        stmt.excluded.crawl_state, stmt.excluded.error_count, stmt.excluded.canonical_url, stmt.excluded.last_crawled_at))
    return found | {url: page_id for page_id, url in bulk_insert(session, stmt, PAGES, rows, [Page.id, Page.url])}


@functools.cache
def _update_page_by_id() -> Update:
    """The crawled page's update by id (every worker save), built once (why: `storage.pages.PAGES`)."""
    return update(PAGES).where(PAGES.c.id == bindparam("b_id")).values(**_page_changes(
        bindparam("b_crawl_state", type_=String()), bindparam("b_error_count", type_=Integer()),
        bindparam("b_canonical_url", type_=String()), bindparam("b_last_crawled_at", type_=UTCDateTime())))


def _page_values(record: CrawlRecord) -> dict[str, object]:
    """The `pages` columns as the attempt alone sets them: state, failures (0 resets, 1 counts
    one more), canonical URL (only an `ok` crawl's) and crawl time; `_page_changes` combines
    them with the row's current values."""
    attempt = record.attempt
    success = attempt.outcome in SUCCESS_OUTCOMES
    canonical = record.profile.canonical_url if record.profile is not None and attempt.outcome == Outcome.OK else None
    return {"crawl_state": (CrawlState.CRAWLED if success else CrawlState.FAILED).value, "error_count": 0 if success else 1,
            "canonical_url": clean_opt(canonical), "last_crawled_at": attempt.finished_at}


def _page_changes(state: Any, errors: Any, canonical: Any, last: Any) -> dict[str, Any]:
    """The state changes of a crawled page, from the new values (`excluded` of an upsert, or
    parameters of an update by id) and the row's current ones."""
    return {
        "last_crawled_at": last,
        # A parked page stays parked: parking and un-parking are the scheduler's decisions.
        "crawl_state": case(((state == CrawlState.FAILED.value) & (PAGES.c.crawl_state == CrawlState.PARKED.value),
                             CrawlState.PARKED.value), else_=state),
        "error_count": case((errors == 0, 0), else_=PAGES.c.error_count + 1),
        "canonical_url": func.coalesce(canonical, PAGES.c.canonical_url),
    }


def content_changed(outcome: Outcome, content_hash: str | None, current: CurrentProfile | None) -> bool | None:
    """`crawls.content_changed`: whether a crawl found content other than the page's current
    profile. An `unchanged` crawl (a 304, or the same raw HTML) found the same; a crawl
    without a profile, or the first profile of a page, says nothing about change."""
    if outcome is Outcome.UNCHANGED:
        return False
    if content_hash is None or current is None:
        return None
    return content_hash != current.content_hash


def _insert_crawls(session: Session, items: list[tuple[int, CrawlRecord, str | None, bool | None]]) -> dict[int, int]:
    """One `crawls` row per item; page id -> crawl id (a page appears once per round)."""
    rows = []
    for page_id, record, content_hash, changed in items:
        attempt = record.attempt
        rows.append({
            "page_id": page_id, "url": attempt.url,
            "started_at": attempt.started_at, "finished_at": attempt.finished_at,
            "outcome": attempt.outcome, "http_status": attempt.http_status,
            "final_url": clean_opt(attempt.final_url), "blocked_requests": attempt.blocked_requests,
            "render_ms": _ms(attempt.render_ms), "extract_ms": _ms(attempt.extract_ms),
            "content_hash": content_hash, "content_changed": changed, "error": clean_opt(attempt.error),
        })
    result = bulk_insert(session, insert(CRAWLS), CRAWLS, rows, [Crawl.id, Crawl.page_id])
    return {page_id: crawl_id for crawl_id, page_id in result}


def _ms(value: float | None) -> int | None:
    return None if value is None else round(value)


def current_version_ids(session: Session, page_ids: list[int]) -> dict[int, int]:
    rows = session.execute(select(Profile.page_id, Profile.version_id).where(Profile.page_id.in_(page_ids)))
    return {page_id: version_id for page_id, version_id in rows}


@dataclass(frozen=True, slots=True)
class CurrentProfile:
    content_hash: str
    version_id: int
    soft_404: bool
    shape: ProfileShape
    """What the worker's gutted check compares a recrawl with (`scheduler.policy.suspect_change`):
    read with the rest, so the check and the save share one read of the row."""


CURRENT_PROFILES = select(PROFILE_TABLE.c.page_id, PROFILE_TABLE.c.content_hash, PROFILE_TABLE.c.version_id,
                          PROFILE_TABLE.c.soft_404, PROFILE_TABLE.c.title, PROFILE_TABLE.c.word_count,
                          ).where(PROFILE_TABLE.c.page_id.in_(bindparam("page_ids", expanding=True)))


def current_profiles(session: Session, page_ids: Sequence[int]) -> dict[int, CurrentProfile]:
    """What `store_profiles` compares a new profile with: page id -> its current profile (a
    page without one is absent)."""
    if not page_ids:
        return {}
    rows = session.execute(CURRENT_PROFILES, {"page_ids": list(page_ids)})
    return {row.page_id: CurrentProfile(row.content_hash, row.version_id, bool(row.soft_404),
                                        ProfileShape(row.title, row.word_count)) for row in rows}


def store_profiles(session: Session, items: Sequence[ProfileToStore],
                   current: dict[int, CurrentProfile] | None = None) -> dict[int, StoredProfile]:
    """Make each profile its page's current one — unless it is a soft 404 and the page has a
    real profile — adding a version only where the content hash changed. Pages must be
    distinct. `current` is `current_profiles` of the pages when the caller read it already.
    Returns page id -> what was done."""
    if not items:
        return {}
    if current is None:
        current = current_profiles(session, [item.page_id for item in items])
    result: dict[int, StoredProfile] = {}
    refreshed, changed = [], []
    for item in items:
        now = current.get(item.page_id)
        if now is not None and item.is_soft_404 and not now.soft_404:
            result[item.page_id] = StoredProfile(saved=False, version_id=now.version_id, new_version=False)
        elif now is not None and now.content_hash == item.content_hash:
            result[item.page_id] = StoredProfile(saved=True, version_id=now.version_id, new_version=False)
            # The same content again: a page marked gone is back (gone_at cleared, recommendable as extracted).
            refreshed.append({"page_id": item.page_id, "crawled_at": item.crawled_at, "gone_at": None,
                              "recommendable": item.profile.recommendable, **provenance_columns(item.profile)})
        else:
            changed.append(item)
    if refreshed:
        session.execute(update(Profile), refreshed)
    if changed:
        result.update(_replace_profiles(session, changed, [i.page_id for i in changed if i.page_id in current]))
    return result


def _replace_profiles(session: Session, items: list[ProfileToStore], replaced: list[int]) -> dict[int, StoredProfile]:
    versions = [version_row(i.page_id, i.crawl_id, i.profile, i.content_hash, i.changed_at) for i in items]
    version_ids = {page_id: version_id for version_id, page_id in bulk_insert(
        session, insert(VERSION_TABLE), VERSION_TABLE, versions, [VERSION_TABLE.c.id, VERSION_TABLE.c.page_id],
        arrays=False)}
    if replaced:
        _keep_past_bodies(session, {i.page_id: body_hash(i.profile.body) for i in items if i.page_id in replaced})
        session.execute(delete(Profile).where(Profile.page_id.in_(replaced)))  # children cascade
    bulk_insert(session, insert(PROFILE_TABLE), PROFILE_TABLE, [
        profile_columns(i.page_id, version_ids[i.page_id], i.profile, i.content_hash, i.crawled_at, i.changed_at)
        for i in items], arrays=False)
    bulk_insert(session, insert(BODY_TABLE), BODY_TABLE, [body_row(i.page_id, i.profile) for i in items],
                arrays=False)
    children: dict[Any, list[dict[str, Any]]] = {}
    for item in items:
        for table, rows in child_rows(item.page_id, item.profile):
            children.setdefault(table, []).extend(rows)
    for table, rows in children.items():
        bulk_insert(session, insert(table), table, rows)
    return {i.page_id: StoredProfile(saved=True, version_id=version_ids[i.page_id], new_version=True) for i in items}


def _keep_past_bodies(session: Session, new_body_hashes: dict[int, str]) -> None:
    """Before profiles are replaced: each current body the new profile does not keep moves to
    `past_bodies`, where its versions find it by hash (a body seen before is already there)."""
    rows = session.execute(
        select(ProfileBody.page_id, ProfileVersion.body_hash, ProfileBody.body)
        .join(Profile, Profile.page_id == ProfileBody.page_id)
        .join(ProfileVersion, ProfileVersion.id == Profile.version_id)
        .where(ProfileBody.page_id.in_(list(new_body_hashes)))).all()
    leaving = [{"page_id": r.page_id, "body_hash": r.body_hash, "body": r.body}
               for r in rows if r.body_hash != new_body_hashes[r.page_id]]
    if leaving:
        session.execute(dialect_insert(session, PAST_BODIES).on_conflict_do_nothing(), leaving)


def save_snapshots(session: Session, items: list[tuple[int, int | None, RenderedPage, datetime]]) -> None:
    """Keep each (page id, crawl id, page, time) as the page's one snapshot, replacing the last."""
    if not items:
        return
    rows = []
    for page_id, crawl_id, page, created_at in items:
        raw = clean(page.to_json()).encode("utf-8")
        rows.append({"page_id": page_id, "crawl_id": crawl_id, "created_at": created_at,
                     "format": SNAPSHOT_FORMAT, "size_bytes": len(raw),
                     "data": zlib.compress(raw, SNAPSHOT_ZLIB_LEVEL)})
    stmt = dialect_insert(session, Snapshot)
    stmt = stmt.on_conflict_do_update(index_elements=["page_id"], set_={
        k: stmt.excluded[k] for k in ("crawl_id", "created_at", "format", "size_bytes", "data")})
    bulk_insert(session, stmt, SNAPSHOTS, rows, arrays=False)


def load_snapshot(session: Session, page_id: int) -> RenderedPage | None:
    """The page's stored snapshot; raises ValueError for one of an older format."""
    data = session.execute(select(Snapshot.data).where(Snapshot.page_id == page_id)).scalar_one_or_none()
    return None if data is None else RenderedPage.from_json(zlib.decompress(data).decode("utf-8"))
