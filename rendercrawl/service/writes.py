"""The two write endpoints' unit of work, run by the group commit: the events of every request
waiting together in one transaction and one set-based `scheduler.events.record_views` call
(the function `rendercrawl ingest` uses; `record_view`, which `rendercrawl view` calls, decides
alike), and pushes through `scheduler.events.push` like `rendercrawl push`. The answer is built
only after the commit, so a 202 means stored."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rendercrawl.service.answers import page_links
from rendercrawl.service.auth import Principal
from rendercrawl.service.context import ServiceContext
from rendercrawl.service.ingest import PageViewIn, PushIn, Rejection
from scheduler import events
from storage.bulk_views import load_sites_of
from storage.db import Session
from storage.sites import SiteRow, load_site
from values.urls import InvalidUrl, host_of, normalize_url


@dataclass
class ViewsResult:
    accepted: int = 0
    duplicates: int = 0
    queued: dict[str, int] = field(default_factory=dict)
    rejected: list[Rejection] = field(default_factory=list)
    pages: list[tuple[int, int]] = field(default_factory=list)
    """(index, page id) of each event stored."""

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "duplicates": self.duplicates, "queued": self.queued,
                "rejected": [r.to_json() for r in sorted(self.rejected, key=lambda r: r.index)],
                "pages": [{"index": index, **page_links(page_id)} for index, page_id in self.pages]}


@dataclass(frozen=True, slots=True)
class PushResult:
    index: int
    url: str
    page_id: int
    honoured: bool
    next_allowed_at: datetime | None
    merged: bool
    """Honoured by the crawl already queued for the URL: it spent none of the URL's pushes."""

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "url": self.url, "honoured": self.honoured, "merged": self.merged,
                "next_allowed_at": self.next_allowed_at.isoformat() if self.next_allowed_at else None,
                **page_links(self.page_id)}


@dataclass(frozen=True, slots=True)
class ViewsRequest:
    """One request's checked events, as the group commit hands them to `record_view_requests`."""

    principal: Principal
    checked: Sequence[PageViewIn | Rejection]
    now: datetime
    """When the request arrived: the time of its events that carry none."""


class _Sites:
    """Per request: whether a host is a registered site, read once per host."""

    def __init__(self, session: Session) -> None:
        self.session, self.known = session, dict[str, SiteRow | None]()

    def refusal(self, index: int, raw_url: str, principal: Principal) -> Rejection | None:
        """Why `raw_url` may not be pushed by `principal`: not http(s), no registered site, another site's."""
        try:
            host = host_of(normalize_url(raw_url))
        except InvalidUrl as error:
            return Rejection(index, "invalid_url", str(error)[:300], "url")
        if host not in self.known:
            self.known[host] = load_site(self.session, host)
        return _site_refusal(index, host, self.known[host], principal)


def _host(raw_url: str) -> str:
    """The host of the page `raw_url` names (raises `InvalidUrl`): remembered by
    `events.normalized`, which `record_views` then finds the normalized URL in."""
    return events.normalized(raw_url)[1]


def _site_refusal(index: int, host: str, site: SiteRow | None, principal: Principal) -> Rejection | None:
    """Why a page of `host` (of `site`) may not be sent by `principal`: no site's, or another site's."""
    if site is None:
        return Rejection(index, "unregistered_site", f"{host} is no registered site", "url")
    if site.host != principal.host:
        return Rejection(index, "forbidden_site", f"this caller may only send pages of {principal.host}", "url")
    return None


def record_view_requests(ctx: ServiceContext, session: Session, requests: Sequence[ViewsRequest],
                         settled: Callable[[Collection[int]], None]) -> list[ViewsResult]:
    """Store the events of every request of a group in the group's transaction, with one
    `scheduler.events.record_views` call for all of them; one result per request. Input that is
    wrong ends in that request's `rejected`, never in an exception.

    Each event is checked as it always was, in this order: its URL (`invalid_url`), its site
    (`unregistered_site`: the hosts of the whole group are read in one statement), the caller's
    site (`forbidden_site`), then by `record_views`: its event_id (a duplicate), the target
    policy and the URL's length (`invalid_url`). The group's `now` is its latest request's.
    Site rows are remembered for `key_cache_seconds` like keys: a site's new ignorable
    parameters reach the service within that. `settled` is the group commit's wait for an
    earlier group still committing (`record_views`)."""
    results = [ViewsResult(rejected=[c for c in r.checked if isinstance(c, Rejection)]) for r in requests]
    pending: list[tuple[int, int, PageViewIn, str]] = []
    for number, request in enumerate(requests):
        for index, event in enumerate(request.checked):
            if isinstance(event, Rejection):
                continue
            try:
                pending.append((number, index, event, _host(event.url)))
            except InvalidUrl as error:
                results[number].rejected.append(Rejection(index, "invalid_url", str(error)[:300], "url"))
    registered = _site_rows(ctx, session, {host for *_, host in pending})
    views: list[events.ViewEvent] = []
    owners: list[tuple[int, int]] = []
    for number, index, event, host in pending:
        refused = _site_refusal(index, host, registered.get(host), requests[number].principal)
        if refused is not None:
            results[number].rejected.append(refused)
            continue
        views.append(events.ViewEvent(event.url, event.time or requests[number].now, event.modified_time, event.event_id))
        owners.append((number, index))
    if not views:
        return results
    now = max(r.now for r in requests)
    answers = events.record_views(session, views, now, ctx.scheduler.view_rule(), ctx.scheduler.retry_rule(), ctx.targets,
                                  registered_only=True, site_rows=registered, settled=settled)
    for (number, index), answer in zip(owners, answers, strict=True):
        result = results[number]
        if isinstance(answer, events.ViewRefused):
            if answer.why is events.Refusal.DUPLICATE:
                result.duplicates += 1
            else:
                result.rejected.append(Rejection(index, "invalid_url", answer.message[:300], "url"))
            continue
        result.accepted += 1
        result.pages.append((index, answer.page_id))
        if answer.queued:
            result.queued[answer.queued] = result.queued.get(answer.queued, 0) + 1
    return results


def _site_rows(ctx: ServiceContext, session: Session, hosts: set[str]) -> dict[str, SiteRow]:
    """The site rows of those `hosts` that are registered sites: remembered ones (`ctx.sites`,
    a few seconds), the others read in one statement."""
    rows: dict[str, SiteRow] = {}
    unread = set()
    for host in hosts:
        hit, row = ctx.sites.get(host)
        if hit and row is not None:
            rows[host] = row
        else:
            unread.add(host)
    if unread:
        for host, row in load_sites_of(session, unread).items():
            ctx.sites.put(host, row)
            rows[host] = row
    return rows


def push_urls(ctx: ServiceContext, session: Session, principal: Principal, checked: list[PushIn | Rejection],
              now: datetime) -> tuple[list[PushResult], list[Rejection]]:
    """Push the checked URLs in the caller's transaction (a group commit's); like `record_views`,
    wrong input ends in the rejections, never in an exception."""
    results: list[PushResult] = []
    rejected = [c for c in checked if isinstance(c, Rejection)]
    rule = ctx.scheduler.push_rule()
    sites = _Sites(session)
    for index, item in enumerate(checked):
        if isinstance(item, Rejection):
            continue
        refused = sites.refusal(index, item.url, principal)
        if refused is not None:
            rejected.append(refused)
            continue
        try:
            outcome = events.push(session, item.url, now, rule, note=f"service push, key {principal.key_prefix}…",
                                  targets=ctx.targets, registered_only=True)
        except ValueError as error:
            rejected.append(Rejection(index, "invalid_url", str(error)[:300], "url"))
            continue
        d = outcome.decision
        results.append(PushResult(index, outcome.url, outcome.page_id, d.allowed, d.next_allowed_at, d.merged))
    return results, rejected
