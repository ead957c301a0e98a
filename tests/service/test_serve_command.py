"""`rendercrawl serve` as an operator runs it: a process that answers on its port over the
configured database, and refuses, in one line, a database without the schema."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from rendercrawl.serve_command import GRACEFUL_SHUTDOWN_S
from storage.apikeys import create_key
from storage.db import make_engine, session_factory, upgrade
from storage.queue import write_transaction
from storage.sites import upsert_site
from storage.types import utc_now

ROOT = Path(__file__).resolve().parents[2]
START_S = 120
"""A bound on start-up, not a timing: two workers each import the app and its dependencies, which
took more than 30 s on this 2-core machine with the load above 13 (it takes 2-4 s when quiet)."""
EXIT_SLACK_S = 25
"""Beyond the grace: closing the app and its engine on a loaded machine. Without a grace the
server waits for the stuck client for ever, so this bounds a hang, not a speed."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: str, port: int, *options: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "rendercrawl.cli", "serve", "--port", str(port), *options], cwd=ROOT,
                            env={**os.environ, "RENDERCRAWL_DATABASE_URL": db}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_answers_on_its_port(tmp_path: Path, workers: int) -> None:
    db = f"sqlite:///{tmp_path / 'serve.db'}"
    upgrade(db)
    port = _free_port()
    server = _serve(db, port, "--workers", str(workers))
    try:
        deadline, ready = time.monotonic() + START_S, None
        while ready is None and time.monotonic() < deadline and server.poll() is None:
            try:
                ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
            except httpx.TransportError:
                time.sleep(0.1)
        assert ready is not None and ready.status_code == 200 and ready.json()["status"] == "ready"
        refused = httpx.post(f"http://127.0.0.1:{port}/v1/events/pageview", json={"url": "https://a.example/"})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "key_required"
    finally:
        server.terminate()
        server.wait(20)


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_refuses_a_database_without_the_schema(tmp_path: Path, workers: int) -> None:
    server = _serve(f"sqlite:///{tmp_path / 'empty.db'}", _free_port(), "--workers", str(workers))
    _out, err = server.communicate(timeout=60)
    assert server.returncode == 1 and b"rendercrawl db upgrade" in err


def test_sigterm_ends_serve_though_a_client_never_finishes_its_body(tmp_path: Path) -> None:
    """A client that sends half a body and waits holds its connection open; after SIGTERM the
    server gives requests in flight their grace (`GRACEFUL_SHUTDOWN_S`) and exits anyway."""
    db = f"sqlite:///{tmp_path / 'serve.db'}"
    upgrade(db)
    engine = make_engine(db)
    with write_transaction(session_factory(engine)) as session:
        upsert_site(session, "paper.example", {})
        _row, key = create_key(session, "paper.example", "events", utc_now())  # a keyless body is never read
    engine.dispose()
    port = _free_port()
    server = _serve(db, port)
    try:
        _wait_ready(server, port)
        with socket.create_connection(("127.0.0.1", port)) as stuck:
            stuck.sendall(b"POST /v1/events/pageview HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Authorization: Bearer " + key.encode() + b"\r\nContent-Length: 1000\r\n\r\n{\"url\": ")
            time.sleep(0.5)  # the request is in the app, reading its body
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(GRACEFUL_SHUTDOWN_S + EXIT_SLACK_S)
            except subprocess.TimeoutExpired:
                pytest.fail(f"serve still running {GRACEFUL_SHUTDOWN_S + EXIT_SLACK_S} s after SIGTERM")
    finally:
        server.kill()
        server.wait(20)


def _wait_ready(server: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline and server.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    pytest.fail("serve did not become ready")
