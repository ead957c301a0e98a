"""The shapes of the service's success answers, as pydantic models: FastAPI checks each answer
against its model and `/openapi.json` describes it. Every answer about a page carries the page's
identity (`PageLinks`): its id and where its versions and crawl log are read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from storage.page_history import CrawlRow
from storage.records import CrawlState, Outcome, QueueState

VERSIONS_PATH = "/v1/profiles/{page_id}/versions"
CRAWLS_PATH = "/v1/pages/{page_id}/crawls"
PAGE_PATH = "/v1/pages/{page_id}"
COMMENT_COUNT = ("Readers' comments on the page's story, kept out of its body: the publisher's declared count, else "
                 "the count the page prints, else the comments it shows; on a forum or Q&A page only a declared count "
                 "(its replies). Null: none seen. The profile's `sources.comment_count` says which.")


def page_links(page_id: int) -> dict[str, Any]:
    """The identity members of an answer about page `page_id` (paths on this service)."""
    return {"page_id": page_id, "page_url": PAGE_PATH.format(page_id=page_id),
            "versions_url": VERSIONS_PATH.format(page_id=page_id), "crawls_url": CRAWLS_PATH.format(page_id=page_id)}


class PageLinks(BaseModel):
    page_id: int = Field(description="The page's id (`pages.id`).")
    page_url: str = Field(description="Its state: `GET` this path.")
    versions_url: str = Field(description="Its profile versions: `GET` this path.")
    crawls_url: str = Field(description="Its crawl log: `GET` this path.")


class PageOut(PageLinks):
    url: str = Field(description="The page's normalized URL, its identity.")
    host: str
    crawl_state: CrawlState
    parked: bool = Field(description="The scheduler gave up on it after failures in a row; a push or view wakes it.")
    error_count: int = Field(description="Failed crawl attempts in a row.")
    first_seen_at: datetime
    last_crawled_at: datetime | None
    last_outcome: Outcome | None = Field(description="How its last crawl attempt ended.")
    next_crawl_at: datetime | None = Field(description="When the scheduler next recrawls it.")
    queue_state: QueueState | None
    due_at: datetime | None = Field(description="When its queued or leased crawl is due.")
    queue_reason: str | None = Field(description="Why that crawl was queued (`new`, `push`, `modified`…).")
    title: str | None = Field(description="Its current profile's title.")
    page_class: str | None
    changed_at: datetime | None = Field(description="When its current profile's content last changed.")
    change_rate_per_day: float | None = Field(description="How often its content changes, as the scheduler "
                                                          "estimates from its crawls (changes a day).")


class PageList(BaseModel):
    pages: list[PageOut]
    next_cursor: str | None = Field(description="Pass as `cursor` for the next page of answers; null at the end.")


class ProfileHeadlineOut(PageLinks):
    url: str
    canonical_url: str | None
    title: str | None
    page_class: str | None
    published_at: datetime | None
    word_count: int
    comment_count: int | None = Field(description=COMMENT_COUNT)
    content_hash: str
    crawled_at: datetime = Field(description="When a crawl last produced this profile.")
    changed_at: datetime = Field(description="When its content last changed.")


class ProfileList(BaseModel):
    profiles: list[ProfileHeadlineOut]
    next_cursor: str | None = Field(description="Pass as `cursor` for the next page of answers; null at the end.")


class ProfileOut(PageLinks):
    """The profile as `rendercrawl profile --json` prints it, with the page's identity."""

    model_config = ConfigDict(extra="allow")

    url: str
    content_hash: str
    comment_count: int | None = Field(description=COMMENT_COUNT)
    sources: dict[str, str] = Field(description="Field name -> where its value came from.")


class VersionOut(BaseModel):
    id: int
    created_at: datetime
    crawl_id: int | None
    content_hash: str
    title: str | None
    word_count: int
    changed: list[str] = Field(description="The fields that differ from the version before it (all, for the first).")
    profile: dict[str, Any] = Field(description="The version's profile, without its body.")


class VersionList(PageLinks):
    versions: list[VersionOut]
    next_cursor: str | None


class CrawlList(PageLinks):
    crawls: list[CrawlRow]
    next_cursor: str | None


class QueueOut(BaseModel):
    by_state: dict[str, int]
    due_now: int
    oldest_due_at: datetime | None
    oldest_due_url: str | None = Field(description="Only when it is a page of the key's site.")
    oldest_due_page: PageLinks | None = Field(description="That page's identity, when it is shown.")


class RejectedOut(BaseModel):
    index: int = Field(description="The item's place in the request (0 for a single object).")
    code: str
    message: str
    field: str | None = None


class ViewedPage(PageLinks):
    index: int = Field(description="The event's place in the request.")


class ViewsAnswer(BaseModel):
    accepted: int = Field(description="Events stored.")
    duplicates: int = Field(description="Events whose `event_id` was stored before (stored once).")
    queued: dict[str, int] = Field(description="Crawls these views queued, by reason (`new`, `modified`…).")
    rejected: list[RejectedOut]
    pages: list[ViewedPage] = Field(description="The page of each event stored.")


class PushResultOut(PageLinks):
    index: int
    url: str = Field(description="The page's normalized URL.")
    honoured: bool = Field(description="Queued now; false when the per-URL limit declined it.")
    merged: bool = Field(description="Honoured by the crawl already queued for the URL: it spent none of the URL's pushes.")
    next_allowed_at: datetime | None = Field(description="When a declined URL may be pushed again.")


class PushAnswer(BaseModel):
    results: list[PushResultOut]
    rejected: list[RejectedOut]


class ErrorOut(BaseModel):
    code: str
    message: str


class PushDeclined(PushAnswer):
    error: ErrorOut


class Health(BaseModel):
    status: str


class Ready(BaseModel):
    status: str
    database: bool = Field(description="The database answered.")
    revision: str | None = Field(description="The schema's migration.")
    head: str = Field(description="The migration this code expects.")


class ExplainOut(PageLinks):
    lines: list[str] = Field(description="As `rendercrawl profile --explain` prints them: each field, its source, "
                                          "the candidates that lost and why, the values rejected.")
    snapshot: bool = Field(description="A snapshot of the page was kept, so the losing candidates are listed.")


class DrawnOut(BaseModel):
    kind: str = Field(description="`region`, `kept`, `dropped`, `image` or `box` (the layout's outline).")
    x: float
    y: float
    width: float
    height: float
    label: str
    text: str


class BlockedOut(BaseModel):
    url: str
    host: str
    reason: str


class SeenOut(PageLinks):
    url: str = Field(description="The URL the crawler ended on.")
    viewport: tuple[int, int]
    document_size: tuple[int, int]
    source: str = Field(description="Where the main text came from.")
    layout_kind: str
    drawn: list[DrawnOut] = Field(description="Rectangles in the page's CSS pixels from its top left.")
    blocked: list[BlockedOut] = Field(description="Requests blocked while the page rendered.")
