"""Plain values storage takes and returns; no SQLAlchemy objects leave `storage/`.

The enums are written once here and used both by the code and by the CHECK constraints of
the schema, so a SQL user and a Python caller see the same vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from values.profile import ContentProfile
    from values.rendered import RenderedPage


class Outcome(StrEnum):
    """How one crawl attempt ended; stored as text in `crawls.outcome`."""

    OK = "ok"
    """Rendered and extracted; a profile was produced."""
    HTTP_ERROR = "http_error"
    """The server answered with a 4xx/5xx status (`http_status` says which)."""
    TIMEOUT = "timeout"
    """Navigation or settling did not finish in time."""
    DNS_ERROR = "dns_error"
    """The host name did not resolve."""
    CONNECTION_ERROR = "connection_error"
    """Refused, reset or unreachable."""
    TLS_ERROR = "tls_error"
    """Certificate or handshake failure."""
    REDIRECT_LOOP = "redirect_loop"
    """Too many redirects, or a cycle."""
    NON_HTML = "non_html"
    """The final response was not an HTML document (PDF, image, JSON…)."""
    BROWSER_CRASH = "browser_crash"
    """Chromium or the page's renderer process died."""
    BLOCKED = "blocked"
    """The site refused the bot (robots.txt, 403 bot wall, captcha)."""
    SOFT_404 = "soft_404"
    """200 OK, but the page says it does not exist."""
    UNCHANGED = "unchanged"
    """A cheap recrawl (conditional GET / raw-HTML hash) found nothing new; no render."""
    SUSPECT = "suspect"
    """Rendered, but the page lost nearly all its text (or its title and most of its text) since
    the last good profile, which stays until the result repeats (`scheduler.policy.suspect_change`)."""
    ERROR = "error"
    """Anything else; `error` holds the message."""


PROFILE_OUTCOMES = frozenset({Outcome.OK, Outcome.SOFT_404})
"""Outcomes that may carry a profile; any other outcome with a profile is a caller bug."""

SUCCESS_OUTCOMES = frozenset({Outcome.OK, Outcome.SOFT_404, Outcome.UNCHANGED})
"""Outcomes that reset `pages.error_count`; everything else counts as a failure."""


class CrawlState(StrEnum):
    """`pages.crawl_state`: where a page stands, for operators and the scheduler."""

    NEW = "new"
    """Known (seen in a view or push) but never crawled."""
    CRAWLED = "crawled"
    """The last attempt succeeded."""
    FAILED = "failed"
    """The last attempt failed; `error_count` counts failures in a row."""
    PARKED = "parked"
    """The scheduler gave up after too many failures in a row; set by the scheduler only."""


class QueueState(StrEnum):
    """`crawl_queue.state`; the transitions are the scheduler's (see `storage/SCHEMA.md`)."""

    QUEUED = "queued"
    LEASED = "leased"
    DONE = "done"
    PARKED = "parked"


class Reason(StrEnum):
    """Why a page is queued (`crawl_queue.reason`); the reason sets the row's claim order."""

    PUSH = "push"
    MODIFIED = "modified"
    NEW = "new"
    RETRY = "retry"
    SCHEDULED = "scheduled"
    MANUAL = "manual"

    @property
    def priority(self) -> int:
        """`crawl_queue.priority`: lower is claimed first."""
        return CLAIM_PRIORITY[self]


CLAIM_PRIORITY = {
    Reason.PUSH: 10,  # someone is waiting for it
    Reason.MODIFIED: 20,  # the stored profile is known to be stale
    Reason.NEW: 30,  # no profile at all yet, but nobody asked by name
    Reason.RETRY: 40,
    Reason.SCHEDULED: 50,  # routine; the profile is probably still right
    Reason.MANUAL: 60,  # bulk `recrawl --site`, must not starve the above
}
"""`crawl_queue.priority` per reason: the order in which due pages are claimed."""


@dataclass(frozen=True, slots=True)
class ProfileShape:
    """The little of a profile that says whether a recrawl gutted it."""

    title: str | None
    word_count: int


@dataclass(frozen=True, slots=True)
class CrawlAttempt:
    """One attempt to crawl a URL, successful or not — becomes one `crawls` row.

    `url` is the page's identity (already normalized by the caller); `final_url` is where the
    browser ended up after redirects. Times must be timezone-aware.
    """

    url: str
    started_at: datetime
    finished_at: datetime
    outcome: Outcome
    http_status: int | None = None
    final_url: str | None = None
    blocked_requests: int = 0
    render_ms: float | None = None
    extract_ms: float | None = None
    error: str | None = None
    page_id: int | None = None
    """The page's id when the caller holds it (a worker's lease): saving then updates that
    `pages` row by id instead of finding it by URL again."""

    def __post_init__(self) -> None:
        # Rejected input: an unknown outcome is a clear ValueError here, not a CHECK failure later.
        object.__setattr__(self, "outcome", Outcome(self.outcome))


@dataclass(frozen=True, slots=True)
class CrawlRecord:
    """One crawl to save: the attempt, the profile it produced (if any) and, when snapshots
    are kept, the rendered page it was extracted from."""

    attempt: CrawlAttempt
    profile: ContentProfile | None = None
    snapshot: RenderedPage | None = None


@dataclass(frozen=True, slots=True)
class SavedCrawl:
    """What `save_crawl` did, so the caller can report it without querying again."""

    page_id: int
    crawl_id: int
    profile_saved: bool
    """True when the current profile was written (or confirmed unchanged) by this crawl."""
    version_id: int | None
    """The version the current profile now points at; None if the page has no profile."""
    new_version: bool
    """True when the content hash differed from the previous version (a new history row)."""


@dataclass(frozen=True, slots=True)
class ProfileSummary:
    """One line of the summary table (`rendercrawl demo`, `profiles list`)."""

    url: str
    page_class: str | None
    title: str | None
    authors: tuple[str, ...]
    published_at: datetime | None
    word_count: int
    image_url: str | None
    image_width: int | None
    image_height: int | None
    blocked_requests: int | None
    """Blocked requests of the page's most recent crawl (None if it was never crawled)."""
    crawled_at: datetime
