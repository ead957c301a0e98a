"""A cheap HTTP/1.1 load generator for `bench/service_load.py`, run as a process of its own.

httpx in the benchmark's own process cost more CPU per request than the server's HTTP stack:
with both on this machine's two cores, `GET /healthz` topped out at a few hundred requests/s
and the benchmark measured its client. This one keeps one keep-alive connection per client,
sends request bytes encoded before the clock starts, and reads back only the status line, the
headers up to `Content-Length` and that many bytes of body — a few tens of microseconds per
request. It prints one JSON line: requests, statuses, latency percentiles, seconds and its own
CPU seconds (so the reader can see how much of the machine the client took).

    python bench/loadclient.py --port 8711 --clients 16 --seconds 10 --requests FILE

FILE holds the requests, pickled as a list of bytes (each a whole HTTP/1.1 request); client
`c` sends requests `c, c + clients, c + 2 * clients, …` round and round, so the clients never
send the same request at the same moment.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pickle
import sys
import time
from pathlib import Path


async def _one_client(host: str, port: int, requests: list[bytes], first: int, step: int, deadline: float,
                      latencies: list[float], statuses: dict[int, int]) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    position = first
    try:
        while time.monotonic() < deadline:
            request = requests[position % len(requests)]
            position += step
            started = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = _content_length(head)
            if length:
                await reader.readexactly(length)
            latencies.append((time.perf_counter() - started) * 1000)
            status = int(head[9:12])
            statuses[status] = statuses.get(status, 0) + 1
    finally:
        writer.close()


def _content_length(head: bytes) -> int:
    """The body's length from the response head; the service always sends `Content-Length`."""
    at = head.lower().find(b"\r\ncontent-length:")
    if at < 0:
        raise RuntimeError(f"an answer without Content-Length: {head[:200]!r}")
    end = head.find(b"\r\n", at + 2)
    return int(head[at + 17:end])


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


async def drive(host: str, port: int, requests: list[bytes], clients: int, seconds: float) -> dict[str, object]:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    cpu, started = time.process_time(), time.monotonic()
    deadline = started + seconds
    await asyncio.gather(*(_one_client(host, port, requests, c, clients, deadline, latencies, statuses)
                           for c in range(clients)))
    elapsed = time.monotonic() - started
    lat = sorted(latencies)
    return {"requests": len(lat), "seconds": elapsed, "statuses": statuses, "p50_ms": percentile(lat, 0.5),
            "p99_ms": percentile(lat, 0.99), "client_cpu_s": time.process_time() - cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--requests", type=Path, required=True, help="a pickled list of whole HTTP/1.1 requests (bytes)")
    args = parser.parse_args()
    requests = pickle.loads(args.requests.read_bytes())
    run = asyncio.run
    try:
        import uvloop  # the client's own loop costs less with it; plain asyncio otherwise

        run = uvloop.run
    except ImportError:
        pass
    print(json.dumps(run(drive(args.host, args.port, requests, args.clients, args.seconds))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
