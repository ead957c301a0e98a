"""CPU of the egress proxy's thread per request, its event loop as shipped (uvloop) against
asyncio's own, interleaved in one run: plain-HTTP requests (one connection each, as Chromium's
go through the proxy) and HTTPS-style CONNECT tunnels carrying one request each, to the demo
site in a child process. Prints numbers; asserts nothing.

    .venv/bin/python bench/render_egress.py [--requests 400] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from unittest import mock

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render_site import demo_site_process  # noqa: E402
from render import egress as egress_module  # noqa: E402
from render.egress import Egress  # noqa: E402
from values.hostrules import HostRules  # noqa: E402
from values.targets import TargetPolicy  # noqa: E402

CLIENTS = 4
"""Requests in flight at once, as a render's page has a few."""


def one(proxy_port: int, site_port: int, tunnel: bool) -> None:
    with socket.create_connection(("127.0.0.1", proxy_port), timeout=10) as connection:
        if tunnel:
            connection.sendall(f"CONNECT 127.0.0.1:{site_port} HTTP/1.1\r\n\r\n".encode())
            assert connection.recv(4096).startswith(b"HTTP/1.1 200")
            connection.sendall(b"GET /about.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        else:
            connection.sendall(f"GET http://127.0.0.1:{site_port}/about.html HTTP/1.1\r\n"
                               f"Host: 127.0.0.1:{site_port}\r\n\r\n".encode())
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    assert b" 200 " in received.split(b"\r\n", 1)[0], received[:100]


def thread_cpu(native_id: int) -> float:
    for thread in psutil.Process().threads():
        if thread.id == native_id:
            return thread.user_time + thread.system_time
    raise RuntimeError("egress thread not found")


def measure(site_port: int, requests: int, tunnel: bool, loop_factory: object) -> float:
    """CPU µs of the proxy's thread per request."""
    with mock.patch.object(egress_module.uvloop, "new_event_loop", loop_factory):
        proxy = Egress(TargetPolicy.of(["127.0.0.1/32"]), HostRules.parse(""))
        port = int(proxy.start().rsplit(":", 1)[1])
    try:
        native = next(t.native_id for t in threading.enumerate() if t.name == "rendercrawl-egress")
        assert native is not None
        before = thread_cpu(native)
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(lambda _: one(port, site_port, tunnel), range(requests)))
        return (thread_cpu(native) - before) / requests * 1e6
    finally:
        proxy.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    loops = {"uvloop": egress_module.uvloop.new_event_loop, "asyncio": asyncio.new_event_loop}
    with demo_site_process() as site:
        site_port = int(site.base_url.rsplit(":", 1)[1])
        print(f"{args.requests} requests a round, {CLIENTS} at once, {args.rounds} rounds; "
              f"load average {os.getloadavg()[0]:.1f}")
        for tunnel in (False, True):
            results: dict[str, list[float]] = {name: [] for name in loops}
            for _ in range(args.rounds):
                for name, factory in loops.items():
                    results[name].append(measure(site_port, args.requests, tunnel, factory))
            medians = {name: statistics.median(values) for name, values in results.items()}
            print(f"{'CONNECT tunnel' if tunnel else 'plain HTTP':<15} proxy thread CPU µs per request: "
                  + ", ".join(f"{name} {value:.0f}" for name, value in medians.items())
                  + f" (uvloop/asyncio {medians['uvloop'] / medians['asyncio']:.2f}); load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
