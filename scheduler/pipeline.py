"""The one orchestrator: render → extract → save, one value handed to each stage.

Stages never call each other; this is the only place that knows all three. The worker, the
`crawl` command and the demo all crawl through `crawl_url`.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.orm import Session, sessionmaker

from extraction import extract
from extraction.profile import ContentProfile
from render.browser import Renderer
from render.model import RenderedPage
from render.outcome import RenderFailure
from storage.records import CrawlAttempt, Outcome
from storage.repository import save_crawl


@dataclass(frozen=True, slots=True)
class CrawlResult:
    attempt: CrawlAttempt
    page: RenderedPage | None
    profile: ContentProfile | None
    failure: RenderFailure | None

    @property
    def ok(self) -> bool:
        return self.attempt.outcome == Outcome.OK


async def crawl_url(renderer: Renderer, sessions: sessionmaker[Session], url: str,
                    keep_snapshot: bool = False) -> CrawlResult:
    """Crawl one URL and store the attempt (and the profile when there is one) in one
    transaction. A failure is stored as a crawl row only: the last good profile stays."""
    started_at = datetime.now(UTC)
    t0 = time.perf_counter()
    rendered = await renderer.render(url)
    render_ms = (time.perf_counter() - t0) * 1000
    if isinstance(rendered, RenderFailure):
        attempt = CrawlAttempt(
            url=url, started_at=started_at, finished_at=datetime.now(UTC),
            outcome=Outcome(rendered.kind.value), http_status=rendered.status, final_url=rendered.final_url,
            blocked_requests=0, render_ms=round(render_ms), extract_ms=None, error=rendered.message)
        result = CrawlResult(attempt, None, None, rendered)
    else:
        t1 = time.perf_counter()
        # Extraction is CPU work; off the event loop so other pages keep rendering meanwhile.
        profile = await asyncio.to_thread(extract, rendered, now=started_at)
        extract_ms = (time.perf_counter() - t1) * 1000
        attempt = CrawlAttempt(
            url=url, started_at=started_at, finished_at=datetime.now(UTC),
            outcome=Outcome.SOFT_404 if profile.soft_404 else Outcome.OK, http_status=rendered.status,
            final_url=rendered.final_url, blocked_requests=len(rendered.blocked),
            render_ms=round(render_ms), extract_ms=round(extract_ms), error=None)
        result = CrawlResult(attempt, rendered, profile, None)
    with sessions.begin() as session:
        save_crawl(session, result.attempt, result.profile,
                   snapshot=result.page if keep_snapshot else None)
    return result
