"""Recompute profiles from stored snapshots after an extractor change, without a browser.

Each page's snapshot (its last rendered `RenderedPage`) goes through the extractor again and
the result is stored like a crawl's profile — a new version only if the content changed, a
soft 404 never replacing a real profile — but no `crawls` row is written: nothing was fetched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.models import Page, Snapshot
from storage.saving import ProfileToStore, load_snapshot, store_profiles
from storage.types import utc_now
from values.profile import ContentProfile
from values.rendered import RenderedPage

Extractor = Callable[[RenderedPage], ContentProfile]
Progress = Callable[[int, int], None]
"""Called after each page with (pages done, pages in total)."""

STORE_BATCH_PAGES = 200
"""Profiles stored per round of statements; bounds memory while keeping statements few."""


@dataclass(frozen=True, slots=True)
class ReextractResult:
    pages: int
    changed: int
    """Pages whose profile got a new version."""
    unchanged: int
    """Pages whose profile came out the same (or a soft 404 kept from replacing a real one)."""
    failed: tuple[tuple[str, str], ...] = field(default=())
    """(url, reason) of pages whose snapshot could not be read or extracted; left as they were."""


def reextract(session: Session, extractor: Extractor, progress: Progress | None = None, *,
              host: str | None = None, now: datetime | None = None) -> ReextractResult:
    """Re-extract every page with a snapshot (or only `host`'s). Flushes; the caller commits."""
    query = select(Page.id, Page.url, Snapshot.crawl_id, Snapshot.created_at).join(
        Snapshot, Snapshot.page_id == Page.id).order_by(Page.id)
    if host is not None:
        query = query.where(Page.host == host)
    targets = session.execute(query).all()
    changed_at = now or utc_now()
    changed = unchanged = 0
    failed: list[tuple[str, str]] = []
    pending: list[ProfileToStore] = []
    for done, target in enumerate(targets, start=1):
        try:
            page = load_snapshot(session, target.id)
            profile = extractor(page) if page is not None else None
        except Exception as error:  # recorded: one bad snapshot must not stop the run
            failed.append((target.url, f"{type(error).__name__}: {error}"))
            profile = None
        if profile is not None:
            pending.append(ProfileToStore(
                page_id=target.id, crawl_id=target.crawl_id, profile=profile, content_hash=profile.content_hash,
                crawled_at=target.created_at, changed_at=changed_at, is_soft_404=profile.soft_404))
        if len(pending) >= STORE_BATCH_PAGES or done == len(targets):
            stored = store_profiles(session, pending).values()
            changed += sum(s.new_version for s in stored)
            unchanged += sum(not s.new_version for s in stored)
            pending = []
        if progress is not None:
            progress(done, len(targets))
    session.flush()
    return ReextractResult(pages=len(targets), changed=changed, unchanged=unchanged, failed=tuple(failed))
