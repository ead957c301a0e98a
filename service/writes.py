"""The two write endpoints' unit of work: every event or push of one request in one
transaction, through the same `scheduler.events` functions `rendercrawl view`, `ingest` and
`push` call. The answer is built only after the commit, so a 202 means stored."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scheduler import events
from scheduler.urls import InvalidUrl, host_of, normalize_url
from service.auth import Principal
from service.context import ServiceContext
from service.ingest import PageViewIn, PushIn, Rejection
from storage.db import Session
from storage.events import claim_event_id
from storage.sites import load_site


@dataclass
class ViewsResult:
    accepted: int = 0
    duplicates: int = 0
    queued: dict[str, int] = field(default_factory=dict)
    rejected: list[Rejection] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "duplicates": self.duplicates, "queued": self.queued,
                "rejected": [r.to_json() for r in sorted(self.rejected, key=lambda r: r.index)]}


@dataclass(frozen=True, slots=True)
class PushResult:
    index: int
    url: str
    honoured: bool
    next_allowed_at: datetime | None

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "url": self.url, "honoured": self.honoured,
                "next_allowed_at": self.next_allowed_at.isoformat() if self.next_allowed_at else None}


class _Sites:
    """Per request: whether a host is a registered site, read once per host."""

    def __init__(self, session: Session) -> None:
        self.session, self.known = session, dict[str, bool]()

    def refusal(self, index: int, raw_url: str, principal: Principal) -> Rejection | None:
        """Why `raw_url` may not be recorded for `principal`: not http(s), no registered site, another site's."""
        try:
            host = host_of(normalize_url(raw_url))
        except InvalidUrl as error:
            return Rejection(index, "invalid_url", str(error)[:300], "url")
        if host not in self.known:
            self.known[host] = load_site(self.session, host) is not None
        if not self.known[host]:
            return Rejection(index, "unregistered_site", f"{host} is no registered site", "url")
        if host != principal.host:
            return Rejection(index, "forbidden_site", f"this caller may only send pages of {principal.host}", "url")
        return None


def record_views(ctx: ServiceContext, session: Session, principal: Principal, checked: list[PageViewIn | Rejection],
                 now: datetime) -> ViewsResult:
    """Store the checked events in the caller's transaction (a group commit's); input that is
    wrong ends in `rejected`, never in an exception."""
    result = ViewsResult(rejected=[c for c in checked if isinstance(c, Rejection)])
    rule, retries = ctx.scheduler.view_rule(), ctx.scheduler.retry_rule()
    sites = _Sites(session)
    for index, event in enumerate(checked):
        if isinstance(event, Rejection):
            continue
        refused = sites.refusal(index, event.url, principal)
        if refused is not None:
            result.rejected.append(refused)
            continue
        try:
            # A savepoint only where an event_id was claimed: a refused view must not keep its id.
            with session.begin_nested() if event.event_id is not None else nullcontext():
                if event.event_id is not None and not claim_event_id(session, event.event_id, now):
                    result.duplicates += 1
                    continue
                effect = events.record_view(session, event.url, event.time or now, event.modified_time, now,
                                            rule, retries, ctx.targets, registered_only=True)
        except ValueError as error:  # InvalidUrl, or a URL too long to store
            result.rejected.append(Rejection(index, "invalid_url", str(error)[:300], "url"))
            continue
        result.accepted += 1
        if effect.queued:
            result.queued[effect.queued] = result.queued.get(effect.queued, 0) + 1
    return result


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
        results.append(PushResult(index, outcome.url, d.allowed, d.next_allowed_at))
    return results, rejected
