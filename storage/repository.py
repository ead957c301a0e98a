"""Reading profiles back, and the entry points for saving them.

Saving lives in `storage/saving.py` (re-exported here: `save_crawl`, `save_crawls`). All
functions take the caller's `Session` and only execute/flush; the command or worker that owns
the unit of work commits.
"""

from __future__ import annotations

import json

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.codec import profile_from_dict
from storage.models import Crawl, Page, Profile, ProfileAuthor, ProfileBody, ProfileVersion
from storage.pages import find_page_id
from storage.records import ProfileSummary
from storage.saving import load_snapshot, save_crawl, save_crawls
from values.profile import ContentProfile

__all__ = ["list_profiles", "load_profile", "load_snapshot", "save_crawl", "save_crawls"]


def load_profile(session: Session, url: str) -> ContentProfile | None:
    """The current profile of the page `url` names (directly or as an alias), or None.

    Content comes from the current version's JSON (full fidelity: no column cut for an
    index) and `profile_bodies` (unless the JSON kept a body that column cannot hold),
    `sources`, `rejections` and `comment_count` from the last crawl that produced it.
    """
    page_id = find_page_id(session, url)
    if page_id is None:
        return None
    row = session.execute(
        select(ProfileVersion.profile_json, Profile.sources_json, Profile.rejections_json, Profile.comment_count,
               ProfileBody.body)
        .join(Profile, Profile.version_id == ProfileVersion.id)
        .join(ProfileBody, ProfileBody.page_id == Profile.page_id)
        .where(Profile.page_id == page_id)).one_or_none()
    if row is None:
        return None
    data = json.loads(row.profile_json)
    data.setdefault("body", row.body)
    data["sources"] = json.loads(row.sources_json)
    data["rejections"] = json.loads(row.rejections_json)
    data["comment_count"] = row.comment_count
    return profile_from_dict(data)


def list_profiles(session: Session, host: str | None = None) -> list[ProfileSummary]:
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
        ProfileSummary(url=r.url, page_class=r.page_class, title=r.title, authors=authors.get(r.id, ()),
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
