"""What the service's app costs per page-view request, without the HTTP server and without
the database's work: the ASGI app called in-process, its group commit replaced by one that
answers at once. It prints the CPU per single-event request and per event of a batch of 500
(routing, reading and checking the body, authorizing, the answer). CPU time of this process,
so a busy machine inflates it less than it does rates.

    .venv/bin/python bench/service_asgi.py
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.benchdb import fresh_sqlite  # noqa: E402
from rendercrawl.service.app import create_app  # noqa: E402
from rendercrawl.service.context import ServiceContext  # noqa: E402
from rendercrawl.service.settings import ServiceSettings  # noqa: E402
from rendercrawl.service.writes import ViewsResult  # noqa: E402
from scheduler.settings import SchedulerSettings  # noqa: E402
from storage.apikeys import create_key  # noqa: E402
from storage.health import bounded_engine, head_revision  # noqa: E402
from storage.queue import write_transaction  # noqa: E402
from storage.sites import upsert_site  # noqa: E402
from storage.types import utc_now  # noqa: E402
from values.targets import TargetPolicy  # noqa: E402

SITE = "bench.example"
BATCH = 500


class _Answered:
    """A group commit that answers every request at once, as if its group had committed: in the
    loop's next round, as the group commit's one wake-up of the loop answers its group."""

    def await_batch(self, _kind: str, _handler: Any, _item: Any, weight: int) -> asyncio.Future[ViewsResult]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[ViewsResult] = loop.create_future()
        loop.call_soon(done.set_result, ViewsResult(accepted=weight))  # as the commit's wake-up of the loop answers it
        return done


def _app(url: str) -> tuple[Any, str]:
    ctx = ServiceContext.build(bounded_engine(url, 5), ServiceSettings(), SchedulerSettings(), TargetPolicy(), head_revision(url))
    with write_transaction(ctx.sessions) as session:
        upsert_site(session, SITE, {})
        _row, key = create_key(session, SITE, "events", utc_now())
    return create_app(dataclasses.replace(ctx, committer=_Answered())), key  # type: ignore[arg-type]


def _cpu_per_request(app: Any, key: str, body: bytes, requests: int) -> float:
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/v1/events/pageview", "raw_path": b"/v1/events/pageview", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"bench"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(body)).encode()), (b"authorization", f"Bearer {key}".encode())],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    statuses: set[int] = set()

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.add(message["status"])

    async def run(n: int) -> None:
        for _ in range(n):
            await app(dict(scope), receive, send)

    asyncio.run(run(max(1, requests // 10)))  # warm: the key is remembered, the code paths loaded
    started = time.process_time()
    asyncio.run(run(requests))
    assert statuses == {202}, statuses
    return (time.process_time() - started) / requests


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        app, key = _app(fresh_sqlite(Path(tmp) / "asgi.db"))
        single = json.dumps({"url": f"https://{SITE}/news/1"}).encode()
        batch = json.dumps([{"url": f"https://{SITE}/news/{i}", "event_id": f"e{i}"} for i in range(BATCH)]).encode()
        print(f"single event: {_cpu_per_request(app, key, single, 5000) * 1e6:.1f} µs CPU per request")
        print(f"batch of {BATCH}: {_cpu_per_request(app, key, batch, 100) * 1e6 / BATCH:.2f} µs CPU per event")
    return 0


if __name__ == "__main__":
    sys.exit(main())
