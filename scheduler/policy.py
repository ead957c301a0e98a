"""Crawl policy as pure functions: what is due, and when.

Every function takes the clock (`now`) and, where randomness is involved, the random source
as arguments, so each rule of `seeds/crawling-policy.txt` is a test with a fake clock. The
queue, the worker and the admin commands are thin adapters that load history from the database,
call one of these, and write the answer back.

Rules are frozen dataclasses whose defaults are the named constants below; `settings.py` builds
them from the environment and per-site rows override the recrawl bounds and politeness.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from storage.records import SUCCESS_OUTCOMES, Outcome, ProfileShape

# --- New pages: the published rule is "3 views within approximately 6 hours". ---
VIEW_THRESHOLD = 3
"""Views a new page needs before its first crawl; fewer are stray hits not worth a render."""
VIEW_WINDOW = timedelta(hours=6)
"""The views must fall within this span of each other."""
MODIFIED_MAX_FUTURE = timedelta(minutes=10)
"""A view's `modified_time` may be this far ahead of the server's clock (a publisher's clock
skew); beyond it the time is not believed and queues nothing."""
MODIFIED_LIMIT = 4
MODIFIED_WINDOW = timedelta(hours=1)
"""Recrawls a URL's `modified_time` may trigger in a rolling window, like pushes: views come
keyless from anyone, and "as soon as possible" is not "without limit"."""

# --- Scheduled recrawls: "about 1 hour, 10 hours, 4 days and 1 month" after publication. ---
RECRAWL_LADDER = (timedelta(hours=1), timedelta(hours=10), timedelta(days=4), timedelta(days=30))
"""Offsets from publication; news changes most in its first hours, then settles."""
RECRAWL_MIN_INTERVAL = timedelta(minutes=30)
"""Default floor between two scheduled recrawls of one page (a site row may change it)."""
RECRAWL_MAX_INTERVAL = timedelta(days=30)
"""Default ceiling: a page still being viewed is looked at at least monthly."""
UNCHANGED_BACKOFF_BASE = 2.0
"""Each recrawl that found the content hash unchanged doubles the next gap ..."""
UNCHANGED_BACKOFF_MAX_FACTOR = 8.0
"""... up to this factor, so a page that starts changing again is noticed within bounds."""
CHANGE_RATE_WINDOW = 5
"""Recent recrawls considered when measuring how often a page changes."""
LIVE_PAGE_CHANGE_RATE = 0.5
"""A page changing on at least this share of recent recrawls is live (a ticker, a developing
story) and is recrawled at half the ladder gap."""
LIVE_PAGE_FACTOR = 0.5
LIVE_PAGE_MIN_RECRAWLS = 3
"""One or two changes are no pattern; a page is judged live only on at least this many recrawls."""

# --- Force push: "only approximately 4 crawl requests will be honored within one hour". ---
PUSH_LIMIT = 4
PUSH_WINDOW = timedelta(hours=1)

# --- Politeness: one site must not starve the others, nor be hammered. ---
HOST_MAX_CONCURRENT = 2
"""Pages of one host rendering at once, across all workers."""
HOST_MIN_DELAY = timedelta(seconds=1)
"""Between the starts of two renders of one host (each render pulls dozens of resources)."""

# --- Failures. ---
RETRY_BASE_DELAY = timedelta(minutes=1)
"""First retry of a transient failure; doubles with each consecutive failure."""
RETRY_MAX_DELAY = timedelta(hours=6)
RETRY_JITTER_FRACTION = 0.25
"""Retries are spread +/- this share of the delay so failures of one outage do not return
together and fail together again."""
PARK_AFTER_FAILURES = 5
"""Consecutive failures after which a page is parked (no more automatic crawls) and reported."""


# ---------------------------------------------------------------- new and modified pages


@dataclass(frozen=True, slots=True)
class ViewRule:
    threshold: int = VIEW_THRESHOLD
    window: timedelta = VIEW_WINDOW
    modified_max_future: timedelta = MODIFIED_MAX_FUTURE
    modified_limit: int = MODIFIED_LIMIT
    modified_window: timedelta = MODIFIED_WINDOW


def first_crawl_due(view_times: Sequence[datetime], rule: ViewRule = ViewRule()) -> datetime | None:
    """The moment a never-crawled page earned its first crawl, or None if it has not yet.

    That is the first view completing `threshold` views within `window`. It depends only on the
    views (not on when it is asked), so a bulk ingest of old events decides the same as live ones.
    """
    times = sorted(view_times)
    span = rule.threshold - 1
    for i in range(span, len(times)):
        if times[i] - times[i - span] <= rule.window:
            return times[i]
    return None


def modified_since_crawl(modified_time: datetime | None, last_crawled_at: datetime | None) -> bool:
    """A view carrying `modified_time` later than the last crawl may queue a recrawl at once
    (`modified_recrawl` decides, with what that needs a read for)."""
    return modified_time is not None and last_crawled_at is not None and modified_time > last_crawled_at


@dataclass(frozen=True, slots=True)
class ModifiedDecision:
    allowed: bool
    why: str


def modified_recrawl(modified_time: datetime, seen_modified_at: datetime | None, recent: Sequence[datetime],
                     now: datetime, rule: ViewRule = ViewRule()) -> ModifiedDecision:
    """Whether a view's `modified_time` (already later than the last crawl) queues a recrawl.

    It must be a sane value: not further ahead than the clock skew allowed, and newer than the
    page's own modified time as its last crawl read it (`seen_modified_at`) — a page whose meta
    already says so has not changed since. Then the recrawls modified times of this URL queued
    within the window (`recent`, merged ones not counted) must leave room."""
    if modified_time > now + rule.modified_max_future:
        return ModifiedDecision(False, f"modified_time {modified_time.isoformat()} is more than "
                                       f"{human_duration(rule.modified_max_future)} ahead of the clock; ignored")
    if seen_modified_at is not None and modified_time <= seen_modified_at:
        return ModifiedDecision(False, f"modified_time {modified_time.isoformat()} is what the last crawl read; no change")
    within = sorted(t for t in recent if now - rule.modified_window < t)
    if len(within) >= rule.modified_limit:
        freeing = within[len(within) - rule.modified_limit] + rule.modified_window
        return ModifiedDecision(False, f"{len(within)} modified recrawls within {human_duration(rule.modified_window)}; "
                                       f"the next not before {freeing.isoformat()}")
    return ModifiedDecision(True, f"modified_time {modified_time.isoformat()} after last crawl")


# ---------------------------------------------------------------- scheduled recrawls


@dataclass(frozen=True, slots=True)
class RecrawlRule:
    ladder: tuple[timedelta, ...] = RECRAWL_LADDER
    min_interval: timedelta = RECRAWL_MIN_INTERVAL
    max_interval: timedelta = RECRAWL_MAX_INTERVAL
    unchanged_backoff_base: float = UNCHANGED_BACKOFF_BASE
    unchanged_backoff_max_factor: float = UNCHANGED_BACKOFF_MAX_FACTOR
    change_rate_window: int = CHANGE_RATE_WINDOW
    live_page_change_rate: float = LIVE_PAGE_CHANGE_RATE
    live_page_factor: float = LIVE_PAGE_FACTOR
    live_page_min_recrawls: int = LIVE_PAGE_MIN_RECRAWLS


@dataclass(frozen=True, slots=True)
class CrawlHistory:
    """What the schedule needs to know about a crawled page.

    `changes` has one flag per recrawl, oldest first: did its content hash differ from the
    crawl before it?
    """

    first_crawled_at: datetime
    last_crawled_at: datetime
    published_at: datetime | None = None
    changes: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class Due:
    at: datetime
    reason: str
    """Human-readable: which ladder step, which adaptation, which bound applied."""


def next_recrawl(history: CrawlHistory, rule: RecrawlRule = RecrawlRule()) -> Due:
    """When the page should next be recrawled, if it is still being viewed then.

    The ladder is anchored at publication (or at the first crawl when the publication time is
    unknown or implausible), takes the first step after the last crawl, and repeats its last
    step beyond the end. The gap then adapts to the page's record: it grows while recrawls find
    nothing new and shrinks for pages that keep changing. Finally the site's bounds apply.
    """
    anchor = history.published_at
    if anchor is None or anchor > history.last_crawled_at:
        anchor = history.first_crawled_at
    last = history.last_crawled_at
    step = next((s for s in rule.ladder if anchor + s > last), None)
    gap = (anchor + step - last) if step is not None else rule.ladder[-1]
    why = [f"ladder {human_duration(step)} after {'publication' if anchor == history.published_at else 'first crawl'}"
           if step is not None else f"every {human_duration(rule.ladder[-1])} past the ladder"]

    factor = _adaptation(history.changes, rule)
    if factor != 1.0:
        gap = gap * factor
        why.append(f"x{factor:g} ({_streak(history.changes)} unchanged, change rate {_rate(history.changes, rule):.2f})")
    if gap < rule.min_interval:
        gap = rule.min_interval
        why.append(f"raised to site minimum {human_duration(rule.min_interval)}")
    elif gap > rule.max_interval:
        gap = rule.max_interval
        why.append(f"capped at site maximum {human_duration(rule.max_interval)}")
    return Due(at=last + gap, reason="; ".join(why))


def scheduled_recrawl_wanted(
    next_crawl_at: datetime | None, last_view_at: datetime | None, last_crawled_at: datetime | None, now: datetime
) -> bool:
    """A scheduled recrawl happens only once due and only while the page keeps getting views
    (a view since its last crawl); an unviewed page waits until a view arrives."""
    if next_crawl_at is None or last_crawled_at is None or last_view_at is None:
        return False
    return next_crawl_at <= now and last_view_at > last_crawled_at


def _adaptation(changes: Sequence[bool], rule: RecrawlRule) -> float:
    streak = _streak(changes)
    if streak:
        return min(rule.unchanged_backoff_base**streak, rule.unchanged_backoff_max_factor)
    if len(changes) >= rule.live_page_min_recrawls and _rate(changes, rule) >= rule.live_page_change_rate:
        return rule.live_page_factor
    return 1.0


def _streak(changes: Sequence[bool]) -> int:
    """Recrawls at the end of the record that found no change."""
    count = 0
    for changed in reversed(changes):
        if changed:
            break
        count += 1
    return count


def _rate(changes: Sequence[bool], rule: RecrawlRule) -> float:
    recent = list(changes)[-rule.change_rate_window:]
    return sum(recent) / len(recent) if recent else 0.0


@lru_cache(maxsize=64)
def human_duration(delta: timedelta | None) -> str:
    """`90 min` -> `1.5h`: durations in explanations people read. Remembered: a rule's window
    is told in the detail of every new page's view a batch records."""
    if delta is None:
        return "-"
    seconds = delta.total_seconds()
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:g}{unit}"
    return f"{seconds:g}s"


# ---------------------------------------------------------------- force push


@dataclass(frozen=True, slots=True)
class PushRule:
    limit: int = PUSH_LIMIT
    window: timedelta = PUSH_WINDOW


@dataclass(frozen=True, slots=True)
class PushDecision:
    allowed: bool
    next_allowed_at: datetime | None
    """When declined: the first moment a push of this URL will be honoured again."""
    honoured_in_window: int
    merged: bool = False
    """Honoured by the crawl already pending for the URL: no extra crawl, no slot spent."""


def push_decision(honoured: Sequence[datetime], now: datetime, rule: PushRule = PushRule(),
                  pending: bool = False) -> PushDecision:
    """Honour a push of one URL unless `limit` pushes of it were honoured in the rolling window.

    `honoured` holds the times of earlier honoured pushes of this URL that spent a slot only —
    declined and merged pushes do not count, so a publisher pushing every second still gets
    about `limit` crawls an hour, and pushes of other URLs are never part of the history, so
    they never limit each other. A push while a crawl of the URL is `pending` (queued and due)
    merges into it: honoured, and free, since the limit counts crawls, not requests.
    """
    # A push stamped after `now` still counts: another service process whose clock reading was
    # later may have committed it first (each group commit stamps its own `now`).
    recent = sorted(t for t in honoured if now - rule.window < t)
    if pending:
        return PushDecision(True, None, len(recent), merged=True)
    if len(recent) < rule.limit:
        return PushDecision(True, None, len(recent))
    # The window frees a slot when the oldest push that keeps it full leaves it.
    freeing = recent[len(recent) - rule.limit]
    return PushDecision(False, freeing + rule.window, len(recent))


# ---------------------------------------------------------------- politeness


@dataclass(frozen=True, slots=True)
class HostRule:
    """Per-host politeness: at most `max_concurrent` pages of a host at once, `min_delay`
    between two starts. Enforced by the queue's claim (`scheduler/queue.py`), in SQL, because
    only the database sees every worker's leases at once."""

    max_concurrent: int = HOST_MAX_CONCURRENT
    min_delay: timedelta = HOST_MIN_DELAY


# ---------------------------------------------------------------- failures


class Transience(enum.StrEnum):
    """Whether a failed crawl is worth retrying: the one rule is `transience`."""

    TRANSIENT = "transient"
    """Timeouts, 5xx, 429, connection errors: the same request may work later."""
    PERMANENT = "permanent"
    """404/410, non-HTML: retrying changes nothing until the page is viewed again."""


class FailureAction(enum.StrEnum):
    RETRY = "retry"
    GIVE_UP = "give_up"
    """Recorded; not crawled again until the next page view."""
    PARK = "park"
    """Too many failures in a row: no automatic crawls until an operator pushes it."""


PERMANENT_STATUSES = frozenset({400, 401, 403, 404, 405, 410, 414, 451})
"""Client errors the same request will meet again; 408, 425 and 429 are transient."""


@dataclass(frozen=True, slots=True)
class RetryRule:
    base_delay: timedelta = RETRY_BASE_DELAY
    max_delay: timedelta = RETRY_MAX_DELAY
    jitter_fraction: float = RETRY_JITTER_FRACTION
    park_after: int = PARK_AFTER_FAILURES


@dataclass(frozen=True, slots=True)
class FailureDecision:
    action: FailureAction
    retry_at: datetime | None
    reason: str


TRANSIENT_OUTCOMES = frozenset({Outcome.TIMEOUT, Outcome.DNS_ERROR, Outcome.CONNECTION_ERROR,
                                Outcome.BROWSER_CRASH, Outcome.ERROR, Outcome.SUSPECT})
"""The network or the browser failed, or the page came back gutted; the same request may well
work later."""
PERMANENT_OUTCOMES = frozenset({Outcome.TLS_ERROR, Outcome.REDIRECT_LOOP, Outcome.NON_HTML, Outcome.BLOCKED})
"""The site must change first; retried only when the page is viewed again."""


def transience(outcome: Outcome, http_status: int | None) -> Transience | None:
    """None for a success; otherwise whether a retry can help. An HTTP error is judged by its
    status (`PERMANENT_STATUSES`); every other outcome belongs to exactly one set above."""
    if outcome in SUCCESS_OUTCOMES:
        return None
    if outcome is Outcome.HTTP_ERROR:
        return Transience.PERMANENT if http_status in PERMANENT_STATUSES else Transience.TRANSIENT
    if outcome in PERMANENT_OUTCOMES:
        return Transience.PERMANENT
    if outcome in TRANSIENT_OUTCOMES:
        return Transience.TRANSIENT
    raise ValueError(f"no transience rule for outcome {outcome!r}")


def failure_decision(
    kind: Transience,
    consecutive_failures: int,
    now: datetime,
    rule: RetryRule = RetryRule(),
    random: Callable[[], float] = lambda: 0.5,
) -> FailureDecision:
    """What to do after a failed crawl; `consecutive_failures` includes this one.

    `random` returns a float in [0, 1) (pass `random.Random(seed).random`); the default, 0.5,
    means no jitter.
    """
    if consecutive_failures >= rule.park_after:
        return FailureDecision(FailureAction.PARK, None, f"{consecutive_failures} failures in a row")
    if kind is Transience.PERMANENT:
        return FailureDecision(FailureAction.GIVE_UP, None, "permanent failure; waits for the next view")
    delay = retry_delay(consecutive_failures, rule, random)
    return FailureDecision(FailureAction.RETRY, now + delay, f"retry {consecutive_failures} in {human_duration(delay)}")


def retry_delay(attempt: int, rule: RetryRule = RetryRule(), random: Callable[[], float] = lambda: 0.5) -> timedelta:
    """Exponential backoff (base * 2^(attempt-1), capped) spread by +/- `jitter_fraction`."""
    exponent = max(attempt - 1, 0)
    base = min(rule.base_delay * (2**exponent), rule.max_delay) if exponent < 40 else rule.max_delay
    spread = 1.0 + rule.jitter_fraction * (2.0 * random() - 1.0)
    return base * spread


# ---------------------------------------------------------------- gutted recrawls

SUSPECT_MIN_PREVIOUS_WORDS = 50
"""A profile shorter than this has too little text for a drop to mean anything."""
SUSPECT_WORD_SHARE = 0.1
"""A recrawl keeping less than this share of the last good profile's words is suspect: an
error page served as 200, a template rendered without its content, a consent wall."""
SUSPECT_UNTITLED_WORD_SHARE = 0.5
"""A recrawl that lost the title the last good profile had and more than half its words is
suspect too (an article page rendering a generic shell)."""
SUSPECT_CONFIRMATIONS = 3
"""The third suspect result in a row is taken as the page's real new content: some pages do
shrink (an article cut to a stub, a live blog closed)."""


def suspect_change(previous: ProfileShape | None, new: ProfileShape) -> str | None:
    """Why a good-looking recrawl should not replace the last good profile yet, or None."""
    if previous is None or previous.word_count < SUSPECT_MIN_PREVIOUS_WORDS:
        return None
    share = new.word_count / previous.word_count
    if share < SUSPECT_WORD_SHARE:
        return f"{new.word_count} words where the last good profile had {previous.word_count}"
    if previous.title and not new.title and share < SUSPECT_UNTITLED_WORD_SHARE:
        return f"no title and {new.word_count} words where the last good profile had a title and {previous.word_count}"
    return None


def confirms_suspect(suspects_in_a_row: int) -> bool:
    """`suspects_in_a_row` counts the suspect crawls just before this one, which is suspect too."""
    return suspects_in_a_row + 1 >= SUSPECT_CONFIRMATIONS


# ---------------------------------------------------------------- pages that are gone

GONE_STATUSES = frozenset({404, 410})
"""The server says the page does not exist (any more)."""
GONE_CONFIRMATIONS = 3
"""Gone results in a row before a page with a good profile is marked gone: one 404 is often a
deploy or a cache hiccup; three, each after a back-off, are the page's answer."""


def is_gone(outcome: Outcome, http_status: int | None) -> bool:
    return outcome is Outcome.SOFT_404 or (outcome is Outcome.HTTP_ERROR and http_status in GONE_STATUSES)


def gone_confirmed(latest: Sequence[tuple[Outcome, int | None]]) -> bool:
    """`latest` are the newest crawl results first: are the last `GONE_CONFIRMATIONS` all gone?"""
    recent = list(latest)[:GONE_CONFIRMATIONS]
    return len(recent) == GONE_CONFIRMATIONS and all(is_gone(outcome, status) for outcome, status in recent)
