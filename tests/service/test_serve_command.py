"""`rendercrawl serve` as an operator runs it: a process that answers on its port over the
configured database, and refuses, in one line, a database without the schema."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from storage.db import upgrade

ROOT = Path(__file__).resolve().parents[2]
START_S = 120
"""A bound on start-up, not a timing: two workers each import the app and its dependencies, which
took more than 30 s on this 2-core machine with the load above 13 (it takes 2-4 s when quiet)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: str, port: int, *options: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port), *options], cwd=ROOT,
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
