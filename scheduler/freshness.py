"""Cheap recrawls: ask the server whether a page changed before paying for a render.

A scheduled (or manual) recrawl first sends one plain GET: conditional (`If-None-Match`,
`If-Modified-Since`) when the last render stored validators, and — when the server answers
200 anyway — compares a hash of the raw HTML with the one the last render was fetched with.
Either way "unchanged" is recorded as an `unchanged` crawl and the schedule backs off; no
Chromium, no subresources. Anything else (changed, no baseline, error) goes on to the render.

The raw HTML can stay the same while JavaScript-loaded content changes, so every
`FULL_RENDER_EVERY`-th recrawl renders regardless. Pushes and modified-time recrawls always
render: someone said the content changed.
"""

from __future__ import annotations

import logging
from base64 import b64encode
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial

from scheduler import http
from scheduler.sites import BasicAuth
from storage.db import Session, Sessions
from storage.queue import write_transaction
from storage.records import PROFILE_OUTCOMES, CrawlAttempt, Outcome, Reason
from storage.repository import save_crawl
from storage.validators import Validators, load_validators, save_validators
from values.rendered import RAW_HASH_MAX_BYTES, RenderedPage, raw_sha256
from values.targets import TargetPolicy

log = logging.getLogger(__name__)

CHEAP_REASONS = frozenset({Reason.SCHEDULED, Reason.MANUAL})
"""Recrawls that may be answered by a cheap check instead of a render."""
FULL_RENDER_EVERY = 4
"""After this many cheap "unchanged" answers in a row, render anyway (JS-loaded content)."""
PROBE_TIMEOUT_S = 10
"""The whole probe — connect, headers, body — or it counts as failed (and the page is rendered)."""
MAX_PROBE_BYTES = RAW_HASH_MAX_BYTES
"""Bigger documents are hashed on their first 5 MB; no article is longer than that."""

Fetcher = Callable[[str, Mapping[str, str]], tuple[int, Mapping[str, str], bytes]]
"""(url, headers) -> (status, response headers, body); raises OSError when unreachable."""


@dataclass(frozen=True, slots=True)
class Probe:
    unchanged: bool
    reason: str
    validators: Validators | None
    """What the server sent this time (to store once a render of this version succeeded)."""
    status: int | None = None


def wants_probe(reason: Reason, previous: Validators | None) -> bool:
    """Only routine recrawls with a baseline and not due for their periodic full render."""
    return (reason in CHEAP_REASONS and previous is not None
            and previous.unchanged_streak < FULL_RENDER_EVERY - 1)


def probe(url: str, previous: Validators | None, user_agent: str, auth: BasicAuth | None = None,
          *, fetch: Fetcher) -> Probe:
    """One GET: did the page change since `previous`? Errors mean "render and see"."""
    headers = {"User-Agent": user_agent, "Accept": "text/html,application/xhtml+xml"}
    if previous and previous.etag:
        headers["If-None-Match"] = previous.etag
    if previous and previous.last_modified:
        headers["If-Modified-Since"] = previous.last_modified
    if auth is not None:
        headers["Authorization"] = "Basic " + b64encode(f"{auth.username}:{auth.password}".encode()).decode()
    try:
        status, response_headers, body = fetch(url, headers)
    except OSError as error:
        return Probe(False, f"probe failed ({type(error).__name__}); rendering", None)
    lowered = {k.lower(): v for k, v in response_headers.items()}
    if status == 304:
        return Probe(True, "304 Not Modified", previous, status)
    if status != 200:
        return Probe(False, f"probe answered {status}; rendering", None, status)
    current = Validators(lowered.get("etag"), lowered.get("last-modified"), raw_sha256(body))
    if previous is not None and previous.raw_sha256 == current.raw_sha256:
        return Probe(True, "raw HTML hash unchanged", current, status)
    return Probe(False, "raw HTML changed" if previous else "no baseline", current, status)


def fetch_url(url: str, headers: Mapping[str, str], targets: TargetPolicy) -> tuple[int, Mapping[str, str], bytes]:
    """The probe's GET: a whole-response deadline, the target policy, and no redirects
    followed (a moved page is rendered, and the site's credentials never reach another origin)."""
    response = http.fetch(url, headers, max_bytes=MAX_PROBE_BYTES, deadline_s=PROBE_TIMEOUT_S, targets=targets)
    return response.status, response.headers, response.body


class CheapRecrawls:
    """The worker's adapter: probe before a routine recrawl, remember the validators of what the
    browser fetched after a good render (the render is the only fetch of a page that is not
    probed)."""

    def __init__(self, sessions: Sessions, user_agent: str, clock: Callable[[], datetime],
                 targets: TargetPolicy, fetch: Fetcher | None = None) -> None:
        self.sessions = sessions
        self.user_agent = user_agent
        self.clock = clock
        self.fetch = fetch or partial(fetch_url, targets=targets)

    def before_render(self, page_id: int, url: str, reason: Reason, auth: BasicAuth | None) -> CrawlAttempt | None:
        """An `unchanged` attempt, already saved, if no render is needed; else None. Only a
        routine recrawl with a baseline sends a request; everything else goes to the render."""
        with self.sessions() as session:
            previous = load_validators(session, page_id)
        if previous is None or not wants_probe(reason, previous):
            return None
        started = self.clock()
        result = probe(url, previous, self.user_agent, auth, fetch=self.fetch)
        if not result.unchanged:
            return None
        attempt = CrawlAttempt(url=url, started_at=started, finished_at=self.clock(), outcome=Outcome.UNCHANGED,
                               http_status=result.status, error=None)
        kept = replace(result.validators or previous, unchanged_streak=previous.unchanged_streak + 1)
        with write_transaction(self.sessions) as session:
            save_crawl(session, attempt, None)
            save_validators(session, page_id, kept, attempt.finished_at)
        log.info("%s unchanged (%s); no render", url, result.reason)
        return attempt

    def after_render(self, session: Session, page_id: int, attempt: CrawlAttempt, page: RenderedPage | None) -> None:
        """Keep what the browser's response said, once a render of this version succeeded; in
        the caller's transaction (the worker's settling: one transaction a page, not two)."""
        if page is None or attempt.outcome not in PROFILE_OUTCOMES:
            return
        if page.etag is None and page.last_modified is None and page.raw_sha256 is None:
            return
        save_validators(session, page_id, Validators(page.etag, page.last_modified, page.raw_sha256), attempt.finished_at)
