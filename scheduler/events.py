"""Page views and force pushes: the two ways the outside world asks for crawls.

Each function records the event and applies the policy in the caller's transaction (opened
with `storage.queue.write_transaction`), so the event and its effect on the queue commit together.
"""

from __future__ import annotations

import logging
import time
from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import lru_cache
from typing import cast

from scheduler.policy import (
    ModifiedDecision,
    PushDecision,
    PushRule,
    RetryRule,
    ViewRule,
    first_crawl_due,
    human_duration,
    modified_recrawl,
    modified_since_crawl,
    push_decision,
    retry_delay,
    scheduled_recrawl_wanted,
)
from scheduler.sites import site_of_url
from storage import events as rows
from storage import queue
from storage.bulk_views import (
    EnqueueRequest,
    enqueue_many,
    find_or_create_pages,
    load_sites_of,
    queue_states,
    view_times_of,
)
from storage.db import Session
from storage.pages import PageSchedule, find_or_create_page, page_schedule
from storage.queue import Enqueued, EnqueueState
from storage.records import CrawlState, QueueState, Reason
from storage.sites import SiteRow
from values.targets import MAX_RESOLVED, RESOLVED_TTL_S, TargetPolicy, refuse_target
from values.urls import InvalidUrl, host_of, length_refusal, normalize_url

log = logging.getLogger(__name__)

PUBLIC_ONLY = TargetPolicy()
"""The default: only public addresses may be asked for."""


@dataclass(frozen=True, slots=True)
class ViewEffect:
    url: str
    page_id: int
    queued: Reason | None
    """The reason the view queued a crawl for (`new`, `modified`, `scheduled`, `retry`), or None."""
    detail: str


@dataclass(frozen=True, slots=True)
class PushOutcome:
    url: str
    page_id: int
    decision: PushDecision


def page_for(session: Session, raw_url: str, now: datetime, targets: TargetPolicy,
             registered_only: bool = False) -> tuple[str, int]:
    """Normalize and check `raw_url` (`scheduler.sites.site_of_url`); find or create its page.
    `registered_only` refuses a host without a site row (`SchedulerSettings.accept_unregistered_hosts`)."""
    url, site = site_of_url(session, raw_url, targets=targets)
    if registered_only and not site.registered:
        raise InvalidUrl(unregistered(site.host))
    return url, find_or_create_page(session, url, now)


def record_view(session: Session, raw_url: str, viewed_at: datetime, modified_time: datetime | None,
                now: datetime, views: ViewRule = ViewRule(), retries: RetryRule = RetryRule(),
                targets: TargetPolicy = PUBLIC_ONLY, registered_only: bool = False) -> ViewEffect:
    """Store one page view and queue whatever crawl it earns; `targets` says which hosts may be
    crawled at all (a view of an internal address is rejected input), `registered_only` refuses
    views of hosts without a site row. `record_views` does the same for many views at once."""
    url, page_id = page_for(session, raw_url, viewed_at, targets, registered_only)
    rows.add_view(session, page_id, viewed_at, modified_time)
    page = page_schedule(session, page_id)

    def modified(at: datetime) -> ModifiedDecision:
        return _modified(rows.modified_standing(session, [page_id], now - views.modified_window)[page_id], now, views)(at)

    reason, due, detail = _view_decision(
        page, viewed_at, modified_time, now, views, retries,
        window=lambda start, end: rows.view_times(session, page_id, start, end),
        queue_done=lambda: queue.queue_state(session, page_id) is QueueState.DONE, modified=modified)
    if reason is None:
        return ViewEffect(url, page_id, None, detail)
    enqueued = queue.enqueue(session, page_id, reason, due, now)
    if _spends_modified_budget(reason, enqueued):
        rows.add_modified_recrawls(session, [page_id], now)
    return _effect(url, page_id, reason, detail, enqueued)


def _spends_modified_budget(reason: Reason, enqueued: Enqueued) -> bool:
    """A view's modified time asked for a crawl the queue did not have: one merged into a crawl
    already queued (unchanged) or refused by a parked page costs nothing."""
    return reason is Reason.MODIFIED and enqueued.state not in (EnqueueState.UNCHANGED, EnqueueState.PARKED)


def _effect(url: str, page_id: int, reason: Reason, detail: str, enqueued: Enqueued) -> ViewEffect:
    return ViewEffect(url, page_id, reason if enqueued.state is not EnqueueState.UNCHANGED else None,
                      f"{detail}; queue {enqueued.state}")


def _view_decision(page: PageSchedule, viewed_at: datetime, modified_time: datetime | None, now: datetime,
                   views: ViewRule, retries: RetryRule, window: Callable[[datetime, datetime], Sequence[datetime]],
                   queue_done: Callable[[], bool],
                   modified: Callable[[datetime], ModifiedDecision]) -> tuple[Reason | None, datetime, str]:
    """The crawl one view earns, from the page's standing and the policy's pure rules. What
    costs a read is asked for only where a rule needs it: the page's views within a span
    (`window`, this view included), whether its queue row is done (`queue_done`) and whether a
    modified time past the last crawl is believed and within its budget (`modified`) — a query
    each for `record_view`, a lookup in what `record_views` read up front."""
    if page.crawl_state == CrawlState.PARKED:
        return None, now, "parked: only a push crawls it"
    if page.crawl_state == CrawlState.NEW:
        seen = window(viewed_at - views.window, viewed_at + views.window)
        due = first_crawl_due(seen, views)
        if due is None:
            return None, now, f"{len(seen)} of {views.threshold} views within {human_duration(views.window)}"
        return Reason.NEW, min(due, now), f"{views.threshold} views within {human_duration(views.window)}"
    if modified_time is not None and modified_since_crawl(modified_time, page.last_crawled_at):
        decision = modified(modified_time)
        if decision.allowed:
            return Reason.MODIFIED, now, decision.why
        log.debug("view's modified_time queues nothing: %s", decision.why)
    if page.crawl_state == CrawlState.FAILED and queue_done():
        # A permanent failure waits for a view; still, not faster than the backoff would allow.
        assert page.last_crawled_at is not None  # a failed page was crawled
        not_before = page.last_crawled_at + retry_delay(page.error_count, retries)
        if now >= not_before:
            return Reason.RETRY, now, "failed page viewed again"
        return None, now, f"failed page; next try not before {not_before.isoformat()}"
    if page.next_crawl_at is not None and scheduled_recrawl_wanted(page.next_crawl_at, viewed_at, page.last_crawled_at, now):
        return Reason.SCHEDULED, page.next_crawl_at, "recrawl due and the page is still viewed"
    return None, now, "nothing due"


# ---------------------------------------------------------------- many views at once


@dataclass(frozen=True, slots=True)
class ViewEvent:
    """One page view handed to `record_views`."""

    url: str
    """As the client sent it (normalized here)."""
    viewed_at: datetime
    modified_time: datetime | None = None
    event_id: str | None = None
    """A client-chosen id: a view whose id was recorded before is a retry, not stored again."""


class Refusal(StrEnum):
    INVALID = "invalid"
    """Rejected input: what `record_view` raises `ValueError` for (`InvalidUrl`, a refused
    target, an unregistered host under `registered_only`, a URL too long to store)."""
    DUPLICATE = "duplicate"
    """Its `event_id` was recorded before (by an earlier request, or an earlier view of this batch)."""


@dataclass(frozen=True, slots=True)
class ViewRefused:
    why: Refusal
    message: str


@dataclass(frozen=True, slots=True)
class _Standing:
    """A view that passed the URL checks, before the event-id check."""

    url: str
    refused: str | None
    """Why `record_view` would refuse it after the URL was read (target, site, length), or None."""


def record_views(session: Session, views: Sequence[ViewEvent], now: datetime, rule: ViewRule = ViewRule(),
                 retries: RetryRule = RetryRule(), targets: TargetPolicy = PUBLIC_ONLY,
                 registered_only: bool = False, site_rows: Mapping[str, SiteRow] | None = None,
                 settled: Callable[[Collection[int]], None] | None = None) -> list[ViewEffect | ViewRefused]:
    """`record_view` for each view in order, with the same stored rows, queue rows and effects —
    in about ten statements for the lot instead of about seven per view (a group commit's
    views, a bulk ingest). One answer per view, at its index: its effect, or why it was
    refused (refusals are per view; the others are stored all the same).

    The reads come first, set-based (sites, event ids, pages, the pages' standing, their
    recent views, queue states); the views are inserted in one statement; each view's
    decision is then `_view_decision`, the very function `record_view` uses, with each page's
    views and queue state followed in memory as the views before it (in input order) change
    them; the crawls asked for are written by `storage.bulk_views.enqueue_many`. An `event_id` is
    checked after the URL is read and before the other checks, as the service always did: a
    view refused by them does not keep its id. `site_rows` are rows the caller read already
    (the service remembers them a few seconds); the hosts' other rows are read here.
    `settled` is called with the pages the views go to before their views and queue state are
    read: the service's group commit waits there while an earlier group that wrote to any of
    them is still committing on another connection (`rendercrawl.service.group_commit`)."""
    answers: list[ViewEffect | ViewRefused | None] = [None] * len(views)
    standing = _check_urls(session, views, targets, registered_only, site_rows or {}, answers)
    _check_event_ids(session, views, standing, now, answers)
    accepted = {i: s.url for i, s in standing.items() if answers[i] is None}
    first_seen: dict[str, datetime] = {}
    for index, url in accepted.items():
        first_seen.setdefault(url, views[index].viewed_at)
    pages = find_or_create_pages(session, first_seen)
    schedules = {ref.page_id: ref.schedule for ref in pages.values()}
    page_of = {index: pages[url].page_id for index, url in accepted.items()}
    if not page_of:
        return _answered(answers)
    if settled is not None:
        settled(set(page_of.values()))
    at = [views[i].viewed_at for i in page_of]
    new_pages = {p for p in page_of.values() if schedules[p].crawl_state == CrawlState.NEW}
    # Read before this batch's views are stored: a view counts only the batch's views before it.
    # A page this batch created has none stored.
    unread = new_pages - {ref.page_id for ref in pages.values() if ref.created}
    seen = view_times_of(session, unread, min(at) - rule.window, max(at) - rule.window, max(at) + rule.window,
                         _views_decisive(rule)) if unread else {}
    failed = {p for p in page_of.values() if schedules[p].crawl_state == CrawlState.FAILED}
    done = {p for p, state in queue_states(session, failed).items() if state is QueueState.DONE} if failed else set()
    rows.add_views(session, [(page_of[i], views[i].viewed_at, views[i].modified_time) for i in page_of])
    changed = {p for i, p in page_of.items() if modified_since_crawl(views[i].modified_time, schedules[p].last_crawled_at)}
    standings = rows.modified_standing(session, changed, now - rule.modified_window) if changed else {}

    by_page: dict[int, list[int]] = {}
    for index, page_id in page_of.items():
        by_page.setdefault(page_id, []).append(index)
    asked: list[tuple[int, Reason, str]] = []
    requests: list[EnqueueRequest] = []
    for page_id, indices in by_page.items():  # a page's views in input order; pages do not affect each other
        schedule = schedules[page_id]
        new_page = page_id in new_pages
        times = seen.get(page_id, []) if new_page else []
        queue_done = page_id in done
        for index in indices:
            view = views[index]
            if new_page:
                insort(times, view.viewed_at)
            reason, due, detail = _view_decision(schedule, view.viewed_at, view.modified_time, now, rule, retries,
                                                 window=_within(times), queue_done=_answer(queue_done),
                                                 modified=_modified(standings.get(page_id), now, rule))
            if reason is None:
                answers[index] = ViewEffect(accepted[index], page_id, None, detail)
                continue
            queue_done = False  # any crawl asked for takes the row out of `done`
            asked.append((index, reason, detail))
            requests.append(EnqueueRequest(page_id, reason, due))
    spent: set[int] = set()
    for (index, reason, detail), enqueued in zip(asked, enqueue_many(session, requests, now), strict=True):
        answers[index] = _effect(accepted[index], page_of[index], reason, detail, enqueued)
        if _spends_modified_budget(reason, enqueued):
            spent.add(page_of[index])
    rows.add_modified_recrawls(session, spent, now)
    return _answered(answers)


def _modified(standing: rows.ModifiedStanding | None, now: datetime, rule: ViewRule) -> Callable[[datetime], ModifiedDecision]:
    """`modified_recrawl` on what was read of the page. The budget counts the recrawls asked for
    before `now`: the views of one request (one `now`) spend one at most, recorded once
    (`storage.events.add_modified_recrawls`), so a batch decides as its views one by one."""
    def decide(at: datetime) -> ModifiedDecision:
        assert standing is not None  # read for every page with a view whose modified time is past its last crawl
        earlier = [t for t in standing.recent if t != now]
        return modified_recrawl(at, standing.seen_modified_at, earlier, now, rule)
    return decide


def _views_decisive(rule: ViewRule) -> int:
    """How many of a new page's stored views after the latest start of a batch's windows
    decide every view of the batch: `2 * threshold - 1`; the views before that start are all
    read. A page waiting for its first crawl may have thousands of views within the window,
    and reading each cost the database a heap visit.

    Why that is exact: a view at `t` (the batch's views lie in `[a, b]`) is decided by
    `first_crawl_due` on the page's views in `[t - window, t + window]`, and by their count
    only when no `threshold` of them lie within `window`. The views read are all of those in
    `[a - window, b - window]` (every window's start lies there) and the first N after
    `b - window`, up to `c`. If fewer than N follow, every view is read. Else, if `c > t +
    window`, the view's window is read whole. Else its window holds the N views of
    `(b - window, c]`, a span under `2 * window`: were no `threshold` of them within
    `window`, the i-th and the (i + threshold - 1)-th would lie more than `window` apart,
    and N = 2 * (threshold - 1) + 1 views would span more than `2 * window`. So a crawl is
    due by `c`; `first_crawl_due` scans the views in time order and finds it among those up
    to `c`, which are read — the batch's own views among them, and those after `c` do not
    change what it finds. (With no crawl due the count is at most `2 * (threshold - 1)`.)"""
    return max(1, 2 * rule.threshold - 1)


def _within(times: list[datetime]) -> Callable[[datetime, datetime], list[datetime]]:
    """The `window` of a page whose views (up to the current one) are `times`, in time order:
    two bisections, where a scan of every view cost a popular page's views more and more."""
    return lambda start, end: times[bisect_left(times, start):bisect_right(times, end)]


def _answer(value: bool) -> Callable[[], bool]:
    return lambda: value


NORMALIZED_MEMO = 16_384
"""Raw URLs whose normalized form is remembered (`normalized`): a popular page's views repeat
one URL, and normalizing it (w3lib's `canonicalize_url`, about 70 µs) was the costliest step of
a batched view, more than its share of the statements. 16k entries of a few hundred bytes:
a few MB."""


@lru_cache(maxsize=NORMALIZED_MEMO)
def normalized(url: str) -> tuple[str, str]:
    """`normalize_url(url)` and its host, remembered (both are pure functions of `url`; an
    `InvalidUrl` raised is not remembered)."""
    url = normalize_url(url)
    return url, host_of(url)


_reachable_hosts: dict[tuple[TargetPolicy, str], float] = {}
"""Hosts found reachable under a policy, with when that was: `TargetPolicy.refusal` (a URL
parse, an address check of each resolved address) cost a group commit of 8 single events
~15 µs per event, asked for the same host in every group. Kept as long as the policy reuses a
host's resolved addresses (`values.targets.RESOLVED_TTL_S`), so a verdict is never older than
the addresses it was made from; a refused host is asked again every time."""


def _reachable(targets: TargetPolicy, url: str, host: str) -> bool:
    """Whether `targets` lets the normalized `url` (of `host`) be crawled, remembered a while."""
    now = time.monotonic()
    checked_at = _reachable_hosts.get((targets, host))
    if checked_at is not None and now - checked_at < RESOLVED_TTL_S:
        return True
    if targets.refusal(url) is not None:
        return False
    if len(_reachable_hosts) >= MAX_RESOLVED:
        _reachable_hosts.clear()
    _reachable_hosts[(targets, host)] = now
    return True


def _check_urls(session: Session, views: Sequence[ViewEvent], targets: TargetPolicy, registered_only: bool,
                known_rows: Mapping[str, SiteRow], answers: list[ViewEffect | ViewRefused | None]) -> dict[int, _Standing]:
    """Normalize every URL (a malformed one is answered here) and find what `record_view`
    would refuse after that, with the sites of all hosts read in one statement. The target
    policy looks at a normalized URL's host only (its scheme is http(s) by then), so it is asked
    once per host; a refused host's views are refused with their own URL in the message. Of
    the host's site (`scheduler.sites.crawl_site`) only the row matters here (registered, its
    ignored parameters): merging the render settings for each host of each group cost a group
    commit of 8 single events ~25 µs per event (`bench/batch_cpu.py --singles 8`)."""
    normalized_of: dict[int, tuple[str, str]] = {}
    for index, view in enumerate(views):
        try:
            normalized_of[index] = normalized(view.url)
        except InvalidUrl as error:
            answers[index] = ViewRefused(Refusal.INVALID, str(error))
    unread = {host for _url, host in normalized_of.values()} - set(known_rows)
    site_rows = {**known_rows, **(load_sites_of(session, unread) if unread else {})}
    reachable: dict[str, bool] = {}
    finals: dict[str, str] = {}
    standing: dict[int, _Standing] = {}
    for index, (url, host) in normalized_of.items():
        if host not in reachable:
            reachable[host] = _reachable(targets, url, host)
        if not reachable[host]:
            try:
                refuse_target(url, targets)
            except InvalidUrl as error:
                standing[index] = _Standing(url, str(error))
                continue
        row = site_rows.get(host)
        if registered_only and row is None:
            standing[index] = _Standing(url, unregistered(host))
            continue
        final = url
        if row is not None and row.ignored_query_params:
            raw = views[index].url
            if raw not in finals:
                finals[raw] = normalize_url(raw, row.ignored_query_params)
            final = finals[raw]
        standing[index] = _Standing(final, length_refusal(final))
    return standing


def _check_event_ids(session: Session, views: Sequence[ViewEvent], standing: dict[int, _Standing], now: datetime,
                     answers: list[ViewEffect | ViewRefused | None]) -> None:
    """Answer the duplicates and the refused views, claiming the ids of the others.

    As if one after the other: an id recorded before makes every view carrying it a duplicate;
    else the first view with it that passes the checks keeps it, views after that one are
    duplicates, and refused views before it are just refused."""
    first_ok: dict[str, int] = {}
    for index, state in standing.items():
        event_id = views[index].event_id
        if event_id is not None and state.refused is None:
            first_ok.setdefault(event_id, index)
    claimed = rows.claim_event_ids(session, first_ok, now) if first_ok else set()
    refused_ids = {event_id for i, s in standing.items()
                   if s.refused is not None and (event_id := views[i].event_id) is not None and event_id not in first_ok}
    known = rows.known_event_ids(session, refused_ids) if refused_ids else set()
    for index, state in standing.items():
        event_id = views[index].event_id
        if event_id is not None:
            recorded_before = event_id in known or (event_id in first_ok and event_id not in claimed)
            if recorded_before or (event_id in first_ok and index > first_ok[event_id]):
                answers[index] = ViewRefused(Refusal.DUPLICATE, f"event_id {event_id} was recorded before")
                continue
        if state.refused is not None:
            answers[index] = ViewRefused(Refusal.INVALID, state.refused)


def _answered(answers: list[ViewEffect | ViewRefused | None]) -> list[ViewEffect | ViewRefused]:
    assert all(answer is not None for answer in answers)
    return cast(list[ViewEffect | ViewRefused], answers)


def unregistered(host: str) -> str:
    return (f"{host} is no registered site: add it with `rendercrawl sites add {host}` "
            "(or set RENDERCRAWL_ACCEPT_UNREGISTERED_HOSTS=true)")


def push(session: Session, raw_url: str, now: datetime, rule: PushRule = PushRule(), note: str | None = None,
         targets: TargetPolicy = PUBLIC_ONLY, registered_only: bool = False) -> PushOutcome:
    """A force push: honoured (queued at top priority) unless this URL hit its rate limit; one
    that finds a crawl of the URL already queued and due merges into it and spends no slot.

    A declined push is recorded and logged with the time the URL may next be pushed.
    """
    url, page_id = page_for(session, raw_url, now, targets, registered_only)
    honoured = rows.honoured_push_times(session, page_id, now - rule.window)
    decision = push_decision(honoured, now, rule, pending=queue.crawl_pending(session, page_id, now))
    if decision.allowed:
        queue.enqueue(session, page_id, Reason.PUSH, now, now)
        why = f"{note}; merged into the crawl already queued" if decision.merged and note else note
    else:
        assert decision.next_allowed_at is not None  # a declined push always says when
        log.warning("push of %s declined: %d pushes in the last %s; next allowed at %s",
                    url, decision.honoured_in_window, human_duration(rule.window), decision.next_allowed_at.isoformat())
        why = f"declined; next allowed at {decision.next_allowed_at.isoformat()}"
    rows.add_push(session, page_id, now, decision.allowed, why, merged=decision.merged)
    return PushOutcome(url, page_id, decision)


def recrawl(session: Session, page_ids: list[int], now: datetime) -> int:
    """Queue pages for a manual (operator) recrawl; returns how many rows changed."""
    changed = 0
    for page_id in page_ids:
        changed += queue.enqueue(session, page_id, Reason.MANUAL, now, now).state is not EnqueueState.UNCHANGED
    return changed
