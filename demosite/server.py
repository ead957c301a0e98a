"""Serve the demo site on loopback, and log raw connections for blocked third-party hosts.

Why this exists: crawler tests must never leave the machine (see DESIGN.md), yet they need a
publisher that behaves like a real one — redirects, error statuses, slow answers, a page that
never goes network-idle, a login wall — and a way to prove that a blocked analytics request
never reached any server. `DemoSite` is the publisher; `ConnectionLogger` stands in for the
analytics hosts (the crawler maps them to it with Chromium's `--host-resolver-rules`), and it
records plaintext HTTP and TLS alike because it never speaks either protocol.

Run `python -m demosite.server [--port N]` to browse the site by hand.
"""

from __future__ import annotations

import argparse
import base64
import functools
import html
import json
import socket
import sys
import threading
import time
from collections.abc import Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import TracebackType
from typing import Any, Self
from urllib.parse import parse_qs, unquote, urlsplit

HOST = "127.0.0.1"
BASIC_AUTH_USER = "crawler"
BASIC_AUTH_PASSWORD = "s3cret"
MAX_REDIRECTS = 50
MAX_SLOW_MS = 30_000
POLL_DELAY_SECONDS = 1.0

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".gif": "image/gif",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
}

# (method, path with query string, request headers)
RequestRecord = tuple[str, str, dict[str, str]]


@functools.cache
def site_root() -> Traversable:
    """The static site, found as package data so it works from a wheel as well as a checkout."""
    try:
        return files("demosite") / "site"
    except NotADirectoryError:
        # An editable install made while demosite had no __init__.py registers it as a
        # namespace package whose path holds a placeholder; importlib.resources then fails.
        return Path(__file__).resolve().parent / "site"


def small_page(title: str, text: str) -> bytes:
    """A minimal HTML page for the dynamic routes (they have no file in the site)."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8">'
        f"<title>{html.escape(title)} | The Loopback Gazette</title></head>\n"
        f"<body><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body>\n</html>\n"
    ).encode()


class _DemoHTTPServer(ThreadingHTTPServer):
    """Threaded server that remembers every request it saw."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, _Handler)
        self._lock = threading.Lock()
        self._requests: list[RequestRecord] = []

    def record(self, entry: RequestRecord) -> None:
        with self._lock:
            self._requests.append(entry)

    def snapshot(self) -> list[RequestRecord]:
        with self._lock:
            return list(self._requests)

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        # Browsers drop connections all the time (a page closed mid-poll); that is not news.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    """Routes for crawler tests first, then static files from the package data."""

    server: _DemoHTTPServer
    protocol_version = "HTTP/1.1"
    server_version = "LoopbackGazette/1.0"
    timeout = 10  # idle keep-alive connections end, so no reader thread outlives a test for long

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: tests inspect `DemoSite.requests` instead of stderr."""

    def do_GET(self) -> None:
        self._dispatch(send_body=True)

    def do_HEAD(self) -> None:
        self._dispatch(send_body=False)

    def _dispatch(self, send_body: bool) -> None:
        self.server.record((self.command, self.path, dict(self.headers.items())))
        url = urlsplit(self.path)
        path, query = unquote(url.path), parse_qs(url.query)
        if path.startswith("/redirect/"):
            self._redirect_chain(path.removeprefix("/redirect/"), send_body)
        elif path == "/loop":
            self._redirect("/loop/b", send_body)
        elif path == "/loop/b":
            self._redirect("/loop", send_body)
        elif path.startswith("/status/"):
            self._status(path.removeprefix("/status/"), send_body)
        elif path == "/slow":
            self._slow(query.get("ms", ["1000"])[0], send_body)
        elif path == "/poll":
            time.sleep(POLL_DELAY_SECONDS)
            body = json.dumps({"ok": True, "time": time.time()}).encode()
            self._send(HTTPStatus.OK, body, "application/json", send_body)
        elif path == "/protected" or path.startswith("/protected/"):
            self._protected(send_body)
        else:
            self._static(path, url.query, send_body)

    def _send(
        self,
        status: int,
        body: bytes,
        content_type: str,
        send_body: bool,
        headers: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def _html(self, status: int, title: str, text: str, send_body: bool,
              headers: Sequence[tuple[str, str]] = ()) -> None:
        self._send(status, small_page(title, text), CONTENT_TYPES[".html"], send_body, headers)

    def _not_found(self, send_body: bool) -> None:
        self._html(HTTPStatus.NOT_FOUND, "Not found", "There is no such page.", send_body)

    def _redirect(self, location: str, send_body: bool, status: int = HTTPStatus.FOUND) -> None:
        self._html(status, "Moved", f"See {location}", send_body, [("Location", location)])

    def _redirect_chain(self, count: str, send_body: bool) -> None:
        if not count.isdigit() or not 1 <= int(count) <= MAX_REDIRECTS:
            return self._not_found(send_body)
        n = int(count)
        self._redirect("/index.html" if n == 1 else f"/redirect/{n - 1}", send_body)

    def _status(self, code: str, send_body: bool) -> None:
        if not code.isdigit() or not 200 <= int(code) <= 599:
            return self._not_found(send_body)
        status = int(code)
        try:
            phrase = HTTPStatus(status).phrase
        except ValueError:
            phrase = "Status"
        if status in (HTTPStatus.NO_CONTENT, HTTPStatus.NOT_MODIFIED):
            self.send_response(status)
            self.end_headers()
            return
        self._html(status, f"{status} {phrase}", f"This page was served with status {status}.",
                   send_body)

    def _slow(self, ms: str, send_body: bool) -> None:
        try:
            delay = min(max(int(ms), 0), MAX_SLOW_MS)
        except ValueError:
            return self._html(HTTPStatus.BAD_REQUEST, "Bad request", "ms must be a number.",
                              send_body)
        time.sleep(delay / 1000)
        self._html(HTTPStatus.OK, "Slow page", f"This page took {delay} ms to answer.", send_body)

    def _protected(self, send_body: bool) -> None:
        expected = base64.b64encode(f"{BASIC_AUTH_USER}:{BASIC_AUTH_PASSWORD}".encode()).decode()
        if self.headers.get("Authorization", "").strip() != f"Basic {expected}":
            return self._html(
                HTTPStatus.UNAUTHORIZED, "Subscribers only", "Please log in.", send_body,
                [("WWW-Authenticate", 'Basic realm="Loopback Gazette subscribers"')])
        self._html(HTTPStatus.OK, "Subscriber edition",
                   "Welcome back. Today's subscriber edition is ready to read.", send_body)

    def _static(self, path: str, query: str, send_body: bool) -> None:
        segments = [s for s in path.split("/") if s]
        if any(s in (".", "..") or "\\" in s for s in segments):
            return self._not_found(send_body)
        node = site_root()
        for segment in segments:
            node = node / segment
        if node.is_dir():
            if not path.endswith("/"):
                return self._redirect(path + "/" + (f"?{query}" if query else ""), send_body,
                                      HTTPStatus.MOVED_PERMANENTLY)
            node = node / "index.html"
        if not node.is_file():
            return self._not_found(send_body)
        suffix = "." + node.name.rsplit(".", 1)[-1] if "." in node.name else ""
        content_type = CONTENT_TYPES.get(suffix, "application/octet-stream")
        delay = parse_qs(query).get("delay_ms", ["0"])[0]
        if delay.isdigit():  # `?delay_ms=N`: a file that answers late, as a busy CDN's does
            time.sleep(min(int(delay), MAX_SLOW_MS) / 1000)
        self._send(HTTPStatus.OK, node.read_bytes(), content_type, send_body)


class DemoSite:
    """The demo publisher, served from 127.0.0.1 in a background thread.

    `DemoSite(port=0)` picks a free port and is serving when the constructor returns. Use it
    as a context manager, or call `close()`.
    """

    def __init__(self, port: int = 0) -> None:
        self._server = _DemoHTTPServer((HOST, port))
        self._closed = False
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
            name=f"demosite-{self.port}", daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:<port>` with no trailing slash."""
        return f"http://{HOST}:{self.port}"

    def url(self, path: str = "/") -> str:
        """Absolute URL of a root-relative path, e.g. `url("/articles/harbour-bridge.html")`."""
        return self.base_url + (path if path.startswith("/") else "/" + path)

    @property
    def requests(self) -> list[RequestRecord]:
        """A copy of every (method, path, headers) received so far, in arrival order."""
        return self._server.snapshot()

    def clear_requests(self) -> None:
        self._server.clear()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class ConnectionLogger:
    """A TCP listener on 127.0.0.1 that records the first bytes of every connection, then hangs up.

    It never answers, so it records a plaintext request line and a TLS ClientHello alike: a
    crawler test points blocked hosts here and asserts that `connections` stays empty.
    """

    def __init__(self, first_bytes: int = 4096, read_timeout: float = 2.0) -> None:
        self._first_bytes = first_bytes
        self._read_timeout = read_timeout
        self._listener = socket.create_server((HOST, 0))
        self._listener.settimeout(0.05)
        self._changed = threading.Condition()
        self._connections: list[bytes] = []
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._accept_loop, name="connection-logger",
                                        daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return int(self._listener.getsockname()[1])

    @property
    def connections(self) -> list[bytes]:
        """The first bytes received on each connection so far (b"" if the client sent nothing)."""
        with self._changed:
            return list(self._connections)

    def wait(self, count: int = 1, timeout: float = 5.0) -> bool:
        """Block until at least `count` connections were recorded; False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: len(self._connections) >= count, timeout)

    def _accept_loop(self) -> None:
        while not self._closed.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._record, args=(conn,), daemon=True).start()

    def _record(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(self._read_timeout)
            try:
                data = conn.recv(self._first_bytes)
            except OSError:
                data = b""
        with self._changed:
            self._connections.append(data)
            self._changed.notify_all()

    def close(self) -> None:
        self._closed.set()
        self._thread.join(timeout=5)
        self._listener.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the site until Ctrl-C (the `make demo` entry point)."""
    parser = argparse.ArgumentParser(prog="python -m demosite.server",
                                     description="Serve The Loopback Gazette on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (0: any free port)")
    args = parser.parse_args(argv)
    with DemoSite(port=args.port) as site:
        print(f"The Loopback Gazette is at {site.url('/')} (Ctrl-C to stop)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            print("stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
