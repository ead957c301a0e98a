"""Load on `rendercrawl serve` over loopback (issue 14): single-event POSTs from 16 concurrent
clients, batches of 500, and force pushes past the per-URL limit (the 429 path against the
accepted path), on SQLite and on PostgreSQL. Numbers are printed, nothing is asserted.

The server runs as its own process (`python -m rendercrawl.cli serve`), exactly as an operator starts it.
The clients of the timed phases are `bench/loadclient.py`, a raw asyncio HTTP/1.1 client in a
process of its own with requests encoded beforehand (httpx in this process cost more CPU per
request than the server's HTTP stack, and measured itself); the pushes, a few hundred requests
timed for latency only, still use httpx. Client and server share this machine's cores, so the
rates are lower bounds of what the server does with the machine to itself; the server's and
the client's CPU per request are printed beside them.

    .venv/bin/python bench/service_load.py                  # both databases, 30 s per phase
    .venv/bin/python bench/service_load.py --seconds 10 --db sqlite
    .venv/bin/python bench/service_load.py --seconds 10 --db postgresql --phases singles,batches
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pickle
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
BATCH_REQUESTS = 40
"""Distinct batch bodies the batch clients cycle through (20,000 events over the 5,000 pages)."""
PUSH_URLS = 50
IDLE_DATABASE_SHARE = 0.02
"""PostgreSQL's CPU is printed when it took more than this share of a core during a phase (on
SQLite the idle PostgreSQL of this machine takes less)."""


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


def _request(method: str, path: str, port: int, body: bytes = b"", key: str | None = None) -> bytes:
    """One whole HTTP/1.1 keep-alive request, encoded once before the clock starts."""
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    if key is not None:
        head.append(f"X-API-Key: {key}")
    if body:
        head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


@dataclass
class Load:
    """What one `bench/loadclient.py` run measured, and the server's CPU meanwhile."""

    requests: int
    seconds: float
    statuses: dict[int, int]
    p50_ms: float
    p99_ms: float
    client_cpu_s: float
    server_cpu_s: float
    database_cpu_s: float
    """Of PostgreSQL's processes, while the load ran (any other use of the server counts too)."""
    breakdown: Breakdown

    def rate(self, per_request: int = 1) -> float:
        return self.statuses.get(202, 0) * per_request / self.seconds

    def summary(self, what: str, events_per_request: int) -> str:
        return (f"{what}: {self.requests / self.seconds:,.0f} requests/s, {self.rate(events_per_request):,.0f} events/s "
                f"stored; latency p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms; "
                f"statuses {dict(sorted(self.statuses.items()))}")

    def cpu_line(self, per: str, count: float) -> str:
        unit, scale = ("ms", 1000.0) if per == "request" else ("µs", 1e6)
        database = (f"PostgreSQL CPU {self.database_cpu_s * scale / max(1, count):.2f} {unit}, "
                    if self.database_cpu_s > IDLE_DATABASE_SHARE * self.seconds else "")
        return (f"server CPU {self.server_cpu_s * scale / max(1, count):.2f} {unit} per {per}, {database}"
                f"client CPU {self.client_cpu_s * scale / max(1, count):.2f} {unit} per {per} "
                f"({self.client_cpu_s / self.seconds:.0%} of a core)")


def database_cpu_seconds() -> float:
    """CPU time used so far by this machine's PostgreSQL processes (the database of the
    benchmark runs here too, on the same two cores): 0 where there are none."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        if "(postgres)" in text[:64]:
            fields = text.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _load(port: int, requests: list[bytes], clients: int, seconds: float, server_pid: int) -> Load:
    """`bench/loadclient.py` with `clients` connections for `seconds`, in a process of its own."""
    with tempfile.NamedTemporaryFile(suffix=".pickle") as file:
        file.write(pickle.dumps(requests))
        file.flush()
        speed = host_speed()
        cpu, database_cpu = cpu_seconds(server_pid), database_cpu_seconds()
        threads, machine = thread_times(server_pid), machine_times()
        out = subprocess.run([sys.executable, str(HERE / "loadclient.py"), "--port", str(port), "--clients", str(clients),
                              "--seconds", str(seconds), "--requests", file.name],
                             check=True, capture_output=True, text=True).stdout
        server_cpu, database_cpu = cpu_seconds(server_pid) - cpu, database_cpu_seconds() - database_cpu
        threads_after, machine_after = thread_times(server_pid), machine_times()
    data = json.loads(out)
    return Load(data["requests"], data["seconds"], {int(k): v for k, v in data["statuses"].items()}, data["p50_ms"],
                data["p99_ms"], data["client_cpu_s"], server_cpu, database_cpu,
                Breakdown.between(threads, threads_after, machine, machine_after, speed))


CALIBRATION_LOOPS = 200_000
"""Iterations of `host_speed`'s fixed pure-Python loop (about 10 ms)."""


def host_speed() -> float:
    """Nanoseconds of CPU per iteration of a fixed pure-Python loop, the best of 5, taken just
    before a phase: how fast this VM's cores run Python now. A run whose server CPU per request
    moves with this figure was slowed by the host, not by the code."""
    best = float("inf")
    for _ in range(5):
        started, total = time.thread_time(), 0
        for i in range(CALIBRATION_LOOPS):
            total += i * i % 7
        best = min(best, time.thread_time() - started)
    return best * 1e9 / CALIBRATION_LOOPS


@dataclass(frozen=True)
class ThreadTime:
    user_s: float
    system_s: float
    voluntary_switches: int
    involuntary_switches: int


def thread_times(pid: int) -> dict[int, ThreadTime]:
    """Each thread's CPU and context switches so far, by thread id (the event loop's is `pid`)."""
    tick = os.sysconf("SC_CLK_TCK")
    times: dict[int, ThreadTime] = {}
    for task in Path(f"/proc/{pid}/task").glob("[0-9]*"):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            status = dict(line.split(":\t", 1) for line in (task / "status").read_text().splitlines() if ":\t" in line)
        except OSError:
            continue
        times[int(task.name)] = ThreadTime(int(fields[11]) / tick, int(fields[12]) / tick,
                                           int(status["voluntary_ctxt_switches"]), int(status["nonvoluntary_ctxt_switches"]))
    return times


def machine_times() -> tuple[float, float, float]:
    """The machine's (busy, idle, steal) CPU seconds so far, all cores, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    idle, steal = (values[3] + values[4]) / tick, values[7] / tick
    return sum(values[:8]) / tick - idle - steal, idle, steal


@dataclass(frozen=True)
class Breakdown:
    """Where the server's CPU went during a phase, and what the machine did meanwhile."""

    loop_s: float
    """The event loop's thread (HTTP, the app)."""
    others_s: list[float]
    """The other threads, most CPU first (the group commit's writer and commit threads)."""
    system_s: float
    """Of all the server's CPU, in the kernel."""
    switches: tuple[int, int]
    """Voluntary and involuntary context switches of the server's threads."""
    machine: tuple[float, float, float]
    """The machine's busy, idle and steal seconds (all cores)."""
    host_ns: float
    """`host_speed` just before the phase."""

    @classmethod
    def between(cls, before: dict[int, ThreadTime], after: dict[int, ThreadTime], machine: tuple[float, float, float],
                machine_after: tuple[float, float, float], host_ns: float) -> Breakdown:
        def spent(tid: int) -> tuple[float, float, int, int]:
            a, b = after[tid], before.get(tid, ThreadTime(0, 0, 0, 0))
            return (a.user_s - b.user_s, a.system_s - b.system_s, a.voluntary_switches - b.voluntary_switches,
                    a.involuntary_switches - b.involuntary_switches)

        per = {tid: spent(tid) for tid in after}
        loop = min(per)
        return cls(sum(per[loop][:2]), sorted((u + s for tid, (u, s, *_) in per.items() if tid != loop), reverse=True),
                   sum(p[1] for p in per.values()), (sum(p[2] for p in per.values()), sum(p[3] for p in per.values())),
                   tuple(a - b for a, b in zip(machine_after, machine, strict=True)), host_ns)  # type: ignore[arg-type]

    def line(self, per: str, count: float) -> str:
        unit, scale = ("ms", 1000.0) if per == "request" else ("µs", 1e6)
        busy, idle, steal = self.machine
        total = max(busy + idle + steal, 1e-9)
        threads = " + ".join(f"{t * scale / max(1, count):.2f}" for t in [self.loop_s, *self.others_s[:3]])
        return (f"server threads (loop + others) {threads} {unit} per {per}, of it in the kernel "
                f"{self.system_s * scale / max(1, count):.2f}; context switches per {per} "
                f"{self.switches[0] / max(1, count):.2f} voluntary, {self.switches[1] / max(1, count):.2f} involuntary; "
                f"machine busy {busy / total:.0%}, steal {steal / total:.1%}; host speed {self.host_ns:.1f} ns/loop")


def _single_requests(port: int, key: str) -> list[bytes]:
    """One request per page: most pages get a few views in a run, as on a real site."""
    return [_request("POST", "/v1/events/pageview", port, json.dumps(_event(i)).encode(), key) for i in range(PAGES)]


def _batch_requests(port: int, key: str) -> list[bytes]:
    return [_request("POST", "/v1/events/pageview", port, json.dumps([_event(b * BATCH + i) for i in range(BATCH)]).encode(),
                     key) for b in range(BATCH_REQUESTS)]


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


COMMIT_COUNTS = ("rendercrawl_group_commits_total", "rendercrawl_group_commit_requests_total",
                 "rendercrawl_group_commit_seconds_total", "rendercrawl_group_commit_rounds_total")


async def _commit_counts(client: httpx.AsyncClient) -> tuple[float, float, float, float]:
    """The server's group commits so far: (transactions, requests answered by them, seconds
    their pipelined commits took, store calls made for them)."""
    values = {}
    for line in (await client.get("/metrics")).text.splitlines():
        name, _, value = line.partition(" ")
        if name in COMMIT_COUNTS:
            values[name] = float(value)
    groups, requests, seconds, rounds = (values.get(name, 0.0) for name in COMMIT_COUNTS)
    return groups, requests, seconds, rounds


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, all threads) the process and its children (`serve --workers
    N`'s) have used so far; NaN off Linux. On a machine shared with other work this is steadier
    than wall-clock rates: what one request costs the server, whoever else wants the cores."""
    stats: dict[int, list[str]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            stats[int(stat.parent.name)] = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, ValueError):
            continue
    if pid not in stats:
        return float("nan")
    tree, grew = {pid}, True
    while grew:
        more = {p for p, fields in stats.items() if int(fields[1]) in tree} - tree
        tree, grew = tree | more, bool(more)
    return sum(int(stats[p][11]) + int(stats[p][12]) for p in tree) / os.sysconf("SC_CLK_TCK")


async def _commits(base: str) -> tuple[float, float, float, float]:
    async with httpx.AsyncClient(base_url=base) as client:
        return await _commit_counts(client)


PHASES = ("healthz", "singles", "batches", "pushes")


def _drive(base: str, port: int, keys: dict[str, str], seconds: float, server_pid: int, phases: set[str]) -> None:
    if "healthz" in phases:
        _healthz(port, seconds, server_pid)
    if "singles" in phases:
        _singles(base, port, keys, seconds, server_pid)
    if "batches" in phases:
        batches = _load(port, _batch_requests(port, keys["events"]), BATCH_CLIENTS, seconds, server_pid)
        print("  " + batches.summary(f"batches of {BATCH}, {BATCH_CLIENTS} clients", BATCH) + "; "
              + batches.cpu_line("event", batches.requests * BATCH), flush=True)
        print("    " + batches.breakdown.line("event", batches.requests * BATCH), flush=True)
    if "pushes" in phases:
        asyncio.run(_push_phase(base, keys))


def _healthz(port: int, seconds: float, server_pid: int) -> None:
    floor = _load(port, [_request("GET", "/healthz", port)], CLIENTS, min(5.0, seconds), server_pid)
    floor.statuses = {202 if k == 200 else k: v for k, v in floor.statuses.items()}
    print(f"  GET /healthz, {CLIENTS} clients (the HTTP stack alone): {floor.requests / floor.seconds:,.0f} requests/s, "
          f"p50 {floor.p50_ms:.1f} ms, p99 {floor.p99_ms:.1f} ms; {floor.cpu_line('request', floor.requests)}", flush=True)


def _singles(base: str, port: int, keys: dict[str, str], seconds: float, server_pid: int) -> None:
    groups, requests, commit_s, rounds = asyncio.run(_commits(base))
    singles = _load(port, _single_requests(port, keys["events"]), CLIENTS, seconds, server_pid)
    after_groups, after_requests, after_commit_s, after_rounds = asyncio.run(_commits(base))
    commits = after_groups - groups
    shared = (after_requests - requests) / commits if commits else float("nan")
    commit_ms = (after_commit_s - commit_s) * 1000 / commits if commits else float("nan")
    stores = (after_rounds - rounds) / commits if commits else float("nan")
    print("  " + singles.summary(f"single events, {CLIENTS} clients", 1) + f"; {shared:.1f} requests per commit "
          f"in {stores:.1f} store calls, {commits / singles.seconds:,.0f} commits/s of {commit_ms:.2f} ms; "
          + singles.cpu_line("request", singles.requests), flush=True)
    print("    " + singles.breakdown.line("request", singles.requests), flush=True)


async def _push_phase(base: str, keys: dict[str, str]) -> None:
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        accepted, declined = await _pushes(client, keys["push"])
        for run, what in ((accepted, "pushes honoured (202)"), (declined, "pushes declined (429)")):
            lat = sorted(run.latencies_ms)
            if lat:
                print(f"  {what}: {len(lat)} requests, latency p50 {statistics.median(lat):.1f} ms, "
                      f"p99 {lat[min(len(lat) - 1, int(len(lat) * 0.99))]:.1f} ms; statuses {run.statuses}")


@contextmanager
def running_server(url: str, workers: int = 1) -> Iterator[tuple[str, dict[str, str], int]]:
    """`rendercrawl serve` on `url` in a process of its own, ready: (its base URL, a key per
    scope for `SITE`, its pid)."""
    keys = _prepare(url)
    port = _free_port()
    env = {**os.environ, "RENDERCRAWL_DATABASE_URL": url}
    # The server's log goes to a file: a pipe nobody reads would fill and stall the server mid-run.
    log = tempfile.TemporaryFile()
    command = [sys.executable, "-m", "rendercrawl", "serve", "--port", str(port), "--workers", str(workers)]
    server = subprocess.Popen(command, env=env, cwd=HERE.parent, stdout=subprocess.DEVNULL, stderr=log)
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


def bench(name: str, url: str, seconds: float, workers: int, phases: set[str]) -> None:
    with running_server(url, workers) as (base, keys, pid):
        processes = "one server process" if workers == 1 else f"{workers} server processes"
        print(f"{name} ({processes}; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})", flush=True)
        _drive(base, int(base.rsplit(":", 1)[1]), keys, seconds, pid, phases)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=30, help="length of the single-event and batch phases")
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--postgres-url", default=os.environ.get("RENDERCRAWL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    parser.add_argument("--workers", type=int, default=1, help="`rendercrawl serve --workers N`")
    parser.add_argument("--phases", default=",".join(PHASES),
                        help=f"comma-separated, of {', '.join(PHASES)} (to compare two versions phase by phase, alternately)")
    args = parser.parse_args()
    phases = set(args.phases.split(","))
    if not phases <= set(PHASES):
        parser.error(f"unknown phase: {', '.join(sorted(phases - set(PHASES)))}")
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            bench("SQLite", fresh_sqlite(Path(tmp) / "service.db"), args.seconds, args.workers, phases)
    if args.db in ("postgresql", "both"):
        bench("PostgreSQL", fresh_postgres(args.postgres_url, "rc_bench_service"), args.seconds, args.workers, phases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
