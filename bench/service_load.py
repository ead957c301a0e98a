"""Load on `rendercrawl serve` over loopback (issue 14): single-event POSTs from 16 concurrent
clients, batches of 500, and force pushes past the per-URL limit (the 429 path against the
accepted path), on SQLite and on PostgreSQL. Numbers are printed, nothing is asserted.

The server runs as its own process (`python -m app.cli serve`), exactly as an operator starts it;
the clients are httpx in this process. Both share this machine's cores, so the figures are
lower bounds of what the server does with the machine to itself.

    .venv/bin/python bench/service_load.py                  # both databases, 30 s per phase
    .venv/bin/python bench/service_load.py --seconds 10 --db sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.benchdb import DEFAULT_POSTGRES_URL, fresh_postgres, fresh_sqlite  # noqa: E402
from storage.apikeys import create_key  # noqa: E402
from storage.db import make_engine, session_factory  # noqa: E402
from storage.queue import write_transaction  # noqa: E402
from storage.sites import upsert_site  # noqa: E402
from storage.types import utc_now  # noqa: E402

SITE = "bench.example"
CLIENTS = 16
BATCH = 500
BATCH_CLIENTS = 4
PAGES = 5000
"""Distinct URLs the events spread over: most pages get a few views, as on a real site."""
PUSH_URLS = 50


@dataclass
class Run:
    latencies_ms: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    events: int = 0
    seconds: float = 0.0

    def add(self, status: int, ms: float, events: int) -> None:
        self.latencies_ms.append(ms)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        self.events += events if status == 202 else 0

    def summary(self, what: str) -> str:
        lat = sorted(self.latencies_ms)
        if not lat:
            return f"{what}: no request finished"
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan")
        return (f"{what}: {len(lat) / self.seconds:,.0f} requests/s, {self.events / self.seconds:,.0f} events/s stored; "
                f"latency p50 {statistics.median(lat):.1f} ms, p99 {p99:.1f} ms; statuses {dict(sorted(self.statuses.items()))}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _prepare(url: str) -> dict[str, str]:
    engine = make_engine(url)
    with write_transaction(session_factory(engine)) as session:
        upsert_site(session, SITE, {})
        keys = {scope: create_key(session, SITE, scope, utc_now())[1] for scope in ("events", "push", "read")}
    engine.dispose()
    return keys


async def _post(client: httpx.AsyncClient, path: str, body: object, key: str) -> int:
    """The answer's status; 0 for a request the client gave up on (counted, not fatal)."""
    try:
        return (await client.post(path, json=body, headers={"X-API-Key": key})).status_code
    except httpx.TimeoutException:
        return 0


def _event(i: int) -> dict[str, str]:
    return {"url": f"https://{SITE}/news/{i % PAGES}", "time": utc_now().isoformat()}


async def _singles(client: httpx.AsyncClient, key: str, seconds: float) -> Run:
    run, deadline, counter = Run(), time.monotonic() + seconds, iter(range(10**9))

    async def one_client() -> None:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            status = await _post(client, "/v1/events/pageview", _event(next(counter)), key)
            run.add(status, (time.perf_counter() - started) * 1000, 1)

    started = time.monotonic()
    await asyncio.gather(*(one_client() for _ in range(CLIENTS)))
    run.seconds = time.monotonic() - started
    return run


async def _floor(client: httpx.AsyncClient, seconds: float) -> Run:
    """`GET /healthz` from the same clients: what the HTTP stack alone costs per request."""
    run, deadline = Run(), time.monotonic() + seconds

    async def one_client() -> None:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            status = (await client.get("/healthz")).status_code
            run.add(202 if status == 200 else status, (time.perf_counter() - started) * 1000, 0)

    started = time.monotonic()
    await asyncio.gather(*(one_client() for _ in range(CLIENTS)))
    run.seconds = time.monotonic() - started
    return run


async def _batches(client: httpx.AsyncClient, key: str, seconds: float) -> Run:
    run, deadline, counter = Run(), time.monotonic() + seconds, iter(range(10**9))

    async def one_client() -> None:
        while time.monotonic() < deadline:
            body = [_event(next(counter)) for _ in range(BATCH)]
            started = time.perf_counter()
            status = await _post(client, "/v1/events/pageview", body, key)
            run.add(status, (time.perf_counter() - started) * 1000, BATCH)

    started = time.monotonic()
    await asyncio.gather(*(one_client() for _ in range(BATCH_CLIENTS)))
    run.seconds = time.monotonic() - started
    return run


async def _pushes(client: httpx.AsyncClient, key: str) -> tuple[Run, Run]:
    """Every URL pushed 8 times: the first 4 are honoured (202), the next 4 declined (429)."""
    accepted, declined = Run(), Run()
    started_all = time.monotonic()
    order = [u for _ in range(8) for u in range(PUSH_URLS)]
    queue: asyncio.Queue[int] = asyncio.Queue()
    for u in order:
        queue.put_nowait(u)

    async def one_client() -> None:
        while not queue.empty():
            u = queue.get_nowait()
            started = time.perf_counter()
            status = await _post(client, "/v1/profile/content/push", {"url": f"https://{SITE}/push/{u}"}, key)
            ms = (time.perf_counter() - started) * 1000
            (accepted if status == 202 else declined).add(status, ms, 1)

    await asyncio.gather(*(one_client() for _ in range(CLIENTS)))
    accepted.seconds = declined.seconds = time.monotonic() - started_all
    return accepted, declined


async def _commits(client: httpx.AsyncClient) -> tuple[float, float]:
    """The server's group commits so far: (transactions, requests answered by them)."""
    values = {}
    for line in (await client.get("/metrics")).text.splitlines():
        name, _, value = line.partition(" ")
        if name in ("rendercrawl_group_commits_total", "rendercrawl_group_commit_requests_total"):
            values[name] = float(value)
    return values.get("rendercrawl_group_commits_total", 0.0), values.get("rendercrawl_group_commit_requests_total", 0.0)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, all threads) the process has used so far; NaN off Linux. On a
    machine shared with other work this is steadier than wall-clock rates: what one request
    costs the server, whoever else wants the cores."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _drive(base: str, keys: dict[str, str], seconds: float, server_pid: int) -> None:
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        cpu = cpu_seconds(server_pid)
        floor = await _floor(client, min(5.0, seconds))
        cpu_ms = (cpu_seconds(server_pid) - cpu) * 1000 / max(1, len(floor.latencies_ms))
        print(f"  GET /healthz, {CLIENTS} clients (the HTTP stack alone): {len(floor.latencies_ms) / floor.seconds:,.0f} "
              f"requests/s; server CPU {cpu_ms:.2f} ms per request", flush=True)
        groups, requests = await _commits(client)
        cpu = cpu_seconds(server_pid)
        singles = await _singles(client, keys["events"], seconds)
        cpu_ms = (cpu_seconds(server_pid) - cpu) * 1000 / max(1, len(singles.latencies_ms))
        after_groups, after_requests = await _commits(client)
        shared = (after_requests - requests) / (after_groups - groups) if after_groups > groups else float("nan")
        print("  " + singles.summary(f"single events, {CLIENTS} clients") + f"; {shared:.1f} requests per commit; "
              f"server CPU {cpu_ms:.2f} ms per request", flush=True)
        cpu = cpu_seconds(server_pid)
        batches = await _batches(client, keys["events"], seconds)
        cpu_ms = (cpu_seconds(server_pid) - cpu) * 1000 / max(1, batches.events)
        print("  " + batches.summary(f"batches of {BATCH}, {BATCH_CLIENTS} clients") +
              f"; server CPU {cpu_ms * 1000:.0f} µs per event", flush=True)
        accepted, declined = await _pushes(client, keys["push"])
        for run, what in ((accepted, "pushes honoured (202)"), (declined, "pushes declined (429)")):
            lat = sorted(run.latencies_ms)
            if lat:
                print(f"  {what}: {len(lat)} requests, latency p50 {statistics.median(lat):.1f} ms, "
                      f"p99 {lat[min(len(lat) - 1, int(len(lat) * 0.99))]:.1f} ms; statuses {run.statuses}")


@contextmanager
def running_server(url: str) -> Iterator[tuple[str, dict[str, str], int]]:
    """`rendercrawl serve` on `url` in a process of its own, ready: (its base URL, a key per
    scope for `SITE`, its pid)."""
    keys = _prepare(url)
    port = _free_port()
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": url}
    # The server's log goes to a file: a pipe nobody reads would fill and stall the server mid-run.
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], env=env,
                              cwd=HERE.parent, stdout=subprocess.DEVNULL, stderr=log)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"the server did not start: {log.read().decode(errors='replace')[-2000:]}")
            time.sleep(0.1)
        yield base, keys, server.pid
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def bench(name: str, url: str, seconds: float) -> None:
    with running_server(url) as (base, keys, pid):
        print(f"{name} (one server process; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})", flush=True)
        asyncio.run(_drive(base, keys, seconds, pid))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=30, help="length of the single-event and batch phases")
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    args = parser.parse_args()
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            bench("SQLite", fresh_sqlite(Path(tmp) / "service.db"), args.seconds)
    if args.db in ("postgresql", "both"):
        bench("PostgreSQL", fresh_postgres(args.postgres_url, "rc_bench_service"), args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
